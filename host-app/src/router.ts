import type { PurchasingClient } from '@purchasing/api-client';
import { defaultHrefs, type Navigation } from '@purchasing/screens';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { routeTree } from './routes';
import { parseSearch, stringifySearch } from './search';

/** Creates the host's router over the code-based route tree. */
export function createAppRouter(context: { queryClient: QueryClient; client: PurchasingClient }) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: false,
    scrollRestoration: true,
    // Bookmarkable, readable filters: `?status=draft&status=approved`, not JSON (./search.ts).
    parseSearch,
    stringifySearch,
  });
}

/** The host's router type. */
export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}

/**
 * Adapts TanStack Router to the screens' router-agnostic {@link Navigation}: the screens' hrefs are the
 * specification's paths, and `navigate(href, { replace })` becomes `router.navigate({ href, replace })`.
 */
export function createNavigation(router: AppRouter): Navigation {
  return {
    hrefs: defaultHrefs,
    navigate(href, options) {
      void router.navigate({ href, replace: options?.replace ?? false });
    },
  };
}
