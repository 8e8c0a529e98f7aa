import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Open commitments from counters (issue 16, item 4: reports fast at 1M requisitions).
 *
 * The report summed the organisation's open work per cost centre from the rows: its approved
 * requisitions, its draft orders and its sent or partly received orders less their receipts, each
 * order with one probe for its requisition's cost centre and one for its receipts. At 1M requisitions
 * that is 300,000 rows and 4 to 10 s. Per cost centre, kept like the other counters (statement
 * triggers appending deltas, `2026.11.25T01.00.00`):
 * - `open:req:<cc>` and `open:req:n:<cc>`: approved requisitions (base amount in cents, count);
 * - `open:draft:<cc>` and `open:draft:n:<cc>`: draft orders;
 * - `open:ordered:<cc>` and `open:ordered:n:<cc>`: sent and partly received orders;
 * - `open:received:<cc>`: the receipts of those orders.
 * An order's receipts count while the order is sent or partly received: a receipt adds its amount
 * if its order is open when it is written, an order moving in or out of those states adds or removes
 * the receipts it has then (each statement changes one side, so the two stay the product).
 * Existing rows are counted once here.
 */
const OPEN_ORDER = "('sent', 'partially_received')";

const FUNCTIONS = `
    CREATE FUNCTION requisition_open_counter_keys(uuid, text, uuid, numeric) -- organisation, status, cost centre, base total
    RETURNS TABLE (organization_id uuid, key text, n bigint) LANGUAGE sql IMMUTABLE AS $$
      SELECT $1, k.key, k.n
        FROM (VALUES ('open:req:' || $3, round($4 * 100)::bigint), ('open:req:n:' || $3, 1::bigint)) AS k(key, n)
       WHERE $2 = 'approved';
    $$;
    CREATE FUNCTION purchase_order_open_counter_keys(uuid, uuid, uuid, text, numeric) -- organisation, order, requisition, status, base total
    RETURNS TABLE (organization_id uuid, key text, n bigint) LANGUAGE sql STABLE AS $$
      SELECT $1, k.key, k.n
        FROM requisitions r
       CROSS JOIN LATERAL (
         SELECT 'open:draft:' || r.cost_center_id AS key, round($5 * 100)::bigint AS n WHERE $4 = 'draft'
         UNION ALL SELECT 'open:draft:n:' || r.cost_center_id, 1 WHERE $4 = 'draft'
         UNION ALL SELECT 'open:ordered:' || r.cost_center_id, round($5 * 100)::bigint WHERE $4 IN ${OPEN_ORDER}
         UNION ALL SELECT 'open:ordered:n:' || r.cost_center_id, 1 WHERE $4 IN ${OPEN_ORDER}
         UNION ALL SELECT 'open:received:' || r.cost_center_id,
                          (SELECT COALESCE(sum(round(x.base_amount * 100)), 0)::bigint FROM po_receipts x
                            WHERE x.organization_id = $1 AND x.purchase_order_id = $2)
                    WHERE $4 IN ${OPEN_ORDER}) k
       WHERE r.organization_id = $1 AND r.id = $3;
    $$;
    CREATE FUNCTION po_receipt_open_counter_keys(uuid, uuid, numeric) -- organisation, order, base amount
    RETURNS TABLE (organization_id uuid, key text, n bigint) LANGUAGE sql STABLE AS $$
      SELECT $1, 'open:received:' || r.cost_center_id, round($3 * 100)::bigint
        FROM purchase_orders po JOIN requisitions r ON r.organization_id = po.organization_id AND r.id = po.requisition_id
       WHERE po.organization_id = $1 AND po.id = $2 AND po.status IN ${OPEN_ORDER};
    $$;`;

const TABLES = {
  requisitions: (t: string) =>
    `SELECT k.* FROM ${t} r CROSS JOIN LATERAL requisition_open_counter_keys(r.organization_id, r.status,
       r.cost_center_id, COALESCE(r.base_total_amount, r.total_amount)) k`,
  purchase_orders: (t: string) =>
    `SELECT k.* FROM ${t} po CROSS JOIN LATERAL purchase_order_open_counter_keys(po.organization_id, po.id,
       po.requisition_id, po.status, COALESCE(po.base_total_amount, po.total_amount)) k`,
  po_receipts: (t: string) =>
    `SELECT k.* FROM ${t} x CROSS JOIN LATERAL po_receipt_open_counter_keys(x.organization_id,
       x.purchase_order_id, x.base_amount) k`,
} as const;

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

function triggers(table: keyof typeof TABLES): string {
  const keys = TABLES[table];
  const operations = {
    insert: {
      transition: 'REFERENCING NEW TABLE AS new_rows',
      rows: `SELECT * FROM (${keys('new_rows')}) a`,
    },
    update: {
      transition: 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
      rows: `SELECT * FROM (${keys('new_rows')}) a
             UNION ALL SELECT organization_id, key, -n FROM (${keys('old_rows')}) b`,
    },
    delete: {
      transition: 'REFERENCING OLD TABLE AS old_rows',
      rows: `SELECT organization_id, key, -n FROM (${keys('old_rows')}) b`,
    },
  };
  return Object.entries(operations)
    .map(
      ([op, { transition, rows }]) => `
    CREATE FUNCTION ${table}_open_count_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE touched record;
    BEGIN${appendDeltas(rows)}
      RETURN NULL;
    END $$;
    CREATE TRIGGER ${table}_open_count_${op} AFTER ${op.toUpperCase()} ON ${table}
      ${transition} FOR EACH STATEMENT EXECUTE FUNCTION ${table}_open_count_${op}();`,
    )
    .join('\n');
}

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `${FUNCTIONS}
    ${triggers('requisitions')}
    ${triggers('purchase_orders')}
    ${triggers('po_receipts')}
    -- The open work only: approved requisitions, and draft, sent or partly received orders (with their receipts).
    INSERT INTO counter_deltas (organization_id, key, n)
    SELECT organization_id, key, sum(n) FROM (
      ${TABLES.requisitions("(SELECT * FROM requisitions WHERE status = 'approved')")}
      UNION ALL
      ${TABLES.purchase_orders("(SELECT * FROM purchase_orders WHERE status IN ('draft', 'sent', 'partially_received'))")}
    ) k GROUP BY 1, 2 HAVING sum(n) <> 0;`,
  );
}

/** Drops the triggers, their functions and the keys they kept. */
export async function down(ctx: MigrationContext): Promise<void> {
  const drops = Object.keys(TABLES)
    .flatMap((table) => ['insert', 'update', 'delete'].map((op) => `${table}_open_count_${op}()`))
    .join(', ');
  await runSql(
    ctx,
    `DROP FUNCTION ${drops} CASCADE;
    DROP FUNCTION requisition_open_counter_keys(uuid, text, uuid, numeric),
      purchase_order_open_counter_keys(uuid, uuid, uuid, text, numeric),
      po_receipt_open_counter_keys(uuid, uuid, numeric);
    DELETE FROM counter_deltas WHERE key LIKE 'open:%';`,
  );
}
