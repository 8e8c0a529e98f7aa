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

/** Whether an access token's user and session may still be used (checked on every request). */
export async function verifySession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const row = await selectOne<{ ok: boolean }>(
    db,
    `SELECT true AS ok
       FROM auth_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND u.is_active`,
    [sessionId, userId],
  );
  return row !== null;
}

interface ThrottleRow {
  key: string;
  failures: number;
  locked_until: Date | null;
}

async function assertNotThrottled(db: Db, keys: string[]): Promise<void> {
  const rows = await select<ThrottleRow>(
    db,
    'SELECT key, failures, locked_until FROM login_throttles WHERE key = ANY($1) AND locked_until > now()',
    [keys],
  );
  const lockedUntil = rows.reduce<number>(
    (latest, row) => Math.max(latest, row.locked_until?.getTime() ?? 0),
    0,
  );
  if (lockedUntil > 0) {
    const seconds = Math.max(1, Math.ceil((lockedUntil - Date.now()) / 1000));
    const minutes = Math.ceil(seconds / 60);
    throw new TooManyRequests(
      `Too many sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      seconds,
    );
  }
}

async function recordFailure(db: Db, config: Config, key: string, limit: number): Promise<void> {
  await execute(
    db,
    `INSERT INTO login_throttles (key, failures, window_started_at, locked_until)
          VALUES ($1, 1, now(), CASE WHEN 1 >= $2 THEN now() + make_interval(mins => $4) END)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN login_throttles.window_started_at < now() - make_interval(mins => $3) THEN 1
                       ELSE login_throttles.failures + 1 END,
       window_started_at = CASE WHEN login_throttles.window_started_at < now() - make_interval(mins => $3) THEN now()
                                ELSE login_throttles.window_started_at END,
       locked_until = CASE
         WHEN (CASE WHEN login_throttles.window_started_at < now() - make_interval(mins => $3) THEN 1
                    ELSE login_throttles.failures + 1 END) >= $2 THEN now() + make_interval(mins => $4)
         ELSE login_throttles.locked_until END`,
    [key, limit, config.login.windowMinutes, config.login.lockMinutes],
  );
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
 * time; failures are throttled per account and per client address.
 */
export async function login(
  db: Db,
  config: Config,
  input: { email: string; password: string; ip?: string | undefined; userAgent?: string | undefined },
): Promise<{ session: SessionTokens; user: UserView }> {
  const email = input.email.trim().toLowerCase();
  const accountKey = `account:${email}`;
  const addressKey = `address:${input.ip ?? 'unknown'}`;
  await assertNotThrottled(db, [accountKey, addressKey]);

  const user = await selectOne<{ id: string; password_hash: string | null; is_active: boolean }>(
    db,
    'SELECT id, password_hash, is_active FROM users WHERE lower(email) = $1',
    [email],
  );
  const passwordOk =
    user?.password_hash != null
      ? await verifyPassword(user.password_hash, input.password)
      : await verifyAgainstDummy(input.password);
  if (!user || !passwordOk) {
    await recordFailure(db, config, accountKey, config.login.maxFailures);
    await recordFailure(db, config, addressKey, config.login.maxFailuresPerAddress);
    throw new Unauthorized(INVALID_CREDENTIALS, 'INVALID_CREDENTIALS');
  }
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

  const session = await db.sequelize.transaction(async (transaction) => {
    await execute(db, 'DELETE FROM login_throttles WHERE key = $1', [accountKey], transaction);
    await execute(db, 'UPDATE users SET last_login_at = now() WHERE id = $1', [user.id], transaction);
    return startSession(db, config, user.id, transaction, input);
  });
  const view = await loadUser(db, user.id);
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
