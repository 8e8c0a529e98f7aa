import type { ReactElement, ReactNode } from 'react';
import type { FieldValues, Resolver, UseFormSetError } from 'react-hook-form';
import { serverMessage } from '../../ApprovalActionForm/serverMessage';
import { FormFrame } from './FormFrame';
import { type PlacedFieldErrors, placeFieldErrors, type ServerForm, useServerForm } from './useServerForm';

/**
 * Puts the server's field errors on the form's fields and answers the messages no field takes.
 * `body.name` and `/name` are read as `name`; `accepts` says which of those the form has.
 */
export function placeServerErrors<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  accepts: (field: string) => boolean,
): PlacedFieldErrors {
  return placeFieldErrors(error, setError, (raw) => {
    const field = raw.replace(/^\/+/, '').replace(/^body\./, '');
    return accepts(field) ? field : null;
  });
}

/** A save call as `useMutation` gives it. */
interface SaveCall<TVariables, TAnswer> {
  mutateAsync(variables: TVariables): Promise<TAnswer>;
  isPending: boolean;
}

/** Options of {@link useRecordForm}. */
export interface RecordFormOptions<TValues extends FieldValues, TOutput, TInput, TAnswer> {
  /** The record edited (its id and name); absent for a new one. */
  record: { id: string; name: string } | undefined;
  /** What the unsaved-changes question calls a new record, e.g. 'this vendor'. */
  newRecordName: string;
  /** The form's values when it opens (read once). */
  defaultValues: () => TValues;
  /** Checks the values and gives the output `toInput` takes (e.g. `zodResolver(schema)`). */
  resolver: Resolver<TValues, unknown, TOutput>;
  toInput(values: TOutput): TInput;
  create: SaveCall<TInput, TAnswer>;
  update: SaveCall<{ id: string; input: TInput }, TAnswer>;
  /** Which server field names the form shows (see {@link placeServerErrors}). */
  acceptsField(field: string): boolean;
  /** After a save: the toast and where the form goes (replacing its history entry). */
  saved(answer: TAnswer): { message: string; href: string };
  /** Toasted after a refused save when the server gave no message. */
  failed: { create: string; update: string };
}

/** What {@link useRecordForm} gives the form's sections and {@link RecordFormFrame}. */
export interface RecordForm<TValues extends FieldValues, TOutput = TValues>
  extends ServerForm<TValues, TOutput> {
  editing: boolean;
}

/**
 * The page form of a record (a vendor, a product): {@link useServerForm} with the create or update
 * call, a success toast and the way on; a refusal marks the fields the server named, focuses the
 * first, lists the other problems above the form and toasts the server's message.
 */
export function useRecordForm<TValues extends FieldValues, TOutput, TInput, TAnswer>(
  options: RecordFormOptions<TValues, TOutput, TInput, TAnswer>,
): RecordForm<TValues, TOutput> {
  const { record, create, update } = options;
  const form = useServerForm({
    defaultValues: options.defaultValues,
    resolver: options.resolver,
    recordName: record?.name ?? options.newRecordName,
    pending: create.isPending || update.isPending,
    send: (values: TOutput) => {
      const input = options.toInput(values);
      return record ? update.mutateAsync({ id: record.id, input }) : create.mutateAsync(input);
    },
    saved: (answer) => {
      const { message, href } = options.saved(answer);
      return { message, leaveTo: href };
    },
    placeErrors: (error, setError) => placeServerErrors(error, setError, options.acceptsField),
    failMessage: (error) => serverMessage(error) ?? (record ? options.failed.update : options.failed.create),
  });
  return { ...form, editing: record !== undefined };
}

/** Props of {@link RecordFormFrame}. */
export interface RecordFormFrameProps<TValues extends FieldValues, TOutput> {
  form: RecordForm<TValues, TOutput>;
  /** The form's accessible name, e.g. 'New vendor' or 'Edit Dell'. */
  label: string;
  /** Where Cancel leads. */
  cancelHref: string;
  /** The primary button of a new record, e.g. 'Create Vendor' (an edit says 'Save Changes'). */
  createLabel: string;
  /** The form's sections. */
  children: ReactNode;
}

/**
 * A record's page form: the problems no field took, the sections, and the sticky action bar (Cancel,
 * and Create … or Save Changes, which stays disabled until something changed).
 */
export function RecordFormFrame<TValues extends FieldValues, TOutput>({
  form,
  cancelHref,
  createLabel,
  ...rest
}: RecordFormFrameProps<TValues, TOutput>): ReactElement {
  return (
    <FormFrame
      form={form}
      bar={{
        cancelHref,
        submitLabel: form.editing ? 'Save Changes' : createLabel,
        busyLabel: form.editing ? 'Saving...' : 'Creating...',
        submitDisabled: form.editing && !form.isDirty,
      }}
      {...rest}
    />
  );
}
