import type { Transaction } from 'sequelize';
import type { Config } from '../../config.js';
import { execute, select, selectOne } from '../../db-query.js';
import { Forbidden, TooManyRequests, Unauthorized } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { verifyAgainstDummy, verifyPassword } from '../../lib/password.js';
import { hashToken, newRefreshToken, signAccessToken } from './tokens.js';
import { loadUser, type UserView } from './user.presenter.js';

/** Tokens handed to a client after sign-in or refresh. */
export interface SessionTokens {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
}

const INVALID_CREDENTIALS = 'Invalid email or password';

/**
 * Sign-in throttling (issue 11 §9). Failures count against two keys: the account from this client
 * address (`account-address:<email>|<address>`, LOGIN_MAX_FAILURES) and the account from everywhere
 * (`account:<email>`, LOGIN_MAX_FAILURES_PER_ACCOUNT). Nothing counts per address alone, so one
 * client's failures against other accounts (or unknown emails) never refuse a correct password.
 *
 * Every attempt first reserves one failure on both keys in one atomic upsert, before the password
 * is checked: parallel guesses each take a slot, and an attempt past a key's limit (or against a
 * locked key) is refused with 429 without checking its password. A wrong password keeps its
 * reservation and locks each key whose count reached its limit; a correct one gives its
 * reservations back (and clears the failures of its account and address).
 */
interface ThrottleKeys {
  account: string;
  pair: string;
}

function throttleKeys(email: string, address: string): ThrottleKeys {
  return { account: `account:${email}`, pair: `account-address:${email}|${address}` };
}

