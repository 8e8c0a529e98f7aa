import {
  approvalQueries,
  forgetDecidedStep,
  isApiError,
  type PurchasingClient,
  requisitionKeys,
  type Schemas,
  unwrap,
} from '@purchasing/api-client';
import {
  Button,
  type ButtonVariant,
  Callout,
  SelectDropdown,
  Spinner,
  TextArea,
  toast,
} from '@purchasing/ui';
import { Flex, RadioCards, Text } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, Forward, type LucideIcon, MessageCircleQuestion, XCircle } from 'lucide-react';
import { type FormEvent, type ReactElement, useId, useState } from 'react';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { serverMessage } from './serverMessage';

/** What an approver can do with their open step (document 1 §4). */
export type ApprovalActionName = 'approve' | 'reject' | 'request_info' | 'delegate';

/**
 * An approver's decision the server accepted, as the screens report it to the host (`onDecided`), e.g.
 * for a portal to refresh its own task count.
 */
export interface ApprovalDecision {
  /** What the approver did. */
  action: ApprovalActionName;
  /** The requisition as it was reviewed (before the decision: the screens refetch its new state). */
  requisition: Schemas['Requisition'];
}

/** Props of {@link ApprovalActionForm}. */
export interface ApprovalActionFormProps {
  /** The requisition under review (its id is the one the approval calls take). */
  requisition: Schemas['Requisition'];
  /** Called after the server accepted the action (the success toast is already shown). */
  onDone?: (action: ApprovalActionName) => void;
  /** Shows a Cancel button that calls this, e.g. to close the dialog holding the form. */
  onCancel?: () => void;
}

/** What {@link usePendingStep} returns. */
export interface PendingStepState {
  /** The caller's open step on the requisition, as the server's approval queue lists it; null when none. */
  step: Schemas['PendingApproval'] | null;
  /** True while the server is being asked. */
  isLoading: boolean;
}

/** One decision as the form submits it. */
export interface ApprovalSubmission {
  action: ApprovalActionName;
  /** Trimmed comments; blank ones are sent as null where the contract allows. */
  comments: string;
  /** The chosen delegate (delegate only). */
  delegateToUserId?: string | null;
}

/** Product copy of the approval form (document 1 §2, §8). */
export const approvalActionMessages = {
  success: 'Approval action completed successfully',
  failure: 'Failed to process approval',
  invalidAction: 'Invalid approval action',
  noPendingStep: "You don't have a pending approval for this requisition.",
} as const;

interface ActionOption {
  value: ApprovalActionName;
  label: string;
  description: string;
  submitLabel: string;
  variant: ButtonVariant;
  Icon: LucideIcon;
  color: string;
  commentsRequired: boolean;
  commentsHint: string;
}

const actionOptions: readonly ActionOption[] = [
  {
    value: 'approve',
    label: 'Approve',
    description: 'Pass it to the next level, or approve it at the last one.',
    submitLabel: 'Approve Requisition',
    variant: 'success',
    Icon: CheckCircle2,
    color: 'green',
    commentsRequired: false,
    commentsHint: 'Optional.',
  },
  {
    value: 'reject',
    label: 'Reject',
    description: 'Stop the requisition. The requestor sees your reason.',
    submitLabel: 'Reject Requisition',
    variant: 'danger',
    Icon: XCircle,
    color: 'red',
    commentsRequired: true,
    commentsHint: 'Required: tell the requestor why it is rejected.',
  },
  {
    value: 'request_info',
    label: 'Request Info',
    description: 'Send it back to the requestor to update and resubmit.',
    submitLabel: 'Request Information',
    variant: 'primary',
    Icon: MessageCircleQuestion,
    color: 'orange',
    commentsRequired: true,
    commentsHint: 'Required: say what the requestor should add or change.',
  },
  {
    value: 'delegate',
    label: 'Delegate',
    description: 'Hand your decision at this level to another approver.',
    submitLabel: 'Delegate Approval',
    variant: 'primary',
    Icon: Forward,
    color: 'blue',
    commentsRequired: false,
    commentsHint: 'Optional: a note for the delegate.',
  },
];

/** Longest comment the server accepts. */
const COMMENTS_MAX_LENGTH = 2000;

const scoped = (organizationId: string) => ({ 'X-Organization-Id': organizationId });

/**
 * Sends one approval decision on the caller's open step of `requisitionId`: `POST
 * /approvals/{requisitionId}/approve|reject|request-info|delegate` with `{action, comments[, delegate_to_user_id]}`.
 * Resolves to the updated requisition, or rejects with the server's `ApiError` (409 when someone else
 * decided the step meanwhile).
 * @throws Error 'Invalid approval action' for an action that is not one of the four.
 */
