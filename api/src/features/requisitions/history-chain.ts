import { select, selectOne } from '../../db-query.js';
import { NotFound } from '../../domain/errors.js';
import {
  type ChainEntry,
  type ChainVerification,
  entryHash,
  firstBrokenInRun,
  GENESIS_HASH,
} from '../../domain/history-chain.js';
import type { Db } from '../../http/context.js';
import { type Actor, visibilityBind, visibleSql } from './requisitions.service.js';

/** The stored columns of an entry, the instant as its canonical text (UTC, microseconds). */
const ENTRY_COLUMNS = `e.organization_id, e.sequence::text AS sequence, e.prev_hash, e.entry_hash, e.audit_log_id,
  e.requisition_id, e.action, e.actor_id, e.from_status, e.to_status, e.comment,
  to_char(e.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at`;

type EntryRow = Omit<ChainEntry, 'sequence'> & { sequence: string };
const entryOf = (row: EntryRow): ChainEntry => ({ ...row, sequence: Number(row.sequence) });

/** Entries read per batch by the organisation-wide check: memory stays flat whatever the length. */
const BATCH = 2000;

/**
 * Verifies the organisation's whole chain from its first entry: numbering without gaps, every link
 * and every hash, and that the head (the last number and hash appends continue from) is the last
 * entry, so a removed tail is seen too. Each batch is the window of numbers after the last one read
 * (`sequence > n AND sequence <= n + BATCH`): under row-level security the planner did not read
 * `ORDER BY sequence LIMIT` from the primary key but sorted the rest of the chain each time, O(N²)
 * over the whole chain (docs/decisions.md "History chain per statement"). A window with fewer
 * entries ends the read; an entry after the last one read (a gap of a whole window) is a break there.
 */
export async function verifyOrganizationChain(db: Db, organizationId: string): Promise<ChainVerification> {
  let previous: ChainEntry | null = null;
  let checked = 0;
  for (;;) {
    const rows: EntryRow[] = await select<EntryRow>(
      db,
      `SELECT ${ENTRY_COLUMNS} FROM audit_chain_entries e
        WHERE e.organization_id = $1 AND e.sequence > $2 AND e.sequence <= $3 ORDER BY e.sequence`,
      [organizationId, previous?.sequence ?? 0, (previous?.sequence ?? 0) + BATCH],
    );
    const run: ChainEntry[] = rows.map(entryOf);
    const broken = firstBrokenInRun(run, previous);
    if (broken !== null) {
      const upTo = run.filter((entry) => entry.sequence <= broken).length;
      return { intact: false, checked: checked + upTo, first_broken_sequence: broken };
    }
    checked += run.length;
    previous = run[run.length - 1] ?? previous;
    if (run.length < BATCH) break;
  }
  const last = previous;
  const head = await selectOne<{ last_sequence: string; last_hash: string }>(
    db,
    'SELECT last_sequence::text AS last_sequence, last_hash FROM audit_chain_heads WHERE organization_id = $1',
    [organizationId],
  );
  const lastSequence = last?.sequence ?? 0;
  const lastHash = last?.entry_hash ?? GENESIS_HASH;
  const beyond = await selectOne<{ sequence: string }>(
    db,
    `SELECT e.sequence::text AS sequence FROM audit_chain_entries e
      WHERE e.organization_id = $1 AND e.sequence > $2 LIMIT 1`,
    [organizationId, lastSequence],
  );
  if (
    beyond ||
    (head ? Number(head.last_sequence) !== lastSequence || head.last_hash !== lastHash : lastSequence !== 0)
  ) {
    return { intact: false, checked, first_broken_sequence: lastSequence + 1 };
  }
  return { intact: true, checked };
}

/** An entry of one requisition with its neighbours' links and the audit row it records. */
type RequisitionEntryRow = EntryRow & {
  predecessor_hash: string | null;
  successor_prev: string | null;
  has_successor: boolean;
  log_matches: boolean;
};

/** 404 unless the actor may see the requisition (as its detail: requestor, approver, view_all). */
export async function requireVisibleRequisition(
  db: Db,
  actor: Actor,
  id: string,
): Promise<{ requisition_number: string }> {
  const row = await selectOne<{ requisition_number: string }>(
    db,
    `SELECT r.requisition_number FROM requisitions r
      WHERE r.id = $1 AND r.organization_id = $2 AND ${visibleSql(3, 4, 5)}`,
    [id, actor.scope.organizationId, ...visibilityBind(actor)],
  );
  if (!row) throw new NotFound('Requisition');
  return row;
}

