import type { components } from '@purchasing/contract';
import { Conflict } from '../../domain/errors.js';

/** A purchase order's status (`PurchaseOrderStatus`). */
export type PurchaseOrderStatus = components['schemas']['PurchaseOrderStatus'];

/** What can be done to an order. `update` keeps the status; the others move it. */
export type PurchaseOrderAction = 'update' | 'send' | 'receive' | 'cancel';

/**
 * The purchase order life cycle (document 2 §4, DECISIONS §6): draft → sent → (partially_received
 * →) received, draft or sent → cancelled; only drafts are edited. `to` is null when the status does not change.
 */
export const PO_TRANSITIONS: Record<
  PurchaseOrderAction,
  { from: readonly PurchaseOrderStatus[]; to: PurchaseOrderStatus | null; refusal: string }
> = {
  update: { from: ['draft'], to: null, refusal: 'Only draft purchase orders can be edited' },
  send: { from: ['draft'], to: 'sent', refusal: 'Only draft purchase orders can be sent to the vendor' },
  // A receipt ends `received` or `partially_received` (its lines decide; purchase-order-receipts.ts).
  receive: {
    from: ['sent', 'partially_received'],
    to: 'received',
    refusal: 'Only sent purchase orders can be marked as received',
  },
  cancel: {
    from: ['draft', 'sent'],
    to: 'cancelled',
    refusal: 'Only draft or sent purchase orders can be cancelled',
  },
};

/**
 * The status an order moves to when `action` is done in `current`; throws 409 with a message
 * naming the current status when the life cycle does not allow it.
 */
export function transition(action: PurchaseOrderAction, current: PurchaseOrderStatus): PurchaseOrderStatus {
  const rule = PO_TRANSITIONS[action];
  if (!rule.from.includes(current)) {
    throw new Conflict(`${rule.refusal}. This one is ${current}.`, 'INVALID_STATUS');
  }
  return rule.to ?? current;
}

/** The earliest and the latest UTC offsets in use (Baker Island −12:00, Kiribati +14:00), in hours. */
const EARLIEST_OFFSET_HOURS = -12;
const LATEST_OFFSET_HOURS = 14;

/** The calendar day (`YYYY-MM-DD`) that `instant` falls on at a fixed UTC offset. */
export function calendarDay(instant: Date, offsetHours: number): string {
  return new Date(instant.getTime() + offsetHours * 3_600_000).toISOString().slice(0, 10);
}

/**
 * Whether a calendar date (`YYYY-MM-DD`) is in the past at `now`: the server does not know the
 * user's time zone, so a date is in the past only once it has ended everywhere (UTC−12). The
 * screens check against the user's own today, which is never earlier.
 */
export function isPastDate(date: string, now: Date): boolean {
  return date < calendarDay(now, EARLIEST_OFFSET_HOURS);
}

/** Whether a calendar date is in the future at `now`: it has not begun anywhere yet (UTC+14). */
export function isFutureDate(date: string, now: Date): boolean {
  return date > calendarDay(now, LATEST_OFFSET_HOURS);
}

/** The product's message for a delivery date before today (document 2 §5). */
export const DELIVERY_DATE_IN_PAST = 'Delivery date cannot be in the past';
/** A receipt dated after today. */
export const RECEIVED_DATE_IN_FUTURE = 'Received date cannot be in the future';
/** A receipt dated before the order was sent. */
export const RECEIVED_BEFORE_SENT = 'Received date cannot be before the order was sent';
