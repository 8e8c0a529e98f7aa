import { act } from '@testing-library/react';
import { NARROW_SCREEN_QUERY } from '../kit/useNarrowScreen';

/**
 * Answers the phone-width media query as a phone would (jsdom has no layout), until `restore` is
 * called; `widen`/`narrow` turn the device and tell the listeners, as a rotation or a resize would.
 */
export function asPhone(): { widen(): void; narrow(): void; restore(): void } {
  const original = window.matchMedia;
  let phone = true;
  const listeners = new Set<() => void>();
  window.matchMedia = (query: string) =>
    ({
      ...original(query),
      get matches() {
        return query === NARROW_SCREEN_QUERY && phone;
      },
      media: query,
      addEventListener: (_type: string, listener: () => void) => {
        listeners.add(listener);
      },
      removeEventListener: (_type: string, listener: () => void) => {
        listeners.delete(listener);
      },
    }) as unknown as MediaQueryList;
  const turn = (next: boolean) =>
    act(() => {
      phone = next;
      for (const listener of listeners) listener();
    });
  return {
    widen: () => turn(false),
    narrow: () => turn(true),
    restore: () => {
      window.matchMedia = original;
    },
  };
}
