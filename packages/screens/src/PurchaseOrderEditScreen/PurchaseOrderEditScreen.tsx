import { zodResolver } from '@hookform/resolvers/zod';
import { purchaseOrderKeys, purchaseOrderQueries, type Schemas, unwrap } from '@purchasing/api-client';
import { Breadcrumb, Callout, formatDate, formatMoney, Spinner, StatusBadge } from '@purchasing/ui';
import { Box, DataList, Flex, Grid, Link, Button as RadixButton, Separator, Text } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { type ReactElement, type ReactNode, useEffect, useRef } from 'react';
import { WayBackCard } from '../kit/detail/WayBackCard';
import { FormFrame } from '../kit/form/FormFrame';
import { useServerForm } from '../kit/form/useServerForm';
import { LoadFailed } from '../kit/LoadFailed';
import { PageHead } from '../kit/PageHead';
import { pageMaxWidth } from '../kit/themeVariables';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { messageOf } from '../RequisitionFormScreen/serverErrors';
import { useSession } from '../SessionProvider';
import { isMissingRecord } from '../shared/missingRecord';
import { Panel } from '../shared/Panel';
import {
  type PurchaseOrderFormOutput,
  PurchaseOrderTermsFields,
  placePurchaseOrderErrors,
  purchaseOrderFormSchema,
  purchaseOrderToFormValues,
  toPurchaseOrderUpdate,
} from '../shared/purchaseOrderForm';
import { orderCurrency, purchaseOrderMessages, vendorName } from '../shared/purchaseOrders';

type PurchaseOrder = Schemas['PurchaseOrder'];

/** Props of {@link PurchaseOrderEditScreen}. */
export interface PurchaseOrderEditScreenProps {
  /** The id of the order to edit (the route's `{id}`). */
  purchaseOrderId: string;
}

/** Product copy of the purchase order edit screen (document 2 §2 and §8, and our own wording). */
export const purchaseOrderEditMessages = {
  cannotEdit: purchaseOrderMessages.cannotEdit,
  onlyDrafts: purchaseOrderMessages.onlyDrafts,
  notFound: purchaseOrderMessages.notFound,
  notFoundDescription: purchaseOrderMessages.notFoundDescription,
  loadFailed: purchaseOrderMessages.detailLoadFailed,
  noPermission: purchaseOrderMessages.noEditPermission,
  updated: purchaseOrderMessages.updated,
  updateFailed: purchaseOrderMessages.updateFailed,
  noOrganization: 'Please select an organization to edit a purchase order.',
} as const;

/** How many lines the sidebar lists before '+N more items' (document 2 §2). */
export const SIDEBAR_LINE_COUNT = 3;

function Page({ children }: { children: ReactNode }): ReactElement {
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: pageMaxWidth(1200) }}>
      {children}
    </Flex>
  );
}

function Loading(): ReactElement {
  return (
    <Flex justify="center" py="9">
      <Spinner label="Loading purchase order" />
    </Flex>
  );
}

/**
 * Edit purchase order (document 2 §2, /purchase-orders/{id}/edit): the five editable fields of a draft
 * (delivery date, shipping and billing addresses, payment terms, notes) beside a summary of the order
 * with its first three lines. Only drafts can be edited: any other status shows 'This purchase order
 * cannot be edited'. The save sends only those five fields; the server's field errors show on the
 * fields, and a saved order opens its detail page.
 */
export function PurchaseOrderEditScreen({ purchaseOrderId }: PurchaseOrderEditScreenProps): ReactElement {
  const { currentOrganization, organizationsLoading } = useSession();
  if (organizationsLoading) return <Loading />;
  if (!currentOrganization) {
    return (
      <Page>
        <Callout variant="info">{purchaseOrderEditMessages.noOrganization}</Callout>
      </Page>
    );
  }
  return (
    <EditPurchaseOrder
      key={`${currentOrganization.id}:${purchaseOrderId}`}
      organizationId={currentOrganization.id}
      purchaseOrderId={purchaseOrderId}
    />
  );
}

