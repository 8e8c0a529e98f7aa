import { AppShell } from '@purchasing/screens';
import { Outlet, useMatches } from '@tanstack/react-router';
import type { ReactElement } from 'react';

/**
 * The signed-in layout: the shell (sidebar and header) around every protected page. Loaded with the
 * first protected page, never before the sign-in screen (../routes.tsx).
 */
export function AppLayout(): ReactElement {
  const leaf = useMatches({ select: (matches) => matches[matches.length - 1] });
  return (
    <AppShell currentPath={leaf?.pathname ?? '/'}>
      <Outlet />
    </AppShell>
  );
}
