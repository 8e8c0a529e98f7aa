import { type MigrationContext, runSql } from '../migrator.js';

/**
 * What a cost centre's requisitions under review hold of its budget, as a maintained counter
 * (issue 12, the submit path; issue 13's reservation rule unchanged).
 *
 * A submission checks its budget with the budget row locked FOR UPDATE until it commits, so the
 * submissions of one cost centre run one after another; under the lock they summed the cost centre's
 * requisitions under review row by row (980 rows, 966 buffers, 40 to 60 ms at a million requisitions,
 * most of it heap reads of rows scattered over the table). The counter `reserved:<cost centre>` (in
 * integer cents of the base currency, as `committed:` and `spent:`) is kept by the requisitions'
 * counting triggers in the same transaction as the change, so the check reads a few delta rows
 * instead. The key is one more row of `requisition_counter_keys` (2026.11.25T01.00.00), whose body is
 * repeated here with it; `api/test/counters-check.ts` compares it with the rows.
 */
const KEYS = (reserved: boolean) => `
    CREATE OR REPLACE FUNCTION requisition_counter_keys(
      uuid, uuid, text, uuid, uuid, timestamptz, numeric) -- organisation, id, status, requestor, cost centre, approved_at, total
    RETURNS TABLE (organization_id uuid, key text, n bigint) LANGUAGE sql STABLE AS $$
      SELECT $1, k.key, k.n FROM (
        SELECT 'req' AS key, 1::bigint AS n
        UNION ALL SELECT 'req:' || $3, 1
        UNION ALL SELECT 'req:by:' || $4, 1
        UNION ALL
        SELECT c.key, round($7 * 100)::bigint
          FROM (VALUES ('committed:' || to_char($6 AT TIME ZONE 'UTC', 'YYYY-MM')),
                       ('committed:' || $5 || ':' || to_char($6 AT TIME ZONE 'UTC', 'YYYY-MM'))) AS c(key)
         WHERE $3 IN ('approved', 'po_created') AND $6 IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM purchase_orders po WHERE po.requisition_id = $2 AND po.status = 'received')${
             reserved
               ? `
        UNION ALL SELECT 'reserved:' || $5, round($7 * 100)::bigint WHERE $3 = 'under_review'`
               : ''
           }
      ) k;
    $$;`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `${KEYS(true)}
    INSERT INTO counter_deltas (organization_id, key, n)
    SELECT organization_id, 'reserved:' || cost_center_id,
           sum(round(COALESCE(base_total_amount, total_amount) * 100))::bigint
      FROM requisitions WHERE status = 'under_review' GROUP BY 1, 2;`,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(ctx, `${KEYS(false)}\n    DELETE FROM counter_deltas WHERE key LIKE 'reserved:%';`);
}
