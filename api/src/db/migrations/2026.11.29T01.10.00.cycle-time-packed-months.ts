import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Approval cycle time by approver at 1M requisitions (issue 16, item 4): packed months.
 *
 * `approval_cycle_counts` (`2026.11.28T09.10.00`) keeps one row per cell (organisation, month,
 * grouping, group, title, bucket of the wait): a year of the largest organisation by approver is
 * ~12,700 cells that the report read and merged (373-730 ms p50 under the bench). Now a group's
 * month is kept packed in `approval_cycle_months`: one row holding its buckets (ascending) and, at
 * the same positions, their decisions and sums of waits, so that year is ~550 rows. The report reads
 * them as one JSON column derived from the arrays (`cells`).
 *
 * The triggers are unchanged: they still append one delta row per changed cell to
 * `approval_cycle_counts` (and fold a cell there now and then). `pack_approval_cycle` moves a group's
 * month from the cells into its packed row: it takes the group's cells and packed rows that no other
 * transaction holds (`FOR UPDATE SKIP LOCKED`, as `compact_counter`: it never waits, so it can neither
 * block nor deadlock a writer, and two packs never take the same row), deletes them and inserts their
 * sum as one packed row, in one statement. A cell still in `approval_cycle_counts` (appended since,
 * or held by a writer at the time) simply adds to the packed row: a month's figures are always the
 * sum of both tables, so a decision taken, undone, re-timed or deleted after its month was packed
 * counts once. `pack_approval_cycle_counts(n)` packs up to n groups that have cells (the fold job,
 * `api/src/features/reports/cycle-fold-job.ts`, calls it every few minutes).
 *
 * Existing cells are packed here (on an existing database: every cell this transaction sees).
 */

/** Tables this migration adds with `organization_id` (row-level security like every other). */
export const PACKED_CYCLE_TABLES = ['approval_cycle_months'] as const;

const GROUP = 'organization_id, month, group_by, group_key, title';

/**
 * Packs every cell of `approval_cycle_counts` this statement sees (with the packed rows of the same
 * groups) into one packed row per group and month: the migration's backfill, and the scale
 * generator's after its bulk load (no other writer then; a writer's uncommitted rows stay as cells).
 */
