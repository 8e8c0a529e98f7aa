import { type MigrationContext, runSql } from '../migrator.js';
import { countingTriggers } from './2026.11.25T01.00.00.counters-and-seek-indexes.js';

/**
 * Partial receipts counted once (issue 16; docs/decisions.md "Receipts").
 *
 * Until now a requisition stayed committed in full until its order was fully received, while the
 * receipts of a partially received order already counted in spent: the received part was counted
 * twice. Now a committed requisition counts its base total minus the base amounts of its orders'
 * receipts (never below zero), so what a receipt adds to `spent:` it takes off `committed:` in the
 * same transaction, and spent + committed stays the requisition's amount until the order is fully
 * received (then the order's base total, in spent alone, as before).
 *
 * 1. `requisition_received_cents(org, requisition)`: its orders' receipts, in base cents.
 * 2. `requisition_counter_keys` (2026.11.26T23.55.00) counts `committed:` as the total less that.
 * 3. The receipts' insert trigger (2026.11.27T10.30.00) also moves the committed keys of the
 *    receipts' requisitions (what they counted before the statement minus what they count after).
 * 4. The orders' counting triggers (2026.11.25T01.00.00, base amounts since 2026.11.25T10.30.00):
 *    an order becoming received (or no longer) moves its requisition's committed by what it counted
 *    (the total less the receipts), not the whole total.
 * 5. Existing data is recounted: each committed requisition with receipts gets the difference.
 */

const BASE = (alias: string) => `COALESCE(${alias}.base_total_amount, ${alias}.total_amount)`;
const MONTH = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM')`;
const OPERATIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;

/** `requisition_counter_keys`; `lessReceived`: the committed part less the receipts. */
const KEYS = (lessReceived: boolean) => `
    CREATE OR REPLACE FUNCTION requisition_counter_keys(
      uuid, uuid, text, uuid, uuid, timestamptz, numeric) -- organisation, id, status, requestor, cost centre, approved_at, total
    RETURNS TABLE (organization_id uuid, key text, n bigint) LANGUAGE sql STABLE AS $$
      SELECT $1, k.key, k.n FROM (
        SELECT 'req' AS key, 1::bigint AS n
        UNION ALL SELECT 'req:' || $3, 1
        UNION ALL SELECT 'req:by:' || $4, 1
        UNION ALL
        SELECT c.key, ${
          lessReceived
            ? 'GREATEST(round($7 * 100)::bigint - requisition_received_cents($1, $2), 0)'
            : 'round($7 * 100)::bigint'
        }
          FROM (VALUES ('committed:' || ${MONTH('$6')}), ('committed:' || $5 || ':' || ${MONTH('$6')})) AS c(key)
         WHERE $3 IN ('approved', 'po_created') AND $6 IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM purchase_orders po WHERE po.requisition_id = $2 AND po.status = 'received')
        UNION ALL SELECT 'reserved:' || $5, round($7 * 100)::bigint WHERE $3 = 'under_review'
      ) k;
    $$;`;

