import type { Schemas } from '@purchasing/api-client';
import { Button } from '@purchasing/ui';
import { Card, Flex, Text } from '@radix-ui/themes';
import { CheckCheck, X, XCircle } from 'lucide-react';
import { type ReactElement, useState } from 'react';

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
