import { forgetDecidedStep, isApiError, requisitionKeys, type Schemas, unwrap } from '@purchasing/api-client';
import { Button, Modal, TextArea, toast } from '@purchasing/ui';
import { Card, Flex, Text } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, X, XCircle } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { usePurchasing } from '../PurchasingProvider';

type BulkResult = Schemas['BulkDecisionResult'];
/**
 * The decisions the queue takes without opening the review: approve and reject for several
 * requisitions at once, and a request for information on one.
 */
export type BulkAction = 'approve' | 'reject' | 'request_info';

/** Product copy of the queue's bulk decisions (own wording: the specification has none). */
export const bulkDecisionMessages = {
  selected: (count: number) => `${count} selected`,
  approve: 'Approve selected',
  reject: 'Reject selected',
  clear: 'Clear selection',
  approveTitle: (count: number) => `Approve ${count} ${count === 1 ? 'requisition' : 'requisitions'}`,
  rejectTitle: (count: number) => `Reject ${count} ${count === 1 ? 'requisition' : 'requisitions'}`,
  approveDescription:
    'Each one is approved at your level; the ones that cannot be are listed with the reason.',
  rejectDescription: 'The same comment goes to every requestor.',
  infoTitle: (number: string) => `Request information on ${number}`,
  infoDescription: 'The requisition goes back to its requestor with your question.',
  info: 'Request Info',
  commentRequired: 'A comment is required',
  done: (action: BulkAction, count: number) =>
    action === 'request_info'
      ? 'Information requested'
      : `${count} ${count === 1 ? 'requisition' : 'requisitions'} ${action === 'approve' ? 'approved' : 'rejected'}`,
  notDone: (count: number) => `${count} could not be decided`,
  failure: 'The decisions could not be sent. Please try again.',
  notDecided: 'Not decided',
} as const;

export interface BulkDecisionState {
  selected: ReadonlySet<string>;
  toggle(requisitionId: string): void;
  clear(): void;
  /** Why a requisition of the last bulk decision was not decided, by requisition id. */
  failures: ReadonlyMap<string, string>;
  /** Opens the decision dialog for these requisitions (default: the selection). */
  open(action: BulkAction, requisitionIds?: string[]): void;
  dialog: { action: BulkAction; ids: string[] } | null;
  close(): void;
  /** Takes in a bulk decision's results: the ones not decided stay selected, with their reasons. */
  settle(results: readonly BulkResult[]): void;
}

