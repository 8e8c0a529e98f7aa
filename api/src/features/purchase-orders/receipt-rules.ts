import { DomainError, type ErrorDetail, ValidationFailed } from '../../domain/errors.js';
import { toCents } from '../../domain/money.js';

/**
 * Receipts per line (docs/decisions.md "Receipts"): which quantities a receipt may take, and what
 * it is worth. Pure; the service locks the order and its lines and writes what this answers.
 */

/** An order line as a receipt sees it (money as the database answers it). */
export interface ReceivableLine {
  id: string;
  description: string;
  quantity: number;
  quantity_received: number;
  unit_price: number | string;
  tax_amount: number | string;
}

/** One requested quantity (`lines[i]` of the input). */
export interface RequestedLine {
  po_line_item_id: string;
  quantity: number;
}

/** What a receipt writes: its lines, its worth in cents, and whether the order is then complete. */
export interface ReceiptPlan {
  lines: { id: string; quantity: number }[];
  amountCents: number;
  baseAmountCents: number;
  complete: boolean;
}

/** 422 `OVER_RECEIPT`: more than is outstanding on a line; `details` name each such line. */
export class OverReceipt extends DomainError {
  constructor(details: ErrorDetail[]) {
    super(422, 'OVER_RECEIPT', details[0]?.message ?? 'More received than ordered', details);
  }
}

/**
 * What `received` units of a line are worth in cents: received × unit price plus the line's tax in
 * proportion (received / quantity of `tax_amount`, half up), so that the whole quantity is worth
 * exactly the line's total whether its tax was a rate or an amount.
 */
export function receivedValueCents(line: ReceivableLine, received: number): number {
  const taxCents = toCents(line.tax_amount);
  return received * toCents(line.unit_price) + Math.round((taxCents * received) / line.quantity);
}

/**
 * The base-currency worth of an order's received quantities: its counted base total once every line
 * is in full (so the receipts of an order add up to what it counts), otherwise the order-currency
 * worth at the order's frozen rate, half up to the cent.
 */
export function receivedBaseCents(
  valueCents: number,
  order: { complete: boolean; baseTotalCents: number; exchangeRate: number | string | null },
): number {
  if (order.complete) return order.baseTotalCents;
  const rate = order.exchangeRate === null ? 1 : Number(order.exchangeRate);
  return Math.round(valueCents * rate);
}

/**
 * Checks `requested` against the order's `lines` and answers what the receipt writes:
 * 400 for a line not of this order or named twice, 422 `OVER_RECEIPT` for more than outstanding.
 */
export function planReceipt(
  lines: readonly ReceivableLine[],
  requested: readonly RequestedLine[],
  order: { baseTotalCents: number; exchangeRate: number | string | null },
): ReceiptPlan {
  const byId = new Map(lines.map((line) => [line.id, line]));
  const seen = new Set<string>();
  const invalid: ErrorDetail[] = [];
  const over: ErrorDetail[] = [];
  requested.forEach((entry, index) => {
    const line = byId.get(entry.po_line_item_id);
    if (!line) {
      invalid.push({ field: `lines.${index}.po_line_item_id`, message: 'Not a line of this purchase order' });
    } else if (seen.has(line.id)) {
      invalid.push({ field: `lines.${index}.po_line_item_id`, message: 'This line is named twice' });
    } else {
      seen.add(line.id);
      const outstanding = line.quantity - line.quantity_received;
      if (entry.quantity > outstanding) {
        over.push({
          field: `lines.${index}.quantity`,
          message: `${line.description}: ${entry.quantity} received, only ${outstanding} outstanding`,
        });
      }
    }
  });
  if (invalid.length > 0) throw new ValidationFailed('Some receipt lines are not valid', invalid);
  if (over.length > 0) throw new OverReceipt(over);

  const quantities = new Map(requested.map((entry) => [entry.po_line_item_id, entry.quantity]));
  let before = 0;
  let after = 0;
  let complete = true;
  for (const line of lines) {
    const received = line.quantity_received + (quantities.get(line.id) ?? 0);
    before += receivedValueCents(line, line.quantity_received);
    after += receivedValueCents(line, received);
    if (received < line.quantity) complete = false;
  }
  const wasComplete = lines.every((line) => line.quantity_received >= line.quantity);
  return {
    lines: requested.map((entry) => ({ id: entry.po_line_item_id, quantity: entry.quantity })),
    amountCents: after - before,
    baseAmountCents:
      receivedBaseCents(after, { ...order, complete }) -
      receivedBaseCents(before, { ...order, complete: wasComplete }),
    complete,
  };
}
