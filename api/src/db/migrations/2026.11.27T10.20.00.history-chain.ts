import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Tamper-evident history (issue 15 item 9, docs/decisions.md "History chain"): every requisition
 * entry of `audit_logs` (each decision and status change) is appended to a hash chain per
 * organisation, `audit_chain_entries`. Each entry holds its number in the organisation's chain, the
 * hash of the previous entry and its own hash, SHA-256 over a canonical JSON text of its fields.
 *
 * The entry is written by a trigger on `audit_logs`, in the transaction that writes the change, so a
 * change and its entry commit together. The trigger locks the organisation's head row
 * (`audit_chain_heads`, FOR UPDATE) first: concurrent appends of one organisation queue there and the
 * chain cannot fork. The trigger's function runs as the tables' owner (SECURITY DEFINER); the
 * application's role keeps SELECT only, so it can neither insert an entry of its own nor UPDATE or
 * DELETE one (grants revoked here and by `grantAppRole`). Existing history is chained in order.
 */
/** The chain's tables (organisation-scoped, row-level security like every other). */
export const HISTORY_CHAIN_TABLES = ['audit_chain_entries', 'audit_chain_heads'] as const;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    CREATE TABLE audit_chain_entries (
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      sequence bigint NOT NULL CHECK (sequence > 0),
      prev_hash char(64) NOT NULL,
      entry_hash char(64) NOT NULL,
      audit_log_id uuid NOT NULL,
      requisition_id uuid NOT NULL,
      action text NOT NULL,
      actor_id uuid,
      from_status text,
      to_status text,
      comment text,
      occurred_at timestamptz NOT NULL,
      PRIMARY KEY (organization_id, sequence)
    );
    CREATE INDEX audit_chain_entries_requisition_idx
      ON audit_chain_entries (organization_id, requisition_id, sequence);
    CREATE INDEX audit_chain_entries_audit_log_idx ON audit_chain_entries (audit_log_id);

    CREATE TABLE audit_chain_heads (
      organization_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
      last_sequence bigint NOT NULL,
      last_hash char(64) NOT NULL
    );

    -- The canonical text of an entry (docs/decisions.md "History chain"): a JSON object, keys in
    -- alphabetical order, no whitespace, strings escaped as JSON (to_json), the instant in UTC with
    -- microseconds. The same text as RFC 8785 (JCS) gives for these fields.
    CREATE FUNCTION audit_chain_canonical(
      p_organization_id uuid, p_sequence bigint, p_prev_hash text, p_audit_log_id uuid,
      p_requisition_id uuid, p_action text, p_actor_id uuid, p_from_status text, p_to_status text,
      p_comment text, p_occurred_at timestamptz
    ) RETURNS text LANGUAGE sql STABLE AS $$
      SELECT '{"action":' || to_json(p_action)::text
          || ',"actor_id":' || COALESCE(to_json(p_actor_id::text)::text, 'null')
          || ',"at":' || to_json(to_char(p_occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'))::text
          || ',"audit_log_id":' || to_json(p_audit_log_id::text)::text
          || ',"comment":' || COALESCE(to_json(p_comment)::text, 'null')
          || ',"from_status":' || COALESCE(to_json(p_from_status)::text, 'null')
          || ',"organization_id":' || to_json(p_organization_id::text)::text
          || ',"prev_hash":' || to_json(p_prev_hash)::text
          || ',"requisition_id":' || to_json(p_requisition_id::text)::text
          || ',"sequence":' || p_sequence::text
          || ',"to_status":' || COALESCE(to_json(p_to_status)::text, 'null')
          || '}'
    $$;

    CREATE FUNCTION audit_chain_append(entry audit_logs) RETURNS void
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      DECLARE
        head audit_chain_heads%ROWTYPE;
        next_sequence bigint;
        comment_text text := COALESCE(entry.comment, entry.metadata->>'comment');
        canonical text;
      BEGIN
        -- The organisation's lock: held to the end of the transaction that writes the change.
        INSERT INTO audit_chain_heads (organization_id, last_sequence, last_hash)
        VALUES (entry.organization_id, 0, repeat('0', 64))
        ON CONFLICT (organization_id) DO NOTHING;
        SELECT * INTO head FROM audit_chain_heads WHERE organization_id = entry.organization_id FOR UPDATE;
        next_sequence := head.last_sequence + 1;
        canonical := audit_chain_canonical(entry.organization_id, next_sequence, head.last_hash, entry.id,
          entry.entity_id, entry.action, entry.actor_id, entry.from_status, entry.to_status, comment_text,
          entry.created_at);
        INSERT INTO audit_chain_entries (organization_id, sequence, prev_hash, entry_hash, audit_log_id,
          requisition_id, action, actor_id, from_status, to_status, comment, occurred_at)
        VALUES (entry.organization_id, next_sequence, head.last_hash,
          encode(sha256(convert_to(canonical, 'UTF8')), 'hex'), entry.id, entry.entity_id, entry.action,
          entry.actor_id, entry.from_status, entry.to_status, comment_text, entry.created_at);
        UPDATE audit_chain_heads
           SET last_sequence = next_sequence, last_hash = encode(sha256(convert_to(canonical, 'UTF8')), 'hex')
         WHERE organization_id = entry.organization_id;
      END $$;

    CREATE FUNCTION audit_logs_chain() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        PERFORM audit_chain_append(NEW);
        RETURN NULL;
      END $$;
    CREATE TRIGGER audit_logs_chain AFTER INSERT ON audit_logs
      FOR EACH ROW WHEN (NEW.entity_type = 'requisition') EXECUTE FUNCTION audit_logs_chain();

    -- Existing history, in the order it happened.
    DO $$
      DECLARE row audit_logs%ROWTYPE;
      BEGIN
        FOR row IN SELECT * FROM audit_logs WHERE entity_type = 'requisition'
                    ORDER BY organization_id, created_at, id LOOP
          PERFORM audit_chain_append(row);
        END LOOP;
      END $$;

    ALTER TABLE audit_chain_entries ENABLE ROW LEVEL SECURITY;
    ALTER TABLE audit_chain_entries FORCE ROW LEVEL SECURITY;
    CREATE POLICY organization_isolation ON audit_chain_entries
      USING (organization_id = COALESCE(NULLIF(current_setting('app.organization_id', true), '')::uuid, organization_id))
      WITH CHECK (organization_id = COALESCE(NULLIF(current_setting('app.organization_id', true), '')::uuid, organization_id));
    ALTER TABLE audit_chain_heads ENABLE ROW LEVEL SECURITY;
    ALTER TABLE audit_chain_heads FORCE ROW LEVEL SECURITY;
    CREATE POLICY organization_isolation ON audit_chain_heads
      USING (organization_id = COALESCE(NULLIF(current_setting('app.organization_id', true), '')::uuid, organization_id))
      WITH CHECK (organization_id = COALESCE(NULLIF(current_setting('app.organization_id', true), '')::uuid, organization_id));

    -- Append-only for everyone but the owner: default privileges gave the application's role every
    -- right on new tables; it keeps SELECT. The trigger's function writes as the owner.
    DO $$
      DECLARE grantee_name text;
      BEGIN
        FOR grantee_name IN
          SELECT DISTINCT grantee FROM information_schema.role_table_grants
           WHERE table_schema = current_schema()
             AND table_name IN ('audit_chain_entries', 'audit_chain_heads')
             AND grantee <> current_user
        LOOP
          EXECUTE format('REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON audit_chain_entries, audit_chain_heads FROM %I',
                         grantee_name);
        END LOOP;
      END $$;
    REVOKE ALL ON FUNCTION audit_chain_append(audit_logs) FROM PUBLIC;
    `,
  );
}

/** Drops everything {@link up} created. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP TRIGGER audit_logs_chain ON audit_logs;
    DROP FUNCTION audit_logs_chain();
    DROP FUNCTION audit_chain_append(audit_logs);
    DROP FUNCTION audit_chain_canonical(uuid, bigint, text, uuid, uuid, text, uuid, text, text, text, timestamptz);
    DROP TABLE audit_chain_heads;
    DROP TABLE audit_chain_entries;
    `,
  );
}
