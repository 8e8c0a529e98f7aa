import { ErrorComponent, type ErrorComponentProps } from '@tanstack/react-router';
import { type ReactElement, useLayoutEffect } from 'react';

/**
 * Removes the static frame of the signed-in shell that index.html paints before the JavaScript
 * (#boot-shell, shown by host-app/boot.js with a stored session): called once the app's own shell, or a
 * page without it, is on screen. Does nothing the second time.
 */
export function dismissBootShell(): void {
  document.getElementById('boot-shell')?.remove();
  document.documentElement.classList.remove('boot-signed-in', 'boot-sidebar-collapsed');
}

/** The router's error screen (TanStack's own), which the frame must not cover (a chunk failed to load). */
export function RouteError(props: ErrorComponentProps): ReactElement {
  useLayoutEffect(dismissBootShell, []);
  return <ErrorComponent error={props.error} />;
}
