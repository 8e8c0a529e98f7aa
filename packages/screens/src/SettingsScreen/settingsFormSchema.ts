import type { Schemas } from '@purchasing/api-client';
import { z } from 'zod';

type Settings = Schemas['GeneralSettings'];
type PostalAddress = Schemas['PostalAddress'];
type CurrencyCode = Schemas['CurrencyCode'];
type SettingsChange = Schemas['GeneralSettingsChange'];

/** The addresses the form edits, by their name in the contract. */
export const ADDRESS_FIELDS = ['registered_address', 'billing_address', 'delivery_address'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The settings form's messages (the contract's limits). */
export const settingsFormMessages = {
  nameRequired: 'Name is required',
  websiteInvalid: 'Enter a web address, e.g. https://example.com',
  streetRequired: 'Enter the street, or clear the whole address',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  percentInvalid: 'Enter a percentage between 0 and 100, with at most 2 decimals',
  amountInvalid: 'Enter an amount of 0 or more, with at most 2 decimals',
} as const;

/** A decimal with at most two places, '' for 0. */
const DECIMAL = /^\d{1,12}(\.\d{1,2})?$/;

const m = settingsFormMessages;
const text = (label: string, max: number) => z.string().trim().max(max, m.tooLong(label, max));

/** One address as the form holds it: two street lines and the locality, '' for none. */
const addressSchema = z
  .object({
    line1: text('Street', 200),
    line2: text('Street (line 2)', 200),
    city: text('City', 100),
    region: text('State / Region', 100),
    postcode: text('Postcode', 20),
    country: text('Country', 100),
  })
  .superRefine((address, ctx) => {
    const filled = Object.values(address).some((value) => value !== '');
    if (filled && address.line1 === '' && address.line2 === '') {
      ctx.addIssue({ code: 'custom', path: ['line1'], message: m.streetRequired });
    }
  });

/**
 * The rules of the settings form, the contract's `OrganizationSettingsChange`: a name is required;
 * the website must be a web address (https:// is added when left out); an address with any part
 * filled needs its street.
 */
export const settingsFormSchema = z.object({
  name: z.string().trim().min(1, m.nameRequired).max(200, m.tooLong('Name', 200)),
  legal_name: text('Legal name', 200),
  phone: text('Phone', 50),
  website: text('Website', 500).refine(
    (value) => value === '' || /^(https?:\/\/)?[^\s/.]+\.[^\s]+$/i.test(value),
    m.websiteInvalid,
  ),
  registered_address: addressSchema,
  billing_address: addressSchema,
  delivery_address: addressSchema,
  fiscal_year_start: z.string().regex(/^(1[0-2]|[1-9])$/),
  currency: z.string().regex(/^[A-Z]{3}$/),
  reapproval_tolerance_percent: z
    .string()
    .trim()
    .refine((value) => value === '' || (DECIMAL.test(value) && Number(value) <= 100), m.percentInvalid),
  reapproval_tolerance_amount: z
    .string()
    .trim()
    .refine((value) => value === '' || DECIMAL.test(value), m.amountInvalid),
});

/** What the settings form holds: text, '' for an empty optional field. */
export type SettingsFormValues = z.input<typeof settingsFormSchema>;
/** The form's values once valid (trimmed). */
export type SettingsFormOutput = z.output<typeof settingsFormSchema>;
type AddressValues = SettingsFormValues[AddressField];

function addressToForm(address: PostalAddress | null): AddressValues {
  return {
    line1: address?.lines[0] ?? '',
    line2: address?.lines.slice(1).join(', ') ?? '',
    city: address?.city ?? '',
    region: address?.region ?? '',
    postcode: address?.postcode ?? '',
    country: address?.country ?? '',
  };
}

/** The form of the settings as read. */
export function settingsToFormValues(settings: Settings): SettingsFormValues {
  return {
    name: settings.name,
    legal_name: settings.legal_name ?? '',
    phone: settings.phone ?? '',
    website: settings.website ?? '',
    registered_address: addressToForm(settings.registered_address),
    billing_address: addressToForm(settings.billing_address),
    delivery_address: addressToForm(settings.delivery_address),
    fiscal_year_start: String(settings.fiscal_year_start),
    currency: settings.currency,
    reapproval_tolerance_percent: String(settings.reapproval_tolerance_percent ?? 0),
    reapproval_tolerance_amount: String(settings.reapproval_tolerance_amount ?? 0),
  };
}

const blank = (value: string) => (value === '' ? null : value);

function addressOf(values: SettingsFormOutput[AddressField]): PostalAddress | null {
  const lines = [values.line1, values.line2].filter((line) => line !== '');
  if (lines.length === 0) return null;
  return {
    lines,
    city: blank(values.city),
    region: blank(values.region),
    postcode: blank(values.postcode),
    country: blank(values.country),
  };
}

/**
 * The body of `PATCH /organizations/{id}/settings` from `version`: every field the form shows
 * (the server writes only what differs), blanks as null, https:// added to a bare website.
 */
export function toSettingsChange(values: SettingsFormOutput, version: number): SettingsChange {
  const website = values.website;
  return {
    version,
    name: values.name,
    legal_name: blank(values.legal_name),
    phone: blank(values.phone),
    website: website === '' ? null : /^https?:\/\//i.test(website) ? website : `https://${website}`,
    registered_address: addressOf(values.registered_address),
    billing_address: addressOf(values.billing_address),
    delivery_address: addressOf(values.delivery_address),
    fiscal_year_start: Number(values.fiscal_year_start),
    currency: values.currency as CurrencyCode,
    reapproval_tolerance_percent: Number(values.reapproval_tolerance_percent || 0),
    reapproval_tolerance_amount: Number(values.reapproval_tolerance_amount || 0),
  };
}

const FIELDS: ReadonlySet<string> = new Set(Object.keys(settingsFormSchema.shape));

/** The form field a server error names: `registered_address.lines…` lands on the first street line. */
export function settingsFormFieldOf(field: string): string | null {
  const path = field
    .replace(/^\/+/, '')
    .replace(/^body\./, '')
    .replaceAll('/', '.');
  const [head] = path.split('.');
  if (!head || !FIELDS.has(head)) return null;
  if ((ADDRESS_FIELDS as readonly string[]).includes(head)) {
    return path.includes('.lines') || path === head ? `${head}.line1` : path;
  }
  return head;
}
