import { AppShell } from '@purchasing/screens';
import { Outlet, useMatches } from '@tanstack/react-router';
import { type ReactElement, useDeferredValue, useLayoutEffect } from 'react';
import { dismissBootShell } from '../boot-shell';

/**
 * The signed-in layout: the shell (sidebar and header) around every protected page. Loaded with the
 * first protected page, never before the sign-in screen (../routes.tsx).
 *
 * The first time it mounts, the page inside is rendered in a second, non-blocking pass: the shell
 * commits first, then React renders the page in slices of a few milliseconds, yielding to the browser
 * between them (issue 19). The router and the queries update through `useSyncExternalStore`, whose
 * renders are synchronous, so without this the shell and the whole list were one long task on a phone.
 * Afterwards `ready` stays true and navigations render as before. Until the page is in, the main
 * region holds an empty busy placeholder, so assistive technology (and the e2e walk) knows the page is
 * still coming: on a loaded machine that second pass came well after the network had fallen quiet.
 */
export function AppLayout(): ReactElement {
  const leaf = useMatches({ select: (matches) => matches[matches.length - 1] });
  const ready = useDeferredValue(true, false);
  // The shell is on screen: index.html's static frame of it goes (../boot-shell.tsx).
  useLayoutEffect(dismissBootShell, []);
  return (
    <AppShell currentPath={leaf?.pathname ?? '/'}>{ready ? <Outlet /> : <div aria-busy="true" />}</AppShell>
  );
}
