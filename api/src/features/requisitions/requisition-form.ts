import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { validationError } from '../../contract/validation.js';
import { execute, selectOne } from '../../db-query.js';
import { type ErrorDetail, NotFound } from '../../domain/errors.js';
import {
  documentTotalCents,
  isTaxRate,
  lineTotalCents,
  TAX_RATE_DECIMALS,
  taxFromRateCents,
  toCents,
} from '../../domain/money.js';
import type { Db } from '../../http/context.js';

type RequisitionCategory = components['schemas']['RequisitionCategory'];
type LineInput = components['schemas']['RequisitionLineItemInput'];

/** The requisition form (`RequisitionInput`); defaults are applied here too, not only by the contract. */
export interface RequisitionForm {
  cost_center_id: string;
  gl_account_id: string;
  category?: RequisitionCategory | undefined;
  justification?: string | null | undefined;
  delivery_date?: string | null | undefined;
  shipping_address?: string | null | undefined;
  notes?: string | null | undefined;
  currency?: string | undefined;
  line_items: (Omit<LineInput, 'tax_amount' | 'tax_rate'> & {
    tax_amount?: number | undefined;
    tax_rate?: number | null | undefined;
  })[];
  submit?: boolean | undefined;
}

/** Integer cents as an exact `NUMERIC` literal. */
export function decimal(cents: number): string {
  const whole = Math.trunc(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

export interface PreparedForm {
  currency: string;
  totalCents: number;
  lines: {
    position: number;
    product_id: string | null;
    description: string;
    quantity: number;
    unit_price: string;
    unit_of_measure: string;
    notes: string | null;
    tax_amount: string;
    tax_rate: number | null;
    total_amount: string;
  }[];
}

/**
 * A line's tax in cents (docs/decisions.md "Line tax"): with a rate, the rate applied to quantity ×
 * unit price, half up to the cent, and a `tax_amount` given beside it must equal that; without one,
 * the amount given (0 if none). Pushes a detail naming the field and answers null when refused.
 */
export function lineTaxCents(
  line: RequisitionForm['line_items'][number],
  position: number,
  details: ErrorDetail[],
): number | null {
  const rate = line.tax_rate ?? null;
  if (rate === null) return toCents(line.tax_amount ?? 0);
  if (!isTaxRate(rate)) {
    details.push({
      field: `line_items.${position}.tax_rate`,
      message:
        rate < 0 || rate > 100
          ? 'Tax rate must be between 0 and 100'
          : `Tax rate has at most ${TAX_RATE_DECIMALS} decimal places`,
    });
    return null;
  }
  let cents: number;
  try {
    cents = taxFromRateCents({ quantity: line.quantity, unit_price: line.unit_price, tax_rate: rate });
  } catch {
    details.push({ field: `line_items.${position}`, message: 'The line total is too large' });
    return null;
  }
  if (line.tax_amount !== undefined && toCents(line.tax_amount) !== cents) {
    details.push({
      field: `line_items.${position}.tax_amount`,
      message: `Tax amount does not match the tax rate: ${rate}% of this line is ${decimal(cents)}. Leave it out to have it computed`,
    });
    return null;
  }
  return cents;
}

/**
 * Checks the form against the organisation (active cost centre, GL account and products of it,
 * 400 naming each field otherwise) and computes every line's tax and total and the total in exact
 * cents.
 */
export async function prepareForm(
  db: Db,
  organizationId: string,
  form: RequisitionForm,
  transaction: Transaction | null,
): Promise<PreparedForm> {
  const productIds = [
    ...new Set(form.line_items.map((line) => line.product_id).filter((id): id is string => !!id)),
  ];
  const refs = await selectOne<{
    currency: string;
    cost_center_active: boolean | null;
    gl_account_active: boolean | null;
    product_ids: string[];
  }>(
    db,
    `SELECT o.currency,
            (SELECT is_active FROM cost_centers WHERE id = $2 AND organization_id = o.id) AS cost_center_active,
            (SELECT is_active FROM gl_accounts WHERE id = $3 AND organization_id = o.id) AS gl_account_active,
            COALESCE((SELECT array_agg(id::text) FROM products
                       WHERE organization_id = o.id AND is_active AND id = ANY($4::uuid[])), '{}') AS product_ids
       FROM organizations o WHERE o.id = $1`,
    [organizationId, form.cost_center_id, form.gl_account_id, productIds],
    transaction,
  );
  if (!refs) throw new NotFound('Organization');

  const details: ErrorDetail[] = [];
  // An id that names nothing says so (issue 19): "is required" is for a field left empty.
  const reference = (active: boolean | null, field: string, name: string) => {
    if (active === null) details.push({ field, message: `${name} not found in this organization` });
    else if (!active) details.push({ field, message: `${name} is no longer active` });
  };
  reference(refs.cost_center_active, 'cost_center_id', 'Cost center');
  reference(refs.gl_account_active, 'gl_account_id', 'GL account');
  const knownProducts = new Set(refs.product_ids.map((id) => id.toLowerCase()));
  const lines: PreparedForm['lines'] = [];
  const taxed: Parameters<typeof documentTotalCents>[0][number][] = [];
  form.line_items.forEach((line, position) => {
    if (line.product_id && !knownProducts.has(line.product_id.toLowerCase())) {
      details.push({
        field: `line_items.${position}.product_id`,
        message: 'Product not found in this organization',
      });
    }
    const taxCents = lineTaxCents(line, position, details);
    if (taxCents === null) return;
    const priced = { quantity: line.quantity, unit_price: line.unit_price, tax_amount: decimal(taxCents) };
    taxed.push(priced);
    let totalCents: number;
    try {
      totalCents = lineTotalCents(priced);
    } catch {
      details.push({ field: `line_items.${position}`, message: 'The line total is too large' });
      return;
    }
    lines.push({
      position,
      product_id: line.product_id ?? null,
      description: line.description.trim(),
      quantity: line.quantity,
      unit_price: decimal(toCents(priced.unit_price)),
      unit_of_measure: line.unit_of_measure,
      notes: line.notes ?? null,
      tax_amount: priced.tax_amount,
      tax_rate: line.tax_rate ?? null,
      total_amount: decimal(totalCents),
    });
  });
  let totalCents = 0;
  if (details.length === 0) {
    try {
      totalCents = documentTotalCents(taxed);
    } catch {
      details.push({ field: 'line_items', message: 'The requisition total is too large' });
    }
  }
  if (details.length > 0) throw validationError(details);
  return { currency: form.currency ?? refs.currency, totalCents, lines };
}

/** Inserts the prepared lines of a requisition in one statement. */
export async function insertLines(
  db: Db,
  requisitionId: string,
  currency: string,
  lines: PreparedForm['lines'],
  transaction: Transaction,
): Promise<void> {
  await execute(
    db,
    `INSERT INTO requisition_line_items
       (requisition_id, position, product_id, description, quantity, unit_price, unit_of_measure, notes,
        currency, tax_amount, tax_rate, total_amount)
     SELECT $1, x.position, x.product_id, x.description, x.quantity, x.unit_price, x.unit_of_measure, x.notes,
            $2, x.tax_amount, x.tax_rate, x.total_amount
       FROM jsonb_to_recordset($3::jsonb) AS x(position int, product_id uuid, description text, quantity int,
            unit_price numeric, unit_of_measure text, notes text, tax_amount numeric, tax_rate numeric,
            total_amount numeric)`,
    [requisitionId, currency, JSON.stringify(lines)],
    transaction,
  );
}
