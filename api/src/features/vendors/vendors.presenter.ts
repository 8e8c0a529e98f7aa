import type { components } from '@purchasing/contract';

/** A vendor as the contract declares it (`Vendor`). */
export type VendorView = components['schemas']['Vendor'];

/** The columns of `vendors v` that make a {@link VendorView}. */
export const VENDOR_COLUMNS = `
  v.id, v.name, v.contact_name, v.email, v.phone, v.website, v.address, v.city, v.state_province,
  v.postal_code, v.country, v.payment_terms, v.tax_number, v.currency, v.is_active, v.created_at`;

/** A vendors row as the driver answers it (timestamps as Date objects). */
export type VendorRow = Omit<VendorView, 'created_at'> & { created_at: Date | string };

/** Shapes a vendors row for the API: `created_at` as ISO 8601 UTC. */
export const presentVendor = (row: VendorRow): VendorView => ({
  ...row,
  // char(3): trimmed, as the driver may pad it.
  currency: (row.currency?.trim() ?? null) as VendorView['currency'],
  created_at: new Date(row.created_at).toISOString(),
});
