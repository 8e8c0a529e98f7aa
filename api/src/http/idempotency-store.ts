import type { Transaction } from 'sequelize';
import { execute, select, selectOne } from '../db-query.js';
import type { Db } from './context.js';

/**
 * The table `idempotency_keys` (migration `2026.11.25T10.00.00.idempotency-keys`): claims of
 * `Idempotency-Key`s and their stored answers. Every statement runs outside the operation's own
 * transactions except {@link markCommitted}, which runs inside them. The states of a row are described
 * in docs/decisions.md ("Idempotent writes").
 */

/** How long a key and its answer are kept (and replayed). */
export const KEY_TTL_HOURS = 24;

/**
 * How long a claim holds without a heartbeat, in seconds; the running request renews it every third
 * of that. Tests may shorten it.
 */
export const leaseSettings = { seconds: 30 };

/** Which key: one per organisation, user and key string. */
export interface KeyRef {
  organizationId: string;
  userId: string;
  key: string;
}

/** A stored answer. */
export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** A row as {@link readKey} answers it. */
export interface KeyRow {
  operation_id: string;
  request_hash: string;
  owner: string;
  committed: boolean;
  lease_expired: boolean;
  expired: boolean;
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: string | null;
}

const WHERE = 'organization_id = $1 AND user_id = $2 AND key = $3';
const refBind = (ref: KeyRef) => [ref.organizationId, ref.userId, ref.key];

/**
 * Claims the key for `owner` (INSERT … ON CONFLICT DO NOTHING, committed at once): true when this
 * request now holds it. An expired row keeps its key taken until {@link deleteExpiredKey} removes it.
 */
export async function claimKey(
  db: Db,
  ref: KeyRef,
  claim: { operationId: string; requestHash: string; owner: string },
): Promise<boolean> {
  const rows = await select<{ owner: string }>(
    db,
    `INSERT INTO idempotency_keys
       (organization_id, user_id, key, operation_id, request_hash, owner, lease_until, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp() + make_interval(secs => $7), now() + make_interval(hours => $8))
     ON CONFLICT (organization_id, user_id, key) DO NOTHING
     RETURNING owner`,
    [
      ...refBind(ref),
      claim.operationId,
      claim.requestHash,
      claim.owner,
      leaseSettings.seconds,
      KEY_TTL_HOURS,
    ],
  );
  return rows.length === 1;
}

/** Deletes the key's row when it expired, so that the key is free again. */
export async function deleteExpiredKey(db: Db, ref: KeyRef): Promise<void> {
  await execute(db, `DELETE FROM idempotency_keys WHERE ${WHERE} AND expires_at <= now()`, refBind(ref));
}

/** The key's row as it stands, or null when there is none. */
export async function readKey(db: Db, ref: KeyRef): Promise<KeyRow | null> {
  return selectOne<KeyRow>(
    db,
    `SELECT operation_id, request_hash, owner, committed, lease_until < clock_timestamp() AS lease_expired,
            expires_at <= now() AS expired, response_status, response_headers, response_body
       FROM idempotency_keys WHERE ${WHERE}`,
    refBind(ref),
  );
}

/**
 * Takes over a claim whose holder died before any effect committed (lease over, never marked
 * committed, no answer): true when `owner` now holds it.
 */
export async function takeOverKey(db: Db, ref: KeyRef, owner: string): Promise<boolean> {
  const rows = await select<{ owner: string }>(
    db,
    `UPDATE idempotency_keys SET owner = $4, lease_until = clock_timestamp() + make_interval(secs => $5)
      WHERE ${WHERE} AND lease_until < clock_timestamp() AND NOT committed AND response_status IS NULL
            AND expires_at > now()
      RETURNING owner`,
    [...refBind(ref), owner, leaseSettings.seconds],
  );
  return rows.length === 1;
}

/** Renews the lease of `owner`'s claim (the heartbeat of a running request). */
export async function renewLease(db: Db, ref: KeyRef, owner: string): Promise<void> {
  await execute(
    db,
    `UPDATE idempotency_keys SET lease_until = clock_timestamp() + make_interval(secs => $5)
      WHERE ${WHERE} AND owner = $4 AND response_status IS NULL`,
    [...refBind(ref), owner, leaseSettings.seconds],
  );
}

/**
 * Marks `owner`'s claim as having an effect, inside the operation's transaction `transaction`: the
 * mark commits exactly when the effect does. False when `owner` no longer holds the claim (its lease
 * ran out and a retry took the key over): the caller must then roll its effect back, or the key's
 * one request would have two effects.
 */
export async function markCommitted(
  db: Db,
  ref: KeyRef,
  owner: string,
  transaction: Transaction,
): Promise<boolean> {
  const rows = await select<{ owner: string }>(
    db,
    `UPDATE idempotency_keys SET committed = true WHERE ${WHERE} AND owner = $4 RETURNING owner`,
    [...refBind(ref), owner],
    transaction,
  );
  return rows.length === 1;
}

/** Stores the answer of `owner`'s claim. */
export async function storeResponse(
  db: Db,
  ref: KeyRef,
  owner: string,
  response: StoredResponse,
): Promise<void> {
  await execute(
    db,
    `UPDATE idempotency_keys
        SET response_status = $5, response_headers = $6::jsonb, response_body = $7, lease_until = now()
      WHERE ${WHERE} AND owner = $4`,
    [...refBind(ref), owner, response.status, JSON.stringify(response.headers), response.body],
  );
}

/**
 * Gives the key back after a failure that changed nothing: deleted unless an effect was marked
 * committed meanwhile (then the caller stores the answer instead). True when it was released.
 */
export async function releaseKey(db: Db, ref: KeyRef, owner: string): Promise<boolean> {
  const rows = await select<{ owner: string }>(
    db,
    `DELETE FROM idempotency_keys WHERE ${WHERE} AND owner = $4 AND NOT committed RETURNING owner`,
    [...refBind(ref), owner],
  );
  return rows.length === 1;
}

/**
 * Deletes up to `limit` expired keys of every organisation (on the plain handle, which row-level
 * security lets through); answers how many went.
 */
export async function sweepExpiredKeys(db: Db, limit = 1000): Promise<number> {
  const rows = await select<{ key: string }>(
    db,
    `DELETE FROM idempotency_keys WHERE ctid IN (
       SELECT ctid FROM idempotency_keys WHERE expires_at <= now() LIMIT $1)
     RETURNING key`,
    [limit],
  );
  return rows.length;
}
