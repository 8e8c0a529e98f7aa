import { likePattern, select, selectOne } from '../../db-query.js';
import { NotFound } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { presentVendor, VENDOR_COLUMNS, type VendorRow, type VendorView } from './vendors.presenter.js';

/** Filters of the vendor list (`listVendors` query). */
export interface VendorFilter {
  search?: string | undefined;
  include_inactive?: boolean | undefined;
}

/**
 * The organisation's vendors by name (active ones unless `include_inactive`); `search` matches
 * the name or the email address. Open to every member: the create-order screen picks from it.
 */
export async function listVendors(
  db: Db,
  organizationId: string,
  filter: VendorFilter = {},
): Promise<VendorView[]> {
  const search = filter.search?.trim();
  const rows = await select<VendorRow>(
    db,
    `SELECT ${VENDOR_COLUMNS} FROM vendors v
      WHERE v.organization_id = $1
        AND ($2::boolean OR v.is_active)
        AND ($3::text IS NULL OR v.name ILIKE $3 OR v.email ILIKE $3)
      ORDER BY lower(v.name), v.id`,
    [organizationId, filter.include_inactive ?? false, search ? likePattern(search) : null],
  );
  return rows.map(presentVendor);
}

/** One vendor of the organisation (active or not); 404 otherwise. */
export async function getVendor(db: Db, organizationId: string, id: string): Promise<VendorView> {
  const row = await selectOne<VendorRow>(
    db,
    `SELECT ${VENDOR_COLUMNS} FROM vendors v WHERE v.id = $1 AND v.organization_id = $2`,
    [id, organizationId],
  );
  if (!row) throw new NotFound('Vendor');
  return presentVendor(row);
}
