import { useCallback, useEffect, useRef, useState } from 'react';
import { type NavigationBlocker, usePurchasing } from '../../PurchasingProvider';

/**
 * While `dirty`, leaving the page (reload, closing the tab, another site) asks the browser to confirm.
 * The browser shows its own wording; pages cannot change it.
 */
export function useBeforeUnloadGuard(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a returnValue to show the prompt.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/** Options of {@link useUnsavedChangesGuard}. */
export interface UnsavedChangesGuardOptions {
  /** The form holds changes that leaving would lose. */
  dirty: boolean;
  /** What the record is called in the question, e.g. 'this purchase order'. */
  recordName: string;
}

/** What {@link useUnsavedChangesGuard} answers; pass it to `FormActionBar` (or `UnsavedChangesDialog`). */
export interface UnsavedChangesGuard {
  /** Changes would be lost by leaving now (false once the form leaves on purpose). */
  dirty: boolean;
  recordName: string;
  /** The "Discard unsaved changes?" question is showing. */
  asking: boolean;
  /** Goes to `href`, asking first while dirty (the form's Cancel link). */
  requestLeave(href: string): void;
  /**
   * Goes to `href` without asking: after a successful save, whatever the form's state says at that
   * moment.
   */
  leave(href: string, options?: { replace?: boolean }): void;
  /** The person chose "Discard changes": the way out they took goes on. */
  discard(): void;
  /** The person chose "Keep editing": they stay on the form. */
  keepEditing(): void;
}

const NOT_BLOCKED: NavigationBlocker = { blocked: false };
const noBlocker = (): NavigationBlocker => NOT_BLOCKED;

/**
 * The form kit's one guard against losing typed changes. While `dirty`, every way out asks the same
 * "Discard unsaved changes?" question: the form's Cancel link ({@link UnsavedChangesGuard.requestLeave}),
 * the host's links and the browser's back and forward (through the host's
 * `navigation.useNavigationBlocker`, when it supplies one), and reload, closing the tab or typing
 * another address (the browser's own `beforeunload` prompt). A save that succeeded leaves through
 * {@link UnsavedChangesGuard.leave}, which never asks.
 */
export function useUnsavedChangesGuard({
  dirty,
  recordName,
}: UnsavedChangesGuardOptions): UnsavedChangesGuard {
  const { navigation } = usePurchasing();
  const [leaving, setLeaving] = useState(false);
  const active = dirty && !leaving;
  useBeforeUnloadGuard(active);

  // Read when a navigation starts, not at render: a save navigates before the form re-renders.
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const leavingRef = useRef(false);
  const shouldBlock = useCallback(() => dirtyRef.current && !leavingRef.current, []);
  // The same hook on every render: `navigation` is one object for the app's lifetime.
  const useHostBlocker = navigation.useNavigationBlocker ?? noBlocker;
  const blocker = useHostBlocker({ enabled: active, shouldBlock });

  const [cancelTarget, setCancelTarget] = useState<string | null>(null);

  const leave = (href: string, options?: { replace?: boolean }) => {
    leavingRef.current = true;
    setLeaving(true);
    setCancelTarget(null);
    if (options) navigation.navigate(href, options);
    else navigation.navigate(href);
  };

  return {
    dirty: active,
    recordName,
    asking: blocker.blocked || cancelTarget !== null,
    requestLeave(href) {
      if (shouldBlock()) setCancelTarget(href);
      else navigation.navigate(href);
    },
    leave,
    discard() {
      if (blocker.blocked) {
        leavingRef.current = true;
        setLeaving(true);
        blocker.proceed();
      } else if (cancelTarget !== null) {
        leave(cancelTarget);
      }
    },
    keepEditing() {
      if (blocker.blocked) blocker.stay();
      setCancelTarget(null);
    },
  };
}
