import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { execute, selectOne } from '../../db-query.js';
import { Conflict, NotFound } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { type AdminActor, auditAdministration, isUniqueViolation } from '../roles/access.js';
import { presentVendor, VENDOR_COLUMNS, type VendorRow, type VendorView } from './vendors.presenter.js';

/** The body of `createVendor`. */
export type VendorCreateForm = components['schemas']['VendorInput'];
/** The body of `updateVendor`. */
export type VendorUpdateForm = components['schemas']['VendorUpdateInput'];
/** What `getVendorSpend` answers. */
export type VendorSpendView = components['schemas']['VendorSpend'];

/** The unique index of names per organisation, case and surrounding blanks ignored. */
const NAME_KEY = 'vendors_organization_name_key';

const nameTaken = (name: string) => {
  const message = `A vendor named '${name}' already exists`;
  return new Conflict(message, 'VENDOR_NAME_TAKEN', [{ field: 'name', message }]);
};

/** The editable fields as stored: trimmed, blanks as null, the email in lower case. */
const EDITABLE = [
  'name',
  'contact_name',
  'email',
  'phone',
  'website',
  'address',
  'city',
  'state_province',
  'postal_code',
  'country',
  'payment_terms',
  'tax_number',
  'currency',
] as const;
type Fields = { [K in (typeof EDITABLE)[number]]: K extends 'name' ? string : string | null };

function fieldsOf(form: VendorCreateForm | VendorUpdateForm): Fields {
  const text = (value: string | null | undefined) => value?.trim() || null;
  return {
    name: form.name.trim(),
    contact_name: text(form.contact_name),
    email: text(form.email)?.toLowerCase() ?? null,
    phone: text(form.phone),
    website: text(form.website),
    address: text(form.address),
    city: text(form.city),
    state_province: text(form.state_province),
    postal_code: text(form.postal_code),
    country: text(form.country),
    payment_terms: form.payment_terms ?? null,
    tax_number: text(form.tax_number),
    currency: form.currency ?? null,
  };
}

/** Runs `work`, answering a name another vendor of the organisation has (the unique index) as 409. */
async function withNameConflict<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, NAME_KEY)) throw nameTaken(name);
    throw error;
  }
}

async function lockVendor(db: Db, organizationId: string, id: string, transaction: Transaction) {
  const row = await selectOne<VendorRow>(
    db,
    `SELECT ${VENDOR_COLUMNS} FROM vendors v WHERE v.id = $1 AND v.organization_id = $2 FOR UPDATE`,
    [id, organizationId],
    transaction,
  );
  if (!row) throw new NotFound('Vendor');
  return row;
}

/** The fields that differ between a vendor as it was and as it is asked to be, for the audit trail. */
function changes(before: VendorRow, after: Fields & { is_active: boolean }) {
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of [...EDITABLE, 'is_active'] as const) {
    const from = key === 'currency' ? (before.currency?.trim() ?? null) : before[key];
    if (from !== after[key]) changed[key] = { from, to: after[key] };
  }
  return changed;
}

/**
 * Adds an active vendor. The name is unique in the organisation whatever its case (409
 * VENDOR_NAME_TAKEN, also when two creations race); the change is audited in its transaction.
 */
export async function createVendor(db: Db, actor: AdminActor, form: VendorCreateForm): Promise<VendorView> {
  const organizationId = actor.scope.organizationId;
  const fields = fieldsOf(form);
  return withNameConflict(fields.name, () =>
    db.sequelize.transaction(async (transaction) => {
      const columns = EDITABLE.join(', ');
      const values = EDITABLE.map((_, i) => `$${i + 2}`).join(', ');
      const row = await selectOne<VendorRow>(
        db,
        `INSERT INTO vendors AS v (organization_id, ${columns}, is_active)
         VALUES ($1, ${values}, true)
         RETURNING ${VENDOR_COLUMNS}`,
        [organizationId, ...EDITABLE.map((key) => fields[key])],
        transaction,
      );
      await auditAdministration(
        db,
        {
          organizationId,
          entityType: 'vendor',
          entityId: row!.id,
          action: 'create',
          actorId: actor.userId,
          to: 'active',
          metadata: { ...fields },
        },
        transaction,
      );
      return presentVendor(row!);
    }),
  );
}

/**
 * Replaces a vendor's fields (omitted optional fields are cleared); `is_active` deactivates or
 * reactivates it (omitted: unchanged). Orders already raised keep the vendor. Audited with what changed.
 */
