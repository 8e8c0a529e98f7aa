import type { Schemas } from '@purchasing/api-client';
import { z } from 'zod';

/** The requisition categories (document 1 §5), in the order the form offers them. */
export const REQUISITION_CATEGORIES = [
  'standard',
  'freight',
  'maintenance',
  'utilities',
  'services',
  'capital',
] as const satisfies readonly Schemas['RequisitionCategory'][];

/** The units of measure a line may use (document 1 §5), in the order the form offers them. */
export const UNITS_OF_MEASURE = [
  'each',
  'box',
  'case',
  'dozen',
  'kg',
  'lbs',
  'meter',
  'liter',
  'hours',
  'days',
] as const satisfies readonly Schemas['UnitOfMeasure'][];

/** The most files a requisition may carry, counting those already attached (document 1 §5). */
export const MAX_ATTACHMENTS = 10;
/** The largest file a requisition accepts, in bytes (document 1 §5). */
export const MAX_ATTACHMENT_SIZE = 10 * 1024 * 1024;
/** The file types a requisition accepts (document 1 §5). */
export const ATTACHMENT_TYPES = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.png', '.jpg', '.jpeg'] as const;

/**
 * The requisition form's messages. The first nine are the specification's (document 1 §5, word for word);
 * the rest cover rules it leaves unworded.
 */
export const requisitionFormMessages = {
  costCenterRequired: 'Cost center is required',
  glAccountRequired: 'GL account is required',
  lineItemsRequired: 'At least one line item is required',
  descriptionRequired: 'Description is required',
  quantityMin: 'Quantity must be at least 1',
  unitPriceNegative: 'Unit price cannot be negative',
  unitOfMeasureRequired: 'Unit of measure is required',
  categoryInvalid: 'Category is required',
  deliveryDatePast: 'Delivery date cannot be in the past',
  quantityWhole: 'Quantity must be a whole number',
  quantityMax: 'Quantity must be at most 1,000,000',
  unitPriceRequired: 'Unit price is required',
  descriptionTooLong: 'Description must be at most 500 characters',
  lineNotesTooLong: 'Notes must be at most 1000 characters',
  currencyRequired: 'Currency is required',
  taxRateRange: 'Tax rate must be between 0 and 100',
  taxRateDecimals: 'Tax rate has at most 3 decimal places',
} as const;

const m = requisitionFormMessages;

