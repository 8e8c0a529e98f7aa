import type { PurchasingClient } from '@purchasing/api-client';
import { createContext, type ReactElement, type ReactNode, useContext, useMemo } from 'react';
import type { Hrefs } from './hrefs';

/** How screens move around the host application without knowing its router. */
export interface Navigation {
  /** Where each screen lives. Start from `defaultHrefs` and override what differs. */
  hrefs: Hrefs;
  /** Goes to an href from `hrefs`; `replace` replaces the current history entry. */
  navigate(href: string, options?: { replace?: boolean }): void;
  /**
   * Optional: a React hook through which the host's router holds back its own navigations (its links,
   * the screens' links, back and forward) while a form has unsaved changes. The form kit calls it on
   * every render of a form, with the same `navigation` object each time; the host runs
   * `options.shouldBlock()` when a navigation starts and, when it answers true, reports `blocked` until
   * the screen calls `proceed()` (leave) or `stay()`. Without it, forms still ask on their own Cancel
   * link and before the page unloads, but not on the host's links. With TanStack Router:
   * `useBlocker({ shouldBlockFn, withResolver: true, disabled: !enabled })`.
   */
  useNavigationBlocker?: (options: NavigationBlockerOptions) => NavigationBlocker;
}

/** What a form passes to {@link Navigation.useNavigationBlocker}. */
export interface NavigationBlockerOptions {
  /** False while the form has nothing to lose: the host need not watch navigations at all. */
  enabled: boolean;
  /** Asked when a navigation starts: true holds it back (read at that moment, not at render). */
  shouldBlock(): boolean;
}

/** What {@link Navigation.useNavigationBlocker} answers: whether a navigation is held back now. */
export type NavigationBlocker =
  | { blocked: false }
  | {
      blocked: true;
      /** Lets the held navigation go on. */
      proceed(): void;
      /** Cancels the held navigation: the person stays on the form. */
      stay(): void;
    };

/** What {@link usePurchasing} returns. */
export interface PurchasingContextValue {
  /** The API client every screen uses; it carries the session store. */
  client: PurchasingClient;
  /** The host's navigation. */
  navigation: Navigation;
}

/** Props of {@link PurchasingProvider}. */
export interface PurchasingProviderProps {
  /** From `createPurchasingClient` of `@purchasing/api-client`. */
  client: PurchasingClient;
  /** The host's router adapter. */
  navigation: Navigation;
  children?: ReactNode;
}

const PurchasingContext = createContext<PurchasingContextValue | null>(null);

/**
 * Supplies the API client and the host's navigation to every screen. Mount it inside the host's
 * `QueryClientProvider` (TanStack Query) and Radix `<Theme>`, and around `SessionProvider`.
 */
export function PurchasingProvider({ client, navigation, children }: PurchasingProviderProps): ReactElement {
  const value = useMemo(() => ({ client, navigation }), [client, navigation]);
  return <PurchasingContext.Provider value={value}>{children}</PurchasingContext.Provider>;
}

/**
 * The API client and navigation from the nearest {@link PurchasingProvider}.
 * @throws Error when called outside a PurchasingProvider.
 */
export function usePurchasing(): PurchasingContextValue {
  const value = useContext(PurchasingContext);
  if (!value) {
    throw new Error(
      'usePurchasing must be used inside <PurchasingProvider client={...} navigation={...}>. ' +
        'Wrap the screens of @purchasing/screens in a PurchasingProvider.',
    );
  }
  return value;
}
