import { purchaseOrderQueries } from '@purchasing/api-client';
import { Button, Callout, EmptyState, Spinner } from '@purchasing/ui';
import { Flex, Button as RadixButton, Card as RadixCard } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, FileSearch } from 'lucide-react';
import type { ReactElement } from 'react';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { isMissingRecord } from '../shared/missingRecord';
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
  const { client, navigation } = usePurchasing();
  const { currentOrganization, organizationsLoading } = useSession();
  const organizationId = currentOrganization?.id ?? '';
  const backToList = useLinkProps(navigation.hrefs.purchaseOrders());
  const detail = useQuery({
    ...purchaseOrderQueries.detail(client, organizationId, purchaseOrderId),
    enabled: organizationId !== '',
  });

  if (organizationsLoading) return <LoadingState />;
  if (!currentOrganization) {
    return <Callout variant="info">{purchaseOrderDetailMessages.noOrganization}</Callout>;
  }
  if (detail.isPending) return <LoadingState />;
  if (detail.isError) {
    if (isMissingRecord(detail.error)) {
      return (
        <RadixCard size="3">
          <EmptyState
            icon={<FileSearch size={32} />}
            title={purchaseOrderDetailMessages.notFound}
            description={purchaseOrderDetailMessages.notFoundDescription}
            action={
              <RadixButton asChild variant="soft">
                <a {...backToList}>
                  <ArrowLeft size={16} aria-hidden />
                  {purchaseOrderDetailMessages.backToList}
                </a>
              </RadixButton>
            }
          />
        </RadixCard>
      );
    }
    return (
      <Callout
        variant="error"
        action={
          <Button size="1" variant="secondary" onClick={() => void detail.refetch()}>
            {purchaseOrderMessages.tryAgain}
          </Button>
        }
      >
        {purchaseOrderDetailMessages.loadFailed}
      </Callout>
    );
  }
  return <PurchaseOrderDetail order={detail.data.purchase_order} organizationId={organizationId} />;
}

function LoadingState(): ReactElement {
  return (
    <Flex justify="center" py="9">
      <Spinner label="Loading purchase order" />
    </Flex>
  );
}
