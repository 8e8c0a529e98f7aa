import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { selectOne } from '../../db-query.js';
import { Conflict, NotFound } from '../../domain/errors.js';
import {
  ADDRESS_KINDS,
  checkCurrencyChange,
  fiscalYearEndOf,
  formatAddress,
  purchaseOrderAddressDefaults,
  readSettingsChange,
} from '../../domain/organization-settings.js';
import type { Db } from '../../http/context.js';
import { type AdminActor, auditAdministration } from '../roles/access.js';

type OrganizationSettings = components['schemas']['GeneralSettings'];
type PostalAddress = components['schemas']['PostalAddress'];
type SettingsChange = components['schemas']['GeneralSettingsChange'];

interface SettingsRow {
  id: string;
  name: string;
  legal_name: string | null;
  code: string;
  phone: string | null;
  website: string | null;
  address: string | null;
  addresses: Partial<Record<(typeof ADDRESS_KINDS)[number], PostalAddress | null>>;
  fiscal_year_start: number;
  currency: string;
  currency_locked: boolean;
  settings_version: number;
  /** `organizations.settings.reapproval_tolerance` (absent: none). */
  tolerance: { percent?: number; amount?: number } | null;
}

/** The settings row, with whether anything is recorded in the base currency yet (one statement). */
const SETTINGS_SQL = `
  SELECT o.id, o.name, o.legal_name, o.code, o.phone, o.website, o.address, o.addresses, o.fiscal_year_start,
         btrim(o.currency) AS currency, o.settings_version, o.settings -> 'reapproval_tolerance' AS tolerance,
         (EXISTS (SELECT 1 FROM requisitions r WHERE r.organization_id = o.id)
          OR EXISTS (SELECT 1 FROM purchase_orders p WHERE p.organization_id = o.id)
          OR EXISTS (SELECT 1 FROM budgets b WHERE b.organization_id = o.id)
          OR EXISTS (SELECT 1 FROM exchange_rates x WHERE x.organization_id = o.id)) AS currency_locked
    FROM organizations o
   WHERE o.id = $1`;

/**
 * The registered address: the structured one, or, for an organisation made with only the one-line
 * address (the first-administrator command, the demo data), that line.
 */
function registeredOf(row: SettingsRow): PostalAddress | null {
  if (row.addresses.registered !== undefined) return row.addresses.registered;
  if (row.address === null || row.address.trim() === '') return null;
  return {
    lines: [row.address.trim().slice(0, 200)],
    city: null,
    region: null,
    postcode: null,
    country: null,
  };
}

function present(row: SettingsRow): OrganizationSettings {
  return {
    id: row.id,
    name: row.name,
    legal_name: row.legal_name,
    code: row.code,
    phone: row.phone,
    website: row.website,
    registered_address: registeredOf(row),
    billing_address: row.addresses.billing ?? null,
    delivery_address: row.addresses.delivery ?? null,
    fiscal_year_start: row.fiscal_year_start,
    fiscal_year_end: fiscalYearEndOf(row.fiscal_year_start),
    currency: row.currency as OrganizationSettings['currency'],
    currency_locked: row.currency_locked,
    reapproval_tolerance_percent: Number(row.tolerance?.percent ?? 0),
    reapproval_tolerance_amount: Number(row.tolerance?.amount ?? 0),
    purchase_order_addresses: purchaseOrderAddressDefaults(row),
    version: row.settings_version,
  };
}

async function readRow(db: Db, organizationId: string, transaction?: Transaction, lock = false) {
  const row = await selectOne<SettingsRow>(
    db,
    `${SETTINGS_SQL}${lock ? ' FOR UPDATE OF o' : ''}`,
    [organizationId],
    transaction,
  );
  if (!row) throw new NotFound('Organization');
  return row;
}

/** The organisation's settings, as any member reads them. */
export async function getOrganizationSettings(db: Db, organizationId: string): Promise<OrganizationSettings> {
  return present(await readRow(db, organizationId));
}

