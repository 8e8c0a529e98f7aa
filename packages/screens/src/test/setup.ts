import '@testing-library/jest-dom/vitest';
import { toast } from '@purchasing/ui';
import { act, cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { server } from './server';

// jsdom lacks these browser APIs; react-hot-toast and Radix Select call them.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
Element.prototype.scrollIntoView ??= () => {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// findBy*/waitFor wait up to 3 s (default 1 s): whole screens render slowly in jsdom on 2 busy cores.
configure({ asyncUtilTimeout: 3000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  // Toasts live in a module-level store; one test's toasts must not leak into the next.
  act(() => toast.remove());
  cleanup();
  server.resetHandlers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  // Files share a worker (isolate: false in vitest.config.ts): no file hands fake timers to the next.
  vi.useRealTimers();
});
afterAll(() => server.close());
