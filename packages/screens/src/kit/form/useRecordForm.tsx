import { isApiError } from '@purchasing/api-client';
import { Callout, toast } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import { type ReactElement, type ReactNode, type RefObject, useRef, useState } from 'react';
import {
  type Control,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import { serverMessage } from '../../ApprovalActionForm/serverMessage';
import { useFocusFirstInvalid } from '../../shared/useFocusFirstInvalid';
import { FormActionBar } from './FormActionBar';
import { type UnsavedChangesGuard, useUnsavedChangesGuard } from './useUnsavedChangesGuard';

/**
 * Puts the server's field errors on the form's fields and answers the messages no field takes.
 * `body.name` and `/name` are read as `name`; `accepts` says which of those the form has.
 */
export function placeServerErrors<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  accepts: (field: string) => boolean,
): { placed: number; unplaced: string[] } {
  let placed = 0;
  const unplaced: string[] = [];
  if (!isApiError(error)) return { placed, unplaced };
  for (const detail of error.details) {
    const field = detail.field.replace(/^\/+/, '').replace(/^body\./, '');
    if (accepts(field)) {
      setError(field as Path<TValues>, { type: 'server', message: detail.message });
      placed += 1;
    } else {
      unplaced.push(detail.message);
    }
  }
  return { placed, unplaced };
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
export interface RecordForm<TValues extends FieldValues, TOutput = TValues> {
  control: Control<TValues, unknown, TOutput>;
  /** Saving, or saved and leaving: the fields and buttons are disabled. */
  busy: boolean;
  isDirty: boolean;
  editing: boolean;
  guard: UnsavedChangesGuard;
  problems: string[];
  formRef: RefObject<HTMLFormElement | null>;
  save(): void;
}

/**
 * The page form of a record (a vendor, a product): react-hook-form with its resolver, the
 * unsaved-changes guard, the create or update call, a success toast and the way on; a refusal marks
 * the fields the server named, focuses the first, lists the other problems above the form and toasts
 * the server's message.
 */
export function useRecordForm<TValues extends FieldValues, TOutput, TInput, TAnswer>(
  options: RecordFormOptions<TValues, TOutput, TInput, TAnswer>,
): RecordForm<TValues, TOutput> {
  const { record, create, update } = options;
  const formRef = useRef<HTMLFormElement>(null);
  const [defaultValues] = useState(options.defaultValues);
  const [problems, setProblems] = useState<string[]>([]);
  const [saved, setSaved] = useState(false);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isDirty },
  } = useForm<TValues, unknown, TOutput>({
    resolver: options.resolver,
    defaultValues: defaultValues as DefaultValues<TValues>,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const guard = useUnsavedChangesGuard({ dirty: isDirty, recordName: record?.name ?? options.newRecordName });
  const busy = create.isPending || update.isPending || saved;
  const focusFirstInvalid = useFocusFirstInvalid(formRef, busy);

  const save = handleSubmit(async (values) => {
    setProblems([]);
    const input = options.toInput(values);
    try {
      const answer = record
        ? await update.mutateAsync({ id: record.id, input })
        : await create.mutateAsync(input);
      setSaved(true);
      const { message, href } = options.saved(answer);
      toast.success(message);
      guard.leave(href, { replace: true });
    } catch (error) {
      const { placed, unplaced } = placeServerErrors(error, setError, options.acceptsField);
      setProblems(unplaced);
      if (placed > 0) focusFirstInvalid();
      toast.error(serverMessage(error) ?? (record ? options.failed.update : options.failed.create));
    }
  }, focusFirstInvalid);

  return {
    control,
    busy,
    isDirty,
    editing: record !== undefined,
    guard,
    problems,
    formRef,
    save: () => void save(),
  };
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
  label,
  cancelHref,
  createLabel,
  children,
}: RecordFormFrameProps<TValues, TOutput>): ReactElement {
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
        {form.problems.length > 0 ? <Callout variant="error">{form.problems.join(' · ')}</Callout> : null}
        {children}
        <FormActionBar
          cancelHref={cancelHref}
          guard={form.guard}
          busy={form.busy}
          submitLabel={form.editing ? 'Save Changes' : createLabel}
          busyLabel={form.editing ? 'Saving...' : 'Creating...'}
          submitDisabled={form.editing && !form.isDirty}
          onSubmit={form.save}
        />
      </Flex>
    </form>
  );
}
