import type { PurchasingClient } from '@purchasing/api-client';
import { createContext, type ReactElement, type ReactNode, useContext, useMemo } from 'react';
import type { Hrefs } from './hrefs';

/** How screens move around the host application without knowing its router. */
export interface Navigation {
  /** Where each screen lives. Start from `defaultHrefs` and override what differs. */
  hrefs: Hrefs;
  /** Goes to an href from `hrefs`; `replace` replaces the current history entry. */
  navigate(href: string, options?: { replace?: boolean }): void;
}

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
