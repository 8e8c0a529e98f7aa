import { ConfirmDialog, formatDate, formatMoney, Modal, StatusBadge } from '@purchasing/ui';
import { type ReactElement, useState } from 'react';
import { ApprovalActionForm, type ApprovalDecision } from '../ApprovalActionForm';
import { DetailLayout } from '../kit/detail/DetailScreen';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { BudgetOverrunCallout } from '../shared/BudgetOverrun';
import { fullName } from '../shared/display';
import { InfoRequestedBanner } from './InfoRequestedBanner';
import { QuickInfoPanel } from './QuickInfoPanel';
import { RequisitionDetailActions } from './RequisitionDetailActions';
import { type LoadedRequisitionProps, RequisitionPage } from './RequisitionPage';
import { RequisitionPanels, WorkflowPanel } from './RequisitionPanels';
import { requisitionDetailMessages } from './requisitionDetailMessages';
import { useRequisitionDetailActions } from './useRequisitionDetailActions';

export { requisitionDetailMessages } from './requisitionDetailMessages';

/** Props of {@link RequisitionDetailScreen}. */
export interface RequisitionDetailScreenProps {
  /** The requisition's id, from the route (`/requisitions/{id}`). */
  requisitionId: string;
  /**
   * Called after the server accepted a decision taken in the screen's Review dialog (the success toast
   * is shown); the screen stays on the requisition and shows its new state.
   */
  onDecided?(decision: ApprovalDecision): void;
}

/**
 * The requisition detail screen (document 1 §2 'Requisition detail'): breadcrumb, number, status and
 * created date; Print, Edit, Submit/Resubmit, Review and Delete as the status and the user allow; the
 * info-requested banner; the details, line items, attachments (with downloads), quick info and the
 * approval workflow. Totals, statuses and permissions are the server's: the screen only hides what the
 * user cannot do.
 */
export function RequisitionDetailScreen({
  requisitionId,
  onDecided,
}: RequisitionDetailScreenProps): ReactElement {
  const { navigation } = usePurchasing();
  return (
    <RequisitionPage
      requisitionId={requisitionId}
      backTo={{
        label: 'Requisitions',
        href: navigation.hrefs.requisitions(),
        backLabel: 'Back to Requisitions',
      }}
      messages={{
        noOrganization: requisitionDetailMessages.noOrganization,
        notFound: requisitionDetailMessages.notFound,
        notFoundDescription: requisitionDetailMessages.notFoundDescription,
        loadFailed: requisitionDetailMessages.loadFailed,
      }}
    >
      {(requisition, organizationId) => (
        <RequisitionDetail requisition={requisition} organizationId={organizationId} onDecided={onDecided} />
      )}
    </RequisitionPage>
  );
}

function RequisitionDetail({ requisition, organizationId, onDecided }: LoadedRequisitionProps): ReactElement {
  const { user, hasPermission } = useSession();
  const [reviewOpen, setReviewOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const { submit, remove } = useRequisitionDetailActions(requisition, organizationId, () =>
    setDeleteOpen(false),
  );

  const { status } = requisition;
  const isRequestor = user !== null && user.id === requisition.requestor.id;
  // Hides what the server would refuse anyway (document 1 §4); the server still decides.
  const requestorMayChange = isRequestor && (status === 'draft' || status === 'info_requested');
  // An approved requisition without an order may be edited by its requestor (issue 15 item 7).
  const requestorMayEditApproved = isRequestor && status === 'approved';
  const mayReview = status === 'under_review' && !isRequestor && hasPermission('approval.act');

  return (
    <DetailLayout
      title={requisition.requisition_number}
      status={<StatusBadge status={status} />}
      subtitle={`Created ${formatDate(requisition.created_at)} by ${fullName(requisition.requestor)}`}
      actions={
        <RequisitionDetailActions
          requisition={requisition}
          requestorMayChange={requestorMayChange}
          requestorMayEditApproved={requestorMayEditApproved}
          mayReview={mayReview}
          submitting={submit.isPending}
          onSubmit={() => submit.mutate()}
          onDelete={() => setDeleteOpen(true)}
          onReview={() => setReviewOpen(true)}
        />
      }
      callouts={
        <>
          {status === 'info_requested' ? (
            <InfoRequestedBanner requisition={requisition} showUpdate={isRequestor} />
          ) : null}
          <BudgetOverrunCallout requisition={requisition} />
        </>
      }
      main={<RequisitionPanels requisition={requisition} organizationId={organizationId} />}
      aside={<QuickInfoPanel requisition={requisition} />}
      history={<WorkflowPanel requisition={requisition} organizationId={organizationId} />}
    >
      {mayReview ? (
        <Modal
          open={reviewOpen}
          onOpenChange={setReviewOpen}
          title={`Review ${requisition.requisition_number}`}
          description={`${fullName(requisition.requestor)} requests ${formatMoney(
            requisition.total_amount,
            requisition.currency,
          )}.`}
          size="lg"
        >
          <ApprovalActionForm
            requisition={requisition}
            onDone={(action) => {
              setReviewOpen(false);
              onDecided?.({ action, requisition });
            }}
            onCancel={() => setReviewOpen(false)}
          />
        </Modal>
      ) : null}

      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        onConfirm={() => remove.mutate()}
        title="Delete Requisition"
        message={requisitionDetailMessages.deleteConfirm(requisition.requisition_number)}
        confirmLabel="Delete"
        variant="danger"
        loading={remove.isPending}
      />
    </DetailLayout>
  );
}