/** The receipts' insert trigger (2026.11.27T10.30.00); `committed`: with the committed keys. */
const RECEIPT_TRIGGER = (committed: boolean) => `
    CREATE OR REPLACE FUNCTION po_receipts_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO counter_deltas (organization_id, key, n)
      SELECT organization_id, key, sum(n) FROM (
        SELECT x.organization_id, s.key, round(x.base_amount * 100)::bigint
          FROM new_rows x
          JOIN purchase_orders po ON po.id = x.purchase_order_id AND po.organization_id = x.organization_id
          CROSS JOIN LATERAL (
            SELECT 'spent:' || to_char(x.received_date, 'YYYY-MM')
            UNION ALL
            SELECT 'spent:' || r.cost_center_id || ':' || to_char(x.received_date, 'YYYY-MM')
              FROM requisitions r WHERE r.id = po.requisition_id AND r.organization_id = po.organization_id
          ) AS s(key)
         WHERE po.status <> 'received'${
           committed
             ? `
        UNION ALL
        -- What each receipt's requisition counts as committed after the statement minus before it.
        SELECT r.organization_id, c.key,
               GREATEST(round(${BASE('r')} * 100)::bigint - t.after, 0)
               - GREATEST(round(${BASE('r')} * 100)::bigint - (t.after - t.added), 0)
          FROM (SELECT po.organization_id, po.requisition_id, sum(round(x.base_amount * 100))::bigint AS added
                  FROM new_rows x
                  JOIN purchase_orders po ON po.id = x.purchase_order_id AND po.organization_id = x.organization_id
                 WHERE po.requisition_id IS NOT NULL
                 GROUP BY 1, 2) a
          JOIN requisitions r ON r.id = a.requisition_id AND r.organization_id = a.organization_id
          CROSS JOIN LATERAL (SELECT a.added, requisition_received_cents(r.organization_id, r.id) AS after) t
          CROSS JOIN LATERAL (VALUES ('committed:' || ${MONTH('r.approved_at')}),
                                     ('committed:' || r.cost_center_id || ':' || ${MONTH('r.approved_at')})) AS c(key)
         WHERE r.status IN ('approved', 'po_created') AND r.approved_at IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM purchase_orders p WHERE p.requisition_id = r.id AND p.status = 'received')`
             : ''
         }
      ) AS d(organization_id, key, n)
       GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2;
      RETURN NULL;
    END $$;`;

/** Committed requisitions with receipts: what they count now less what they counted (`sign` 1), or back. */
const RECOUNT = (sign: 1 | -1) => `
    INSERT INTO counter_deltas (organization_id, key, n)
    SELECT r.organization_id, c.key,
           sum(${sign} * (GREATEST(round(${BASE('r')} * 100)::bigint - t.received, 0) - round(${BASE('r')} * 100)::bigint))
      FROM requisitions r
      CROSS JOIN LATERAL (SELECT requisition_received_cents(r.organization_id, r.id) AS received) t
      CROSS JOIN LATERAL (VALUES ('committed:' || ${MONTH('r.approved_at')}),
                                 ('committed:' || r.cost_center_id || ':' || ${MONTH('r.approved_at')})) AS c(key)
     WHERE r.status IN ('approved', 'po_created') AND r.approved_at IS NOT NULL AND t.received > 0
       AND NOT EXISTS (SELECT 1 FROM purchase_orders p WHERE p.requisition_id = r.id AND p.status = 'received')
     GROUP BY 1, 2 HAVING sum(${sign} * (GREATEST(round(${BASE('r')} * 100)::bigint - t.received, 0)
                                  - round(${BASE('r')} * 100)::bigint)) <> 0;`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    CREATE FUNCTION requisition_received_cents(uuid, uuid) -- organisation, requisition
    RETURNS bigint LANGUAGE sql STABLE AS $$
      SELECT COALESCE(sum(round(x.base_amount * 100)), 0)::bigint
        FROM purchase_orders po
        JOIN po_receipts x ON x.organization_id = po.organization_id AND x.purchase_order_id = po.id
       WHERE po.organization_id = $1 AND po.requisition_id = $2;
    $$;
    ${RECOUNT(1)}
    ${KEYS(true)}
    ${RECEIPT_TRIGGER(true)}`,
  );
  for (const op of OPERATIONS) {
    await runSql(ctx, countingTriggers(op, { amount: BASE, replace: true, lessReceived: true }));
  }
}

export async function down(ctx: MigrationContext): Promise<void> {
  for (const op of OPERATIONS) await runSql(ctx, countingTriggers(op, { amount: BASE, replace: true }));
  await runSql(
    ctx,
    `${RECEIPT_TRIGGER(false)}
    ${KEYS(false)}
    ${RECOUNT(-1)}
    DROP FUNCTION requisition_received_cents(uuid, uuid);`,
  );
}
