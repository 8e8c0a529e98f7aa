import { type RefObject, useEffect } from 'react';

/** The queue's keyboard shortcuts (issue 15 item 3), as the help dialog lists them. */
export const queueShortcuts = [
  { keys: 'j', action: 'Next requisition' },
  { keys: 'k', action: 'Previous requisition' },
  { keys: 'x', action: 'Select or unselect the requisition' },
  { keys: 'a', action: 'Approve the selected requisitions (or this one)' },
  { keys: 'r', action: 'Reject the selected requisitions (or this one)' },
  { keys: 'i', action: 'Request information on this requisition' },
  { keys: '?', action: 'Show these shortcuts' },
] as const;

export type QueueShortcut = 'next' | 'previous' | 'select' | 'approve' | 'reject' | 'info' | 'help';

const KEYS: Record<string, QueueShortcut> = {
  j: 'next',
  k: 'previous',
  x: 'select',
  a: 'approve',
  r: 'reject',
  i: 'info',
  '?': 'help',
};

/** Whether a key typed there is text (a field, a select, an editable element), not a shortcut. */
function typesText(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

/**
 * Calls `onShortcut` for the queue's single-key shortcuts while `enabled`: only when the focus is on the
 * page itself (nothing focused), inside `container` or on an element around it, never while typing in
 * a field or with Ctrl, Alt or Meta held, so a portal embedding the queue keeps its own keys elsewhere
 * on the page (its navigation, its own widgets beside the queue).
 */
export function useQueueKeyboard(
  container: RefObject<HTMLElement | null>,
  enabled: boolean,
  onShortcut: (shortcut: QueueShortcut, event: KeyboardEvent) => void,
): void {
  useEffect(() => {
    if (!enabled) return;
    const root = container.current?.getRootNode() as Document | ShadowRoot | undefined;
    const listener = (event: Event) => {
      const key = event as KeyboardEvent;
      if (key.defaultPrevented || key.ctrlKey || key.altKey || key.metaKey || typesText(key.target)) return;
      const shortcut = KEYS[key.key];
      if (!shortcut) return;
      const active = root?.activeElement ?? document.activeElement;
      const queue = container.current;
      // Nothing focused, the queue or something in it, or an element around it (the page's main
      // region takes the focus on a click there).
      const near =
        !active || active === document.body || (queue && (queue.contains(active) || active.contains(queue)));
      if (!near) return;
      key.preventDefault();
      onShortcut(shortcut, key);
    };
    const target = root ?? document;
    target.addEventListener('keydown', listener);
    return () => target.removeEventListener('keydown', listener);
  }, [container, enabled, onShortcut]);
}
