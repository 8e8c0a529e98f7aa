import type { Schemas } from '@purchasing/api-client';
import type { ReactElement } from 'react';
import { ApprovalWorkflowTimeline } from '../ApprovalWorkflowTimeline';
import { AttachmentsPanel } from '../kit/detail/AttachmentsPanel';
import { Panel } from '../kit/detail/Panel';
import { ApprovedChanges } from './ApprovedChanges';
import { DetailsPanel } from './DetailsPanel';
import { HistoryIntegrity } from './HistoryIntegrity';
import { LineItemsPanel } from './LineItemsPanel';

type Requisition = Schemas['Requisition'];

/**
 * The requisition's own panels, in the one order both the detail and the approval review show them:
 * details, line items, then attachments (each with its Download).
 */
export function RequisitionPanels({
  requisition,
  organizationId,
}: {
  requisition: Requisition;
  organizationId: string;
}): ReactElement {
  return (
    <>
      <DetailsPanel requisition={requisition} />
      <LineItemsPanel requisition={requisition} />
      <AttachmentsPanel attachments={requisition.attachments} organizationId={organizationId} />
    </>
  );
}

/**
 * The approval workflow's timeline, sorted by level; with `organizationId`, whether the history is
 * intact (tamper-evident history chain) and its exports under it.
 */
export function WorkflowPanel({
  requisition,
  organizationId,
}: {
  requisition: Requisition;
  organizationId?: string;
}): ReactElement {
  return (
    <Panel title="Approval Workflow">
      <ApprovalWorkflowTimeline steps={requisition.approval_workflow} currency={requisition.currency} />
      <ApprovedChanges edits={requisition.changes_after_approval} currency={requisition.currency} />
      {organizationId ? (
        <HistoryIntegrity
          requisitionId={requisition.id}
          requisitionNumber={requisition.requisition_number}
          organizationId={organizationId}
        />
      ) : null}
    </Panel>
  );
}
