import type { Schemas } from '@purchasing/api-client';
import type { ReactElement } from 'react';
import { ApprovalWorkflowTimeline } from '../ApprovalWorkflowTimeline';
import { AttachmentsPanel } from '../kit/detail/AttachmentsPanel';
import { Panel } from '../kit/detail/Panel';
import { DetailsPanel } from './DetailsPanel';
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

/** The approval workflow's timeline, sorted by level. */
export function WorkflowPanel({ requisition }: { requisition: Requisition }): ReactElement {
  return (
    <Panel title="Approval Workflow">
      <ApprovalWorkflowTimeline steps={requisition.approval_workflow} currency={requisition.currency} />
    </Panel>
  );
}
