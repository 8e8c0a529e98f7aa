import type { Schemas } from '@purchasing/api-client';
import { z } from 'zod';
import { PAYMENT_TERMS } from '../shared/purchaseOrders';

type Vendor = Schemas['Vendor'];
type CurrencyCode = Schemas['CurrencyCode'];

/** The currencies of the contract (`CurrencyCode`), in its order. */
export const VENDOR_CURRENCIES = [
  'USD',
  'EUR',
  'GBP',
  'AUD',
  'CAD',
  'JPY',
  'CHF',
] as const satisfies readonly CurrencyCode[];

/** The vendor form's messages (the specification leaves them unworded; the contract's limits). */
export const vendorFormMessages = {
  nameRequired: 'Name is required',
  emailInvalid: 'Invalid email address',
  websiteInvalid: 'Enter a web address, e.g. https://example.com',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
} as const;

const m = vendorFormMessages;
const text = (label: string, max: number) => z.string().trim().max(max, m.tooLong(label, max));

/**
 * The rules of the vendor form, the contract's `VendorInput`: a name is required; every other field
 * is optional ('' for none) within the contract's lengths; the email must be an address; the website
 * a web address (https:// is added when left out).
 */
export const vendorFormSchema = z.object({
  name: z.string().trim().min(1, m.nameRequired).max(200, m.tooLong('Name', 200)),
  contact_name: text('Contact', 200),
  email: z
    .string()
    .trim()
    .refine((value) => value === '' || z.email().safeParse(value).success, m.emailInvalid)
    .refine((value) => value.length <= 254, m.emailInvalid),
  phone: text('Phone', 50),
  website: text('Website', 500).refine(
    (value) => value === '' || /^(https?:\/\/)?[^\s/.]+\.[^\s]+$/i.test(value),
    m.websiteInvalid,
  ),
  address: text('Address', 500),
  city: text('City', 100),
  state_province: text('State / Province', 100),
  postal_code: text('Postal code', 20),
  country: text('Country', 100),
  payment_terms: z.union([z.enum(PAYMENT_TERMS), z.literal('')]),
  currency: z.union([z.enum(VENDOR_CURRENCIES), z.literal('')]),
  tax_number: text('Tax number', 50),
});

/** What the vendor form holds: text, '' for an empty optional field. */
export type VendorFormValues = z.input<typeof vendorFormSchema>;
/** The form's values once valid (trimmed). */
export type VendorFormOutput = z.output<typeof vendorFormSchema>;

/** The form's fields in the order they are shown. */
export const VENDOR_FORM_FIELDS = Object.keys(vendorFormSchema.shape) as (keyof VendorFormValues)[];

/** An empty form: no payment terms, the organisation's base currency. */
export function emptyVendorForm(): VendorFormValues {
  return Object.fromEntries(VENDOR_FORM_FIELDS.map((field) => [field, ''])) as VendorFormValues;
}

/** The form of an existing vendor. */
export function vendorToFormValues(vendor: Vendor): VendorFormValues {
  return Object.fromEntries(
    VENDOR_FORM_FIELDS.map((field) => [field, vendor[field] ?? '']),
  ) as VendorFormValues;
}

/** A website as sent: https:// added to a bare domain. */
function webAddress(value: string): string {
  return /^https?:\/\//i.test(value) ? value : `https://${value}`;
}

/** The body of `POST /vendors` (and, with `is_active`, `PUT /vendors/{id}`): blanks become null. */
export function toVendorInput(values: VendorFormOutput): Schemas['VendorInput'] {
  const blank = (value: string) => (value === '' ? null : value);
  return {
    name: values.name,
    contact_name: blank(values.contact_name),
    email: blank(values.email),
    phone: blank(values.phone),
    website: values.website === '' ? null : webAddress(values.website),
    address: blank(values.address),
    city: blank(values.city),
    state_province: blank(values.state_province),
    postal_code: blank(values.postal_code),
    country: blank(values.country),
    payment_terms: values.payment_terms === '' ? null : values.payment_terms,
    tax_number: blank(values.tax_number),
    currency: values.currency === '' ? null : values.currency,
  };
}

const FIELD_SET: ReadonlySet<string> = new Set(VENDOR_FORM_FIELDS);

/** Whether the form has the field the server named (a taken name lands on Name). */
export const acceptsVendorField = (field: string): boolean => FIELD_SET.has(field);
