import { Callout } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import type { ReactElement, ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { FormActionBar } from './FormActionBar';
import { FormNotices, type FormNoticeWords } from './FormNotices';
import type { ServerForm } from './useServerForm';

/** The action bar of a {@link FormFrame}: Cancel and the primary button. */
export interface FormFrameBar {
  /** Where Cancel leads. */
  cancelHref: string;
  /** The primary button's label, e.g. 'Save Changes'. */
  submitLabel: string;
  /** Its label while saving, e.g. 'Saving...'. */
  busyLabel: string;
  /** Disables the primary button (e.g. nothing changed yet). */
  submitDisabled?: boolean;
  /** Shown at the bar's left, e.g. the total. */
  summary?: ReactNode;
}

/** Props of {@link FormFrame}. */
export interface FormFrameProps<TValues extends FieldValues, TOutput> {
  form: ServerForm<TValues, TOutput>;
  /** The form's accessible name, e.g. 'Settings' or 'Edit PO-2026-0001'. */
  label: string;
  /** Shown above the sections; unsaid, the problems no field took. */
  notices?: ReactNode;
  /** The sticky action bar; null shows none (a read-only form). */
  bar: FormFrameBar | null;
  /** The form's sections. */
  children: ReactNode;
}

/** The problems of a refused save that no field took, in one line above the form. */
export function FormProblems({ problems }: { problems: readonly string[] }): ReactElement | null {
  return problems.length > 0 ? <Callout variant="error">{problems.join(' · ')}</Callout> : null;
}

/**
 * A page form of {@link useServerForm}: the notices, the sections and the sticky action bar (Cancel,
 * which asks before discarding changes, and the primary button).
 */
export function FormFrame<TValues extends FieldValues, TOutput>({
  form,
  label,
  notices,
  bar,
  children,
}: FormFrameProps<TValues, TOutput>): ReactElement {
  return (
    <form
      ref={form.formRef}
      noValidate
      aria-label={label}
      onSubmit={(event) => {
        event.preventDefault();
        form.save();
      }}
    >
      <Flex direction="column" gap="5">
        {notices === undefined ? <FormProblems problems={form.problems} /> : notices}
        {children}
        {bar ? <FormActionBar guard={form.guard} busy={form.busy} onSubmit={form.save} {...bar} /> : null}
      </Flex>
    </form>
  );
}

/** Props of {@link VersionedFormFrame}. */
export interface VersionedFormFrameProps<TValues extends FieldValues, TOutput> {
  form: ServerForm<TValues, TOutput>;
  label: string;
  /** The notices' words (read only, conflict, Reload). */
  words: FormNoticeWords;
  /** The person may save; otherwise the form is shown read-only, without an action bar. */
  canEdit: boolean;
  /** Reads the record again after a conflict. */
  onReload(): void;
  cancelHref: string;
  /** The primary button's label, e.g. 'Save Changes'. */
  submitLabel: string;
  children: ReactNode;
}

/**
 * A settings-like form saved from the version it was opened at: {@link FormNotices} above the
 * sections (read only, someone else saved first, the problems no field took) and, for who may edit,
 * the action bar whose primary button waits for a change.
 */
export function VersionedFormFrame<TValues extends FieldValues, TOutput>({
  form,
  words,
  canEdit,
  onReload,
  cancelHref,
  submitLabel,
  ...rest
}: VersionedFormFrameProps<TValues, TOutput>): ReactElement {
  return (
    <FormFrame
      form={form}
      notices={
        <FormNotices
          words={words}
          canEdit={canEdit}
          stale={form.stale}
          onReload={onReload}
          problems={form.problems}
        />
      }
      bar={
        canEdit ? { cancelHref, submitLabel, busyLabel: 'Saving...', submitDisabled: !form.isDirty } : null
      }
      {...rest}
    />
  );
}
