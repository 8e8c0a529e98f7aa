/**
 * The purchase-order form shared by Create and Edit: its values and rules, the five editable fields
 * (delivery date, payment terms, shipping and billing addresses, notes) and the placement of the
 * server's field errors.
 */
import type { Schemas } from '@purchasing/api-client';
import { Box, Grid } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import type { Control, UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { FormChoice, FormDatePicker, FormTextArea } from '../kit/form/FormFields';
import { type PlacedFieldErrors, placeFieldErrors } from '../kit/form/useServerForm';
import { todayIsoDate } from '../RequisitionFormScreen/requisitionFormSchema';
import {
  DEFAULT_PAYMENT_TERMS,
  PAYMENT_TERMS,
  paymentTermsOptions,
  purchaseOrderMessages,
} from './purchaseOrders';

/** The purchase-order form's messages: the specification's first, then our own for rules it leaves unworded. */
export const purchaseOrderFormMessages = {
  deliveryDatePast: purchaseOrderMessages.deliveryDatePast,
  deliveryDateRequired: 'Delivery date is required',
  requisitionRequired: 'Choose an approved requisition',
  vendorRequired: 'Choose a vendor',
  paymentTermsRequired: 'Payment terms are required',
  addressTooLong: 'Addresses must be at most 1000 characters',
  notesTooLong: 'Notes must be at most 2000 characters',
} as const;

const m = purchaseOrderFormMessages;

/**
 * The rules of the purchase-order form: on create a requisition and a vendor are required (the
 * contract's `PurchaseOrderCreateInput`); on both a delivery date is required (on edit as on create,
 * issue 19 item 13) and may not be before the
 * user's today (document 2 §5), addresses are at most 1000 characters and notes 2000.
 */
export function purchaseOrderFormSchema(mode: 'create' | 'edit') {
  return z
    .object({
      requisition_id: z.string(),
      vendor_id: z.string(),
      delivery_date: z.string().nullable(),
      payment_terms: z.enum(PAYMENT_TERMS, { error: m.paymentTermsRequired }),
      shipping_address: z.string().max(1000, m.addressTooLong),
      billing_address: z.string().max(1000, m.addressTooLong),
      notes: z.string().max(2000, m.notesTooLong),
    })
    .superRefine((values, context) => {
      const require = (path: 'requisition_id' | 'vendor_id' | 'delivery_date', message: string) =>
        context.addIssue({ code: 'custom', path: [path], message });
      if (mode === 'create') {
        if (!values.requisition_id) require('requisition_id', m.requisitionRequired);
        if (!values.vendor_id) require('vendor_id', m.vendorRequired);
      }
      if (!values.delivery_date) require('delivery_date', m.deliveryDateRequired);
      if (values.delivery_date && values.delivery_date < todayIsoDate()) {
        require('delivery_date', m.deliveryDatePast);
      }
    });
}

/** The values the purchase-order form edits (empty text is '', an empty date null). */
export type PurchaseOrderFormValues = z.input<ReturnType<typeof purchaseOrderFormSchema>>;
/** The form's values once valid. */
export type PurchaseOrderFormOutput = z.output<ReturnType<typeof purchaseOrderFormSchema>>;

/** The form's fields, in the order they are shown (the first invalid one is focused after a save). */
export const PURCHASE_ORDER_FORM_FIELDS = [
  'requisition_id',
  'vendor_id',
  'delivery_date',
  'payment_terms',
  'shipping_address',
  'billing_address',
  'notes',
] as const satisfies readonly (keyof PurchaseOrderFormValues)[];

/** An empty create form; `billingAddress` is the one the server gives a new order (from the settings). */
export function emptyPurchaseOrderForm(billingAddress = ''): PurchaseOrderFormValues {
  return {
    requisition_id: '',
    vendor_id: '',
    delivery_date: null,
    payment_terms: DEFAULT_PAYMENT_TERMS,
    shipping_address: '',
    billing_address: billingAddress,
    notes: '',
  };
}

/** The edit form of an order (its vendor and requisition are shown, never changed). */
export function purchaseOrderToFormValues(order: Schemas['PurchaseOrder']): PurchaseOrderFormValues {
  return {
    requisition_id: order.requisition?.id ?? '',
    vendor_id: order.vendor?.id ?? '',
    delivery_date: order.delivery_date,
    payment_terms: order.payment_terms,
    shipping_address: order.shipping_address ?? '',
    billing_address: order.billing_address ?? '',
    notes: order.notes ?? '',
  };
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** `PUT /purchase-orders/{id}`: exactly the five editable fields (document 2 §7), blank text as null. */
export function toPurchaseOrderUpdate(values: PurchaseOrderFormOutput): Schemas['PurchaseOrderUpdateInput'] {
  return {
    // Required on edit as on create (the schema refuses an empty one); never sent as null.
    ...(values.delivery_date ? { delivery_date: values.delivery_date } : {}),
    shipping_address: blankToNull(values.shipping_address),
    billing_address: blankToNull(values.billing_address),
    payment_terms: values.payment_terms,
    notes: blankToNull(values.notes),
  };
}

/** `POST /purchase-orders`: the requisition, the vendor and the terms of the new order. */
export function toPurchaseOrderCreate(values: PurchaseOrderFormOutput): Schemas['PurchaseOrderCreateInput'] {
  return {
    requisition_id: values.requisition_id,
    vendor_id: values.vendor_id,
    // The schema requires it on create; the fallback only satisfies the type.
    delivery_date: values.delivery_date ?? todayIsoDate(),
    payment_terms: values.payment_terms,
    shipping_address: blankToNull(values.shipping_address),
    billing_address: blankToNull(values.billing_address),
    notes: blankToNull(values.notes),
  };
}

const FIELD_SET: ReadonlySet<string> = new Set(PURCHASE_ORDER_FORM_FIELDS);

/**
 * The form field a server detail names, by its first segment in any of the spellings APIs use
 * (`delivery_date`, `body.delivery_date`, `/delivery_date`), or null.
 */
function purchaseOrderFieldOf(field: string): string | null {
  const [head] = field
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\//g, '.')
    .replace(/^\.+/, '')
    .replace(/^body\./, '')
    .split('.');
  return head && FIELD_SET.has(head) ? head : null;
}

/** Puts the server's field errors (`details`) on the order form's fields (see {@link placeFieldErrors}). */
export function placePurchaseOrderErrors(
  error: unknown,
  setError: UseFormSetError<PurchaseOrderFormValues>,
): PlacedFieldErrors {
  return placeFieldErrors(error, setError, purchaseOrderFieldOf);
}

/** Props of {@link PurchaseOrderTermsFields}. */
export interface PurchaseOrderTermsFieldsProps {
  control: Control<PurchaseOrderFormValues, unknown, PurchaseOrderFormOutput>;
  /** Marks the delivery date required (create and edit). */
  requireDeliveryDate?: boolean;
  disabled?: boolean;
}

/**
 * The five editable fields of an order: delivery date (not before today), payment terms, shipping and
 * billing addresses, notes.
 */
export function PurchaseOrderTermsFields({
  control,
  requireDeliveryDate = false,
  disabled = false,
}: PurchaseOrderTermsFieldsProps): ReactElement {
  return (
    <Grid columns={{ initial: '1', sm: '2' }} gapX="4" gapY="4">
      <FormDatePicker
        control={control}
        name="delivery_date"
        label="Delivery Date"
        // No minDate: a past day typed or picked must reach validation and say 'Delivery date
        // cannot be in the past' (document 2 §5) instead of being silently refused by the widget.
        required={requireDeliveryDate}
        clearable={!requireDeliveryDate}
        disabled={disabled}
        hint="When the vendor should deliver"
      />
      <FormChoice
        control={control}
        name="payment_terms"
        label="Payment Terms"
        options={paymentTermsOptions}
        disabled={disabled}
      />
      <FormTextArea
        control={control}
        name="shipping_address"
        label="Shipping Address"
        placeholder="Where the vendor delivers"
        maxLength={1000}
        disabled={disabled}
      />
      <FormTextArea
        control={control}
        name="billing_address"
        label="Billing Address"
        placeholder="Where the vendor sends the invoice"
        maxLength={1000}
        disabled={disabled}
      />
      <Box gridColumn={{ sm: 'span 2' }}>
        <FormTextArea
          control={control}
          name="notes"
          label="Notes"
          placeholder="Instructions for the vendor, e.g. delivery hours or a contact on site"
          maxLength={2000}
          disabled={disabled}
        />
      </Box>
    </Grid>
  );
}
