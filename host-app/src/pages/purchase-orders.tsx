import {
  PurchaseOrderDetailScreen,
  PurchaseOrderEditScreen,
  PurchaseOrderListScreen,
} from '@purchasing/screens';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';

export { PurchaseOrderCreateScreen } from '@purchasing/screens';

const listRoute = getRouteApi('/app/purchase-orders');

/**
 * `/purchase-orders`: the list, whose search, filters and page live in the URL (validated, never
 * rejected), so a filtered view can be bookmarked.
 */
export function PurchaseOrderListPage(): ReactElement {
  const search = listRoute.useSearch();
  const navigate = useNavigate({ from: '/purchase-orders' });
  return (
    <PurchaseOrderListScreen
      search={search}
      onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}

/** `/purchase-orders/{id}`: one purchase order; a new id starts with fresh dialogs. */
export function PurchaseOrderDetailPage(): ReactElement {
  const { id } = getRouteApi('/app/purchase-orders/$id').useParams();
  return <PurchaseOrderDetailScreen key={id} purchaseOrderId={id} />;
}

/** `/purchase-orders/{id}/edit`: the edit form of a draft; a new id starts a fresh form. */
export function PurchaseOrderEditPage(): ReactElement {
  const { id } = getRouteApi('/app/purchase-orders/$id/edit').useParams();
  return <PurchaseOrderEditScreen key={id} purchaseOrderId={id} />;
}
