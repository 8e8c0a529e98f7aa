import { isApiError } from '@purchasing/api-client';
import type { FieldPath } from 'react-hook-form';
import type { RequisitionFormValues } from './requisitionFormSchema';

const FORM_FIELDS = new Set([
  'cost_center_id',
  'gl_account_id',
  'category',
  'delivery_date',
  'justification',
  'shipping_address',
  'notes',
]);
const LINE_FIELDS = new Set([
  'product_id',
  'description',
  'quantity',
  'unit_price',
  'unit_of_measure',
  'notes',
  'tax_rate',
]);

/** A server detail placed on a form field, or kept for the form-level list when no field matches. */
export interface PlacedServerErrors {
  fields: { path: FieldPath<RequisitionFormValues> | 'line_items'; message: string }[];
  unplaced: { field: string; message: string }[];
}

/**
 * Reads a server field path in any of the spellings APIs use (`line_items.0.description`, the contract's;
 * `line_items[0].description`; the JSON pointer `line_items/0/description`) as dotted segments.
 */
export function normalizeFieldPath(field: string): string {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/\//g, '.')
    .replace(/^\.+|\.+$/g, '');
}

/** Splits an `ApiError`'s details into those the form can show on a field and the rest. */
export function placeServerErrors(error: unknown, lineCount: number): PlacedServerErrors {
  const placed: PlacedServerErrors = { fields: [], unplaced: [] };
  if (!isApiError(error)) return placed;
  for (const detail of error.details) {
    const path = normalizeFieldPath(detail.field);
    const [head, index, leaf, ...rest] = path.split('.');
    if (head && FORM_FIELDS.has(head) && index === undefined) {
      placed.fields.push({ path: head as FieldPath<RequisitionFormValues>, message: detail.message });
      continue;
    }
    if (head === 'line_items') {
      const position = Number(index);
      if (index === undefined) {
        placed.fields.push({ path: 'line_items', message: detail.message });
        continue;
      }
      if (Number.isInteger(position) && position >= 0 && position < lineCount && leaf && rest.length === 0) {
        if (LINE_FIELDS.has(leaf)) {
          placed.fields.push({
            path: `line_items.${position}.${leaf}` as FieldPath<RequisitionFormValues>,
            message: detail.message,
          });
          continue;
        }
      }
    }
    placed.unplaced.push({ field: detail.field, message: detail.message });
  }
  return placed;
}

/**
 * The server's message of a failed call, else the product's default text (document 1 §8). The client's
 * own 'HTTP {status}: {statusText}' stands for "no message" here: the default text says more.
 */
export function messageOf(error: unknown, fallback: string): string {
  if (!isApiError(error)) return fallback;
  const message = error.message.trim();
  if (message === '' || /^HTTP \d{3}\b/.test(message)) return fallback;
  return message;
}