export function submitApprovalAction(
  client: PurchasingClient,
  organizationId: string,
  requisitionId: string,
  { action, comments, delegateToUserId }: ApprovalSubmission,
) {
  const params = { path: { requisitionId }, header: scoped(organizationId) };
  const text = comments.trim();
  switch (action) {
    case 'approve':
      return unwrap(
        client.api.POST('/approvals/{requisitionId}/approve', {
          params,
          body: { action, comments: text || null },
        }),
      );
    case 'reject':
      return unwrap(
        client.api.POST('/approvals/{requisitionId}/reject', { params, body: { action, comments: text } }),
      );
    case 'request_info':
      return unwrap(
        client.api.POST('/approvals/{requisitionId}/request-info', {
          params,
          body: { action, comments: text },
        }),
      );
    case 'delegate':
      if (!delegateToUserId) return Promise.reject(new Error('Choose who to delegate to'));
      return unwrap(
        client.api.POST('/approvals/{requisitionId}/delegate', {
          params,
          body: { action, comments: text || null, delegate_to_user_id: delegateToUserId },
        }),
      );
    default:
      throw new Error(approvalActionMessages.invalidAction);
  }
}

/**
 * Asks the server whether the signed-in user has an open approval step on this requisition: the
 * approval queue (`GET /approvals/pending`, status Pending) searched by the requisition number, matched
 * on the requisition id. The client never decides who may act; an error (e.g. 403 for a user without
 * `approval.act`) means no step.
 */
export function usePendingStep(
  requisition: Pick<Schemas['Requisition'], 'id' | 'requisition_number'>,
): PendingStepState {
  const { client } = usePurchasing();
  const { currentOrganization, organizationsLoading } = useSession();
  const organizationId = currentOrganization?.id ?? '';
  const pending = useQuery({
    ...approvalQueries.pending(client, organizationId, {
      status: 'Pending',
      search: requisition.requisition_number,
    }),
    enabled: organizationId !== '',
  });
  const step = pending.data?.pending_approvals.find((item) => item.requisition.id === requisition.id) ?? null;
  return {
    step,
    isLoading: organizationsLoading || (organizationId !== '' && pending.isPending),
  };
}

function userLabel(user: Schemas['UserRef']): string {
  return `${user.first_name} ${user.last_name} (${user.email})`;
}

/**
 * The approver's decision form: choose Approve, Reject, Request Info or Delegate, add comments
 * (required for Reject and Request Info, whose submit stays disabled while they are blank), and for
 * Delegate choose the delegate from the server's candidates. It asks the server whether the user has
 * an open step ({@link usePendingStep}); without one it says so and every control is disabled. On
 * success it toasts, refreshes the requisition queries and calls `onDone`; on failure it toasts the
 * server's message (e.g. the 409 of a step decided meanwhile) or 'Failed to process approval'.
 */
