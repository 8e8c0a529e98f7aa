import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Counters for the requisition list's single filters (issue 12), kept like the others
 * (migration 2026.11.25T01.00.00, docs/adr/005-counters-and-seek-paging.md):
 * - `req:cat:<category>`, `req:cc:<cost centre>`: the list filtered by categories, or by cost centres;
 * - `req:m:<YYYY-MM>` and `req:d:<YYYY-MM-DD>` by the creation time in UTC: a date range is the sum of
 *   the whole months inside it and the days at its two ends (at most 62 days and one key per month).
 *
 * A filter of one kind over everything the caller sees then has an exact total from a few dozen
 * index entries; counting "up to 10,000" read 10,000 index entries (5 ms for a month, 7 ms for a
 * busy cost centre) or, for a category the indexes do not hold, 10,000 rows (68 ms).
 *
 * Separate statement triggers from the first counters' (a trigger with transition tables cannot be
 * limited to some columns, so they run on every change of a requisition, and append only the keys
 * whose sum changed).
 */
const KEYS = (t: string) =>
  `SELECT k.* FROM ${t} r CROSS JOIN LATERAL requisition_filter_counter_keys(r.organization_id, r.category,
     r.cost_center_id, r.created_at) k`;

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
    CREATE FUNCTION requisition_filter_counter_keys(uuid, text, uuid, timestamptz) -- organisation, category, cost centre, created
    RETURNS TABLE (organization_id uuid, key text, n bigint) LANGUAGE sql STABLE AS $$
      SELECT $1, k.key, 1::bigint FROM (VALUES
        ('req:cat:' || $2),
        ('req:cc:' || $3),
        ('req:m:' || to_char($4 AT TIME ZONE 'UTC', 'YYYY-MM')),
        ('req:d:' || to_char($4 AT TIME ZONE 'UTC', 'YYYY-MM-DD'))) AS k(key);
    $$;
    ${Object.entries(OPERATIONS)
      .map(
        ([op, { transition, rows }]) => `
    CREATE FUNCTION requisitions_filter_count_${op}() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE touched record;
    BEGIN${appendDeltas(rows)}
      RETURN NULL;
    END $$;
    CREATE TRIGGER requisitions_filter_count_${op} AFTER ${op.toUpperCase()} ON requisitions
      ${transition} FOR EACH STATEMENT EXECUTE FUNCTION requisitions_filter_count_${op}();`,
      )
      .join('\n')}
    INSERT INTO counter_deltas (organization_id, key, n)
    SELECT organization_id, key, sum(n) FROM (${KEYS('requisitions')}) k GROUP BY 1, 2;
    `,
  );
}

/** Drops the triggers, their functions and the keys they kept. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP FUNCTION requisitions_filter_count_insert(), requisitions_filter_count_update(),
      requisitions_filter_count_delete() CASCADE;
    DROP FUNCTION requisition_filter_counter_keys(uuid, text, uuid, timestamptz);
    DELETE FROM counter_deltas WHERE key LIKE 'req:cat:%' OR key LIKE 'req:cc:%' OR key LIKE 'req:m:%'
      OR key LIKE 'req:d:%';
    `,
  );
}
