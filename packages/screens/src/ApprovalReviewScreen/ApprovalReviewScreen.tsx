import { formatDate, StatusBadge } from '@purchasing/ui';
import { Button as RadixButton } from '@radix-ui/themes';
import { FileText } from 'lucide-react';
import type { ReactElement } from 'react';
import { ApprovalActionForm, type ApprovalDecision } from '../ApprovalActionForm';
import { DetailLayout } from '../kit/detail/DetailScreen';
import { Panel } from '../kit/detail/Panel';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { QuickInfoPanel } from '../RequisitionDetailScreen/QuickInfoPanel';
import { type LoadedRequisitionProps, RequisitionPage } from '../RequisitionDetailScreen/RequisitionPage';
import { RequisitionPanels, WorkflowPanel } from '../RequisitionDetailScreen/RequisitionPanels';
import { BudgetOverrunCallout } from '../shared/BudgetOverrun';
import { fullName } from '../shared/display';

/** Props of {@link ApprovalReviewScreen}. */
export interface ApprovalReviewScreenProps {
  /** The id of the requisition under review (the `{id}` of `/approvals/{id}`). */
  requisitionId: string;
  /**
   * Called after the server accepted the approver's decision (the success toast is shown), just before
   * the screen returns to the approval queue (`navigation.hrefs.approvals()`).
   */
  onDecided?(decision: ApprovalDecision): void;
}

/** Product copy of the approval review (document 1 §2 "Approval review", §8). */
export const approvalReviewMessages = {
  loadError: 'Failed to load requisition details.',
  notFound: "Requisition not found or you don't have permission to view it.",
  noOrganization: 'Please select an organization from the header to review approvals',
  notSpecified: 'Not specified',
  takeAction: 'Take Action',
} as const;

/**
 * The approval review (`/approvals/{id}`): the requisition's panels as the detail shows them (details,
 * line items, attachments with their downloads, quick info and the approval workflow) beside a sticky
 * 'Take Action' panel holding the {@link ApprovalActionForm} (one column on narrow screens). After a
 * successful decision it calls `onDecided` and returns to the approval queue. The form itself asks the server whether the
 * user has an open step and says so when not.
 */
export function ApprovalReviewScreen({ requisitionId, onDecided }: ApprovalReviewScreenProps): ReactElement {
  const { navigation } = usePurchasing();
  return (
    <RequisitionPage
      requisitionId={requisitionId}
      maxWidth={1280}
      backTo={{ label: 'Approvals', href: navigation.hrefs.approvals(), backLabel: 'Back to Approvals' }}
      placeholder="Review"
      messages={{
        noOrganization: approvalReviewMessages.noOrganization,
        notFound: 'Requisition not found',
        notFoundDescription: approvalReviewMessages.notFound,
        loadFailed: approvalReviewMessages.loadError,
      }}
    >
      {(requisition, organizationId) => (
        <ApprovalReview requisition={requisition} organizationId={organizationId} onDecided={onDecided} />
      )}
    </RequisitionPage>
  );
}

function ApprovalReview({ requisition, organizationId, onDecided }: LoadedRequisitionProps): ReactElement {
  const { navigation } = usePurchasing();
  const fullRecord = useLinkProps(navigation.hrefs.requisitionDetail(requisition.id));
  return (
    <DetailLayout
      title={requisition.requisition_number}
      status={<StatusBadge status={requisition.status} />}
      subtitle={
        requisition.submitted_at
          ? `Submitted ${formatDate(requisition.submitted_at)} by ${fullName(requisition.requestor)}`
          : `Raised ${formatDate(requisition.created_at)} by ${fullName(requisition.requestor)}`
      }
      actions={
        <RadixButton asChild variant="soft" color="gray">
          <a {...fullRecord}>
            <FileText size={16} aria-hidden />
            Open Requisition
          </a>
        </RadixButton>
      }
      callouts={<BudgetOverrunCallout requisition={requisition} />}
      main={<RequisitionPanels requisition={requisition} organizationId={organizationId} />}
      // Sticky on wide screens, so the decision stays at hand while the reader scrolls the details.
      stickyAside
      aside={
        <Panel title={approvalReviewMessages.takeAction}>
          <ApprovalActionForm
            requisition={requisition}
            onDone={(action) => {
              onDecided?.({ action, requisition });
              navigation.navigate(navigation.hrefs.approvals());
            }}
          />
        </Panel>
      }
      history={
        <>
          <QuickInfoPanel requisition={requisition} />
          <WorkflowPanel requisition={requisition} organizationId={organizationId} />
        </>
      }
    />
  );
}