function EditPurchaseOrder({
  organizationId,
  purchaseOrderId,
}: {
  organizationId: string;
  purchaseOrderId: string;
}): ReactElement {
  const { client, navigation } = usePurchasing();
  const { hasPermission } = useSession();
  const detail = useQuery(purchaseOrderQueries.detail(client, organizationId, purchaseOrderId));
  const order = detail.data?.purchase_order;
  const backToOrder = useLinkProps(navigation.hrefs.purchaseOrderDetail(purchaseOrderId));
  // Decided on the first answer only: a refetch after this form's own save must not flip the screen
  // to 'cannot be edited' under the user (the server refuses a stale save with its own message).
  const editable = useRef<boolean | null>(null);
  if (order && editable.current === null) editable.current = order.status === 'draft';

  const trail = [
    { label: 'Purchase Orders', href: navigation.hrefs.purchaseOrders() },
    {
      label: order?.po_number ?? 'Purchase Order',
      href: navigation.hrefs.purchaseOrderDetail(purchaseOrderId),
    },
  ];
  const breadcrumb = (
    <Breadcrumb items={[...trail, { label: 'Edit' }]} onNavigate={(href) => navigation.navigate(href)} />
  );

  let body: ReactNode;
  if (detail.isPending) {
    body = <Loading />;
  } else if (detail.isError) {
    body = isMissingRecord(detail.error) ? (
      <WayBackCard
        title={purchaseOrderEditMessages.notFound}
        description={purchaseOrderEditMessages.notFoundDescription}
        href={navigation.hrefs.purchaseOrders()}
        label="Back to Purchase Orders"
      />
    ) : (
      <LoadFailed
        error={detail.error}
        message={purchaseOrderEditMessages.loadFailed}
        retryLabel={purchaseOrderMessages.tryAgain}
        onRetry={() => void detail.refetch()}
      />
    );
  } else if (!editable.current) {
    body = (
      <WayBackCard
        icon={<Lock size={32} />}
        title={purchaseOrderEditMessages.cannotEdit}
        description={purchaseOrderEditMessages.onlyDrafts}
        href={navigation.hrefs.purchaseOrderDetail(purchaseOrderId)}
        label={`Back to ${detail.data.purchase_order.po_number}`}
      />
    );
  } else if (!hasPermission('purchase_order.manage')) {
    body = (
      <Callout
        variant="warning"
        action={
          <RadixButton asChild size="1" variant="soft" color="gray">
            <a {...backToOrder}>View order</a>
          </RadixButton>
        }
      >
        {purchaseOrderEditMessages.noPermission}
      </Callout>
    );
  } else {
    body = <EditForm order={detail.data.purchase_order} organizationId={organizationId} />;
  }

  return (
    <Page>
      {order ? (
        <PageHead
          trail={trail}
          title="Edit"
          heading={`Edit ${order.po_number}`}
          badge={<StatusBadge kind="purchase_order" status={order.status} />}
          description="Change the delivery, payment and addresses of this draft order before it is sent."
        />
      ) : (
        breadcrumb
      )}
      {body}
    </Page>
  );
}

