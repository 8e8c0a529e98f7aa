import { forgetDecidedStep, isApiError, requisitionKeys, type Schemas, unwrap } from '@purchasing/api-client';
import { Button, Modal, TextArea, toast } from '@purchasing/ui';
import { Flex, Text } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { usePurchasing } from '../PurchasingProvider';
import { type BulkAction, type BulkDecisionState, bulkDecisionMessages } from './BulkDecisions';

type BulkResult = Schemas['BulkDecisionResult'];

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
