import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Request, ResponseObject, ResponseToolkit, Server } from '@hapi/hapi';
import type { OperationInfo } from '../contract/openapi.js';
import { withBeforeCommit } from '../db/tenant-context.js';
import { Conflict, DomainError } from '../domain/errors.js';
import type { Db, HandlerInput } from './context.js';
import {
  claimKey,
  deleteExpiredKey,
  type KeyRef,
  type KeyRow,
  leaseSettings,
  markCommitted,
  readKey,
  releaseKey,
  renewLease,
  storeResponse,
  sweepExpiredKeys,
  takeOverKey,
} from './idempotency-store.js';
import { isFilePart } from './uploads.js';

/**
 * `Idempotency-Key` on the writes that declare it in `openapi.yaml` (issue 13; the states and rules
 * are in docs/decisions.md, "Idempotent writes"). The route handler calls {@link beginIdempotent}
 * after the access check (authentication, membership, permission) and the contract's validation,
 * just before the operation's handler; an `onPreResponse` extension ({@link registerIdempotency})
 * stores the answer, or gives the key back when the handler failed without an effect.
 */

/** The header (lower case, as Node hands headers over). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The header a replayed answer carries. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** How long a retry waits for the first request with its key to finish, and how often it looks. */
export const waitSettings = { maxWaitMs: 10_000, pollMs: 50 };

/** Response headers worth replaying (besides the content type). */
const KEPT_HEADERS = ['location', 'content-location'];

/** How often, at most, one process deletes every organisation's expired keys. */
const SWEEP_INTERVAL_MS = 10 * 60_000;
const lastSweep = new WeakMap<object, number>();

/** Whether the operation declares the `Idempotency-Key` header parameter. */
export function declaresIdempotencyKey(op: OperationInfo): boolean {
  return op.parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === IDEMPOTENCY_HEADER);
}

/** 422: the key was used before for another request. */
export class IdempotencyKeyReused extends DomainError {
  constructor() {
    super(
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
      [{ field: 'Idempotency-Key', message: 'Already used for a different request' }],
    );
  }
}

/** 409 with Retry-After: the first request with the key is still running. */
export class IdempotencyInProgress extends Conflict {
  readonly retryAfterSec = 1;
  constructor() {
    super(
      'A request with this Idempotency-Key is still in progress. Try again in a moment.',
      'IDEMPOTENCY_REQUEST_IN_PROGRESS',
    );
  }
}

/** 409: the first request's change was made but its answer was lost (its process died); never run twice. */
export class IdempotencyResponseLost extends Conflict {
  constructor() {
    super(
      'The request with this Idempotency-Key was carried out, but its answer was lost. It will not be repeated: look the record up before sending a new request with a new key.',
      'IDEMPOTENCY_RESPONSE_LOST',
    );
  }
}

/** What a request holding a claim carries until its answer is stored. */
interface Claim {
  db: Db;
  ref: KeyRef;
  owner: string;
  heartbeat: NodeJS.Timeout;
}

const claims = new WeakMap<Request, Claim>();

