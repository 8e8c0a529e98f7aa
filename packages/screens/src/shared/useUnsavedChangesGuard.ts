import { useEffect } from 'react';

/**
 * While `dirty`, leaving the page (reload, closing the tab, another site) asks the browser to confirm,
 * so typed changes are not lost by accident. In-app links confirm through the screen's own dialog.
 */
export function useUnsavedChangesGuard(dirty: boolean): void {
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