function EditForm({ order, organizationId }: { order: PurchaseOrder; organizationId: string }): ReactElement {
  const { client, navigation } = usePurchasing();
  const queryClient = useQueryClient();
  const form = useServerForm({
    defaultValues: () => purchaseOrderToFormValues(order),
    resolver: zodResolver(purchaseOrderFormSchema('edit')),
    mode: 'onSubmit',
    recordName: order.po_number,
    send: (values: PurchaseOrderFormOutput) =>
      unwrap(
        client.api.PUT('/purchase-orders/{id}', {
          params: { path: { id: order.id }, header: { 'X-Organization-Id': organizationId } },
          body: toPurchaseOrderUpdate(values),
        }),
      ),
    saved: ({ purchase_order: updated }) => {
      queryClient.setQueryData(purchaseOrderKeys.detail(organizationId, order.id), {
        purchase_order: updated,
      });
      void queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.all(organizationId) });
      return {
        message: purchaseOrderEditMessages.updated,
        leaveTo: navigation.hrefs.purchaseOrderDetail(order.id),
      };
    },
    placeErrors: placePurchaseOrderErrors,
    failMessage: (error) => messageOf(error, purchaseOrderEditMessages.updateFailed),
  });
  const { trigger } = form.methods;

  // A draft whose delivery date has passed since it was written says so at once, not only on save.
  useEffect(() => {
    void trigger('delivery_date');
  }, [trigger]);

  return (
    <FormFrame
      form={form}
      label={`Edit ${order.po_number}`}
      bar={{
        cancelHref: navigation.hrefs.purchaseOrderDetail(order.id),
        submitLabel: 'Save Changes',
        busyLabel: 'Saving...',
        submitDisabled: !form.isDirty,
      }}
    >
      <Grid
        columns={{ initial: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }}
        gap="5"
        align="start"
      >
        <Panel
          title="Order Terms"
          description="Delivery, payment and addresses. Lines and totals come from the requisition and cannot be changed here."
        >
          <PurchaseOrderTermsFields control={form.control} requireDeliveryDate disabled={form.busy} />
        </Panel>
        <OrderSummary order={order} />
      </Grid>
    </FormFrame>
  );
}

/** The sidebar: vendor, requisition, created date and total, and the first three lines then '+N more items'. */
function OrderSummary({ order }: { order: PurchaseOrder }): ReactElement {
  const { navigation } = usePurchasing();
  const requisitionLink = useLinkProps(navigation.hrefs.requisitionDetail(order.requisition?.id ?? ''));
  const money = (amount: number) => formatMoney(amount, orderCurrency(order));
  const shown = order.po_line_items.slice(0, SIDEBAR_LINE_COUNT);
  const more = order.po_line_items.length - shown.length;
  return (
    <Panel title="Order Summary">
      <Flex direction="column" gap="4">
        <DataList.Root size="2">
          <DataList.Item>
            <DataList.Label minWidth="96px">Vendor</DataList.Label>
            <DataList.Value>
              <Text color={order.vendor ? undefined : 'gray'}>{vendorName(order.vendor)}</Text>
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="96px">Requisition</DataList.Label>
            <DataList.Value>
              {order.requisition ? (
                <Link {...requisitionLink}>{order.requisition.requisition_number}</Link>
              ) : (
                <Text color="gray">None</Text>
              )}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="96px">Created</DataList.Label>
            <DataList.Value>{formatDate(order.created_at)}</DataList.Value>
          </DataList.Item>
        </DataList.Root>
        <Separator size="4" />
        <Box>
          <Text as="p" size="2" weight="medium" mb="2" id="po-edit-lines">
            Line Items
          </Text>
          <Flex asChild direction="column" gap="3">
            <ul aria-labelledby="po-edit-lines" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {shown.map((line) => (
                <Flex asChild key={line.id} justify="between" gap="3">
                  <li>
                    <Flex direction="column" minWidth="0">
                      <Text size="2" style={{ overflowWrap: 'anywhere' }}>
                        {line.description}
                      </Text>
                      <Text size="1" color="gray">
                        {`${line.quantity} ${line.unit_of_measure} × ${money(line.unit_price)}`}
                      </Text>
                    </Flex>
                    <Text size="2" weight="medium" style={{ whiteSpace: 'nowrap' }}>
                      {money(line.total_amount)}
                    </Text>
                  </li>
                </Flex>
              ))}
            </ul>
          </Flex>
          {more > 0 ? (
            <Text as="p" size="2" color="gray" mt="3">
              {`+${more} more ${more === 1 ? 'item' : 'items'}`}
            </Text>
          ) : null}
        </Box>
        <Separator size="4" />
        <Flex justify="between" align="baseline">
          <Text size="2" weight="medium">
            Total
          </Text>
          <Text size="4" weight="bold">
            {money(order.total_amount)}
          </Text>
        </Flex>
      </Flex>
    </Panel>
  );
}