/** The queue's selection, the open bulk dialog and the last bulk decision's failures. */
export function useBulkDecisions(): BulkDecisionState {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [failures, setFailures] = useState<ReadonlyMap<string, string>>(new Map());
  const [dialog, setDialog] = useState<BulkDecisionState['dialog']>(null);
  return {
    selected,
    toggle: (id) =>
      setSelected((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    clear: () => setSelected(new Set()),
    failures,
    open: (action, ids) => {
      const chosen = ids ?? [...selected];
      if (chosen.length > 0) setDialog({ action, ids: chosen });
    },
    dialog,
    close: () => setDialog(null),
    settle: (results) => {
      const failed = results.filter((result) => !result.ok);
      setFailures(new Map(failed.map((result) => [result.requisition_id, result.error?.message ?? ''])));
      setSelected(new Set(failed.map((result) => result.requisition_id)));
      setDialog(null);
    },
  };
}

/** The bar above the cards while some are selected: how many, approve, reject, clear. */
export function BulkActionBar({ state }: { state: BulkDecisionState }): ReactElement | null {
  const count = state.selected.size;
  if (count === 0) return null;
  return (
    <Card size="1" role="region" aria-label="Selected approvals">
      <Flex align="center" justify="between" gap="3" wrap="wrap">
        <Text size="2" weight="medium" aria-live="polite">
          {bulkDecisionMessages.selected(count)}
        </Text>
        <Flex gap="2" wrap="wrap">
          <Button onClick={() => state.open('approve')}>
            <CheckCheck size={16} aria-hidden />
            {bulkDecisionMessages.approve}
          </Button>
          <Button variant="danger" onClick={() => state.open('reject')}>
            <XCircle size={16} aria-hidden />
            {bulkDecisionMessages.reject}
          </Button>
          <Button variant="ghost" onClick={state.clear}>
            <X size={16} aria-hidden />
            {bulkDecisionMessages.clear}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}

/**
 * Asks for the comment (required to reject) and sends one `POST /approvals/bulk`. The decided steps
 * leave the queue's cached pages at once; the others stay selected, each card saying why.
 */
export function BulkDecisionDialog({
  state,
  organizationId,
  numbers,
}: {
  state: BulkDecisionState;
  organizationId: string;
  /** Requisition numbers by id, for the dialog's list. */
  numbers: ReadonlyMap<string, string>;
}): ReactElement | null {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const [comments, setComments] = useState('');
  const [error, setError] = useState<string | undefined>();
  const dialog = state.dialog;
  const mutation = useMutation({
    mutationFn: async ({ action, ids, text }: { action: BulkAction; ids: string[]; text: string }) => {
      const header = { 'X-Organization-Id': organizationId };
      if (action === 'request_info') {
        // One requisition, by the single-item call; its refusal is an error like any other.
        const [requisitionId = ''] = ids;
        const { requisition } = await unwrap(
          client.api.POST('/approvals/{requisitionId}/request-info', {
            params: { path: { requisitionId }, header },
            body: { action, comments: text },
          }),
        );
        const result: BulkResult = {
          requisition_id: requisition.id,
          requisition_number: requisition.requisition_number,
          ok: true,
          status: requisition.status,
          error: null,
        };
        return { results: [result] };
      }
      return unwrap(
        client.api.POST('/approvals/bulk', {
          params: { header },
          body:
            action === 'approve'
              ? { action, comments: text || null, requisition_ids: ids }
              : { action, comments: text, requisition_ids: ids },
        }),
      );
    },
    onSuccess: ({ results }, { action }) => {
      const decided = results.filter((result) => result.ok);
      const failed = results.filter((result) => !result.ok);
      for (const result of decided) forgetDecidedStep(queryClient, organizationId, result.requisition_id);
      if (decided.length > 0) toast.success(bulkDecisionMessages.done(action, decided.length));
      if (failed.length > 0) toast.error(bulkDecisionMessages.notDone(failed.length));
      setComments('');
      state.settle(results);
      void queryClient.invalidateQueries({ queryKey: requisitionKeys.all(organizationId) });
    },
    onError: (failure) => {
      const comment = isApiError(failure)
        ? failure.details.find((d) => d.field.endsWith('comments'))
        : undefined;
      if (comment) setError(comment.message);
      else toast.error((isApiError(failure) && failure.message) || bulkDecisionMessages.failure);
    },
  });
  if (!dialog) return null;
  const { action, ids } = dialog;
  const copy = {
    approve: {
      title: bulkDecisionMessages.approveTitle(ids.length),
      description: bulkDecisionMessages.approveDescription,
      button: bulkDecisionMessages.approve,
    },
    reject: {
      title: bulkDecisionMessages.rejectTitle(ids.length),
      description: bulkDecisionMessages.rejectDescription,
      button: bulkDecisionMessages.reject,
    },
    request_info: {
      title: bulkDecisionMessages.infoTitle(numbers.get(ids[0] ?? '') ?? ''),
      description: bulkDecisionMessages.infoDescription,
      button: bulkDecisionMessages.info,
    },
  }[action];
  const submit = () => {
    const text = comments.trim();
    if (action !== 'approve' && !text) {
      setError(bulkDecisionMessages.commentRequired);
      return;
    }
    mutation.mutate({ action, ids, text });
  };
  return (
    <Modal
      open
      onOpenChange={(open) => {
        if (!open && !mutation.isPending) {
          setError(undefined);
          state.close();
        }
      }}
      title={copy.title}
      description={copy.description}
      footer={
        <>
          <Button variant="secondary" onClick={() => state.close()} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button
            variant={action === 'reject' ? 'danger' : 'primary'}
            onClick={submit}
            loading={mutation.isPending}
          >
            {copy.button}
          </Button>
        </>
      }
    >
      <Flex direction="column" gap="3">
        <Text as="p" size="2">
          {ids.map((id) => numbers.get(id) ?? id).join(', ')}
        </Text>
        <TextArea
          label="Comments"
          required={action !== 'approve'}
          maxLength={2000}
          value={comments}
          error={error}
          onChange={(event) => {
            setComments(event.target.value);
            setError(undefined);
          }}
        />
      </Flex>
    </Modal>
  );
}
