import { Button } from '@purchasing/ui';
import { Box, Flex, Button as RadixButton, Card as RadixCard, Text } from '@radix-ui/themes';
import type { ReactElement, ReactNode } from 'react';
import { useLinkProps } from '../../PurchasingProvider';
import { scaled, stickyBottom } from '../themeVariables';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';
import type { UnsavedChangesGuard } from './useUnsavedChangesGuard';

/** What {@link FormActionBar} shows in every form. */
interface FormActionBarBaseProps {
  /** Where Cancel leads (a real link). */
  cancelHref: string;
  /**
   * The form's {@link useUnsavedChangesGuard}: while it is dirty the bar says so, and Cancel (like every
   * other way out) asks "Discard unsaved changes?". The bar shows that question.
   */
  guard: UnsavedChangesGuard;
  /** True while saving: Cancel is disabled (and so is the primary button, which shows `busyLabel`). */
  busy: boolean;
  /** Shown at the left, e.g. the total. */
  summary?: ReactNode;
}

/** The bar's own primary button: one way to save. */
interface PrimaryButtonProps {
  /** The primary button's label, e.g. 'Save Changes'. */
  submitLabel: string;
  /** The primary button's label while saving, e.g. 'Saving...'. */
  busyLabel: string;
  /** Disables the primary button (e.g. nothing to save yet). */
  submitDisabled?: boolean;
  /** Runs the save. */
  onSubmit(): void;
  actions?: never;
}

/** The form's own buttons after Cancel: several ways to save (e.g. Save as Draft and Submit). */
interface CustomActionsProps {
  /** Buttons shown after Cancel instead of the primary button; the form disables them while busy. */
  actions: ReactNode;
  submitLabel?: never;
  busyLabel?: never;
  submitDisabled?: never;
  onSubmit?: never;
}

/**
 * Props of {@link FormActionBar}: either the bar's primary button (`submitLabel`, `busyLabel`,
 * `onSubmit`) or the form's own buttons (`actions`).
 */
export type FormActionBarProps = FormActionBarBaseProps & (PrimaryButtonProps | CustomActionsProps);

/**
 * The sticky bar at the bottom of a form: an optional summary and the unsaved-changes hint at the left,
 * Cancel (a link that asks before discarding changes) and the primary button (or the form's own
 * `actions`) at the right.
 */
export function FormActionBar({
  cancelHref,
  guard,
  busy,
  submitLabel,
  busyLabel,
  submitDisabled = false,
  onSubmit,
  summary,
  actions,
}: FormActionBarProps): ReactElement {
  const cancelLink = useLinkProps(cancelHref);
  return (
    <>
      <RadixCard
        size="2"
        style={{
          position: 'sticky',
          bottom: stickyBottom,
          zIndex: 1,
          background: 'var(--color-panel-solid)',
          boxShadow: 'var(--shadow-4)',
        }}
      >
        <Flex align="center" justify="between" gap="4" wrap="wrap">
          <Flex align="center" gap="5" wrap="wrap" minHeight="32px">
            {summary}
            {guard.dirty ? (
              <Flex align="center" gap="2">
                <Box
                  aria-hidden
                  style={{
                    width: scaled(8),
                    height: scaled(8),
                    borderRadius: '50%',
                    background: 'var(--amber-9)',
                  }}
                />
                <Text size="2" color="gray">
                  You have unsaved changes
                </Text>
              </Flex>
            ) : null}
          </Flex>
          <Flex gap="3" wrap="wrap" justify="end">
            <RadixButton asChild variant="soft" color="gray" size="2">
              <a
                href={cancelLink.href}
                aria-disabled={busy || undefined}
                onClick={(event) => {
                  if (busy) {
                    event.preventDefault();
                    return;
                  }
                  if (
                    guard.dirty &&
                    event.button === 0 &&
                    !event.metaKey &&
                    !event.ctrlKey &&
                    !event.shiftKey
                  ) {
                    event.preventDefault();
                    guard.requestLeave(cancelHref);
                    return;
                  }
                  cancelLink.onClick(event);
                }}
              >
                Cancel
              </a>
            </RadixButton>
            {actions ?? (
              <Button type="button" loading={busy} disabled={busy || submitDisabled} onClick={onSubmit}>
                {busy ? busyLabel : submitLabel}
              </Button>
            )}
          </Flex>
        </Flex>
      </RadixCard>
      <UnsavedChangesDialog guard={guard} />
    </>
  );
}
