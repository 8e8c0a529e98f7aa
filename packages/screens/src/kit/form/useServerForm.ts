import { isApiError } from '@purchasing/api-client';
import { toast } from '@purchasing/ui';
import { type RefObject, useRef, useState } from 'react';
import {
  type Control,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
  type UseFormSetError,
  useForm,
} from 'react-hook-form';
import { serverMessage } from '../../ApprovalActionForm/serverMessage';
import { useFocusFirstInvalid } from '../../shared/useFocusFirstInvalid';
import { type UnsavedChangesGuard, useUnsavedChangesGuard } from './useUnsavedChangesGuard';

/** How many of a refusal's details landed on a field, and the messages no field took. */
export interface PlacedFieldErrors {
  placed: number;
  unplaced: string[];
}

/**
 * Puts the server's field errors on the form's fields and answers the messages no field takes.
 * `fieldOf` reads a detail's field (as the server spells it) as the form field it lands on, or null.
 */
export function placeFieldErrors<TValues extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<TValues>,
  fieldOf: (field: string) => string | null,
): PlacedFieldErrors {
  let placed = 0;
  const unplaced: string[] = [];
  if (!isApiError(error)) return { placed, unplaced };
  for (const detail of error.details) {
    const field = fieldOf(detail.field);
    if (field) {
      setError(field as Path<TValues>, { type: 'server', message: detail.message });
      placed += 1;
    } else {
      unplaced.push(detail.message);
    }
  }
  return { placed, unplaced };
}

/** Whether a refusal says another save came first (409 naming `version`). */
export function isStaleVersion(error: unknown): boolean {
  return (
    isApiError(error) && error.status === 409 && error.details.some((detail) => detail.field === 'version')
  );
}

/** What a form does after a save: the success toast, and where it goes (replacing its history entry). */
export interface SavedOutcome {
  message: string;
  /** Leaves for this page (the fields stay disabled); absent, the form stays open. */
  leaveTo?: string;
}

/** Options of {@link useServerForm}. */
export interface ServerFormOptions<TValues extends FieldValues, TOutput, TAnswer> {
  /** The form's values when it opens (read once). */
  defaultValues: () => TValues;
  /** Checks the values and gives the output `send` takes (e.g. `zodResolver(schema)`). */
  resolver?: Resolver<TValues, unknown, TOutput>;
  /** When fields are checked: on leaving a field (the default), or from the first save on. */
  mode?: 'onTouched' | 'onSubmit';
  /** What the unsaved-changes question calls the record, e.g. 'the settings'. */
  recordName: string;
  /** Whether leaving with changes asks first (false for a read-only form); true unless said. */
  guarded?: boolean;
  /** A save call is under way (e.g. a mutation's `isPending`); unsaid, while the form is submitting. */
  pending?: boolean;
  /** Sends the checked values. */
  send(values: TOutput): Promise<TAnswer>;
  /** After a save: the toast, and where the form goes (see {@link SavedOutcome}). */
  saved(
    answer: TAnswer,
    form: UseFormReturn<TValues, unknown, TOutput>,
  ): SavedOutcome | Promise<SavedOutcome>;
  /** Marks the fields a refusal names (see {@link placeFieldErrors}). */
  placeErrors(error: unknown, setError: UseFormSetError<TValues>): PlacedFieldErrors;
  /** The toast of a refused save. */
  failMessage(error: unknown): string;
  /** A refusal that only says someone else saved first: the form says so instead (see `FormNotices`). */
  isStale?(error: unknown): boolean;
  /** After a refused save has been shown. */
  refused?(error: unknown): void;
}

/** What {@link useServerForm} gives the form's sections and `FormFrame`. */
export interface ServerForm<TValues extends FieldValues, TOutput = TValues> {
  control: Control<TValues, unknown, TOutput>;
  /** react-hook-form's whole answer (values, reset, field arrays…). */
  methods: UseFormReturn<TValues, unknown, TOutput>;
  /** Saving, or saved and leaving: the fields and buttons are disabled. */
  busy: boolean;
  isDirty: boolean;
  guard: UnsavedChangesGuard;
  /** The server's messages no field took, shown above the form. */
  problems: string[];
  /** Someone else saved first (with `isStale`). */
  stale: boolean;
  formRef: RefObject<HTMLFormElement | null>;
  save(): void;
}

