import { type MigrationContext, runSql } from '../migrator.js';

/**
 * The requisitions' search text kept in lower case, tested with `LIKE lower(term)` (issue 12).
 *
 * `ILIKE` lower-cases the whole text of every row it tests, on every test: 6 µs a row at a million
 * requisitions on the 2-core machine, where `LIKE` on text already in lower case takes under 1 µs.
 * A common term ("Uma") is found by testing the newest few hundred rows one by one (the probe of
 * requisition-search.ts), so that test was most of the search's SQL time. PostgreSQL's `ILIKE` is
 * `lower(text) LIKE lower(pattern)` for this encoding, so the matches are the same rows.
 *
 * The triggers of 2026.11.25T02.30.00 now store `lower(…)`; every row is rewritten once here with the
 * counters' statement triggers set aside (only `search_text` changes, which they do not count).
 * `textlike` is marked LEAKPROOF as `texticlike` was, so that row-level security lets the trigram
 * index serve `LIKE` (a superuser must run it; another role gets a warning).
 */
const TEXT = (r: string, u: string) =>
  `lower(${r}.requisition_number || chr(31) || COALESCE(${r}.justification, '') || chr(31) ||
   ${u}.first_name || ' ' || ${u}.last_name || chr(31) || ${u}.email)`;

const functions = (text: (r: string, u: string) => string) => `
    CREATE OR REPLACE FUNCTION requisitions_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT ${text('NEW', 'u')} INTO NEW.search_text FROM users u WHERE u.id = NEW.requestor_id;
      RETURN NEW;
    END $$;

    CREATE OR REPLACE FUNCTION users_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      organization text := current_setting('app.organization_id', true);
    BEGIN
      IF (NEW.first_name, NEW.last_name, NEW.email) IS DISTINCT FROM (OLD.first_name, OLD.last_name, OLD.email) THEN
        PERFORM set_config('app.organization_id', '', true);
        UPDATE requisitions r SET search_text = ${text('r', 'NEW')} WHERE r.requestor_id = NEW.id;
        PERFORM set_config('app.organization_id', COALESCE(organization, ''), true);
      END IF;
      RETURN NULL;
    END $$;`;

/** Rewrites every row's text with `text`, the counters' statement triggers set aside meanwhile. */
const rewrite = (text: (r: string, u: string) => string) => `
    ALTER TABLE requisitions DISABLE TRIGGER requisitions_count_update;
    ALTER TABLE requisitions DISABLE TRIGGER requisitions_filter_count_update;
    UPDATE requisitions r SET search_text = ${text('r', 'u')} FROM users u WHERE u.id = r.requestor_id;
    ALTER TABLE requisitions ENABLE TRIGGER requisitions_count_update;
    ALTER TABLE requisitions ENABLE TRIGGER requisitions_filter_count_update;`;

const leakproof = (mark: 'LEAKPROOF' | 'NOT LEAKPROOF') => `
  DO $$
  BEGIN
    IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
      ALTER FUNCTION textlike(text, text) ${mark};
    ELSIF '${mark}' = 'LEAKPROOF' THEN
      RAISE WARNING 'textlike is not LEAKPROOF: under row-level security searches cannot use their trigram indexes. A superuser should run: ALTER FUNCTION textlike(text, text) LEAKPROOF';
    END IF;
  END $$;`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(ctx, `${functions(TEXT)}\n${rewrite(TEXT)}\n${leakproof('LEAKPROOF')}`);
}

/** The texts as typed again (the functions of 2026.11.25T02.30.00); `textlike` as PostgreSQL ships it. */
export async function down(ctx: MigrationContext): Promise<void> {
  const asTyped = (r: string, u: string) => TEXT(r, u).replace(/^lower\(([\s\S]*)\)$/, '$1');
  await runSql(ctx, `${functions(asTyped)}\n${rewrite(asTyped)}\n${leakproof('NOT LEAKPROOF')}`);
}
