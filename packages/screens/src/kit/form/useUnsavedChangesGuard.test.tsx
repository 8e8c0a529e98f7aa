import { act, render, renderHook, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  defaultHrefs,
  type Navigation,
  type NavigationBlocker,
  type NavigationBlockerOptions,
  PurchasingProvider,
} from '../../PurchasingProvider';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';
import { type UnsavedChangesGuard, useUnsavedChangesGuard } from './useUnsavedChangesGuard';

/** A host router's blocker, driven by the test: `hold()` starts a navigation the way a router would. */
function fakeHostBlocker() {
  const seen: NavigationBlockerOptions[] = [];
  const proceed = vi.fn();
  const stay = vi.fn();
  let blocked = false;
  // The host's hook: a plain function here, called by the guard on each render.
  const blockerHook = (options: NavigationBlockerOptions): NavigationBlocker => {
    seen.push(options);
    return blocked ? { blocked: true, proceed, stay } : { blocked: false };
  };
  return {
    blockerHook,
    proceed,
    stay,
    latest: () => seen[seen.length - 1] as NavigationBlockerOptions,
    /** A navigation starts: held when the form says so (then the host re-renders the form). */
    hold(): boolean {
      blocked = seen[seen.length - 1]?.shouldBlock() ?? false;
      return blocked;
    },
    release() {
      blocked = false;
    },
  };
}

function setup(dirty: boolean, host?: ReturnType<typeof fakeHostBlocker>) {
  const navigate = vi.fn<Navigation['navigate']>();
  const navigation: Navigation = {
    hrefs: defaultHrefs,
    navigate,
    useNavigationBlocker: host?.blockerHook,
  };
  const wrapper = ({ children }: { children?: ReactNode }) => (
    <PurchasingProvider client={{} as never} navigation={navigation}>
      {children}
    </PurchasingProvider>
  );
  const hook = renderHook(
    (props: { dirty: boolean }) =>
      useUnsavedChangesGuard({ dirty: props.dirty, recordName: 'this requisition' }),
    { wrapper, initialProps: { dirty } },
  );
  return { navigate, hook };
}

/** Fires `beforeunload` as the browser does on reload or closing the tab: true when it would ask. */
function unloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('useUnsavedChangesGuard', () => {
  it('asks the browser before unloading only while the form is dirty', () => {
    const { hook } = setup(false);
    expect(unloadAsks()).toBe(false);
    hook.rerender({ dirty: true });
    expect(unloadAsks()).toBe(true);
    hook.rerender({ dirty: false });
    expect(unloadAsks()).toBe(false);
  });

  it('asks before Cancel leaves a dirty form, and leaves at once from a clean one', () => {
    const { hook, navigate } = setup(true);
    act(() => hook.result.current.requestLeave('/requisitions'));
    expect(hook.result.current.asking).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
    act(() => hook.result.current.keepEditing());
    expect(hook.result.current.asking).toBe(false);
    expect(navigate).not.toHaveBeenCalled();

    act(() => hook.result.current.requestLeave('/requisitions'));
    act(() => hook.result.current.discard());
    expect(navigate).toHaveBeenCalledWith('/requisitions');
    expect(hook.result.current.asking).toBe(false);

    const clean = setup(false);
    act(() => clean.hook.result.current.requestLeave('/requisitions'));
    expect(clean.hook.result.current.asking).toBe(false);
    expect(clean.navigate).toHaveBeenCalledWith('/requisitions');
  });

  it("holds the host router's navigations (links, back) while dirty and asks the same question", () => {
    const host = fakeHostBlocker();
    const { hook } = setup(false, host);
    expect(host.latest().enabled).toBe(false);
    expect(host.hold()).toBe(false);

    hook.rerender({ dirty: true });
    expect(host.latest().enabled).toBe(true);
    expect(host.hold()).toBe(true);
    hook.rerender({ dirty: true });
    expect(hook.result.current.asking).toBe(true);

    // "Keep editing": the held navigation is cancelled.
    act(() => hook.result.current.keepEditing());
    expect(host.stay).toHaveBeenCalledTimes(1);
    expect(host.proceed).not.toHaveBeenCalled();

    // "Discard changes": the held navigation goes on, and the page no longer asks on unload.
    host.release();
    hook.rerender({ dirty: true });
    host.hold();
    hook.rerender({ dirty: true });
    act(() => hook.result.current.discard());
    expect(host.proceed).toHaveBeenCalledTimes(1);
    expect(unloadAsks()).toBe(false);
  });

  it('never asks when a successful save leaves, even before the form re-renders as clean', () => {
    const host = fakeHostBlocker();
    const { hook, navigate } = setup(true, host);
    act(() => hook.result.current.leave('/requisitions/r1', { replace: true }));
    expect(navigate).toHaveBeenCalledWith('/requisitions/r1', { replace: true });
    // The router asks the form when the navigation starts: it must let it through.
    expect(host.hold()).toBe(false);
    expect(hook.result.current.asking).toBe(false);
    expect(hook.result.current.dirty).toBe(false);
    expect(unloadAsks()).toBe(false);
  });
});

describe('UnsavedChangesDialog', () => {
  it('shows "Discard unsaved changes?" with the record\'s name and both choices', async () => {
    const guard: UnsavedChangesGuard = {
      dirty: true,
      recordName: 'PO-2026-00001',
      asking: true,
      requestLeave: vi.fn(),
      leave: vi.fn(),
      discard: vi.fn(),
      keepEditing: vi.fn(),
    };
    render(<UnsavedChangesDialog guard={guard} />);
    expect(screen.getByRole('alertdialog', { name: 'Discard unsaved changes?' })).toBeInTheDocument();
    expect(screen.getByText('The changes you made to PO-2026-00001 will be lost.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(guard.keepEditing).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(guard.discard).toHaveBeenCalled();
  });
});