/** Keys sorted, so that the same values always hash alike. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]));
}

async function fileDigest(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A multipart payload with each file replaced by its name, size and content hash. */
async function withFileDigests(value: unknown): Promise<unknown> {
  if (Buffer.isBuffer(value)) return { sha256: createHash('sha256').update(value).digest('hex') };
  if (isFilePart(value))
    return { filename: value.filename, bytes: value.bytes, sha256: await fileDigest(value.path) };
  if (Array.isArray(value)) return Promise.all(value.map(withFileDigests));
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const entries = await Promise.all(
      Object.entries(value as Record<string, unknown>).map(
        async ([k, v]) => [k, await withFileDigests(v)] as const,
      ),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

/** SHA-256 of the canonical request: operation, path parameters, query and body (files by content). */
export async function requestHash(operationId: string, request: Request): Promise<string> {
  const body = await withFileDigests(request.payload ?? null);
  const text = JSON.stringify(canonical({ operationId, params: request.params, query: request.query, body }));
  return createHash('sha256').update(text).digest('hex');
}

/** The stored answer, replayed with the replay header. */
function replay(h: ResponseToolkit, row: KeyRow): ResponseObject {
  const reply = row.response_body === null ? h.response() : h.response(row.response_body);
  reply.code(row.response_status ?? 200);
  for (const [name, value] of Object.entries(row.response_headers ?? {})) {
    if (name === 'content-type') reply.type(value);
    else reply.header(name, value);
  }
  reply.header(REPLAYED_HEADER, 'true');
  return reply;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Deletes expired keys of every organisation, at most once per {@link SWEEP_INTERVAL_MS} per process. */
function maybeSweep(plain: Db): void {
  const now = Date.now();
  const last = lastSweep.get(plain.sequelize) ?? 0;
  if (now - last < SWEEP_INTERVAL_MS) return;
  lastSweep.set(plain.sequelize, now);
  sweepExpiredKeys(plain).catch((error: unknown) => console.error('[api] idempotency sweep failed:', error));
}

/**
 * For a request with an `Idempotency-Key` to an operation that declares it: claims the key and
 * answers null (the handler then runs, with `input.app.db` marking the claim in each of its
 * transactions), or answers the stored response of the same request, or throws 422 (the key was
 * used for another request), 409 `IDEMPOTENCY_REQUEST_IN_PROGRESS` (the first is still running after
 * {@link waitSettings}`.maxWaitMs`) or 409 `IDEMPOTENCY_RESPONSE_LOST` (the first died after its
 * effect committed). Without the header, or outside an organisation, it does nothing.
 *
 * `plain` is the handle without an organisation (for the sweep of expired keys).
 */
export async function beginIdempotent(
  input: HandlerInput,
  op: OperationInfo,
  plain: Db,
): Promise<ResponseObject | null> {
  const key = input.request.headers[IDEMPOTENCY_HEADER];
  const scope = input.scope ?? input.pathScope;
  if (typeof key !== 'string' || !scope || !input.caller) return null;
  const db = input.app.db;
  const ref: KeyRef = { organizationId: scope.organizationId, userId: input.caller.userId, key };
  const hash = await requestHash(op.operationId, input.request);
  const owner = randomUUID();
  const deadline = Date.now() + waitSettings.maxWaitMs;
  const claim = { operationId: op.operationId, requestHash: hash, owner };
  let held = await claimKey(db, ref, claim);
  while (!held) {
    const row = await readKey(db, ref);
    if (!row || row.expired) {
      // Given back by a first request that failed without a change, or expired: claim it afresh.
      if (row) await deleteExpiredKey(db, ref);
      held = await claimKey(db, ref, claim);
      continue;
    }
    if (row.operation_id !== op.operationId || row.request_hash !== hash) throw new IdempotencyKeyReused();
    if (row.response_status !== null) return replay(input.h, row);
    if (row.lease_expired) {
      if (row.committed) throw new IdempotencyResponseLost();
      held = await takeOverKey(db, ref, owner);
      continue;
    }
    if (Date.now() >= deadline) throw new IdempotencyInProgress();
    await sleep(waitSettings.pollMs);
  }

  const heartbeat = setInterval(
    () => {
      renewLease(db, ref, owner).catch((error: unknown) => {
        // Not fatal (the mark refuses a claim taken over meanwhile), but worth seeing in the logs.
        console.warn('[api] renewing an idempotency lease failed:', error);
      });
    },
    (leaseSettings.seconds * 1000) / 3,
  );
  heartbeat.unref();
  claims.set(input.request, { db, ref, owner, heartbeat });
  input.app = {
    ...input.app,
    db: withBeforeCommit(db, async (t) => {
      // The lease ran out under this request and a retry took the key over (it runs the request
      // itself): this effect is rolled back, and this caller is told to ask again, which replays the
      // retry's answer. Without this check both effects commit.
      if (!(await markCommitted(db, ref, owner, t))) throw new IdempotencyInProgress();
    }),
  };
  maybeSweep(plain);
  return null;
}

/**
 * Stops the heartbeat of the request's claim once its handler has returned or thrown (the lease then
 * only has to outlast the storing of the answer). Called by the route handler in a `finally`, so a
 * request whose response step never runs (a client gone) cannot keep its claim alive for ever.
 */
export function endHeartbeat(request: Request): void {
  const claim = claims.get(request);
  if (claim) clearInterval(claim.heartbeat);
}

/** The answer as it will be sent: status, the headers worth keeping and the body as text. */
function responseOf(response: ResponseObject) {
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const source = response.source as unknown;
  let body: string | null = null;
  if (typeof source === 'string') {
    body = source;
    headers['content-type'] = String(response.headers['content-type'] ?? 'text/plain; charset=utf-8');
  } else if (source !== null && source !== undefined) {
    body = JSON.stringify(source);
    headers['content-type'] = 'application/json; charset=utf-8';
  }
  return { status: response.statusCode, headers, body };
}

/**
 * Registers the step that ends a claim, after every other `onPreResponse` step (the error mapping
 * included, so errors are seen as the client gets them): a success, or a failure after an effect was
 * marked committed, is stored for replay; a failure that changed nothing gives the key back, so the
 * client may retry with it. The answer leaves only once this is done.
 */
export function registerIdempotency(server: Server): void {
  // Not async itself: a request without a claim (every read) costs no promise here.
  server.ext('onPreResponse', (request, h) => {
    const claim = claims.get(request);
    if (!claim) return h.continue;
    return endClaim(request, h, claim);
  });
}

/** Ends a write's claim as its answer leaves (see {@link registerIdempotency}). */
async function endClaim(request: Request, h: ResponseToolkit, claim: Claim) {
  claims.delete(request);
  clearInterval(claim.heartbeat);
  const response = request.response as ResponseObject;
  if ('isBoom' in response && response.isBoom) return h.continue;
  const stored = responseOf(response);
  try {
    if (stored.status >= 400 && (await releaseKey(claim.db, claim.ref, claim.owner))) return h.continue;
    await storeResponse(claim.db, claim.ref, claim.owner, stored);
  } catch (error) {
    // The claim stays pending until its lease runs out; a retry then learns what it can.
    console.error('[api] storing an idempotent response failed:', error);
  }
  return h.continue;
}
