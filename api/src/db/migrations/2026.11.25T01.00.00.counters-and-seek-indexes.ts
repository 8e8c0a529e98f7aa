import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Reads whose cost does not grow with the organisation (issue 12, docs/adr/005-counters.md).
 *
 * 1. `counter_deltas`: per organisation, named counters kept as append-only rows of deltas that
 *    statement-level triggers on requisitions, approval steps and purchase orders write in the same
 *    transaction as the change. A count is the sum of a key's rows. Appending never waits on another
 *    writer (one row per key updated in place would serialise every writer of an organisation and can
 *    deadlock two transactions that touch the same keys in opposite orders); writers fold a key's rows
 *    into one now and then, skipping rows another transaction holds (`compact_counter`).
 *    Keys (money in integer cents):
 *    - `req`, `req:<status>`, `req:by:<requestor>`: requisitions;
 *    - `committed:<YYYY-MM>`, `committed:<cost centre>:<YYYY-MM>`: approved or po_created requisitions
 *      whose order is not received, by the month they were approved (UTC);
 *    - `po`, `po:<status>`: purchase orders; `spend:<YYYY-MM>`: sent or received orders by the month
 *      they were sent; `spent:<YYYY-MM>`, `spent:<cost centre>:<YYYY-MM>`: received orders by the day
 *      they were received (UTC);
 *    - `queue:u:<user>`: open steps assigned to that user who may decide them; `queue:r:<role>`: open
 *      steps of a role's group; `queue:x:<user>:<role>`: open group steps of that role the user may not
 *      decide (their own requisition, or one they approved a level of); `done:<user>`: steps the user
 *      decided.
 * 2. `approval_steps.excluded_user_ids`: who may not decide an open step (the requestor and whoever
 *    approved a level of the requisition), written when the step opens; the queue reads it instead
 *    of probing the requisition and its history for every row.
 * 3. Indexes in the lists' exact order (`created_at DESC, id DESC`), so a page is read by seeking.
 */

/** Tables this migration adds with `organization_id` (row-level security like every other). */
export const COUNTER_TABLES = ['counter_deltas'] as const;

