import { useSyncExternalStore } from 'react';

/**
 * Phone widths: below Radix Themes' `sm` breakpoint (768 px). Lists show cards and the shell's
 * sidebar becomes a menu button there.
 */
export const NARROW_SCREEN_QUERY = '(max-width: 767px)';

function subscribe(onChange: () => void): () => void {
  const query = globalThis.matchMedia?.(NARROW_SCREEN_QUERY);
  query?.addEventListener?.('change', onChange);
  return () => query?.removeEventListener?.('change', onChange);
}

function snapshot(): boolean {
  return globalThis.matchMedia?.(NARROW_SCREEN_QUERY).matches ?? false;
}

/** Whether the viewport is phone-wide ({@link NARROW_SCREEN_QUERY}); false where there is no window. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
