import type { ProductInput, Schemas } from '@purchasing/api-client';
import { z } from 'zod';
import { UNITS_OF_MEASURE } from '../RequisitionFormScreen/requisitionFormSchema';
import { VENDOR_CURRENCIES } from '../VendorFormScreen/vendorFormSchema';

type Product = Schemas['Product'];

/** The product form's messages (ours: the specification words none). */
export const productFormMessages = {
  nameRequired: 'Name is required',
  priceInvalid: 'Enter a price of 0 or more, with at most 2 decimals',
  vendorRequired: 'Choose a vendor',
  dateRequired: 'Choose the first day',
  endBeforeStart: 'The last day cannot be before the first day',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
} as const;

const m = productFormMessages;
const text = (label: string, max: number) => z.string().trim().max(max, m.tooLong(label, max));
const money = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, m.priceInvalid);

const priceSchema = z
  .object({
    vendor_id: z.string().min(1, m.vendorRequired),
    unit_price: money,
    effective_from: z.string().min(1, m.dateRequired),
    effective_to: z.string(),
  })
  .refine((price) => price.effective_to === '' || price.effective_to >= price.effective_from, {
    message: m.endBeforeStart,
    path: ['effective_to'],
  });

/**
 * The rules of the product form, the contract's `ProductInput`: a name and a list price are required;
 * SKU, description and category are optional within the contract's lengths; each vendor price names a
 * vendor, a price and its first day (the last is optional and not before the first).
 */
export const productFormSchema = z.object({
  name: z.string().trim().min(1, m.nameRequired).max(200, m.tooLong('Name', 200)),
  sku: text('SKU', 64),
  description: text('Description', 2000),
  category: text('Category', 100),
  unit_of_measure: z.enum(UNITS_OF_MEASURE),
  unit_price: money,
  currency: z.enum(VENDOR_CURRENCIES),
  vendor_id: z.string(),
  prices: z.array(priceSchema).max(50),
});

/** What the product form holds: text, '' for an empty optional field. */
export type ProductFormValues = z.input<typeof productFormSchema>;
/** The form's values once valid (trimmed). */
export type ProductFormOutput = z.output<typeof productFormSchema>;

/** An empty form in the organisation's currency. */
export function emptyProductForm(currency: string): ProductFormValues {
  return {
    name: '',
    sku: '',
    description: '',
    category: '',
    unit_of_measure: 'each',
    unit_price: '',
    currency: (VENDOR_CURRENCIES as readonly string[]).includes(currency)
      ? (currency as ProductFormValues['currency'])
      : 'AUD',
    vendor_id: '',
    prices: [],
  };
}

/** The form of an existing product (its own list price, not a vendor's current one). */
export function productToFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    sku: product.sku ?? '',
    description: product.description ?? '',
    category: product.category ?? '',
    unit_of_measure: product.unit_of_measure,
    unit_price: String(product.list_price),
    currency: product.currency,
    vendor_id: product.vendor?.id ?? '',
    prices: product.prices.map((price) => ({
      vendor_id: price.vendor.id,
      unit_price: String(price.unit_price),
      effective_from: price.effective_from,
      effective_to: price.effective_to ?? '',
    })),
  };
}

/** The body of `POST /products` and `PUT /products/{id}`: blanks become null, prices sent whole. */
export function toProductInput(values: ProductFormOutput): ProductInput {
  const blank = (value: string) => (value === '' ? null : value);
  return {
    name: values.name,
    sku: blank(values.sku),
    description: blank(values.description),
    category: blank(values.category),
    unit_of_measure: values.unit_of_measure,
    unit_price: Number(values.unit_price),
    currency: values.currency,
    vendor_id: blank(values.vendor_id),
    prices: values.prices.map((price) => ({
      vendor_id: price.vendor_id,
      unit_price: Number(price.unit_price),
      currency: values.currency,
      effective_from: price.effective_from,
      effective_to: blank(price.effective_to),
    })),
  };
}

const FIELDS: ReadonlySet<string> = new Set(Object.keys(productFormSchema.shape));

/**
 * Whether the form has the field the server named: a taken name on Name, a taken SKU on SKU, an
 * overlapping window on its price row.
 */
export const acceptsProductField = (field: string): boolean =>
  FIELDS.has(field) || /^prices\.\d+\.(vendor_id|unit_price|effective_from|effective_to)$/.test(field);
