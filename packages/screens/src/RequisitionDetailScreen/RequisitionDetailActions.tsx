import type { Schemas } from '@purchasing/api-client';
import { Button } from '@purchasing/ui';
import { ClipboardCheck, Printer, Send, Trash2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { EditLinkButton } from '../kit/detail/EditLinkButton';
import { usePurchasing } from '../PurchasingProvider';

type Requisition = Schemas['Requisition'];

/** Props of {@link RequisitionDetailActions}. */
export interface RequisitionDetailActionsProps {
  requisition: Requisition;
  /** Show Edit, Delete and Submit (or Resubmit). */
  requestorMayChange: boolean;
  /** Show Edit alone: the requestor's approved requisition without an order (changes after approval). */
  requestorMayEditApproved?: boolean;
  /** Show Review. */
  mayReview: boolean;
  submitting: boolean;
  onSubmit(): void;
  onDelete(): void;
  onReview(): void;
}

/** The actions of the detail: Print, then Edit, Delete and Submit for the requestor, or Review for an approver. */
export function RequisitionDetailActions({
  requisition,
  requestorMayChange,
  requestorMayEditApproved = false,
  mayReview,
  submitting,
  onSubmit,
  onDelete,
  onReview,
}: RequisitionDetailActionsProps): ReactElement {
  const { navigation } = usePurchasing();
  return (
    <>
      <Button variant="secondary" onClick={() => window.print()}>
        <Printer size={16} aria-hidden />
        Print
      </Button>
      {requestorMayChange || requestorMayEditApproved ? (
        <EditLinkButton href={navigation.hrefs.requisitionEdit(requisition.id)} />
      ) : null}
      {requestorMayChange ? (
        <>
          <Button variant="secondary" color="red" onClick={onDelete}>
            <Trash2 size={16} aria-hidden />
            Delete
          </Button>
          <Button onClick={onSubmit} loading={submitting}>
            <Send size={16} aria-hidden />
            {requisition.status === 'info_requested' ? 'Resubmit' : 'Submit'}
          </Button>
        </>
      ) : null}
      {mayReview ? (
        <Button onClick={onReview}>
          <ClipboardCheck size={16} aria-hidden />
          Review
        </Button>
      ) : null}
    </>
  );
}