/**
 * Verifies one requisition's entries without rehashing the organisation's chain: each entry hashes
 * to its stored hash, links to its predecessor's stored hash (or the genesis), and its successor
 * links to it (or it is the head); and the requisition's audit rows and entries agree one to one.
 * Editing an entry is seen at that entry; so is rewriting its hash, unless every later entry of the
 * organisation is rewritten too, which only the organisation-wide check sees
 * (docs/decisions.md "History chain").
 */
export async function verifyRequisitionHistory(db: Db, actor: Actor, id: string): Promise<ChainVerification> {
  await requireVisibleRequisition(db, actor, id);
  const organizationId = actor.scope.organizationId;
  const rows = await select<RequisitionEntryRow>(
    db,
    // The neighbours' numbers are computed in a materialised CTE: under row-level security a join
    // condition with `sequence - 1` (int8mi, not leakproof) cannot become an index condition on the
    // protected table, and each entry scanned the organisation's whole chain (docs/decisions.md
    // "History chain per statement"); `p.sequence = e.prev_sequence` is a primary-key look-up.
    `WITH e AS MATERIALIZED (
       SELECT e.*, e.sequence - 1 AS prev_sequence, e.sequence + 1 AS next_sequence
         FROM audit_chain_entries e WHERE e.organization_id = $1 AND e.requisition_id = $2)
     SELECT ${ENTRY_COLUMNS}, p.entry_hash AS predecessor_hash, s.prev_hash AS successor_prev,
            s.sequence IS NOT NULL AS has_successor,
            (a.id IS NOT NULL AND a.action = e.action AND a.from_status IS NOT DISTINCT FROM e.from_status
              AND a.to_status IS NOT DISTINCT FROM e.to_status AND a.actor_id IS NOT DISTINCT FROM e.actor_id
              AND a.created_at = e.occurred_at) AS log_matches
       FROM e
       LEFT JOIN audit_chain_entries p ON p.organization_id = e.organization_id AND p.sequence = e.prev_sequence
       LEFT JOIN audit_chain_entries s ON s.organization_id = e.organization_id AND s.sequence = e.next_sequence
       LEFT JOIN audit_logs a ON a.id = e.audit_log_id AND a.organization_id = e.organization_id
      ORDER BY e.sequence`,
    [organizationId, id],
  );
  const head = await selectOne<{ last_sequence: string; last_hash: string }>(
    db,
    'SELECT last_sequence::text AS last_sequence, last_hash FROM audit_chain_heads WHERE organization_id = $1',
    [organizationId],
  );
  const unchained = await selectOne<{ n: number }>(
    db,
    `SELECT count(*)::int AS n FROM audit_logs a
      WHERE a.organization_id = $1 AND a.entity_type = 'requisition' AND a.entity_id = $2
        AND NOT EXISTS (SELECT 1 FROM audit_chain_entries e
                         WHERE e.organization_id = a.organization_id AND e.audit_log_id = a.id)`,
    [organizationId, id],
  );
  let checked = 0;
  for (const row of rows) {
    const entry = entryOf(row);
    checked += 1;
    const linkedBack =
      entry.sequence === 1 ? entry.prev_hash === GENESIS_HASH : entry.prev_hash === row.predecessor_hash;
    const linkedForward = row.has_successor
      ? row.successor_prev === entry.entry_hash
      : head !== null && Number(head.last_sequence) === entry.sequence && head.last_hash === entry.entry_hash;
    if (!linkedBack || !linkedForward || !row.log_matches || entryHash(entry) !== entry.entry_hash) {
      return { intact: false, checked, first_broken_sequence: entry.sequence };
    }
  }
  return (unchained?.n ?? 0) > 0 ? { intact: false, checked } : { intact: true, checked };
}

/** An entry as the export shows it: with the actor's name. */
export type HistoryExportRow = ChainEntry & { actor_name: string | null };

/** The requisition's entries in order, with actor names, for the CSV and PDF exports. */
export async function requisitionHistoryRows(
  db: Db,
  actor: Actor,
  id: string,
): Promise<{ requisitionNumber: string; rows: HistoryExportRow[] }> {
  const { requisition_number } = await requireVisibleRequisition(db, actor, id);
  const rows = await select<EntryRow & { actor_name: string | null }>(
    db,
    `SELECT ${ENTRY_COLUMNS}, u.first_name || ' ' || u.last_name AS actor_name
       FROM audit_chain_entries e LEFT JOIN users u ON u.id = e.actor_id
      WHERE e.organization_id = $1 AND e.requisition_id = $2
      ORDER BY e.sequence`,
    [actor.scope.organizationId, id],
  );
  return {
    requisitionNumber: requisition_number,
    rows: rows.map((row) => ({ ...entryOf(row), actor_name: row.actor_name })),
  };
}