export async function updateVendor(
  db: Db,
  actor: AdminActor,
  id: string,
  form: VendorUpdateForm,
): Promise<VendorView> {
  const organizationId = actor.scope.organizationId;
  const fields = fieldsOf(form);
  return withNameConflict(fields.name, () =>
    db.sequelize.transaction(async (transaction) => {
      const before = await lockVendor(db, organizationId, id, transaction);
      const isActive = form.is_active ?? before.is_active;
      const changed = changes(before, { ...fields, is_active: isActive });
      if (Object.keys(changed).length === 0) return presentVendor(before);
      const assignments = EDITABLE.map((key, i) => `${key} = $${i + 3}`).join(', ');
      const row = await selectOne<VendorRow>(
        db,
        `UPDATE vendors v SET ${assignments}, is_active = $${EDITABLE.length + 3}, updated_at = now()
          WHERE v.id = $1 AND v.organization_id = $2
          RETURNING ${VENDOR_COLUMNS}`,
        [id, organizationId, ...EDITABLE.map((key) => fields[key]), isActive],
        transaction,
      );
      const status = (active: boolean) => (active ? 'active' : 'inactive');
      await auditAdministration(
        db,
        {
          organizationId,
          entityType: 'vendor',
          entityId: id,
          action: isActive === before.is_active ? 'update' : isActive ? 'reactivate' : 'deactivate',
          actorId: actor.userId,
          from: status(before.is_active),
          to: status(isActive),
          metadata: { changes: changed },
        },
        transaction,
      );
      return presentVendor(row!);
    }),
  );
}

/** Deactivates a vendor (soft delete: orders keep it, new orders cannot name it); idempotent. */
export async function deactivateVendor(db: Db, actor: AdminActor, id: string): Promise<void> {
  const organizationId = actor.scope.organizationId;
  await db.sequelize.transaction(async (transaction) => {
    const before = await lockVendor(db, organizationId, id, transaction);
    if (!before.is_active) return;
    await execute(
      db,
      'UPDATE vendors SET is_active = false, updated_at = now() WHERE id = $1 AND organization_id = $2',
      [id, organizationId],
      transaction,
    );
    await auditAdministration(
      db,
      {
        organizationId,
        entityType: 'vendor',
        entityId: id,
        action: 'deactivate',
        actorId: actor.userId,
        from: 'active',
        to: 'inactive',
        metadata: {},
      },
      transaction,
    );
  });
}

/**
 * What the organisation ordered from one vendor, in its base currency: orders raised (cancelled
 * left out), open ones (draft, sent or partially received), committed (what sent and partially
 * received orders still lack), received (the spend: received orders, and the receipts of partially
 * received ones, at their base amounts), and the last order's time. One index range of `purchase_orders (organization_id, vendor_id, …)`.
 */
export async function getVendorSpend(db: Db, organizationId: string, id: string): Promise<VendorSpendView> {
  const row = await selectOne<{
    currency: string;
    order_count: string;
    open_order_count: string;
    committed_amount: string;
    received_amount: string;
    last_order_at: Date | null;
    vendor_id: string | null;
  }>(
    db,
    `SELECT o.currency, v.id AS vendor_id,
            count(po.id) FILTER (WHERE po.status <> 'cancelled') AS order_count,
            count(po.id) FILTER (WHERE po.status IN ('draft', 'sent', 'partially_received')) AS open_order_count,
            coalesce(sum(po.base_total_amount - po.received) FILTER (WHERE po.status IN ('sent', 'partially_received')), 0)
              AS committed_amount,
            coalesce(sum(po.base_total_amount) FILTER (WHERE po.status = 'received'), 0)
              + coalesce(sum(po.received) FILTER (WHERE po.status = 'partially_received'), 0) AS received_amount,
            max(po.created_at) FILTER (WHERE po.status <> 'cancelled') AS last_order_at
       FROM organizations o
       LEFT JOIN vendors v ON v.organization_id = o.id AND v.id = $2
       LEFT JOIN LATERAL (
         SELECT p.status, p.created_at, COALESCE(p.base_total_amount, p.total_amount) AS base_total_amount,
                CASE WHEN p.status = 'partially_received' THEN
                  (SELECT coalesce(sum(x.base_amount), 0) FROM po_receipts x
                    WHERE x.organization_id = p.organization_id AND x.purchase_order_id = p.id)
                ELSE 0 END AS received, p.id
           FROM purchase_orders p WHERE p.organization_id = o.id AND p.vendor_id = v.id) po ON true
      WHERE o.id = $1
      GROUP BY o.currency, v.id`,
    [organizationId, id],
  );
  if (!row?.vendor_id) throw new NotFound('Vendor');
  return {
    currency: row.currency.trim() as VendorSpendView['currency'],
    order_count: Number(row.order_count),
    open_order_count: Number(row.open_order_count),
    committed_amount: Number(row.committed_amount),
    received_amount: Number(row.received_amount),
    last_order_at: row.last_order_at ? new Date(row.last_order_at).toISOString() : null,
  };
}
