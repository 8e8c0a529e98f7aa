import type { ReactElement } from 'react';
import {
  Toaster as HotToaster,
  type ToasterProps as HotToasterProps,
  toast as hotToast,
} from 'react-hot-toast';

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

/** Props of {@link Toaster}: react-hot-toast's own props, which override the product defaults. */
export type ToasterProps = HotToasterProps;

/**
 * Renders the toasts raised with {@link toast}. Mount it once near the root of the host application.
 * react-hot-toast keeps at most {@link toasterConfig.limit} toasts (its built-in limit is the product's 20).
 */
export function Toaster(props: ToasterProps): ReactElement {
  const { durations } = toasterConfig;
  return (
    <HotToaster
      position={toasterConfig.position}
      containerStyle={{ zIndex: toasterConfig.zIndex }}
      {...props}
      toastOptions={{
        duration: durations.blank,
        ...props.toastOptions,
        blank: { duration: durations.blank, ...props.toastOptions?.blank },
        error: { duration: durations.error, ...props.toastOptions?.error },
        success: { duration: durations.success, ...props.toastOptions?.success },
        loading: { duration: durations.loading, ...props.toastOptions?.loading },
      }}
    />
  );
}

/**
 * Raises a toast: `toast('Saved')`, `toast.success(...)`, `toast.error(...)`, `toast.loading(...)`,
 * `toast.dismiss(id)`. Shown by the mounted {@link Toaster}.
 */
export const toast = hotToast;
