import { purchaseOrderQueries } from '@purchasing/api-client';
import type { ReactElement } from 'react';
import { DetailScreen } from '../kit/detail/DetailScreen';
import { useDetailScreen } from '../kit/detail/useDetailScreen';
import { usePurchasing } from '../PurchasingProvider';
import { purchaseOrderMessages } from '../shared/purchaseOrders';
import { PurchaseOrderDetail } from './PurchaseOrderDetail';

/** Props of {@link PurchaseOrderDetailScreen}. */
export interface PurchaseOrderDetailScreenProps {
  /** The order's id, from the route (`/purchase-orders/{id}`). */
  purchaseOrderId: string;
}

/** Product copy of the purchase order detail screen (document 2 §2 and §8, and our own wording). */
export const purchaseOrderDetailMessages = {
  notFound: purchaseOrderMessages.notFound,
  notFoundDescription: purchaseOrderMessages.notFoundDescription,
  loadFailed: purchaseOrderMessages.detailLoadFailed,
  noOrganization: 'Please select an organization to view this purchase order.',
  backToList: 'Back to Purchase Orders',
} as const;

/**
 * The purchase order detail screen (document 2 §2 "Purchase order detail"): breadcrumb, PO number,
 * status and created date; Edit and Send to Vendor on drafts, Mark as Received on sent orders, Cancel
 * on drafts and sent orders, each shown only to users whose role allows it (the server decides); the
 * details, vendor, line items, addresses, history and attachments; a link to the requisition the order
 * was raised from. A missing order shows 'Purchase order not found' with a way back to the list.
 */
export function PurchaseOrderDetailScreen({ purchaseOrderId }: PurchaseOrderDetailScreenProps): ReactElement {
  const { navigation } = usePurchasing();
  const state = useDetailScreen({
    query: purchaseOrderQueries.detail,
    pick: (body) => body.purchase_order,
    id: purchaseOrderId,
  });
  return (
    <DetailScreen
      state={state}
      backTo={{
        label: 'Purchase Orders',
        href: navigation.hrefs.purchaseOrders(),
        backLabel: purchaseOrderDetailMessages.backToList,
      }}
      crumb={(order) => order.po_number}
      messages={{
        loading: 'Loading purchase order',
        noOrganization: purchaseOrderDetailMessages.noOrganization,
        notFound: purchaseOrderDetailMessages.notFound,
        notFoundDescription: purchaseOrderDetailMessages.notFoundDescription,
        loadFailed: purchaseOrderDetailMessages.loadFailed,
        retry: purchaseOrderMessages.tryAgain,
      }}
    >
      {(order, organizationId) => <PurchaseOrderDetail order={order} organizationId={organizationId} />}
    </DetailScreen>
  );
}
