/**
 * How purchase orders read on every screen: statuses, payment terms, vendors, and the product copy the
 * list, create, detail and edit screens share (document 2 §2, §5 and §8).
 */
import type { Schemas } from '@purchasing/api-client';
import { purchaseOrderStatusBadges } from '@purchasing/ui';

type PurchaseOrderStatus = Schemas['PurchaseOrderStatus'];
type PaymentTerms = Schemas['PaymentTerms'];

/** Every purchase-order status, in the order of its lifecycle (document 2 §4). */
export const PURCHASE_ORDER_STATUSES = Object.keys(purchaseOrderStatusBadges) as PurchaseOrderStatus[];

/** The payment terms an order may carry, in the order the forms offer them (document 2 §5). */
export const PAYMENT_TERMS = [
  'Net 15',
  'Net 30',
  'Net 45',
  'Net 60',
  'Due on Receipt',
  'COD',
] as const satisfies readonly PaymentTerms[];

/** The terms a new order starts with when its vendor has no default. */
export const DEFAULT_PAYMENT_TERMS: PaymentTerms = 'Net 30';

/** How payment terms read: as sent, except COD, shown as 'Cash on Delivery' (document 2 §5). */
export function paymentTermsLabel(terms: string | null | undefined): string {
  if (!terms) return 'Not specified';
  return terms === 'COD' ? 'Cash on Delivery' : terms;
}

/** The payment terms as select options. */
export const paymentTermsOptions = PAYMENT_TERMS.map((value) => ({ value, label: paymentTermsLabel(value) }));

/** The readable label of a purchase-order status ('sent' → 'Sent'); an unknown one is shown as sent. */
export function purchaseOrderStatusLabel(status: string): string {
  const badges: Record<string, { label: string }> = purchaseOrderStatusBadges;
  return Object.hasOwn(badges, status) ? (badges[status]?.label ?? status) : status;
}

/** The product copy of the purchase-order screens: the specification's texts first, then our own. */
export const purchaseOrderMessages = {
  listTitle: 'Purchase Orders',
  loadFailed: 'Error loading purchase orders',
  tryAgain: 'Try Again',
  notFound: 'Purchase order not found',
  cannotEdit: 'This purchase order cannot be edited',
  onlyDrafts: 'Only draft purchase orders can be edited',
  deliveryDatePast: 'Delivery date cannot be in the past',
  noVendor: 'No vendor',
  cashOnDelivery: 'Cash on Delivery',
  noOrganization: 'Please select an organization from the header to view purchase orders',
  notFoundDescription:
    "It may have been removed, or it belongs to another organization and you don't have access to it.",
  detailLoadFailed: 'Failed to load the purchase order. Please try again.',
  noMatches: 'No purchase orders match your current filters.',
  noOrders: 'No purchase orders yet',
  created: 'Purchase order created',
  createFailed: 'Failed to create purchase order',
  updated: 'Purchase order updated',
  updateFailed: 'Failed to update purchase order',
  sent: (poNumber: string) => `${poNumber} sent to the vendor`,
  sendFailed: 'Failed to send purchase order',
  received: (poNumber: string) => `${poNumber} marked as received`,
  receiptRecorded: (poNumber: string) => `Receipt recorded for ${poNumber}`,
  receiveFailed: 'Failed to mark purchase order as received',
  cancelled: (poNumber: string) => `${poNumber} cancelled`,
  cancelFailed: 'Failed to cancel purchase order',
  exportFailed: 'Failed to export purchase orders',
  noManagePermission: (organization: string) =>
    `You don't have permission to create purchase orders in ${organization}. Ask an administrator for the buyer role.`,
  noEditPermission: "You don't have permission to edit purchase orders.",
} as const;

/** The vendor of an order as lists show it: its name, or 'No vendor' (document 2 §2). */
export function vendorName(vendor: { name: string } | null | undefined): string {
  return vendor?.name ?? purchaseOrderMessages.noVendor;
}

/** The currency an order is shown in: its own, or AUD when none is given (document 2 §3). */
export function orderCurrency(order: { currency?: string | null }): string {
  return order.currency || 'AUD';
}

/**
 * The send confirmation of an order: who receives it and where. `email` undefined means unknown (a list
 * row knows only the vendor's name); null or blank means the vendor has none, which the server refuses,
 * so the text says so instead.
 */
export function sendConfirmation(
  poNumber: string,
  vendor: { name: string; email?: string | null } | null | undefined,
): string {
  if (!vendor) return `${poNumber} has no vendor to send it to.`;
  const after = 'It can no longer be edited afterwards.';
  if (vendor.email === undefined) {
    return `${poNumber} will be emailed to ${vendor.name} and marked as sent. ${after}`;
  }
  if (!vendor.email) {
    return `${vendor.name} has no email address, so ${poNumber} cannot be emailed yet. Add one to the vendor first.`;
  }
  return `${poNumber} will be emailed to ${vendor.name} at ${vendor.email} and marked as sent. ${after}`;
}
