import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Spend by vendor from counters (issue 16, item 4: reports fast at 1M requisitions).
 *
 * The spend report by vendor read every order sent in the period (a year of a large organisation:
 * 600,000 orders, 2 s of SQL at 1M requisitions). An order counted in `spend:<YYYY-MM>` (sent, partly
 * received or received, by the month it was sent) now also counts in
 * `spend:vendor:<vendor, or none>:<YYYY-MM>`, so a whole-month period is one index read of
 * vendors × months keys, as spend by cost centre (`2026.11.28T00.10.00`).
 *
 * Separate statement triggers from the first counters' (as `2026.11.25T05.00.00`): the order's
 * vendor is not among `purchase_order_counter_keys`' arguments, and a trigger with transition tables
 * appends only the keys whose sum changed. Existing orders are counted once here.
 */
const KEYS = (t: string) =>
  `SELECT k.* FROM ${t} po CROSS JOIN LATERAL purchase_order_vendor_counter_keys(po.organization_id,
     po.vendor_id, po.status, po.sent_at, COALESCE(po.base_total_amount, po.total_amount)) k`;

/** Appends a statement's deltas and folds each touched key with probability 1/16 (as the first counters). */
const appendDeltas = (rows: string) => `
      FOR touched IN
        WITH appended AS (
          INSERT INTO counter_deltas (organization_id, key, n)
          SELECT organization_id, key, sum(n) FROM (${rows}) AS x(organization_id, key, n)
           GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
          RETURNING organization_id, key)
        SELECT organization_id, key FROM appended WHERE random() < 0.0625
      LOOP
        PERFORM compact_counter(touched.organization_id, touched.key);
      END LOOP;`;

const OPERATIONS = {
  insert: { transition: 'REFERENCING NEW TABLE AS new_rows', rows: `SELECT * FROM (${KEYS('new_rows')}) a` },
  update: {
    transition: 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
    rows: `SELECT * FROM (${KEYS('new_rows')}) a
           UNION ALL SELECT organization_id, key, -n FROM (${KEYS('old_rows')}) b`,
  },
  delete: {
    transition: 'REFERENCING OLD TABLE AS old_rows',
    rows: `SELECT organization_id, key, -n FROM (${KEYS('old_rows')}) b`,
  },
} as const;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    CREATE FUNCTION purchase_order_vendor_counter_keys(uuid, uuid, text, timestamptz, numeric) -- organisation, vendor, status, sent_at, base total
    RETURNS TABLE (organization_id uuid, key text, n bigint) LANGUAGE sql STABLE AS $$
      SELECT $1, 'spend:vendor:' || COALESCE($2::text, 'none') || ':' || to_char($4 AT TIME ZONE 'UTC', 'YYYY-MM'),
             round($5 * 100)::bigint
       WHERE $3 IN ('sent', 'partially_received', 'received') AND $4 IS NOT NULL;
    $$;
    ${Object.entries(OPERATIONS)
      .map(
        ([op, { transition, rows }]) => `
    CREATE FUNCTION purchase_orders_vendor_count_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE touched record;
    BEGIN${appendDeltas(rows)}
      RETURN NULL;
    END $$;
    CREATE TRIGGER purchase_orders_vendor_count_${op} AFTER ${op.toUpperCase()} ON purchase_orders
      ${transition} FOR EACH STATEMENT EXECUTE FUNCTION purchase_orders_vendor_count_${op}();`,
      )
      .join('\n')}
    INSERT INTO counter_deltas (organization_id, key, n)
    SELECT organization_id, key, sum(n) FROM (${KEYS('purchase_orders')}) k
     GROUP BY 1, 2 HAVING sum(n) <> 0;
    `,
  );
}

/** Drops the triggers, their functions and the keys they kept. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP FUNCTION purchase_orders_vendor_count_insert(), purchase_orders_vendor_count_update(),
      purchase_orders_vendor_count_delete() CASCADE;
    DROP FUNCTION purchase_order_vendor_counter_keys(uuid, uuid, text, timestamptz, numeric);
    DELETE FROM counter_deltas WHERE key LIKE 'spend:vendor:%';
    `,
  );
}
