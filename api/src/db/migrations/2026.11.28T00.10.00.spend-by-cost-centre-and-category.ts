import { type MigrationContext, runSql } from '../migrator.js';
import { ORDER_KEYS } from './2026.11.27T10.30.00.purchase-order-receipts.js';

/**
 * Spend by cost centre and by category from counters (issue 16, item 4: reports fast at 1M).
 *
 * The spend report over whole months read every order sent in the period and looked up each one's
 * requisition for its cost centre or category: one index probe per order, so a year of a large
 * organisation's orders took seconds. An order counted in `spend:<YYYY-MM>` (sent, partly received or
 * received, by the month it was sent) now also counts, from its requisition:
 * - `spend:cc:<cost centre>:<YYYY-MM>`,
 * - `spend:cat:<category>:<YYYY-MM>`,
 * - `spend:cc:<cost centre>:cat:<category>:<YYYY-MM>` (one cost centre's spend by category).
 * `purchase_order_counter_keys` is the only definition the counting triggers and the counters check
 * read, so they follow. Existing orders are counted once here.
 */

const MONTH = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM')`;
const SPEND_STATUSES = "('sent', 'partially_received', 'received')";

/** The three keys of requisition `r` for month expression `m`. */
const KEYS_OF = (m: string) => `(VALUES ('spend:cc:' || r.cost_center_id || ':' || ${m}),
                     ('spend:cat:' || r.category || ':' || ${m}),
                     ('spend:cc:' || r.cost_center_id || ':cat:' || r.category || ':' || ${m})) AS s(key)`;

const FUNCTION = `
    CREATE OR REPLACE FUNCTION purchase_order_counter_keys(
      uuid, uuid, text, timestamptz, date, timestamptz, numeric) -- organisation, requisition, status, sent_at, received_date, received_at, total
    RETURNS TABLE (organization_id uuid, key text, n bigint) LANGUAGE sql STABLE AS $$
      SELECT $1, k.key, k.n FROM (
        SELECT 'po' AS key, 1::bigint AS n
        UNION ALL SELECT 'po:' || $3, 1
        UNION ALL SELECT 'spend:' || ${MONTH('$4')}, round($7 * 100)::bigint
         WHERE $3 IN ${SPEND_STATUSES} AND $4 IS NOT NULL
        UNION ALL
        SELECT s.key, round($7 * 100)::bigint
          FROM requisitions r CROSS JOIN LATERAL ${KEYS_OF(MONTH('$4'))}
         WHERE r.id = $2 AND $3 IN ${SPEND_STATUSES} AND $4 IS NOT NULL
        UNION ALL
        SELECT s.key, round($7 * 100)::bigint
          FROM (SELECT COALESCE($5::timestamp AT TIME ZONE 'UTC', $6) AS at) w
          CROSS JOIN LATERAL (
            SELECT 'spent:' || ${MONTH('w.at')}
            UNION ALL
            SELECT 'spent:' || r.cost_center_id || ':' || ${MONTH('w.at')} FROM requisitions r WHERE r.id = $2
          ) AS s(key)
         WHERE $3 = 'received'
      ) k;
    $$;`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `${FUNCTION}
    INSERT INTO counter_deltas (organization_id, key, n)
    SELECT po.organization_id, s.key, sum(round(COALESCE(po.base_total_amount, po.total_amount) * 100))::bigint
      FROM purchase_orders po
      JOIN requisitions r ON r.organization_id = po.organization_id AND r.id = po.requisition_id
     CROSS JOIN LATERAL ${KEYS_OF(MONTH('po.sent_at'))}
     WHERE po.status IN ${SPEND_STATUSES} AND po.sent_at IS NOT NULL
     GROUP BY 1, 2
    HAVING sum(round(COALESCE(po.base_total_amount, po.total_amount) * 100)) <> 0;`,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `${ORDER_KEYS(true)}
    DELETE FROM counter_deltas WHERE key LIKE 'spend:cc:%' OR key LIKE 'spend:cat:%';`,
  );
}
