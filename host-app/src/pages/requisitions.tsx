import { EditRequisitionScreen, RequisitionDetailScreen } from '@purchasing/screens';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';

export { CreateRequisitionScreen } from '@purchasing/screens';

/** `/requisitions/{id}`: one requisition; a new id starts with fresh dialogs. */
export function RequisitionDetailPage(): ReactElement {
  const { id } = getRouteApi('/app/requisitions/$id').useParams();
  return <RequisitionDetailScreen key={id} requisitionId={id} />;
}

/** `/requisitions/{id}/edit`: the edit form; a new id starts a fresh form. */
export function EditRequisitionPage(): ReactElement {
  const { id } = getRouteApi('/app/requisitions/$id/edit').useParams();
  return <EditRequisitionScreen key={id} requisitionId={id} />;
}
