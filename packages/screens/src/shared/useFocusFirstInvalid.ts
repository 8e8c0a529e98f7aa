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
  // Runs after every render while a focus is pending: the render that marks the fields invalid may
  // come after the one the request caused, so the request is only settled once a control is found.
  useEffect(() => {
    if (busy || request === handled.current) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!invalid) return;
    handled.current = request;
    invalid.focus();
  });
  return useCallback(() => setRequest((count) => count + 1), []);
}
