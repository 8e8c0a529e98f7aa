import { dashboardQuickActions, defaultHrefs } from '@purchasing/screens';
import { QueryClient } from '@tanstack/react-query';
import type { AnyRoute } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from './router';

const router = createAppRouter({ queryClient: new QueryClient(), client: {} as never });

/** The route a path opens: null for the catch-all that bounces any unknown path to the dashboard. */
function screenRouteOf(href: string): AnyRoute | null {
  const pathname = new URL(href, 'http://localhost').pathname;
  const [, , route] = router.getMatchedRoutes(pathname) as unknown as [
    unknown,
    unknown,
    AnyRoute | undefined,
  ];
  if (!route || route.path === '$' || !route.options.component) return null;
  return route;
}

describe('route table', () => {
  it('has a screen behind every dashboard quick action (issue 19 item 3: no click that bounces)', () => {
    const targets = dashboardQuickActions.map((action) => ({
      action: action.title,
      href: action.href(defaultHrefs),
    }));
    expect(targets.length).toBeGreaterThan(0);
    const bouncing = targets.filter(({ href }) => screenRouteOf(href) === null);
    expect(bouncing).toEqual([]);
  });

  it('sends Budgets to the budget screen and Reports to a page of its own', () => {
    const hrefOf = (id: string) =>
      dashboardQuickActions.find((action) => action.id === id)?.href(defaultHrefs);
    expect(hrefOf('budgets')).toBe('/budgets');
    expect(screenRouteOf('/budgets')?.options.staticData?.title).toBe('Budgets');
    expect(screenRouteOf(hrefOf('reports') ?? '')?.options.staticData?.title).toBe('Reports');
  });

  it('has a screen behind every href the screens link to', () => {
    const ids = { id: 'r1', departmentId: 'd1' };
    const bouncing = Object.entries(defaultHrefs)
      .map(([name, href]) => [name, (href as (id?: string) => string)(ids.id)] as const)
      .filter(([, href]) => screenRouteOf(href) === null);
    expect(bouncing).toEqual([]);
  });

  it('tells an unknown path apart (the check itself can fail)', () => {
    expect(screenRouteOf('/no-such-screen')).toBeNull();
  });
});