/**
 * Changes the fields a change names, in one transaction under a lock on the organisation: a change
 * made from an older `version` is refused (409 naming `version`), as is a new base currency once
 * anything is recorded in the old one (409 naming `currency`). The fiscal year's end follows its
 * start, and the one-line `address` purchase orders print follows the registered address. Audited
 * with what changed; the version goes up only when something did.
 */
export async function updateOrganizationSettings(
  db: Db,
  actor: AdminActor,
  change: SettingsChange,
): Promise<OrganizationSettings> {
  const organizationId = actor.scope.organizationId;
  const write = readSettingsChange(change);
  return db.sequelize.transaction(async (transaction) => {
    const before = await readRow(db, organizationId, transaction, true);
    if (change.version !== before.settings_version) {
      const message =
        'Someone else changed these settings since you opened them. Reload to see their changes.';
      throw new Conflict(message, 'CONFLICT', [{ field: 'version', message }]);
    }
    checkCurrencyChange(before.currency, write.currency, before.currency_locked);
    const old = present(before);
    const addresses = { ...before.addresses, registered: old.registered_address, ...write.addresses };
    const next = {
      name: write.name ?? before.name,
      legal_name: write.legal_name === undefined ? before.legal_name : write.legal_name,
      phone: write.phone === undefined ? before.phone : write.phone,
      website: write.website === undefined ? before.website : write.website,
      fiscal_year_start: write.fiscal_year_start ?? before.fiscal_year_start,
      currency: write.currency ?? before.currency,
    };
    const changed: Record<string, { from: unknown; to: unknown }> = {};
    for (const key of Object.keys(next) as (keyof typeof next)[]) {
      if (next[key] !== before[key]) changed[key] = { from: before[key], to: next[key] };
    }
    const tolerance = {
      percent: write.reapproval_tolerance_percent ?? old.reapproval_tolerance_percent,
      amount: write.reapproval_tolerance_amount ?? old.reapproval_tolerance_amount,
    };
    if (tolerance.percent !== old.reapproval_tolerance_percent) {
      changed.reapproval_tolerance_percent = {
        from: old.reapproval_tolerance_percent,
        to: tolerance.percent,
      };
    }
    if (tolerance.amount !== old.reapproval_tolerance_amount) {
      changed.reapproval_tolerance_amount = { from: old.reapproval_tolerance_amount, to: tolerance.amount };
    }
    for (const kind of ADDRESS_KINDS) {
      const from = old[`${kind}_address`];
      const to = addresses[kind] ?? null;
      if (JSON.stringify(from) !== JSON.stringify(to)) changed[`${kind}_address`] = { from, to };
    }
    if (Object.keys(changed).length === 0) return old;
    await selectOne(
      db,
      `UPDATE organizations
          SET name = $2, legal_name = $3, phone = $4, website = $5, fiscal_year_start = $6,
              fiscal_year_end = $7, currency = $8, addresses = $9::jsonb, address = $10,
              settings = jsonb_set(settings, '{reapproval_tolerance}', $11::jsonb),
              settings_version = settings_version + 1, updated_at = now()
        WHERE id = $1
        RETURNING id`,
      [
        organizationId,
        next.name,
        next.legal_name,
        next.phone,
        next.website,
        next.fiscal_year_start,
        fiscalYearEndOf(next.fiscal_year_start),
        next.currency,
        JSON.stringify(addresses),
        // What purchase orders print; unchanged unless the registered address changes.
        write.addresses?.registered === undefined ? before.address : formatAddress(addresses.registered),
        JSON.stringify(tolerance),
      ],
      transaction,
    );
    await auditAdministration(
      db,
      {
        organizationId,
        entityType: 'organization',
        entityId: organizationId,
        action: 'update_settings',
        actorId: actor.userId,
        metadata: { changes: changed },
      },
      transaction,
    );
    return present(await readRow(db, organizationId, transaction));
  });
}