export function ApprovalActionForm({ requisition, onDone, onCancel }: ApprovalActionFormProps): ReactElement {
  const { client } = usePurchasing();
  const { currentOrganization } = useSession();
  const organizationId = currentOrganization?.id ?? '';
  const queryClient = useQueryClient();
  const { step, isLoading } = usePendingStep(requisition);
  const [action, setAction] = useState<ApprovalActionName | null>(null);
  const [comments, setComments] = useState('');
  const [delegateTo, setDelegateTo] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ comments?: string; delegate?: string }>({});
  const formId = useId();
  const actionLabelId = `${formId}-action`;

  const option = actionOptions.find((candidate) => candidate.value === action) ?? null;
  const canAct = step !== null && organizationId !== '';

  const candidates = useQuery({
    ...approvalQueries.delegateCandidates(client, organizationId, requisition.id),
    enabled: canAct && action === 'delegate',
  });

  const mutation = useMutation({
    mutationFn: (submission: ApprovalSubmission) =>
      submitApprovalAction(client, organizationId, requisition.id, submission),
    onSuccess: (_data, submission) => {
      toast.success(approvalActionMessages.success);
      setFieldErrors({});
      // Close or leave first: the refreshed queue no longer lists this step, and the form would
      // otherwise flash its 'no pending approval' message before its holder goes away. The queue
      // shown next is right at once: the decided step leaves its cached pages before the refetch.
      forgetDecidedStep(queryClient, organizationId, requisition.id);
      onDone?.(submission.action);
      void queryClient.invalidateQueries({ queryKey: requisitionKeys.all(organizationId) });
    },
    onError: (error) => {
      toast.error(serverMessage(error) ?? approvalActionMessages.failure);
      if (isApiError(error)) {
        const commentsError = error.details.find((detail) => detail.field.endsWith('comments'));
        const delegateError = error.details.find((detail) => detail.field.endsWith('delegate_to_user_id'));
        setFieldErrors({ comments: commentsError?.message, delegate: delegateError?.message });
        // Someone else decided the step meanwhile: show the requisition as it now stands.
        if (error.status === 409) {
          void queryClient.invalidateQueries({ queryKey: requisitionKeys.all(organizationId) });
        }
      }
    },
  });

  const blankComments = comments.trim() === '';
  const incomplete =
    option === null ||
    (option.commentsRequired && blankComments) ||
    (option.value === 'delegate' && !delegateTo);
  const controlsDisabled = !canAct || mutation.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canAct || incomplete || option === null || mutation.isPending) return;
    mutation.mutate({ action: option.value, comments, delegateToUserId: delegateTo });
  };

  const delegateOptions = (candidates.data?.users ?? []).map((user) => ({
    value: user.id,
    label: userLabel(user),
  }));

  return (
    <form aria-label="Approval decision" onSubmit={submit} noValidate>
      <Flex direction="column" gap="4">
        {isLoading ? (
          <Flex align="center" gap="2">
            <Spinner size="1" label="Checking your approval step" />
            <Text size="2" color="gray">
              Checking your approval step…
            </Text>
          </Flex>
        ) : step === null ? (
          <Callout variant="warning">{approvalActionMessages.noPendingStep}</Callout>
        ) : (
          <Text as="p" size="2" color="gray">
            You are deciding at{' '}
            <Text weight="medium" highContrast>
              {step.level_title}
            </Text>
            .
          </Text>
        )}

        <Flex direction="column" gap="2">
          <Text as="div" id={actionLabelId} size="2" weight="medium">
            Action
          </Text>
          <RadioCards.Root
            aria-labelledby={actionLabelId}
            value={action ?? ''}
            onValueChange={(value) => {
              setAction(value as ApprovalActionName);
              setFieldErrors({});
            }}
            disabled={controlsDisabled}
            columns="repeat(auto-fit, minmax(240px, 1fr))"
            gap="2"
            size="1"
          >
            {actionOptions.map(({ value, label, description, Icon, color }) => (
              <RadioCards.Item
                key={value}
                value={value}
                aria-label={label}
                aria-describedby={`${formId}-${value}-description`}
                style={{ justifyContent: 'flex-start', alignItems: 'flex-start' }}
              >
                <Flex gap="2" align="start">
                  <Icon
                    size={18}
                    aria-hidden
                    style={{
                      color: controlsDisabled ? 'var(--gray-a8)' : `var(--${color}-11)`,
                      flexShrink: 0,
                      marginTop: 1,
                    }}
                  />
                  <Flex direction="column" gap="1" align="start">
                    <Text size="2" weight="bold">
                      {label}
                    </Text>
                    <Text id={`${formId}-${value}-description`} size="1" color="gray">
                      {description}
                    </Text>
                  </Flex>
                </Flex>
              </RadioCards.Item>
            ))}
          </RadioCards.Root>
        </Flex>

        {option?.value === 'delegate' ? (
          <SelectDropdown
            label="Delegate to"
            required
            options={delegateOptions}
            value={delegateTo}
            onChange={(value) => {
              setDelegateTo(value);
              setFieldErrors((errors) => ({ ...errors, delegate: undefined }));
            }}
            placeholder={candidates.isPending ? 'Loading...' : 'Select an approver'}
            disabled={controlsDisabled || candidates.isPending}
            error={
              fieldErrors.delegate ??
              (candidates.isError ? 'Failed to load the approvers you can delegate to.' : undefined)
            }
            hint="Approvers of this organization, other than you and the requestor."
          />
        ) : null}

        <TextArea
          label="Comments"
          required={option?.commentsRequired ?? false}
          value={comments}
          onChange={(event) => {
            setComments(event.target.value);
            setFieldErrors((errors) => ({ ...errors, comments: undefined }));
          }}
          disabled={controlsDisabled}
          maxLength={COMMENTS_MAX_LENGTH}
          rows={4}
          placeholder={option?.commentsRequired ? 'Explain your decision' : 'Add a comment (optional)'}
          hint={option?.commentsHint ?? 'Required when rejecting or requesting information.'}
          error={fieldErrors.comments}
        />

        <Flex gap="3" justify="end" wrap="wrap">
          {onCancel ? (
            <Button type="button" variant="secondary" onClick={onCancel} disabled={mutation.isPending}>
              Cancel
            </Button>
          ) : null}
          <Button
            type="submit"
            variant={option?.variant ?? 'primary'}
            disabled={controlsDisabled || incomplete}
            loading={mutation.isPending}
          >
            {option?.submitLabel ?? 'Submit Decision'}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