const tooManyAttempts = (seconds: number) => {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return new TooManyRequests(
    `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    Math.max(1, seconds),
  );
};

/**
 * Gives back the failure an attempt reserved on each key that is not locked. One statement per key,
 * so no two statements ever wait on each other's rows (the reservation locks the account's row
 * first, then the pair's).
 */
async function releaseReservation(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) {
    await execute(
      db,
      `UPDATE login_throttles SET failures = GREATEST(failures - 1, 0)
        WHERE key = $1 AND (locked_until IS NULL OR locked_until <= now())`,
      [key],
    );
  }
}

/**
 * Reserves one failure on both keys atomically (a locked key is left as it is; an expired window
 * or lock starts over), and refuses the attempt with 429 when a key is locked or over its limit.
 */
async function reserveAttempt(db: Db, config: Config, keys: ThrottleKeys): Promise<void> {
  const rows = await select<{ key: string; failures: number; locked_for: number | null }>(
    db,
    `INSERT INTO login_throttles AS t (key, failures, window_started_at)
     SELECT k, 1, now() FROM unnest($1::text[]) WITH ORDINALITY AS u (k, n) ORDER BY n
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE
         WHEN t.locked_until > now() THEN t.failures
         WHEN t.locked_until IS NOT NULL OR t.window_started_at < now() - make_interval(mins => $2) THEN 1
         ELSE t.failures + 1 END,
       window_started_at = CASE
         WHEN t.locked_until > now() THEN t.window_started_at
         WHEN t.locked_until IS NOT NULL OR t.window_started_at < now() - make_interval(mins => $2) THEN now()
         ELSE t.window_started_at END,
       locked_until = CASE WHEN t.locked_until > now() THEN t.locked_until END
     RETURNING key, failures,
               CASE WHEN locked_until > now()
                    THEN CEIL(EXTRACT(EPOCH FROM (locked_until - now())))::int END AS locked_for`,
    [[keys.account, keys.pair], config.login.windowMinutes],
  );
  const limitOf = (key: string) =>
    key === keys.account ? config.login.maxFailuresPerAccount : config.login.maxFailures;
  const lockedFor = Math.max(0, ...rows.map((row) => row.locked_for ?? 0));
  const overLimit = rows.some((row) => row.locked_for === null && row.failures > limitOf(row.key));
  if (lockedFor > 0 || overLimit) {
    await releaseReservation(db, [keys.account, keys.pair]);
    throw tooManyAttempts(lockedFor > 0 ? lockedFor : config.login.lockMinutes * 60);
  }
}

/** Keeps a wrong password's reservation as a failure and locks each key that reached its limit. */
async function recordFailure(db: Db, config: Config, keys: ThrottleKeys): Promise<void> {
  const limits: [string, number][] = [
    [keys.account, config.login.maxFailuresPerAccount],
    [keys.pair, config.login.maxFailures],
  ];
  for (const [key, limit] of limits) {
    await execute(
      db,
      `UPDATE login_throttles SET locked_until = now() + make_interval(mins => $3)
        WHERE key = $1 AND failures >= $2 AND (locked_until IS NULL OR locked_until <= now())`,
      [key, limit, config.login.lockMinutes],
    );
  }
  // Now and then, forget counters long past any window or lock (unknown emails leave rows behind).
  if (Math.random() < 0.02) {
    const horizonMinutes = Math.max(24 * 60, config.login.windowMinutes, config.login.lockMinutes);
    await execute(
      db,
      `DELETE FROM login_throttles
        WHERE window_started_at < now() - make_interval(mins => $1)
          AND (locked_until IS NULL OR locked_until < now())`,
      [horizonMinutes],
    );
  }
}

async function startSession(
  db: Db,
  config: Config,
  userId: string,
  transaction: Transaction,
  meta: { userAgent?: string | undefined; ip?: string | undefined },
): Promise<SessionTokens> {
  const session = await selectOne<{ id: string }>(
    db,
    'INSERT INTO auth_sessions (user_id, user_agent, ip_address) VALUES ($1, $2, $3) RETURNING id',
    [userId, meta.userAgent?.slice(0, 500) ?? null, meta.ip ?? null],
    transaction,
  );
  return issueTokens(db, config, userId, session!.id, transaction);
}

async function issueTokens(
  db: Db,
  config: Config,
  userId: string,
  sessionId: string,
  transaction: Transaction,
): Promise<SessionTokens> {
  const refresh = newRefreshToken();
  await execute(
    db,
    `INSERT INTO refresh_tokens (session_id, token_hash, expires_at)
     VALUES ($1, $2, now() + make_interval(days => $3))`,
    [sessionId, refresh.hash, config.refreshTtlDays],
    transaction,
  );
  return {
    access_token: signAccessToken(config, userId, sessionId),
    refresh_token: refresh.token,
    token_type: 'Bearer',
    expires_in: config.jwt.accessTtlSec,
  };
}

/**
 * Signs a user in. Unknown addresses and wrong passwords get the same answer and cost the same
 * time; failures are throttled per account and per account + client address (see
 * {@link reserveAttempt}). `ip` is the client address under TRUST_PROXY (http/client-address.ts).
 */
export async function login(
  db: Db,
  config: Config,
  input: { email: string; password: string; ip: string; userAgent?: string | undefined },
): Promise<{ session: SessionTokens; user: UserView }> {
  const email = input.email.trim().toLowerCase();
  const keys = throttleKeys(email, input.ip);
  await reserveAttempt(db, config, keys);

  let user: { id: string; password_hash: string | null; is_active: boolean } | null;
  let passwordOk: boolean;
  try {
    user = await selectOne<{ id: string; password_hash: string | null; is_active: boolean }>(
      db,
      'SELECT id, password_hash, is_active FROM users WHERE lower(email) = $1',
      [email],
    );
    passwordOk =
      user?.password_hash != null
        ? await verifyPassword(user.password_hash, input.password)
        : await verifyAgainstDummy(input.password);
  } catch (error) {
    // Not checked (e.g. the hashing queue is full): the attempt counts for nothing.
    await releaseReservation(db, [keys.account, keys.pair]);
    throw error;
  }
  if (!user || !passwordOk) {
    await recordFailure(db, config, keys);
    throw new Unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
  // The right password: its reservation is given back and this address's failures forgiven. The
  // account-wide count stays (the owner's success does not reset a distributed guesser's budget).
  await releaseReservation(db, [keys.account]);
  await execute(db, 'DELETE FROM login_throttles WHERE key = $1', [keys.pair]);
  if (!user.is_active) {
    throw new Forbidden('Your account is inactive. Please contact your administrator.', 'ACCOUNT_INACTIVE');
  }
  const membership = await selectOne<{ id: string }>(
    db,
    `SELECT m.id FROM user_organizations m JOIN organizations o ON o.id = m.organization_id
      WHERE m.user_id = $1 AND m.is_active AND o.is_active LIMIT 1`,
    [user.id],
  );
  if (!membership) {
    throw new Forbidden(
      'Your account has no active organization membership. Please contact your administrator.',
      'NO_ACTIVE_MEMBERSHIP',
    );
  }

  const userId = user.id;
  const session = await db.sequelize.transaction(async (transaction) => {
    await execute(db, 'UPDATE users SET last_login_at = now() WHERE id = $1', [userId], transaction);
    return startSession(db, config, userId, transaction, input);
  });
  const view = await loadUser(db, userId);
  return { session, user: view! };
}

/** Revokes sessions (token families) and every refresh token of theirs. */
async function revokeSessions(
  db: Db,
  sessionIds: string[],
  reason: string,
  transaction: Transaction,
): Promise<void> {
  await execute(
    db,
    'UPDATE auth_sessions SET revoked_at = now(), revoked_reason = $2 WHERE id = ANY($1) AND revoked_at IS NULL',
    [sessionIds, reason],
    transaction,
  );
  await execute(
    db,
    'UPDATE refresh_tokens SET revoked_at = now() WHERE session_id = ANY($1) AND revoked_at IS NULL',
    [sessionIds],
    transaction,
  );
}

/**
 * Rotates a refresh token. A token that was already rotated is a sign of theft: the whole family
 * (session) is revoked, so neither the thief nor the victim can go on with it.
 */
export async function refresh(
  db: Db,
  config: Config,
  refreshToken: string,
): Promise<{ session: SessionTokens }> {
  const outcome = await db.sequelize.transaction(async (transaction) => {
    const row = await selectOne<{
      id: string;
      session_id: string;
      user_id: string;
      used_at: Date | null;
      revoked_at: Date | null;
      expired: boolean;
      session_revoked: boolean;
      user_active: boolean;
    }>(
      db,
      `SELECT t.id, t.session_id, s.user_id, t.used_at, t.revoked_at, t.expires_at <= now() AS expired,
              s.revoked_at IS NOT NULL AS session_revoked, u.is_active AS user_active
         FROM refresh_tokens t
         JOIN auth_sessions s ON s.id = t.session_id
         JOIN users u ON u.id = s.user_id
        WHERE t.token_hash = $1
        FOR UPDATE OF t, s`,
      [hashToken(refreshToken)],
      transaction,
    );
    if (!row) return { error: 'unknown' as const };
    if (row.used_at !== null) {
      await revokeSessions(db, [row.session_id], 'refresh_token_reuse', transaction);
      return { error: 'reused' as const };
    }
    if (row.revoked_at !== null || row.session_revoked || row.expired || !row.user_active) {
      return { error: 'invalid' as const };
    }
    await execute(db, 'UPDATE refresh_tokens SET used_at = now() WHERE id = $1', [row.id], transaction);
    return { session: await issueTokens(db, config, row.user_id, row.session_id, transaction) };
  });
  if ('error' in outcome) {
    if (outcome.error === 'reused') {
      throw new Unauthorized(
        'This refresh token was already used; the session has been revoked',
        'REFRESH_TOKEN_REUSED',
      );
    }
    throw new Unauthorized('The refresh token is invalid or expired', 'INVALID_REFRESH_TOKEN');
  }
  return outcome;
}

/** Revokes the session of the caller's access token and/or of the given refresh token. */
export async function logout(
  db: Db,
  input: { sessionId?: string | undefined; refreshToken?: string | undefined },
): Promise<void> {
  await db.sequelize.transaction(async (transaction) => {
    const sessionIds: string[] = [];
    if (input.sessionId) sessionIds.push(input.sessionId);
    if (input.refreshToken) {
      const row = await selectOne<{ session_id: string }>(
        db,
        'SELECT session_id FROM refresh_tokens WHERE token_hash = $1',
        [hashToken(input.refreshToken)],
        transaction,
      );
      if (row) sessionIds.push(row.session_id);
    }
    if (sessionIds.length > 0) await revokeSessions(db, sessionIds, 'logout', transaction);
  });
}
