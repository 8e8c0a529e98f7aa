import { defaultQueryClientOptions, type PurchasingClient } from '@purchasing/api-client';
import { PortalContainerProvider, Toaster } from '@purchasing/ui';
import { Theme, type ThemeProps } from '@radix-ui/themes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactElement, type ReactNode, useMemo, useState } from 'react';
import { defaultHrefs, type Hrefs } from '../PurchasingProvider/hrefs';
import { type Navigation, PurchasingProvider } from '../PurchasingProvider/PurchasingProvider';
import { SessionProvider } from '../SessionProvider/SessionProvider';

/** Props of {@link PurchasingEmbed}. */
export interface PurchasingEmbedProps {
  /** From `createPurchasingClient`, usually with the portal's `getAccessToken`. */
  client: PurchasingClient;
  /** Goes to an href of `hrefs` with the portal's router (e.g. react-router's `useNavigate()`). */
  navigate: Navigation['navigate'];
  /** Where the screens the portal hosts live; every other screen keeps its `defaultHrefs` path. */
  hrefs?: Partial<Hrefs>;
  /** See {@link Navigation.useNavigationBlocker}: lets forms hold back the portal's own links. */
  useNavigationBlocker?: Navigation['useNavigationBlocker'];
  /** The portal's TanStack Query client, to share its cache; by default one of the embed's own. */
  queryClient?: QueryClient;
  /**
   * The Radix Themes `<Theme>` the screens render in (accent, gray, radius, scaling, appearance);
   * `false` when the portal already renders one around the embed. Default: no background of its own,
   * so the portal's page shows through.
   */
  theme?: ThemeProps | false;
  /**
   * Where dialogs, menus, selects and tooltips render (Radix portals); by default the document's
   * body. A custom element passes a node inside its shadow root, next to the screens, so they keep
   * its styles (see `PortalContainerProvider` of `@purchasing/ui`).
   */
  portalContainer?: HTMLElement | null;
  children?: ReactNode;
}

/**
 * Everything a portal needs around the screens of this package, in one element: TanStack Query
 * (`queryClient` or its own), the Radix theme, where floating parts render, {@link PurchasingProvider}
 * with the portal's navigation and hrefs, {@link SessionProvider} (the signed-in person, from the client's token) and
 * the toasts. Put screens inside it, on the portal's own routes. Import
 * `@radix-ui/themes/styles.css` once, preceded by `@purchasing/screens/embed.css` when the portal's
 * global CSS styles bare elements (h1, p, table…): it keeps those rules off the screens.
 */
export function PurchasingEmbed({
  client,
  navigate,
  hrefs,
  useNavigationBlocker,
  queryClient,
  theme = {},
  portalContainer = null,
  children,
}: PurchasingEmbedProps): ReactElement {
  const [ownQueryClient] = useState(
    () => queryClient ?? new QueryClient({ defaultOptions: defaultQueryClientOptions }),
  );
  const navigation = useMemo<Navigation>(
    () => ({
      hrefs: { ...defaultHrefs, ...hrefs },
      navigate,
      ...(useNavigationBlocker ? { useNavigationBlocker } : {}),
    }),
    [hrefs, navigate, useNavigationBlocker],
  );
  const screens = (
    <PortalContainerProvider container={portalContainer}>
      <QueryClientProvider client={queryClient ?? ownQueryClient}>
        <PurchasingProvider client={client} navigation={navigation}>
          <SessionProvider>{children}</SessionProvider>
        </PurchasingProvider>
        <Toaster />
      </QueryClientProvider>
    </PortalContainerProvider>
  );
  return theme === false ? (
    screens
  ) : (
    <Theme hasBackground={false} {...theme}>
      {screens}
    </Theme>
  );
}
