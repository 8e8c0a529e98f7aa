import { createHash } from 'node:crypto';

/** The `prev_hash` of an organisation's first entry: 64 zeros. */
export const GENESIS_HASH = '0'.repeat(64);

/** One entry of an organisation's history chain, as stored (`audit_chain_entries`). */
export interface ChainEntry {
  organization_id: string;
  /** Its number in the organisation's chain, from 1, without gaps. */
  sequence: number;
  prev_hash: string;
  entry_hash: string;
  audit_log_id: string;
  requisition_id: string;
  action: string;
  actor_id: string | null;
  from_status: string | null;
  to_status: string | null;
  comment: string | null;
  /** The instant in UTC with microseconds, `YYYY-MM-DDTHH:MM:SS.ffffffZ`. */
  at: string;
}

/**
 * The canonical text of an entry (docs/decisions.md "History chain"): a JSON object of its fields,
 * keys in alphabetical order, no whitespace, strings escaped as `JSON.stringify` does. For these
 * fields (ASCII keys, whole numbers) it is the RFC 8785 (JCS) serialisation.
 */
export function canonicalEntry(entry: Omit<ChainEntry, 'entry_hash'>): string {
  return JSON.stringify({
    action: entry.action,
    actor_id: entry.actor_id,
    at: entry.at,
    audit_log_id: entry.audit_log_id,
    comment: entry.comment,
    from_status: entry.from_status,
    organization_id: entry.organization_id,
    prev_hash: entry.prev_hash,
    requisition_id: entry.requisition_id,
    sequence: entry.sequence,
    to_status: entry.to_status,
  });
}

/** SHA-256 of the entry's canonical text (UTF-8), lower-case hex. */
export function entryHash(entry: Omit<ChainEntry, 'entry_hash'>): string {
  return createHash('sha256').update(canonicalEntry(entry), 'utf8').digest('hex');
}

/** What a verification answers: whether the entries checked are intact, and where they break first. */
export interface ChainVerification {
  intact: boolean;
  checked: number;
  first_broken_sequence?: number;
}

/**
 * Checks a contiguous run of one organisation's chain, in sequence order, starting after
 * `previous` (the entry before the run, or null when the run starts the chain): each entry must be
 * the next number, link to the previous entry's hash and hash to its stored `entry_hash`. Answers the
 * first entry that fails, or null.
 */
export function firstBrokenInRun(
  run: readonly ChainEntry[],
  previous: { sequence: number; entry_hash: string } | null,
): number | null {
  let expectedSequence = (previous?.sequence ?? 0) + 1;
  let expectedPrev = previous?.entry_hash ?? GENESIS_HASH;
  for (const entry of run) {
    if (entry.sequence !== expectedSequence) return expectedSequence;
    if (entry.prev_hash !== expectedPrev || entryHash(entry) !== entry.entry_hash) return entry.sequence;
    expectedSequence = entry.sequence + 1;
    expectedPrev = entry.entry_hash;
  }
  return null;
}