export const PACK_ALL_CELLS = `
    WITH cells AS (DELETE FROM approval_cycle_counts RETURNING ${GROUP}, bucket, n, ms),
    packed AS (
      DELETE FROM approval_cycle_months p
       WHERE (p.organization_id, p.month, p.group_by, p.group_key, p.title) IN (SELECT ${GROUP} FROM cells)
      RETURNING p.*),
    merged AS (
      SELECT ${GROUP}, bucket, sum(n)::bigint AS n, sum(ms)::bigint AS ms
        FROM (SELECT * FROM cells
              UNION ALL SELECT ${GROUP}, u.bucket, u.n, u.ms
                FROM packed CROSS JOIN LATERAL unnest(packed.buckets, packed.n, packed.ms) AS u(bucket, n, ms)) x
       GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 OR sum(ms) <> 0)
    INSERT INTO approval_cycle_months (${GROUP}, buckets, n, ms)
    SELECT ${GROUP}, array_agg(bucket ORDER BY bucket), array_agg(n ORDER BY bucket), array_agg(ms ORDER BY bucket)
      FROM merged GROUP BY 1, 2, 3, 4, 5;`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    -- Immutable for these types (integers print the same whatever the settings), as a stored
    -- generated column needs; json_build_array is only stable because of other types.
    CREATE FUNCTION approval_cycle_json(smallint[], bigint[], bigint[]) RETURNS json
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT json_build_array($1, $2, $3) $$;
    CREATE TABLE approval_cycle_months (
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      month date NOT NULL, -- the first day of the month (UTC) the steps were decided in
      group_by text NOT NULL CHECK (group_by IN ('level', 'approver')),
      group_key text NOT NULL, -- the level, or the id of the person who decided ('none')
      title text NOT NULL, -- the level's title (by level), '' (by approver)
      buckets smallint[] NOT NULL, -- ascending, as approval_cycle_bucket
      n bigint[] NOT NULL, -- decisions per bucket
      ms bigint[] NOT NULL, -- the sum of their waits per bucket, in milliseconds
      -- The three lists as the report reads them: [[buckets], [n], [ms]] (JSON text is copied out as
      -- stored and parsed natively by the driver; formatting the arrays per read cost more than the read).
      cells json GENERATED ALWAYS AS (approval_cycle_json(buckets, n, ms)) STORED,
      CHECK (cardinality(buckets) = cardinality(n) AND cardinality(buckets) = cardinality(ms))
    );
    -- Not INCLUDE (…) the arrays: a wide spread of waits is hundreds of buckets, beyond an index entry.
    CREATE INDEX approval_cycle_months_idx ON approval_cycle_months (organization_id, group_by, month);
    ALTER TABLE approval_cycle_months ENABLE ROW LEVEL SECURITY;
    ALTER TABLE approval_cycle_months FORCE ROW LEVEL SECURITY;
    CREATE POLICY organization_isolation ON approval_cycle_months
      USING (organization_id = COALESCE(NULLIF(current_setting('app.organization_id', true), '')::uuid, organization_id))
      WITH CHECK (organization_id = COALESCE(NULLIF(current_setting('app.organization_id', true), '')::uuid, organization_id));

    -- Moves one group's month from its cells into one packed row (see above). Rows another
    -- transaction holds are left for a later pack: they still count where they are.
    CREATE FUNCTION pack_approval_cycle(org uuid, m date, g text, k text, t text)
    RETURNS void LANGUAGE sql AS $$
      WITH cells AS (
        DELETE FROM approval_cycle_counts d
         WHERE d.ctid = ANY (ARRAY(SELECT c.ctid FROM approval_cycle_counts c
                                    WHERE c.organization_id = org AND c.group_by = g AND c.month = m
                                      AND c.group_key = k AND c.title = t
                                    FOR UPDATE SKIP LOCKED))
        RETURNING d.bucket, d.n, d.ms),
      packed AS (
        DELETE FROM approval_cycle_months d
         WHERE d.ctid = ANY (ARRAY(SELECT p.ctid FROM approval_cycle_months p
                                    WHERE p.organization_id = org AND p.group_by = g AND p.month = m
                                      AND p.group_key = k AND p.title = t
                                    FOR UPDATE SKIP LOCKED))
        RETURNING d.buckets, d.n, d.ms),
      merged AS (
        SELECT bucket, sum(n)::bigint AS n, sum(ms)::bigint AS ms
          FROM (SELECT bucket, n, ms FROM cells
                UNION ALL SELECT u.bucket, u.n, u.ms
                  FROM packed CROSS JOIN LATERAL unnest(packed.buckets, packed.n, packed.ms) AS u(bucket, n, ms)) x
         GROUP BY bucket HAVING sum(n) <> 0 OR sum(ms) <> 0)
      INSERT INTO approval_cycle_months (${GROUP}, buckets, n, ms)
      SELECT org, m, g, k, t, array_agg(bucket ORDER BY bucket), array_agg(n ORDER BY bucket), array_agg(ms ORDER BY bucket)
        FROM merged HAVING count(*) > 0;
    $$;

    -- Packs up to max_groups groups that have cells, oldest months first; answers how many.
    CREATE FUNCTION pack_approval_cycle_counts(max_groups integer) RETURNS integer LANGUAGE plpgsql AS $$
    DECLARE g record; packed integer := 0;
    BEGIN
      FOR g IN SELECT DISTINCT ${GROUP} FROM approval_cycle_counts ORDER BY month, organization_id LIMIT max_groups
      LOOP
        PERFORM pack_approval_cycle(g.organization_id, g.month, g.group_by, g.group_key, g.title);
        packed := packed + 1;
      END LOOP;
      RETURN packed;
    END $$;
    ${PACK_ALL_CELLS}`,
  );
}

/** Unpacks the packed rows back into cells, then drops the functions and the table. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `INSERT INTO approval_cycle_counts (${GROUP}, bucket, n, ms)
    SELECT ${GROUP}, u.bucket, u.n, u.ms
      FROM approval_cycle_months p CROSS JOIN LATERAL unnest(p.buckets, p.n, p.ms) AS u(bucket, n, ms);
    DROP FUNCTION pack_approval_cycle_counts(integer), pack_approval_cycle(uuid, date, text, text, text);
    DROP TABLE approval_cycle_months;
    DROP FUNCTION approval_cycle_json(smallint[], bigint[], bigint[]);`,
  );
}
