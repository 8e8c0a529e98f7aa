import { requisitionQueries, type Schemas } from '@purchasing/api-client';
import type { ReactElement } from 'react';
import type { ApprovalDecision } from '../ApprovalActionForm';
import { DetailScreen, type DetailScreenProps } from '../kit/detail/DetailScreen';
import { useDetailScreen } from '../kit/detail/useDetailScreen';

type Requisition = Schemas['Requisition'];

/** What a page about a loaded requisition is given: the requisition, and how to report a decision on it. */
export interface LoadedRequisitionProps {
  requisition: Requisition;
  organizationId: string;
  /** Called after the server accepted a decision taken on the page. */
  onDecided?(decision: ApprovalDecision): void;
}

/** Props of {@link RequisitionPage}. */
export interface RequisitionPageProps
  extends Omit<DetailScreenProps<Requisition>, 'state' | 'crumb' | 'messages'> {
  requisitionId: string;
  messages: Omit<DetailScreenProps<Requisition>['messages'], 'loading'>;
}

/**
 * A page about one requisition (its detail, its approval review): `GET /requisitions/{id}` in the
 * {@link DetailScreen} frame, named by its number in the breadcrumb.
 */
export function RequisitionPage({ requisitionId, messages, ...props }: RequisitionPageProps): ReactElement {
  const state = useDetailScreen({
    query: requisitionQueries.detail,
    pick: (body) => body.requisition,
    id: requisitionId,
  });
  return (
    <DetailScreen
      {...props}
      state={state}
      crumb={(requisition) => requisition.requisition_number}
      messages={{ loading: 'Loading requisition', ...messages }}
    />
  );
}
