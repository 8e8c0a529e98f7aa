import { EditRequisitionScreen, RequisitionDetailScreen, RequisitionListScreen } from '@purchasing/screens';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';

export { CreateRequisitionScreen } from '@purchasing/screens';

const listRoute = getRouteApi('/app/requisitions');

/**
 * `/requisitions`: the list, whose search, filters and page live in the URL (validated, never
 * rejected), so a filtered view can be bookmarked.
 */
export function RequisitionListPage(): ReactElement {
  const search = listRoute.useSearch();
  const navigate = useNavigate({ from: '/requisitions' });
  return (
    <RequisitionListScreen
      search={search}
      onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}

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