/**
 * A page form saved to the server: react-hook-form, the unsaved-changes guard, the save, a success
 * toast and the way on; a refusal marks the fields the server named, focuses the first, lists the
 * other problems above the form and toasts why (or, for a stale version, says so instead).
 */
export function useServerForm<TValues extends FieldValues, TOutput, TAnswer>(
  options: ServerFormOptions<TValues, TOutput, TAnswer>,
): ServerForm<TValues, TOutput> {
  const formRef = useRef<HTMLFormElement>(null);
  const [defaultValues] = useState(options.defaultValues);
  const [problems, setProblems] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const methods = useForm<TValues, unknown, TOutput>({
    resolver: options.resolver,
    defaultValues: defaultValues as DefaultValues<TValues>,
    ...(options.mode === 'onSubmit' ? {} : { mode: 'onTouched' }),
    shouldFocusError: false,
  });
  const {
    handleSubmit,
    setError,
    formState: { isDirty, isSubmitting },
  } = methods;
  const guard = useUnsavedChangesGuard({
    dirty: (options.guarded ?? true) && isDirty,
    recordName: options.recordName,
  });
  const busy = (options.pending ?? isSubmitting) || leaving;
  const focusFirstInvalid = useFocusFirstInvalid(formRef, busy);

  const save = handleSubmit(async (values) => {
    setProblems([]);
    try {
      const answer = await options.send(values);
      const outcome = options.saved(answer, methods);
      const { message, leaveTo } = outcome instanceof Promise ? await outcome : outcome;
      if (leaveTo !== undefined) setLeaving(true);
      toast.success(message);
      if (leaveTo !== undefined) guard.leave(leaveTo, { replace: true });
    } catch (error) {
      if (options.isStale?.(error)) {
        setStale(true);
        return;
      }
      const { placed, unplaced } = options.placeErrors(error, setError);
      setProblems(unplaced);
      if (placed > 0) focusFirstInvalid();
      toast.error(options.failMessage(error));
      options.refused?.(error);
    }
  }, focusFirstInvalid);

  return {
    control: methods.control,
    methods,
    busy,
    isDirty,
    guard,
    problems,
    stale,
    formRef,
    save: () => void save(),
  };
}

/** Options of {@link useVersionedForm}. */
export interface VersionedFormOptions<TValues extends FieldValues, TOutput, TAnswer>
  extends Pick<
    ServerFormOptions<TValues, TOutput, TAnswer>,
    'defaultValues' | 'resolver' | 'recordName' | 'send'
  > {
  /** The person may save; otherwise nothing they touch counts as an unsaved change. */
  canEdit: boolean;
  /** A save call is under way. */
  pending: boolean;
  /** The toast after a save, and the one after a refusal without a message of the server's. */
  words: { saved: string; saveFailed: string };
  /** The form field a server detail names, or null (see {@link placeFieldErrors}). */
  fieldOf(field: string): string | null;
  /** After a save, before its toast (e.g. the form starts again from the saved values). */
  afterSave?(answer: TAnswer, form: UseFormReturn<TValues, unknown, TOutput>): Promise<void>;
}

/**
 * A settings-like form (the settings, the approval policy): {@link useServerForm} saving from the
 * version it was opened at, which stays open after a save; a refusal because someone else saved first
 * sets `stale` (see `VersionedFormFrame`), any other shows the server's message or `words.saveFailed`.
 */
export function useVersionedForm<TValues extends FieldValues, TOutput, TAnswer>({
  canEdit,
  words,
  fieldOf,
  afterSave,
  ...options
}: VersionedFormOptions<TValues, TOutput, TAnswer>): ServerForm<TValues, TOutput> {
  return useServerForm({
    ...options,
    guarded: canEdit,
    saved: async (answer, form) => {
      await afterSave?.(answer, form);
      return { message: words.saved };
    },
    placeErrors: (error, setError) => placeFieldErrors(error, setError, fieldOf),
    failMessage: (error) => serverMessage(error) ?? words.saveFailed,
    isStale: isStaleVersion,
  });
}
