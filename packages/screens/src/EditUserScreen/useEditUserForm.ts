import { zodResolver } from '@hookform/resolvers/zod';
import { adminKeys, isApiError, queryKeys, type Schemas, unwrap } from '@purchasing/api-client';
import { toast } from '@purchasing/ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { type FieldPath, useForm, useWatch } from 'react-hook-form';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { useUserFormChoices } from '../CreateUserScreen/userChoices';
import {
  type EditUserFormOutput,
  type EditUserFormValues,
  editUserSchema,
} from '../CreateUserScreen/userFormSchema';
import { useBeforeUnloadGuard } from '../kit/form/useUnsavedChangesGuard';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { useFocusFirstInvalid } from '../shared/useFocusFirstInvalid';
import { editUserMessages } from './editUserMessages';
import { changesOf, FORM_FIELDS, toFormValues } from './userChanges';

type User = Schemas['User'];

/**
 * The logic of the Edit User form: the values measured against the server's, Save Changes (`PUT
 * /users/{id}` with the changed personal fields, then `POST /users/{id}/roles` when the assignment changed,
 * server field errors placed on their fields) and Reset Password with its confirmation.
 */
export function useEditUserForm({ user, organizationId }: { user: User; organizationId: string }) {
  const { client, navigation } = usePurchasing();
  const { user: me } = useSession();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const choices = useUserFormChoices(client, organizationId);
  const isSelf = me?.id === user.id;
  // The server's current state: what changes are measured against, also after a partly failed save.
  const saved = toFormValues(user);

  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting, isSubmitSuccessful },
  } = useForm<EditUserFormValues, unknown, EditUserFormOutput>({
    resolver: zodResolver(editUserSchema),
    defaultValues: saved,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const values = useWatch({ control }) as EditUserFormValues;
  const changes = changesOf(saved, values);
  const hasChanges = changes.update !== null || changes.assignment !== null;
  const busy = isSubmitting || isSubmitSuccessful;
  const focusFirstInvalid = useFocusFirstInvalid(formRef, busy);
  // Typed changes survive a reload or a closed tab only after a confirmation.
  useBeforeUnloadGuard(hasChanges && !isSubmitSuccessful);
  const header = { 'X-Organization-Id': organizationId };
  const [confirmingReset, setConfirmingReset] = useState(false);

  const resetPassword = useMutation({
    mutationFn: () =>
      unwrap(client.api.POST('/users/{id}/reset-password', { params: { path: { id: user.id }, header } })),
    onSuccess: () => toast.success(editUserMessages.resetSent),
    onError: (error) => toast.error(serverMessage(error) ?? editUserMessages.resetFailed),
    onSettled: () => setConfirmingReset(false),
  });

  const save = async (form: EditUserFormOutput) => {
    const { update, assignment } = changesOf(saved, form);
    if (!update && !assignment) {
      toast(editUserMessages.noChanges);
      return;
    }
    try {
      if (update) {
        await unwrap(
          client.api.PUT('/users/{id}', { params: { path: { id: user.id }, header }, body: update }),
        );
      }
      if (assignment) {
        await unwrap(
          client.api.POST('/users/{id}/roles', {
            params: { path: { id: user.id }, header },
            body: assignment,
          }),
        );
      }
    } catch (error) {
      let placed = false;
      if (isApiError(error)) {
        for (const detail of error.details) {
          if (FORM_FIELDS.has(detail.field)) {
            setError(detail.field as FieldPath<EditUserFormValues>, {
              type: 'server',
              message: detail.message,
            });
            placed = true;
          }
        }
      }
      if (placed) focusFirstInvalid();
      toast.error(serverMessage(error) ?? editUserMessages.failed);
      // The personal fields may be saved while the role failed: reload, so only what is left counts as changed.
      void queryClient.invalidateQueries({ queryKey: adminKeys.users(organizationId) });
      throw error;
    }
    void queryClient.invalidateQueries({ queryKey: adminKeys.all(organizationId) });
    // An administrator who changed their own role sees their menus and permissions follow at once.
    if (isSelf) void queryClient.invalidateQueries({ queryKey: queryKeys.auth });
    toast.success(editUserMessages.updated);
    navigation.navigate(navigation.hrefs.users());
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    void handleSubmit(
      save,
      focusFirstInvalid,
    )(event).catch(() => {
      // Already reported by `save`.
    });
  };

  return {
    formRef,
    control,
    values,
    saved,
    isSelf,
    choices,
    hasChanges,
    busy,
    onSubmit,
    confirmingReset,
    setConfirmingReset,
    resetPassword,
  };
}
