import { zodResolver } from '@hookform/resolvers/zod';
import {
  purchaseOrderKeys,
  queryKeys,
  requisitionKeys,
  requisitionQueries,
  type Schemas,
  unwrap,
  vendorQueries,
} from '@purchasing/api-client';
import { formatMoney } from '@purchasing/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type UseFormGetFieldState, type UseFormSetValue, useWatch } from 'react-hook-form';
import { useServerForm } from '../kit/form/useServerForm';
import { usePurchasing } from '../PurchasingProvider';
import { todayIsoDate } from '../RequisitionFormScreen/requisitionFormSchema';
import { messageOf } from '../RequisitionFormScreen/serverErrors';
import {
  emptyPurchaseOrderForm,
  type PurchaseOrderFormOutput,
  type PurchaseOrderFormValues,
  placePurchaseOrderErrors,
  purchaseOrderFormSchema,
  toPurchaseOrderCreate,
} from '../shared/purchaseOrderForm';
import { APPROVED_REQUISITION_LIMIT, purchaseOrderCreateMessages } from './purchaseOrderCreateMessages';

/**
 * The logic of the new purchase order form: the approved requisitions and active vendors to choose from,
 * the chosen requisition's details, what a choice prefills, and Create (`POST /purchase-orders`, then the
 * new order's detail page; server field errors placed on their fields).
 */
export function usePurchaseOrderCreate({
  organizationId,
  addressDefaults,
}: {
  organizationId: string;
  addressDefaults: Schemas['PurchaseOrderAddressDefaults'];
}) {
  const { client, navigation } = usePurchasing();
  const queryClient = useQueryClient();
  const form = useServerForm({
    defaultValues: () => emptyPurchaseOrderForm(addressDefaults.billing_address ?? ''),
    resolver: zodResolver(purchaseOrderFormSchema('create')),
    mode: 'onSubmit',
    // Every way out asks while changes would be lost; a created order leaves without asking.
    recordName: 'this purchase order',
    send: (values: PurchaseOrderFormOutput) =>
      unwrap(
        client.api.POST('/purchase-orders', {
          params: { header: { 'X-Organization-Id': organizationId } },
          body: toPurchaseOrderCreate(values),
        }),
      ),
    saved: ({ purchase_order: order }) => {
      queryClient.setQueryData(purchaseOrderKeys.detail(organizationId, order.id), { purchase_order: order });
      void queryClient.invalidateQueries({ queryKey: purchaseOrderKeys.all(organizationId) });
      // The requisition is now po_created: lists and the approval history show it so.
      void queryClient.invalidateQueries({ queryKey: requisitionKeys.all(organizationId) });
      void queryClient.invalidateQueries({ queryKey: queryKeys.organizationSummary(organizationId) });
      return {
        message: purchaseOrderCreateMessages.created(order.po_number),
        leaveTo: navigation.hrefs.purchaseOrderDetail(order.id),
      };
    },
    placeErrors: placePurchaseOrderErrors,
    failMessage: (error) => messageOf(error, purchaseOrderCreateMessages.createFailed),
    // Someone else may have raised an order from this requisition meanwhile.
    refused: () => void approved.refetch(),
  });
  const { control, setValue, getFieldState } = form.methods;

  const requisitionId = useWatch({ control, name: 'requisition_id' });
  const vendorId = useWatch({ control, name: 'vendor_id' });

  const approved = useQuery(
    requisitionQueries.list(client, organizationId, {
      status: ['approved'],
      limit: APPROVED_REQUISITION_LIMIT,
      offset: 0,
    }),
  );
  const vendors = useQuery(vendorQueries.list(client, organizationId));
  const requisition = useQuery({
    ...requisitionQueries.detail(client, organizationId, requisitionId),
    enabled: requisitionId !== '',
  });
  const vendor = vendors.data?.vendors.find((entry) => entry.id === vendorId) ?? null;

  const requisitionOptions = (approved.data?.requisitions ?? []).map((entry) => ({
    value: entry.id,
    label: [
      entry.requisition_number,
      entry.justification?.trim() || 'No justification',
      formatMoney(entry.total_amount, entry.currency),
    ].join(' · '),
  }));
  const vendorOptions = (vendors.data?.vendors ?? []).map((entry) => ({
    value: entry.id,
    label: entry.email ? entry.name : `${entry.name} (no email)`,
  }));

  /** A chosen requisition prefills the shipping address and delivery date. */
  const chooseRequisition = (id: string) => {
    const summary = approved.data?.requisitions.find((entry) => entry.id === id);
    if (summary) prefillFromRequisition(summary, addressDefaults, setValue, getFieldState);
  };

  const chooseVendor = (id: string) => {
    const chosen = vendors.data?.vendors.find((entry) => entry.id === id);
    // The vendor's usual terms, unless the buyer already chose some.
    if (chosen?.payment_terms && !getFieldState('payment_terms').isDirty) {
      setValue('payment_terms', chosen.payment_terms);
    }
  };

  return {
    form,
    requisitionId,
    approved,
    vendors,
    requisition,
    vendor,
    requisitionOptions,
    vendorOptions,
    chooseRequisition,
    chooseVendor,
  };
}

/**
 * A chosen requisition fills what it knows: its shipping address (without one, the address the
 * server gives such an order, `defaults.shipping_address`), and its delivery date when that is still
 * ahead. A field the buyer already worked on is left alone.
 */
function prefillFromRequisition(
  requisition: Schemas['RequisitionSummary'],
  defaults: Schemas['PurchaseOrderAddressDefaults'],
  setValue: UseFormSetValue<PurchaseOrderFormValues>,
  getFieldState: UseFormGetFieldState<PurchaseOrderFormValues>,
): void {
  const options = { shouldDirty: true } as const;
  if (!getFieldState('shipping_address').isTouched) {
    const own = requisition.shipping_address?.trim();
    setValue('shipping_address', own || (defaults.shipping_address ?? ''), options);
  }
  const due = requisition.delivery_date;
  if (due && due >= todayIsoDate() && !getFieldState('delivery_date').isTouched) {
    setValue('delivery_date', due, options);
  }
}
