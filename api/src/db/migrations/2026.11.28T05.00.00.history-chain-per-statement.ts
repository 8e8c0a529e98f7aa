import { type MigrationContext, runSql } from '../migrator.js';

/**
 * The history chain appended once per statement (issue 12, issue 15 item 9; docs/decisions.md "History
 * chain per statement"). Migration `2026.11.27T10.20.00.history-chain` appended each requisition row of
 * `audit_logs` from a row trigger, which locked and updated the organisation's head row
 * (`audit_chain_heads`) once per row: every update leaves a row version that the transaction cannot
 * prune while it runs, and each next look-up walks them all, so an `INSERT … SELECT` of N rows cost
 * O(N²) (a million ran 55 minutes and was killed).
 *
 * Here the trigger `audit_logs_chain` fires once per statement, with the statement's new rows as a
 * transition table, and reads its requisition rows in the order they were inserted (the transition
 * table holds them in that order; the row trigger's events were queued in the same order). It keeps
 * each organisation's running number and hash in variables: the first row of an organisation locks
 * its head row (`FOR UPDATE`, held to the end of the transaction, as before; organisations in the
 * order met, as before), each row is hashed and written as an entry, and each head is written once at
 * the end. Entries, their bytes (`audit_chain_canonical`, unchanged) and their order are what the row
 * trigger wrote; a statement of N rows costs O(N). The old backfill (the earlier migration's loop over
 * `audit_chain_append`) is not rerun: it ran where that migration ran; on a new database it loops over
 * an empty table. `audit_chain_append` goes: nothing calls it now.
 */
export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP TRIGGER audit_logs_chain ON audit_logs;
    DROP FUNCTION audit_logs_chain();
    DROP FUNCTION audit_chain_append(audit_logs);

    CREATE FUNCTION audit_logs_chain() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      DECLARE
        e record;
        -- The organisations met so far, their last number and hash; the current one in org, seq, prev.
        orgs uuid[];
        seqs bigint[];
        prevs text[];
        slot int := 0;
        org uuid := NULL;
        seq bigint;
        prev text;
        hash text;
        comment_text text;
      BEGIN
        FOR e IN SELECT r.* FROM audit_logs_inserted r WHERE r.entity_type = 'requisition' LOOP
          IF org IS DISTINCT FROM e.organization_id THEN
            IF slot > 0 THEN
              seqs[slot] := seq;
              prevs[slot] := prev;
            END IF;
            org := e.organization_id;
            slot := array_position(orgs, org);
            IF slot IS NULL THEN
              -- The organisation's lock, once per statement: held to the end of the transaction that
              -- writes the change. The head is made by the organisation's first entry.
              SELECT h.last_sequence, h.last_hash INTO seq, prev
                FROM audit_chain_heads h WHERE h.organization_id = org FOR UPDATE;
              IF NOT FOUND THEN
                INSERT INTO audit_chain_heads (organization_id, last_sequence, last_hash)
                VALUES (org, 0, repeat('0', 64))
                ON CONFLICT (organization_id) DO NOTHING;
                SELECT h.last_sequence, h.last_hash INTO seq, prev
                  FROM audit_chain_heads h WHERE h.organization_id = org FOR UPDATE;
              END IF;
              orgs := orgs || org;
              slot := cardinality(orgs);
            ELSE
              seq := seqs[slot];
              prev := prevs[slot];
            END IF;
          END IF;
          seq := seq + 1;
          comment_text := COALESCE(e.comment, e.metadata->>'comment');
          hash := encode(sha256(convert_to(audit_chain_canonical(org, seq, prev, e.id, e.entity_id, e.action,
            e.actor_id, e.from_status, e.to_status, comment_text, e.created_at), 'UTF8')), 'hex');
          INSERT INTO audit_chain_entries (organization_id, sequence, prev_hash, entry_hash, audit_log_id,
            requisition_id, action, actor_id, from_status, to_status, comment, occurred_at)
          VALUES (org, seq, prev, hash, e.id, e.entity_id, e.action, e.actor_id, e.from_status, e.to_status,
            comment_text, e.created_at);
          prev := hash;
        END LOOP;
        IF slot > 0 THEN
          seqs[slot] := seq;
          prevs[slot] := prev;
          -- Each head written once.
          FOR slot IN 1 .. cardinality(orgs) LOOP
            UPDATE audit_chain_heads SET last_sequence = seqs[slot], last_hash = prevs[slot]
             WHERE organization_id = orgs[slot];
          END LOOP;
        END IF;
        RETURN NULL;
      END $$;
    CREATE TRIGGER audit_logs_chain AFTER INSERT ON audit_logs
      REFERENCING NEW TABLE AS audit_logs_inserted
      FOR EACH STATEMENT EXECUTE FUNCTION audit_logs_chain();
    `,
  );
}

/** Restores the row trigger and its function as migration `2026.11.27T10.20.00.history-chain` made them. */
export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP TRIGGER audit_logs_chain ON audit_logs;
    DROP FUNCTION audit_logs_chain();

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
    REVOKE ALL ON FUNCTION audit_chain_append(audit_logs) FROM PUBLIC;

    CREATE FUNCTION audit_logs_chain() RETURNS trigger
      LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
      BEGIN
        PERFORM audit_chain_append(NEW);
        RETURN NULL;
      END $$;
    CREATE TRIGGER audit_logs_chain AFTER INSERT ON audit_logs
      FOR EACH ROW WHEN (NEW.entity_type = 'requisition') EXECUTE FUNCTION audit_logs_chain();
    `,
  );
}
