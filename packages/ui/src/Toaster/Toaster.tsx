import { type ReactElement, useEffect } from 'react';
import {
  Toaster as HotToaster,
  type ToasterProps as HotToasterProps,
  toast as hotToast,
} from 'react-hot-toast';
import { type PortalContainer, usePortalContainer } from '../PortalContainer';

/**
 * Toast settings from the specification (document 1 §9, document 2 §9): placed top-right, at most 20 at
 * once, plain and error toasts stay 4000 ms, success toasts 2000 ms, loading toasts until dismissed,
 * and the container sits above everything at z-index 9999.
 */
export const toasterConfig = {
  position: 'top-right',
  limit: 20,
  zIndex: 9999,
  durations: { blank: 4000, error: 4000, success: 2000, loading: Number.POSITIVE_INFINITY },
} as const;

/**
 * The toasts in the host's Radix theme (react-hot-toast's own are white, whatever the theme): panel,
 * text, shadow, radius and type from the nearest `<Theme>`, hence the Toaster is mounted inside it. The
 * system colours are the fallbacks outside any theme.
 */
const themedToast = {
  style: {
    background: 'var(--color-panel-solid, Canvas)',
    color: 'var(--gray-12, CanvasText)',
    boxShadow: 'var(--shadow-5)',
    borderRadius: 'var(--radius-4)',
    fontFamily: 'var(--default-font-family)',
    fontSize: 'var(--font-size-2)',
    lineHeight: 'var(--line-height-2)',
  },
  success: { primary: 'var(--green-9, CanvasText)', secondary: 'var(--green-contrast, Canvas)' },
  error: { primary: 'var(--red-9, CanvasText)', secondary: 'var(--red-contrast, Canvas)' },
  loading: { primary: 'var(--accent-9, CanvasText)', secondary: 'var(--gray-a5, Canvas)' },
} as const;

/** The `<style>` react-hot-toast's styling library (goober) keeps its rules in, in the document's head. */
const TOAST_SHEET_ID = '_goober';

/**
 * Inside a shadow root the document's stylesheets do not apply, and react-hot-toast writes the rules of
 * its toasts (layout, icons, enter and exit animations) into one `<style>` of the document's head. When
 * the portal container of {@link PortalContainerProvider} lies in a shadow root, a copy of that sheet is
 * kept in the shadow root, updated whenever the original changes; it is removed with the Toaster.
 */
function useToastStylesIn(container: PortalContainer): void {
  useEffect(() => {
    const root = container?.getRootNode();
    if (!(typeof ShadowRoot !== 'undefined' && root instanceof ShadowRoot)) return;
    const copy = document.createElement('style');
    copy.dataset.purchasingToasts = '';
    root.append(copy);
    const sync = () => {
      const sheets = document.head.querySelectorAll(`style#${TOAST_SHEET_ID}`);
      const text = Array.from(sheets, (sheet) => sheet.textContent ?? '').join('\n');
      if (copy.textContent !== text) copy.textContent = text;
    };
    const observer = new MutationObserver(sync);
    observer.observe(document.head, { childList: true, subtree: true, characterData: true });
    sync();
    return () => {
      observer.disconnect();
      copy.remove();
    };
  }, [container]);
}

/** Props of {@link Toaster}: react-hot-toast's own props, which override the product defaults. */
export type ToasterProps = HotToasterProps;

/**
 * Renders the toasts raised with {@link toast}, in the nearest Radix theme. Mount it once, inside the
 * host's `<Theme>`. In a shadow root, mount it inside the {@link PortalContainerProvider} whose container
 * lies in that shadow root: the toasts' rules are then copied there.
 * react-hot-toast keeps at most {@link toasterConfig.limit} toasts (its built-in limit is the product's 20).
 */
export function Toaster(props: ToasterProps): ReactElement {
  const { durations } = toasterConfig;
  useToastStylesIn(usePortalContainer());
  return (
    <HotToaster
      position={toasterConfig.position}
      containerStyle={{ zIndex: toasterConfig.zIndex }}
      {...props}
      toastOptions={{
        duration: durations.blank,
        ...props.toastOptions,
        style: { ...themedToast.style, ...props.toastOptions?.style },
        blank: { duration: durations.blank, ...props.toastOptions?.blank },
        error: { duration: durations.error, iconTheme: themedToast.error, ...props.toastOptions?.error },
        success: {
          duration: durations.success,
          iconTheme: themedToast.success,
          ...props.toastOptions?.success,
        },
        loading: {
          duration: durations.loading,
          iconTheme: themedToast.loading,
          ...props.toastOptions?.loading,
        },
      }}
    />
  );
}

/**
 * Raises a toast: `toast('Saved')`, `toast.success(...)`, `toast.error(...)`, `toast.loading(...)`,
 * `toast.dismiss(id)`. Shown by the mounted {@link Toaster}.
 */
export const toast = hotToast;
