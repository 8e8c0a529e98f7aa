import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/**
 * Moves focus to the first invalid control of a form (in DOM order, widgets without refs too) after a
 * failed save. The focus waits for a render in which the form is no longer busy (its controls are
 * enabled again and marked invalid), so it never lands on a control that is still disabled.
 *
 * @param busy whether the form's controls are disabled for a save in progress.
 * @returns `requestFocus`, to call when validation or the server refused the form.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, busy: boolean): () => void {
  const [request, setRequest] = useState(0);
  const handled = useRef(0);
  useEffect(() => {
    if (busy || request === handled.current) return;
    handled.current = request;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request, busy, form]);
  return useCallback(() => setRequest((count) => count + 1), []);
}