/** Today as `yyyy-MM-dd` in the user's time zone: a delivery date is compared by calendar day. */
export function todayIsoDate(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

const lineItemSchema = z.object({
  /** The catalogue product the line was prefilled from, if any. */
  product_id: z.string().nullable(),
  /** Name and SKU of that product, shown beside the search; never sent. */
  product: z.object({ name: z.string(), sku: z.string().nullable() }).nullable(),
  description: z
    .string()
    .refine((text) => text.trim().length > 0, m.descriptionRequired)
    .refine((text) => text.trim().length <= 500, m.descriptionTooLong),
  // The widgets hand over null while the field is empty; the pipe turns that into the product message.
  quantity: z
    .number()
    .nullable()
    .pipe(
      z
        .number({ error: m.quantityMin })
        .min(1, m.quantityMin)
        .int(m.quantityWhole)
        .max(1_000_000, m.quantityMax),
    ),
  unit_price: z
    .number()
    .nullable()
    .pipe(z.number({ error: m.unitPriceRequired }).min(0, m.unitPriceNegative)),
  unit_of_measure: z
    .enum(UNITS_OF_MEASURE)
    .nullable()
    .pipe(z.enum(UNITS_OF_MEASURE, { error: m.unitOfMeasureRequired })),
  notes: z.string().max(1000, m.lineNotesTooLong),
  /**
   * Tax the server holds for the line as an amount (a line written through the API without a rate);
   * kept so an update does not drop it. 0 when the line has a rate: the rate's amount is computed.
   */
  tax_amount: z.number(),
  /** 'Tax %': a percentage from 0 to 100 with at most 3 decimals, or null (no rate). */
  tax_rate: z
    .number()
    .nullable()
    .refine((rate) => rate === null || (rate >= 0 && rate <= 100), m.taxRateRange)
    .refine((rate) => rate === null || Number(rate.toFixed(3)) === rate, m.taxRateDecimals),
});

/**
 * The rules of the Create and Edit requisition forms (document 1 §5): cost centre and GL account
 * required, a known category, a delivery date not in the past, and at least one line, each with a
 * description, a quantity of at least 1, a unit price of at least 0 and a unit of measure.
 */
export const requisitionFormSchema = z.object({
  cost_center_id: z.string().min(1, m.costCenterRequired),
  gl_account_id: z.string().min(1, m.glAccountRequired),
  category: z.enum(REQUISITION_CATEGORIES, { error: m.categoryInvalid }),
  delivery_date: z
    .string()
    .nullable()
    .refine((date) => date === null || date >= todayIsoDate(), m.deliveryDatePast),
  justification: z.string().max(2000),
  shipping_address: z.string().max(1000),
  notes: z.string().max(2000),
  /** The requisition's currency (ISO 4217); '' on a new form until the organisation's is known. */
  currency: z.string().regex(/^[A-Z]{3}$/, m.currencyRequired),
  line_items: z.array(lineItemSchema).min(1, m.lineItemsRequired),
});

/** The values the requisition form edits (empty fields are '' or null). */
export type RequisitionFormValues = z.input<typeof requisitionFormSchema>;
/** One line of {@link RequisitionFormValues}. */
export type RequisitionLineFormValues = RequisitionFormValues['line_items'][number];
/** The values once {@link requisitionFormSchema} accepted them (numbers and units filled in). */
export type RequisitionFormOutput = z.output<typeof requisitionFormSchema>;

/** A new line: quantity 1, price 0, unit each (document 1 §5). */
export function emptyLine(): RequisitionLineFormValues {
  return {
    product_id: null,
    product: null,
    description: '',
    quantity: 1,
    unit_price: 0,
    unit_of_measure: 'each',
    notes: '',
    tax_amount: 0,
    tax_rate: null,
  };
}

/** The values of an empty Create form: category standard, the organisation's currency and one new line. */
export function emptyRequisitionForm(currency = ''): RequisitionFormValues {
  return {
    currency,
    cost_center_id: '',
    gl_account_id: '',
    category: 'standard',
    delivery_date: null,
    justification: '',
    shipping_address: '',
    notes: '',
    line_items: [emptyLine()],
  };
}

/** The Edit form's values for a requisition from `GET /requisitions/{id}`. */
export function requisitionToFormValues(requisition: Schemas['Requisition']): RequisitionFormValues {
  return {
    currency: requisition.currency,
    cost_center_id: requisition.cost_center_id,
    gl_account_id: requisition.gl_account_id,
    category: requisition.category,
    delivery_date: requisition.delivery_date,
    justification: requisition.justification ?? '',
    shipping_address: requisition.shipping_address ?? '',
    notes: requisition.notes ?? '',
    line_items: requisition.line_items.map((line) => ({
      product_id: line.product_id,
      product: line.product ? { name: line.product.name, sku: line.product.sku } : null,
      description: line.description,
      quantity: line.quantity,
      unit_price: Number(line.unit_price),
      unit_of_measure: line.unit_of_measure,
      notes: line.notes ?? '',
      // A rate's amount is the server's to compute again; an amount without a rate is kept as it is.
      tax_amount: line.tax_rate === null ? Number(line.tax_amount) : 0,
      tax_rate: line.tax_rate === null ? null : Number(line.tax_rate),
    })),
  };
}

function blankToNull(text: string): string | null {
  const trimmed = text.trim();
  return trimmed === '' ? null : trimmed;
}

/**
 * The `POST`/`PUT /requisitions` body for accepted form values. Totals are never sent: the server
 * computes them.
 */
export function toRequisitionInput(
  values: RequisitionFormOutput,
  options: { submit: boolean },
): Schemas['RequisitionInput'] {
  return {
    cost_center_id: values.cost_center_id,
    gl_account_id: values.gl_account_id,
    category: values.category,
    justification: blankToNull(values.justification),
    delivery_date: values.delivery_date,
    shipping_address: blankToNull(values.shipping_address),
    notes: blankToNull(values.notes),
    currency: values.currency as Schemas['CurrencyCode'],
    line_items: values.line_items.map((line) => ({
      product_id: line.product_id,
      description: line.description.trim(),
      quantity: line.quantity,
      unit_price: line.unit_price,
      unit_of_measure: line.unit_of_measure,
      notes: blankToNull(line.notes),
      // With a rate only the rate is sent (the server computes the amount); else the amount held.
      ...(line.tax_rate === null ? { tax_amount: line.tax_amount } : { tax_rate: line.tax_rate }),
    })),
    submit: options.submit,
  };
}

/** Cents of an amount, rounded half away from zero (display arithmetic only). */
function cents(amount: number): number {
  return Math.sign(amount) * Math.round(Math.abs(amount) * 100);
}

type EstimatedLine = Pick<RequisitionLineFormValues, 'quantity' | 'unit_price' | 'tax_amount'> &
  Partial<Pick<RequisitionLineFormValues, 'tax_rate'>>;

/** Whether a line's quantity, unit price and tax rate pass the line rules, so its amounts may be counted. */
export function lineAmountsAccepted(line: EstimatedLine): boolean {
  return (
    lineItemSchema.shape.quantity.safeParse(line.quantity).success &&
    lineItemSchema.shape.unit_price.safeParse(line.unit_price).success &&
    lineItemSchema.shape.tax_rate.safeParse(line.tax_rate ?? null).success
  );
}

/** A line's estimate in cents: before tax, its tax (from the rate, else the amount) and its total. */
interface LineCents {
  subtotal: number;
  tax: number;
}

function lineCents(line: EstimatedLine): LineCents | null {
  if (!lineAmountsAccepted(line)) return null;
  const quantity = line.quantity ?? 0;
  const priceCents = cents(line.unit_price ?? 0);
  const rate = line.tax_rate ?? null;
  let tax = cents(line.tax_amount ?? 0);
  if (rate !== null) {
    // As the server does: quantity × price × rate / 100, half up to the cent, in exact integers.
    const exact = BigInt(quantity) * BigInt(priceCents) * BigInt(Math.round(rate * 1000));
    tax = Number((exact + BigInt(50_000)) / BigInt(100_000));
  }
  return { subtotal: quantity * priceCents, tax };
}

/**
 * A line's tax as the form estimates it (from its rate, half up to the cent, else the amount the
 * server holds), or `null` while the line is refused. A display estimate only.
 */
export function estimateLineTax(line: EstimatedLine): number | null {
  const estimate = lineCents(line);
  return estimate === null ? null : estimate.tax / 100;
}

/**
 * A line's total as the form estimates it (quantity × unit price + tax, in cents to avoid float drift),
 * or `null` while its quantity, unit price or tax rate is refused (a quantity of 0, a negative price,
 * a rate above 100): such a line counts for nothing until it is put right (issue 19, item 9). A
 * display estimate only: the server computes the real one.
 */
export function estimateLineTotal(line: EstimatedLine): number | null {
  const estimate = lineCents(line);
  return estimate === null ? null : (estimate.subtotal + estimate.tax) / 100;
}

/** The requisition's subtotal, tax and total as the form estimates them, over the accepted lines. */
export function estimateTotals(lines: readonly EstimatedLine[]): {
  subtotal: number;
  tax: number;
  total: number;
} {
  let subtotal = 0;
  let tax = 0;
  for (const line of lines) {
    const estimate = lineCents(line);
    if (estimate === null) continue;
    subtotal += estimate.subtotal;
    tax += estimate.tax;
  }
  return { subtotal: subtotal / 100, tax: tax / 100, total: (subtotal + tax) / 100 };
}

/** The requisition total as the form estimates it: the sum of the accepted lines' estimates. */
export function estimateTotal(lines: readonly EstimatedLine[]): number {
  return estimateTotals(lines).total;
}
