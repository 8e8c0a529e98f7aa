import type { PurchasingClient } from '@purchasing/api-client';
import {
  defaultHrefs,
  type Navigation,
  type NavigationBlocker,
  type NavigationBlockerOptions,
} from '@purchasing/screens';
import type { QueryClient } from '@tanstack/react-query';
import { createRouter, type RouterHistory, useBlocker } from '@tanstack/react-router';
import { useCallback } from 'react';
import { RouteError } from './boot-shell';
import { routeTree } from './routes';
import { parseSearch, stringifySearch } from './search';

/**
 * Creates the host's router over the code-based route tree, on the browser's history unless `history`
 * is given (tests pass a memory history).
 */
export function createAppRouter(
  context: { queryClient: QueryClient; client: PurchasingClient },
  history?: RouterHistory,
) {
  return createRouter({
    routeTree,
    context,
    ...(history ? { history } : {}),
    defaultPreload: false,
    defaultErrorComponent: RouteError,
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
 * The screens' forms hold back the router's navigations (sidebar, breadcrumb, any link, back and
 * forward) through TanStack Router's `useBlocker` while they have unsaved changes; the form shows its
 * own "Discard unsaved changes?" and answers through `proceed` or `stay`. The form handles reload and
 * closing the tab itself (`beforeunload`), so the router's browser prompt stays off.
 */
export function useRouterNavigationBlocker({
  enabled,
  shouldBlock,
}: NavigationBlockerOptions): NavigationBlocker {
  const shouldBlockFn = useCallback(() => shouldBlock(), [shouldBlock]);
  const resolver = useBlocker({
    shouldBlockFn,
    withResolver: true,
    enableBeforeUnload: false,
    disabled: !enabled,
  });
  return resolver.status === 'blocked'
    ? { blocked: true, proceed: resolver.proceed, stay: resolver.reset }
    : { blocked: false };
}

/**
 * Adapts TanStack Router to the screens' router-agnostic {@link Navigation}: the screens' hrefs are the
 * specification's paths, `navigate(href, { replace })` becomes `router.navigate({ href, replace })`, and
 * forms with unsaved changes block the router through {@link useRouterNavigationBlocker}.
 */
export function createNavigation(router: AppRouter): Navigation {
  return {
    hrefs: defaultHrefs,
    navigate(href, options) {
      void router.navigate({ href, replace: options?.replace ?? false });
    },
    useNavigationBlocker: useRouterNavigationBlocker,
  };
}