/** `YYYY-MM` of a timestamp in UTC. */
const MONTH = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM')`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    CREATE TABLE counter_deltas (
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      key text NOT NULL,
      n bigint NOT NULL
    );
    CREATE INDEX counter_deltas_key_idx ON counter_deltas (organization_id, key) INCLUDE (n);
    ALTER TABLE counter_deltas ENABLE ROW LEVEL SECURITY;
    ALTER TABLE counter_deltas FORCE ROW LEVEL SECURITY;
    CREATE POLICY organization_isolation ON counter_deltas
      USING (organization_id = COALESCE(NULLIF(current_setting('app.organization_id', true), '')::uuid, organization_id))
      WITH CHECK (organization_id = COALESCE(NULLIF(current_setting('app.organization_id', true), '')::uuid, organization_id));

    -- Folds the rows of one key into one, skipping rows that another open transaction holds (it
    -- will fold them later): it never waits, so it can neither block nor deadlock a writer.
    CREATE FUNCTION compact_counter(org uuid, counter text) RETURNS void LANGUAGE sql AS $$
      WITH gone AS (
        DELETE FROM counter_deltas d
         WHERE d.ctid = ANY (ARRAY(SELECT c.ctid FROM counter_deltas c
                                    WHERE c.organization_id = org AND c.key = counter
                                    FOR UPDATE SKIP LOCKED))
        RETURNING d.n)
      INSERT INTO counter_deltas (organization_id, key, n)
      SELECT org, counter, sum(n) FROM gone HAVING count(*) > 0 AND sum(n) <> 0;
    $$;


    -- The counters a requisition contributes to (committed: see the key list above).
    CREATE FUNCTION requisition_counter_keys(
      uuid, uuid, text, uuid, uuid, timestamptz, numeric) -- organisation, id, status, requestor, cost centre, approved_at, total
    RETURNS TABLE (organization_id uuid, key text, n bigint) LANGUAGE sql STABLE AS $$
      SELECT $1, k.key, k.n FROM (
        SELECT 'req' AS key, 1::bigint AS n
        UNION ALL SELECT 'req:' || $3, 1
        UNION ALL SELECT 'req:by:' || $4, 1
        UNION ALL
        SELECT c.key, round($7 * 100)::bigint
          FROM (VALUES ('committed:' || ${MONTH('$6')}), ('committed:' || $5 || ':' || ${MONTH('$6')})) AS c(key)
         WHERE $3 IN ('approved', 'po_created') AND $6 IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM purchase_orders po WHERE po.requisition_id = $2 AND po.status = 'received')
      ) k;
    $$;

    -- The counters a purchase order contributes to. Its requisition's committed amount is not here:
    -- the trigger moves it when the order's received state changes.
    CREATE FUNCTION purchase_order_counter_keys(
      uuid, uuid, text, timestamptz, date, timestamptz, numeric) -- organisation, requisition, status, sent_at, received_date, received_at, total
    RETURNS TABLE (organization_id uuid, key text, n bigint) LANGUAGE sql STABLE AS $$
      SELECT $1, k.key, k.n FROM (
        SELECT 'po' AS key, 1::bigint AS n
        UNION ALL SELECT 'po:' || $3, 1
        UNION ALL SELECT 'spend:' || ${MONTH('$4')}, round($7 * 100)::bigint
         WHERE $3 IN ('sent', 'received') AND $4 IS NOT NULL
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
    $$;

    -- The counters an approval step contributes to.
    CREATE FUNCTION approval_step_counter_keys(
      uuid, text, uuid, text, uuid[], uuid) -- organisation, action, approver, approver role, excluded users, actioned by
    RETURNS TABLE (organization_id uuid, key text, n bigint) LANGUAGE sql IMMUTABLE AS $$
      SELECT $1, k.key, k.n FROM (
        SELECT 'queue:u:' || $3 AS key, 1::bigint AS n
         WHERE $2 IS NULL AND $3 IS NOT NULL AND NOT ($3 = ANY ($5))
        UNION ALL SELECT 'queue:r:' || $4, 1 WHERE $2 IS NULL AND $3 IS NULL
        UNION ALL SELECT DISTINCT 'queue:x:' || x || ':' || $4, 1 FROM unnest($5) AS x WHERE $2 IS NULL AND $3 IS NULL
        UNION ALL SELECT 'done:' || $6, 1
         WHERE $2 IN ('approve', 'reject', 'request_info', 'delegate') AND $6 IS NOT NULL
      ) k;
    $$;
    `,
  );
  for (const op of ['INSERT', 'UPDATE', 'DELETE'] as const) await runSql(ctx, countingTriggers(op));
  await runSql(ctx, EXCLUSIONS);
  await runSql(ctx, BACKFILL);
  for (const op of ['INSERT', 'UPDATE', 'DELETE'] as const) await runSql(ctx, stepTrigger(op));
  await runSql(ctx, SEEK_INDEXES);
}

/**
 * The amount a requisition (alias `r`) or purchase order (alias `po`) counts with in the money
 * counters, as SQL. This migration counts `total_amount`; migration `2026.11.25T10.30.00` replaces
 * the trigger functions to count the amount in the organisation's base currency.
 */
export type CountedAmount = (alias: string) => string;
const TOTAL: CountedAmount = (alias) => `${alias}.total_amount`;

const REQUISITION_KEYS = (t: string, amount: CountedAmount = TOTAL) =>
  `SELECT k.* FROM ${t} r CROSS JOIN LATERAL requisition_counter_keys(r.organization_id, r.id, r.status,
     r.requestor_id, r.cost_center_id, r.approved_at, ${amount('r')}) k`;
const ORDER_KEYS = (t: string, amount: CountedAmount = TOTAL) =>
  `SELECT k.* FROM ${t} po CROSS JOIN LATERAL purchase_order_counter_keys(po.organization_id, po.requisition_id,
     po.status, po.sent_at, po.received_date, po.received_at, ${amount('po')}) k`;
const STEP_KEYS = (t: string) =>
  `SELECT k.* FROM ${t} s CROSS JOIN LATERAL approval_step_counter_keys(s.organization_id, s.action, s.approver_id,
     s.approver_role_name, s.excluded_user_ids, s.actioned_by_id) k`;

/**
 * Appends a statement's deltas (`rows`: SQL answering organization_id, key, n), one row per key and
 * organisation, then folds each touched key with probability 1/16, so a key keeps a few dozen rows
 * whatever the write rate. Summed before anything is built, so a bulk load of a million rows appends
 * a handful.
 */
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

/** The deltas of a statement: what the new rows count minus what the old rows counted. */
const deltasOf = (op: 'INSERT' | 'UPDATE' | 'DELETE', keys: (t: string) => string) =>
  [
    op !== 'DELETE' ? `SELECT organization_id, key, n FROM (${keys('new_rows')}) a` : null,
    op !== 'INSERT' ? `SELECT organization_id, key, -n FROM (${keys('old_rows')}) b` : null,
  ]
    .filter(Boolean)
    .join(' UNION ALL ');

const transition = (op: 'INSERT' | 'UPDATE' | 'DELETE') =>
  ({
    INSERT: 'REFERENCING NEW TABLE AS new_rows',
    UPDATE: 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
    DELETE: 'REFERENCING OLD TABLE AS old_rows',
  })[op];

/**
 * A statement trigger per operation (a function reads only the transition tables its operation has)
 * on requisitions and purchase orders. With `replace`, only the functions, as `CREATE OR REPLACE`
 * (the triggers stay), counting money as `amount` says.
 */
export function countingTriggers(
  op: 'INSERT' | 'UPDATE' | 'DELETE',
  {
    amount = TOTAL,
    replace = false,
    lessReceived = false,
  }: { amount?: CountedAmount; replace?: boolean; lessReceived?: boolean } = {},
): string {
  const lower = op.toLowerCase();
  // What the requisition counts as committed while none of its orders is received: its total, or
  // (2026.11.27T18.10.00) its total less its orders' receipts.
  const committedCents = lessReceived
    ? `GREATEST(round(${amount('r')} * 100)::bigint - requisition_received_cents(r.organization_id, r.id), 0)`
    : `round(${amount('r')} * 100)::bigint`;
  const create = replace ? 'CREATE OR REPLACE FUNCTION' : 'CREATE FUNCTION';
  const trigger = (sql: string) => (replace ? '' : sql);
  const requisitionKeys = (t: string) => REQUISITION_KEYS(t, amount);
  const orderKeys = (t: string) => ORDER_KEYS(t, amount);
  const oldOrders =
    op === 'INSERT'
      ? 'SELECT id, requisition_id, status FROM purchase_orders WHERE false'
      : 'SELECT id, requisition_id, status FROM old_rows';
  const newOrders =
    op === 'DELETE'
      ? 'SELECT id, requisition_id, status FROM purchase_orders WHERE false'
      : 'SELECT id, requisition_id, status FROM new_rows';
  return `
    ${create} requisitions_count_${lower}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE touched record;
    BEGIN${appendDeltas(deltasOf(op, requisitionKeys))}
      RETURN NULL;
    END $$;
    ${trigger(`CREATE TRIGGER requisitions_count_${lower} AFTER ${op} ON requisitions
      ${transition(op)} FOR EACH STATEMENT EXECUTE FUNCTION requisitions_count_${lower}();`)}

    ${create} purchase_orders_count_${lower}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE touched record;
    BEGIN${appendDeltas(`
      WITH old_po AS (${oldOrders}),
           new_po AS (${newOrders}),
           -- Requisitions whose "has a received order" changed in this statement: before = a received
           -- order among the rows not touched here or among the old rows; after = one now.
           flips AS (
             SELECT t.requisition_id,
                    EXISTS (SELECT 1 FROM purchase_orders p
                             WHERE p.requisition_id = t.requisition_id AND p.status = 'received') AS after,
                    EXISTS (SELECT 1 FROM purchase_orders p
                             WHERE p.requisition_id = t.requisition_id AND p.status = 'received'
                               AND p.id NOT IN (SELECT id FROM new_po))
                    OR EXISTS (SELECT 1 FROM old_po o
                                WHERE o.requisition_id = t.requisition_id AND o.status = 'received') AS before
               FROM (SELECT requisition_id FROM old_po UNION SELECT requisition_id FROM new_po) t
              WHERE t.requisition_id IS NOT NULL),
           committed AS (
             SELECT r.organization_id, c.key,
                    CASE WHEN f.after THEN -1 ELSE 1 END * ${committedCents} AS n
               FROM flips f JOIN requisitions r ON r.id = f.requisition_id
               CROSS JOIN LATERAL (VALUES ('committed:' || ${MONTH('r.approved_at')}),
                                          ('committed:' || r.cost_center_id || ':' || ${MONTH('r.approved_at')})) AS c(key)
              WHERE f.after <> f.before AND r.status IN ('approved', 'po_created') AND r.approved_at IS NOT NULL)
      ${deltasOf(op, orderKeys)} UNION ALL SELECT organization_id, key, n FROM committed`)}
      RETURN NULL;
    END $$;
    ${trigger(`CREATE TRIGGER purchase_orders_count_${lower} AFTER ${op} ON purchase_orders
      ${transition(op)} FOR EACH STATEMENT EXECUTE FUNCTION purchase_orders_count_${lower}();`)}
  `;
}

function stepTrigger(op: 'INSERT' | 'UPDATE' | 'DELETE'): string {
  const lower = op.toLowerCase();
  return `
    CREATE FUNCTION approval_steps_count_${lower}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE touched record;
    BEGIN${appendDeltas(deltasOf(op, STEP_KEYS))}
      RETURN NULL;
    END $$;
    CREATE TRIGGER approval_steps_count_${lower} AFTER ${op} ON approval_steps
      ${transition(op)} FOR EACH STATEMENT EXECUTE FUNCTION approval_steps_count_${lower}();
  `;
}

const EXCLUSIONS = `
    ALTER TABLE approval_steps ADD COLUMN excluded_user_ids uuid[] NOT NULL DEFAULT '{}';

    -- Who may not decide a step that opens: the requestor, and whoever approved a level of the
    -- requisition in any round (nobody decides two levels of one requisition). An open step is the
    -- requisition's only one, so nothing can join this list while the step stays open.
    -- A bulk load may write the list itself (it is never empty: the requestor is on it).
    CREATE FUNCTION approval_steps_exclusions() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.action IS NULL AND cardinality(NEW.excluded_user_ids) = 0 THEN
        NEW.excluded_user_ids := ARRAY(
          SELECT r.requestor_id FROM requisitions r WHERE r.id = NEW.requisition_id
          UNION
          SELECT COALESCE(p.actioned_by_id, p.approver_id) FROM approval_steps p
           WHERE p.requisition_id = NEW.requisition_id AND p.action = 'approve'
             AND COALESCE(p.actioned_by_id, p.approver_id) IS NOT NULL);
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER approval_steps_exclusions BEFORE INSERT ON approval_steps
      FOR EACH ROW EXECUTE FUNCTION approval_steps_exclusions();
`;

const BACKFILL = `
    INSERT INTO counter_deltas (organization_id, key, n)
    SELECT organization_id, key, sum(n) FROM (${REQUISITION_KEYS('requisitions')}) k GROUP BY 1, 2;
    INSERT INTO counter_deltas (organization_id, key, n)
    SELECT organization_id, key, sum(n) FROM (${ORDER_KEYS('purchase_orders')}) k GROUP BY 1, 2;
    UPDATE approval_steps s SET excluded_user_ids = ARRAY(
        SELECT r.requestor_id FROM requisitions r WHERE r.id = s.requisition_id
        UNION
        SELECT COALESCE(p.actioned_by_id, p.approver_id) FROM approval_steps p
         WHERE p.requisition_id = s.requisition_id AND p.action = 'approve'
           AND COALESCE(p.actioned_by_id, p.approver_id) IS NOT NULL)
     WHERE s.action IS NULL;
    INSERT INTO counter_deltas (organization_id, key, n)
    SELECT organization_id, key, sum(n) FROM (${STEP_KEYS('approval_steps')}) k GROUP BY 1, 2;
`;

const SEEK_INDEXES = `
    DROP INDEX requisitions_organization_created_at_idx;
    CREATE INDEX requisitions_organization_created_at_idx ON requisitions (organization_id, created_at DESC, id DESC);
    DROP INDEX requisitions_organization_status_idx;
    CREATE INDEX requisitions_organization_status_idx ON requisitions (organization_id, status, created_at DESC, id DESC);
    DROP INDEX requisitions_organization_requestor_idx;
    CREATE INDEX requisitions_organization_requestor_idx ON requisitions (organization_id, requestor_id, created_at DESC, id DESC);
    DROP INDEX requisitions_organization_cost_center_idx;
    CREATE INDEX requisitions_organization_cost_center_idx ON requisitions (organization_id, cost_center_id, created_at DESC, id DESC);
    DROP INDEX purchase_orders_organization_created_at_idx;
    CREATE INDEX purchase_orders_organization_created_at_idx ON purchase_orders (organization_id, created_at DESC, id DESC);
    -- The queue in its order (oldest first): a person's open steps, and a role group's.
    DROP INDEX approval_steps_open_approver_idx;
    CREATE INDEX approval_steps_open_approver_idx ON approval_steps (organization_id, approver_id, created_at, id)
      WHERE action IS NULL;
    DROP INDEX approval_steps_open_group_idx;
    CREATE INDEX approval_steps_open_group_idx ON approval_steps (organization_id, approver_role_name, created_at, id)
      WHERE action IS NULL AND approver_id IS NULL;
    -- Decisions of a person, newest first (Completed, history).
    CREATE INDEX approval_steps_decided_idx ON approval_steps (organization_id, actioned_by_id, actioned_at DESC, id DESC)
      WHERE action IN ('approve', 'reject', 'request_info', 'delegate');
`;

/** Drops everything {@link up} created and restores the indexes it replaced. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP INDEX approval_steps_decided_idx;
    DROP INDEX approval_steps_open_group_idx;
    CREATE INDEX approval_steps_open_group_idx ON approval_steps (organization_id, approver_role_name)
      WHERE action IS NULL AND approver_id IS NULL;
    DROP INDEX approval_steps_open_approver_idx;
    CREATE INDEX approval_steps_open_approver_idx ON approval_steps (approver_id) WHERE action IS NULL;
    DROP INDEX requisitions_organization_cost_center_idx;
    CREATE INDEX requisitions_organization_cost_center_idx ON requisitions (organization_id, cost_center_id, created_at DESC);
    DROP INDEX requisitions_organization_requestor_idx;
    CREATE INDEX requisitions_organization_requestor_idx ON requisitions (organization_id, requestor_id, created_at DESC);
    DROP INDEX requisitions_organization_status_idx;
    CREATE INDEX requisitions_organization_status_idx ON requisitions (organization_id, status, created_at DESC);
    DROP INDEX requisitions_organization_created_at_idx;
    CREATE INDEX requisitions_organization_created_at_idx ON requisitions (organization_id, created_at DESC, id);
    DROP INDEX purchase_orders_organization_created_at_idx;
    CREATE INDEX purchase_orders_organization_created_at_idx ON purchase_orders (organization_id, created_at DESC, id);
    DROP FUNCTION approval_steps_count_insert(), approval_steps_count_update(), approval_steps_count_delete() CASCADE;
    DROP FUNCTION approval_steps_exclusions() CASCADE;
    DROP FUNCTION approval_step_counter_keys(uuid, text, uuid, text, uuid[], uuid);
    ALTER TABLE approval_steps DROP COLUMN excluded_user_ids;
    DROP FUNCTION purchase_orders_count_insert(), purchase_orders_count_update(), purchase_orders_count_delete() CASCADE;
    DROP FUNCTION purchase_order_counter_keys(uuid, uuid, text, timestamptz, date, timestamptz, numeric);
    DROP FUNCTION requisitions_count_insert(), requisitions_count_update(), requisitions_count_delete() CASCADE;
    DROP FUNCTION requisition_counter_keys(uuid, uuid, text, uuid, uuid, timestamptz, numeric);
    DROP FUNCTION compact_counter(uuid, text);
    DROP TABLE counter_deltas;
    `,
  );
}
