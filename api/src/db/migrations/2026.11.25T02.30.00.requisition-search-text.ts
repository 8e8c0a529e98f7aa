import { type MigrationContext, runSql } from '../migrator.js';

/**
 * One searchable text per requisition (issue 12): its number, justification and requestor's name and
 * email, joined by a unit separator (chr 31) so that a term never matches across two of them, with
 * one trigram index.
 *
 * The list's search was three index lookups joined by UNION (number, justification, requestor). A
 * common term ("uma" is in "consumables": one requisition in six) made each branch return a sixth of a
 * million rows, all sorted for a page of ten. One column lets PostgreSQL choose per term: the trigram
 * index for a rare one, or the organisation's date index read newest first, stopping at the tenth
 * match, for a common one (docs/query-plans.md).
 *
 * Kept by triggers: a requisition's own change recomputes its text; a change of a user's name or
 * email rewrites the texts of their requisitions in every organisation (row-level security set aside
 * for that statement only: the user's requisitions in other organisations are not the caller's to
 * read, but their search text must follow the name).
 */
const TEXT = (r: string, u: string) =>
  `${r}.requisition_number || chr(31) || COALESCE(${r}.justification, '') || chr(31) ||
   ${u}.first_name || ' ' || ${u}.last_name || chr(31) || ${u}.email`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    ALTER TABLE requisitions ADD COLUMN search_text text;
    UPDATE requisitions r SET search_text = ${TEXT('r', 'u')} FROM users u WHERE u.id = r.requestor_id;
    ALTER TABLE requisitions ALTER COLUMN search_text SET NOT NULL;
    CREATE INDEX requisitions_search_text_trgm_idx ON requisitions USING gin (search_text gin_trgm_ops);
    DROP INDEX requisitions_justification_trgm_idx;

    CREATE FUNCTION requisitions_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      SELECT ${TEXT('NEW', 'u')} INTO NEW.search_text FROM users u WHERE u.id = NEW.requestor_id;
      RETURN NEW;
    END $$;
    CREATE TRIGGER requisitions_search_text BEFORE INSERT OR UPDATE OF requisition_number, justification, requestor_id
      ON requisitions FOR EACH ROW EXECUTE FUNCTION requisitions_search_text();

    CREATE FUNCTION users_search_text() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      organization text := current_setting('app.organization_id', true);
    BEGIN
      IF (NEW.first_name, NEW.last_name, NEW.email) IS DISTINCT FROM (OLD.first_name, OLD.last_name, OLD.email) THEN
        PERFORM set_config('app.organization_id', '', true);
        UPDATE requisitions r SET search_text = ${TEXT('r', 'NEW')} WHERE r.requestor_id = NEW.id;
        PERFORM set_config('app.organization_id', COALESCE(organization, ''), true);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER users_search_text AFTER UPDATE OF first_name, last_name, email ON users
      FOR EACH ROW EXECUTE FUNCTION users_search_text();
    `,
  );
  await runSql(ctx, LEAKPROOF_ILIKE);
}

/**
 * Under row-level security PostgreSQL evaluates a policy before any condition whose function is not
 * LEAKPROOF, so an index can serve `ILIKE` only if `texticlike` is marked leakproof: otherwise every
 * search of the application's role reads the organisation's rows one by one (measured: a number search
 * at a million requisitions never finished). `texticlike` answers a boolean and raises only for a
 * malformed pattern, whatever the row, so it reveals nothing of a row it is not allowed to see. Only a
 * superuser may mark it; a migration run by another role warns and leaves search on sequential scans
 * (docs/security.md, "Row-level security and search").
 */
const LEAKPROOF_ILIKE = `
  DO $$
  BEGIN
    IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
      ALTER FUNCTION texticlike(text, text) LEAKPROOF;
    ELSE
      RAISE WARNING 'texticlike is not LEAKPROOF: under row-level security searches cannot use their trigram indexes. A superuser should run: ALTER FUNCTION texticlike(text, text) LEAKPROOF';
    END IF;
  END $$;`;

/** Drops everything {@link up} created and restores the justification index. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP TRIGGER users_search_text ON users;
    DROP FUNCTION users_search_text();
    DROP TRIGGER requisitions_search_text ON requisitions;
    DROP FUNCTION requisitions_search_text();
    CREATE INDEX requisitions_justification_trgm_idx ON requisitions USING gin (justification gin_trgm_ops);
    DROP INDEX requisitions_search_text_trgm_idx;
    ALTER TABLE requisitions DROP COLUMN search_text;
    DO $$
    BEGIN
      IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
        ALTER FUNCTION texticlike(text, text) NOT LEAKPROOF;
      END IF;
    END $$;
    `,
  );
}
