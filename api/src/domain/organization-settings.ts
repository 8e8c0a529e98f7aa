import type { components } from '@purchasing/contract';
import { Conflict, type ErrorDetail, ValidationFailed } from './errors.js';

type PostalAddress = components['schemas']['PostalAddress'];
type SettingsChange = components['schemas']['GeneralSettingsChange'];

/** The three addresses an organisation keeps, by their key in `organizations.addresses`. */
export const ADDRESS_KINDS = ['registered', 'billing', 'delivery'] as const;
export type AddressKind = (typeof ADDRESS_KINDS)[number];

/** The month a fiscal year starting in `startMonth` (1–12) ends in: the one before (January → December). */
export function fiscalYearEndOf(startMonth: number): number {
  return startMonth === 1 ? 12 : startMonth - 1;
}

const blankToNull = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * An address as stored: parts trimmed, blank parts null, blank lines dropped; an address with no
 * line left is refused (400 naming `<field>.lines`), since every other part describes a street.
 */
export function normalizeAddress(field: string, address: PostalAddress | null): PostalAddress | null {
  if (address === null) return null;
  const lines = address.lines.map((line) => line.trim()).filter((line) => line !== '');
  if (lines.length === 0) {
    const message = 'Enter the street, or leave the whole address empty';
    throw new ValidationFailed(message, [{ field: `${field}.lines`, message }]);
  }
  return {
    lines,
    city: blankToNull(address.city),
    region: blankToNull(address.region),
    postcode: blankToNull(address.postcode),
    country: blankToNull(address.country),
  };
}

/**
 * An address on one line, as purchase orders print the organisation's (`organizations.address`):
 * the street lines, then "city region postcode", then the country, joined by commas.
 */
export function formatAddress(address: PostalAddress | null): string | null {
  if (address === null) return null;
  const locality = [address.city, address.region, address.postcode].filter(Boolean).join(' ');
  return [...address.lines, locality, address.country].filter(Boolean).join(', ');
}

/** A website as stored: https:// added to a bare domain; anything but a web address is refused. */
export function normalizeWebsite(value: string | null): string | null {
  const website = blankToNull(value);
  if (website === null) return null;
  const withScheme = /^https?:\/\//i.test(website) ? website : `https://${website}`;
  if (!/^https?:\/\/[^\s/.]+\.[^\s]+$/i.test(withScheme)) {
    const message = 'Enter a web address, e.g. https://example.com';
    throw new ValidationFailed(message, [{ field: 'website', message }]);
  }
  return withScheme;
}

/** The settings a change may write, once normalised (absent: unchanged). */
export interface SettingsWrite {
  name?: string;
  legal_name?: string | null;
  phone?: string | null;
  website?: string | null;
  addresses?: Partial<Record<AddressKind, PostalAddress | null>>;
  fiscal_year_start?: number;
  currency?: string;
  /** `organizations.settings.reapproval_tolerance.percent` (0: not set). */
  reapproval_tolerance_percent?: number;
  /** `organizations.settings.reapproval_tolerance.amount`, in the base currency (0: not set). */
  reapproval_tolerance_amount?: number;
}

/** Whether a number has at most two decimal places (a percentage or an amount to the cent). */
const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

/**
 * Reads a change of the settings: trims the texts, refuses a blank name (400 naming `name`),
 * normalises the website and the addresses. What the change leaves out stays as it is.
 */
export function readSettingsChange(change: SettingsChange): SettingsWrite {
  const write: SettingsWrite = {};
  const problems: ErrorDetail[] = [];
  if (change.name !== undefined) {
    const name = change.name.trim();
    if (name === '') problems.push({ field: 'name', message: 'Name is required' });
    write.name = name;
  }
  for (const field of ['reapproval_tolerance_percent', 'reapproval_tolerance_amount'] as const) {
    const value = change[field];
    if (value !== undefined && !twoDecimals(value)) {
      problems.push({ field, message: 'Use at most 2 decimal places' });
    }
    if (value !== undefined) write[field] = value;
  }
  if (problems.length > 0) throw new ValidationFailed(problems[0]!.message, problems);
  if (change.legal_name !== undefined) write.legal_name = blankToNull(change.legal_name);
  if (change.phone !== undefined) write.phone = blankToNull(change.phone);
  if (change.website !== undefined) write.website = normalizeWebsite(change.website);
  for (const kind of ADDRESS_KINDS) {
    const address = change[`${kind}_address`];
    if (address !== undefined) {
      write.addresses = { ...write.addresses, [kind]: normalizeAddress(`${kind}_address`, address) };
    }
  }
  if (change.fiscal_year_start !== undefined) write.fiscal_year_start = change.fiscal_year_start;
  if (change.currency !== undefined) write.currency = change.currency;
  return write;
}

/**
 * The base currency may change only while nothing is recorded in it (docs/decisions.md, "Settings"):
 * `locked` is true once the organisation has a requisition, purchase order, budget or exchange rate,
 * whose stored amounts (totals, base totals at frozen rates, allocations, rates into the base) would
 * otherwise silently change meaning. Asking for the current currency again is no change.
 */
export function checkCurrencyChange(current: string, next: string | undefined, locked: boolean): void {
  if (next === undefined || next === current || !locked) return;
  const message = `The base currency stays ${current}: requisitions, orders, budgets or exchange rates already use it`;
  throw new Conflict(message, 'CONFLICT', [{ field: 'currency', message }]);
}

/** What `purchaseOrderAddressDefaults` reads of the organisation's row. */
export interface OrganizationAddresses {
  /** `organizations.address`: the registered address on one line (or a line set without one). */
  address: string | null;
  /** `organizations.addresses`. */
  addresses: Partial<Record<AddressKind, PostalAddress | null>> | null;
}

const oneLine = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
};

/**
 * The addresses a new purchase order gets when it is raised without them (docs/decisions.md,
 * "Orders' addresses from the settings"), on one line: billing is the billing address, else the
 * registered one; shipping (for a requisition without a shipping address of its own) is the delivery
 * address, else the registered one. The registered one is `organizations.address`, which a change of
 * the registered address keeps as its one-line form.
 */
export function purchaseOrderAddressDefaults(row: OrganizationAddresses): {
  billing_address: string | null;
  shipping_address: string | null;
} {
  const registered = oneLine(row.address);
  const of = (kind: AddressKind) => oneLine(formatAddress(row.addresses?.[kind] ?? null));
  return {
    billing_address: of('billing') ?? registered,
    shipping_address: of('delivery') ?? registered,
  };
}
