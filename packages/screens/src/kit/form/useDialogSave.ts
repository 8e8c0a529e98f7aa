import { isApiError } from '@purchasing/api-client';
import { toast } from '@purchasing/ui';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { serverMessage } from '../../ApprovalActionForm/serverMessage';
import type { FormDialogControls } from './FormDialog';

/**
 * The first problem the server named for each field of a form, where `fields` maps the contract's
 * field names (`department_head_id`) to the form's (`headId`); problems of other fields are dropped.
 */
export function serverFieldErrors<TField extends string>(
  error: unknown,
  fields: Readonly<Record<string, TField>>,
): Partial<Record<TField, string>> {
  const found: Partial<Record<TField, string>> = {};
  if (!isApiError(error)) return found;
  for (const detail of error.details) {
    const field = fields[detail.field];
    if (field) found[field] ??= detail.message;
  }
  return found;
}

/** Options of {@link useDialogSave}. */
export interface DialogSaveOptions<TVariables, TResult, TField extends string> {
  /** From the {@link FormDialog} around the form. */
  controls: FormDialogControls;
  /** The call that saves (a POST to add, a PUT to edit). */
  mutationFn(variables: TVariables): Promise<TResult>;
  /** The queries the save makes stale, e.g. `adminKeys.all(organizationId)`. */
  invalidate: QueryKey;
  /** The contract's field names and the form's fields they land on. */
  serverFields: Readonly<Record<string, TField>>;
  /** Marks the fields the server refused (the first invalid one is focused after). */
  onFieldErrors(errors: Partial<Record<TField, string>>): void;
  /** Toasted after a save, e.g. 'Role created successfully'. */
  saved: string;
  /** Toasted after a failure when the server gave no message, e.g. 'Failed to create role'. */
  failed: string;
  /** Called with the saved record before the dialog closes. */
  onSaved?(result: TResult): void;
}

/**
 * The save of a dialog's form: while it runs the dialog cannot be closed; once done the queries are
 * refreshed, `saved` is toasted and the dialog closes. A refusal marks the fields the server named and
 * focuses the first, and toasts the server's message (else `failed`); the dialog stays open.
 * `formRef` goes on the `<form>`; `focusFirstInvalid` serves the form's own checks too.
 */
export function useDialogSave<TVariables = void, TResult = unknown, TField extends string = string>({
  controls,
  mutationFn,
  invalidate,
  serverFields,
  onFieldErrors,
  saved,
  failed,
  onSaved,
}: DialogSaveOptions<TVariables, TResult, TField>) {
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = () => {
    // After the render that marks the fields invalid.
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  };
  const save = useMutation({
    mutationFn,
    onMutate: () => controls.onSavingChange(true),
    onSettled: () => controls.onSavingChange(false),
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: invalidate });
      toast.success(saved);
      onSaved?.(result);
      controls.onDone();
    },
    onError: (error) => {
      const fieldErrors = serverFieldErrors(error, serverFields);
      if (Object.keys(fieldErrors).length > 0) {
        onFieldErrors(fieldErrors);
        focusFirstInvalid();
      }
      toast.error(serverMessage(error) ?? failed);
    },
  });
  return { save, formRef, focusFirstInvalid };
}
