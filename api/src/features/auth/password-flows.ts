import type { Transaction } from 'sequelize';
import type { Config } from '../../config.js';
import { execute, selectOne } from '../../db-query.js';
import { DomainError, TooManyRequests, ValidationFailed } from '../../domain/errors.js';
import { clientAddress } from '../../http/client-address.js';
import type { Db, OperationHandlers } from '../../http/context.js';
import { hashPassword } from '../../lib/password.js';
import { linkTo, publicBaseUrl } from '../mail/links.js';
import { enqueueMail } from '../mail/mailer.js';
import { passwordResetMail } from '../mail/templates.js';
import { hashToken, newRefreshToken } from './tokens.js';

/** What a password token is for: a first password (invitation) or a new one (reset). */
export type PasswordTokenPurpose = 'invite' | 'reset';

/** How long a link stays valid: invitations 7 days, resets 1 hour. */
export const PASSWORD_TOKEN_TTL_MINUTES: Record<PasswordTokenPurpose, number> = {
  invite: 7 * 24 * 60,
  reset: 60,
};

/** The screen each kind of link opens. */
export const PASSWORD_TOKEN_PATH: Record<PasswordTokenPurpose, string> = {
  invite: '/accept-invite',
  reset: '/reset-password',
};

/** Link checks (`checkPasswordToken`) allowed per client address per window. */
export const TOKEN_CHECK_LIMITS = { perClient: 30, windowMinutes: 15 } as const;

/** Forgot-password requests allowed per address asked about, and per client address, per window. */
export const FORGOT_PASSWORD_LIMITS = { perAccount: 3, perClient: 20, windowMinutes: 60 } as const;

/** Messages of a link that cannot be used (400, code `INVALID_TOKEN`, detail `token`). */
export const TOKEN_MESSAGES = {
  invalid: 'This link is not valid. Please request a new one.',
  expired: 'This link has expired. Please request a new one.',
  used: 'This link has already been used. Please request a new one.',
} as const;

/**
 * Issues a single-use token for `userId` inside the caller's transaction and answers it (only its
 * SHA-256 hash is stored). `organizationId`: the organisation whose administrator asks for it, or
 * null for the user's own forgot-password request. Only the user's earlier unused tokens of the same
 * purpose *and the same issuer* are deleted: one organisation never cancels another's link, nor the
 * user's own (docs/decisions.md, issue 11).
 */
export async function issuePasswordToken(
  db: Db,
  userId: string,
  purpose: PasswordTokenPurpose,
  organizationId: string | null,
  transaction: Transaction,
): Promise<string> {
  await execute(
    db,
    `DELETE FROM password_tokens
      WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND organization_id IS NOT DISTINCT FROM $3::uuid`,
    [userId, purpose, organizationId],
    transaction,
  );
  const { token, hash } = newRefreshToken();
  await execute(
    db,
    `INSERT INTO password_tokens (user_id, purpose, token_hash, expires_at, organization_id)
     VALUES ($1, $2, $3, now() + make_interval(mins => $4), $5)`,
    [userId, purpose, hash, PASSWORD_TOKEN_TTL_MINUTES[purpose], organizationId],
    transaction,
  );
  return token;
}

/** The link of a token: `<base>/accept-invite?token=…` or `<base>/reset-password?token=…`. */
export function passwordTokenLink(base: string, purpose: PasswordTokenPurpose, token: string): string {
  return linkTo(base, PASSWORD_TOKEN_PATH[purpose], { token });
}

/**
 * Counts one forgot-password request against `key` (in `login_throttles`, shared by every API
 * instance) and refuses it with 429 past `limit` within the window.
 */
export async function countRequest(
  db: Db,
  key: string,
  limit: number,
  windowMinutes: number,
  what = 'password reset requests',
): Promise<void> {
  const row = await selectOne<{ failures: number; retry_after: number }>(
    db,
    `INSERT INTO login_throttles (key, failures, window_started_at) VALUES ($1, 1, now())
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN login_throttles.window_started_at < now() - make_interval(mins => $2) THEN 1
                       ELSE login_throttles.failures + 1 END,
       window_started_at = CASE WHEN login_throttles.window_started_at < now() - make_interval(mins => $2)
                                THEN now() ELSE login_throttles.window_started_at END
     RETURNING failures,
               GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_started_at + make_interval(mins => $2) - now()))))::int
                 AS retry_after`,
    [key, windowMinutes],
  );
  if (row && row.failures > limit) {
    const minutes = Math.max(1, Math.ceil(row.retry_after / 60));
    throw new TooManyRequests(
      `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      row.retry_after,
    );
  }
}

/**
 * 'Forgot your password?': when an active account with an active membership has this address, a
 * reset link is queued in the outbox; otherwise nothing happens. The caller answers the same either
 * way. Throttled per address asked about and per client address (whether or not the account exists,
 * so the 429 reveals nothing either).
 */
export async function requestPasswordReset(
  db: Db,
  input: { email: string; clientAddress: string | undefined; linkBase: string },
): Promise<void> {
  const email = input.email.trim().toLowerCase();
  const { perAccount, perClient, windowMinutes } = FORGOT_PASSWORD_LIMITS;
  await countRequest(db, `forgot:address:${input.clientAddress ?? 'unknown'}`, perClient, windowMinutes);
  await countRequest(db, `forgot:account:${email}`, perAccount, windowMinutes);
  const user = await selectOne<{ id: string; email: string; first_name: string }>(
    db,
    `SELECT u.id, u.email, u.first_name FROM users u
      WHERE lower(u.email) = $1 AND u.is_active
        AND EXISTS (SELECT 1 FROM user_organizations m JOIN organizations o ON o.id = m.organization_id
                     WHERE m.user_id = u.id AND m.is_active AND o.is_active)`,
    [email],
  );
  if (!user) return;
  await db.sequelize.transaction(async (transaction) => {
    const token = await issuePasswordToken(db, user.id, 'reset', null, transaction);
    await enqueueMail(
      db,
      passwordResetMail({
        to: user.email,
        firstName: user.first_name,
        link: passwordTokenLink(input.linkBase, 'reset', token),
        validMinutes: PASSWORD_TOKEN_TTL_MINUTES.reset,
        requestedByAdministrator: false,
      }),
      transaction,
    );
  });
}

interface TokenRow {
  id: string;
  user_id: string;
  organization_id: string | null;
  email: string;
  used: boolean;
  expired: boolean;
  user_active: boolean;
}

function invalidToken(message: string): ValidationFailed {
  return new ValidationFailed(message, [{ field: 'token', message }], 'INVALID_TOKEN');
}

/** Why a token cannot be used, or null when it can. */
type TokenProblem = keyof typeof TOKEN_MESSAGES;

async function selectToken(
  db: Db,
  token: string,
  purpose: PasswordTokenPurpose,
  transaction?: Transaction,
): Promise<{ row: TokenRow; problem: null } | { row: TokenRow | null; problem: TokenProblem }> {
  const row = await selectOne<TokenRow>(
    db,
    `SELECT t.id, t.user_id, t.organization_id, u.email, t.used_at IS NOT NULL AS used, t.expires_at <= now() AS expired,
            u.is_active AS user_active
       FROM password_tokens t JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1 AND t.purpose = $2
      ${transaction ? 'FOR UPDATE OF t, u' : ''}`,
    [hashToken(token), purpose],
    transaction,
  );
  if (!row?.user_active) return { row, problem: 'invalid' };
  if (row.used) return { row, problem: 'used' };
  if (row.expired) return { row, problem: 'expired' };
  return { row, problem: null };
}

async function findToken(
  db: Db,
  token: string,
  purpose: PasswordTokenPurpose,
  transaction?: Transaction,
): Promise<TokenRow> {
  const found = await selectToken(db, token, purpose, transaction);
  if (found.problem) throw invalidToken(TOKEN_MESSAGES[found.problem]);
  return found.row;
}

/**
 * Whether a token of `purpose` can still be used, without spending it (`checkPasswordToken`): nothing
 * when it can; 404 `INVALID_TOKEN` when no usable token exists (unknown, or its account deactivated);
 * 410 `TOKEN_USED` or `TOKEN_EXPIRED`. The messages are those `setPasswordWithToken` answers, and name
 * no account. Throttled per client address, whether or not the token exists.
 */
export async function checkPasswordToken(
  db: Db,
  input: { token: string; purpose: PasswordTokenPurpose; clientAddress: string | undefined },
): Promise<void> {
  const { perClient, windowMinutes } = TOKEN_CHECK_LIMITS;
  await countRequest(
    db,
    `token-check:address:${input.clientAddress ?? 'unknown'}`,
    perClient,
    windowMinutes,
    'link checks',
  );
  const { problem } = await selectToken(db, input.token, input.purpose);
  if (problem === 'used') throw new DomainError(410, 'TOKEN_USED', TOKEN_MESSAGES.used);
  if (problem === 'expired') throw new DomainError(410, 'TOKEN_EXPIRED', TOKEN_MESSAGES.expired);
  if (problem === 'invalid') throw new DomainError(404, 'INVALID_TOKEN', TOKEN_MESSAGES.invalid);
}

/**
 * Sets the password of the account a valid, unspent token of `purpose` was issued for, spends it,
 * records that the account proved its mailbox, accepts the pending membership an invitation was sent
 * for, revokes every session (all refresh tokens) of the account, and lifts the sign-in locks of the
 * account, all in one transaction. The account's other unused reset links die with the old password,
 * and so do invitations of the same issuer; other organisations' invitations stay usable (each
 * accepts its own pending membership).
 */
export async function setPasswordWithToken(
  db: Db,
  purpose: PasswordTokenPurpose,
  input: { token: string; password: string },
): Promise<void> {
  // Checked before the (deliberately slow) hash so that garbage tokens cost nothing; checked again
  // under lock below, so two uses of one token cannot both succeed.
  await findToken(db, input.token, purpose);
  const passwordHash = await hashPassword(input.password);
  await db.sequelize.transaction(async (transaction) => {
    const row = await findToken(db, input.token, purpose, transaction);
    await execute(db, 'UPDATE password_tokens SET used_at = now() WHERE id = $1', [row.id], transaction);
    await execute(
      db,
      `DELETE FROM password_tokens
        WHERE user_id = $1 AND used_at IS NULL
          AND (purpose = 'reset' OR organization_id IS NOT DISTINCT FROM $2::uuid)`,
      [row.user_id, row.organization_id],
      transaction,
    );
    await execute(
      db,
      `UPDATE users SET password_hash = $2, email_verified_at = COALESCE(email_verified_at, now()),
                        updated_at = now()
        WHERE id = $1`,
      [row.user_id, passwordHash],
      transaction,
    );
    if (purpose === 'invite' && row.organization_id) {
      const accepted = await selectOne<{ id: string }>(
        db,
        `UPDATE user_organizations SET is_active = true, accepted_at = now(), invited_profile = NULL,
                                       updated_at = now()
          WHERE user_id = $1 AND organization_id = $2 AND accepted_at IS NULL
          RETURNING id`,
        [row.user_id, row.organization_id],
        transaction,
      );
      if (accepted) {
        await execute(
          db,
          `INSERT INTO audit_logs (organization_id, entity_type, entity_id, action, from_status, to_status,
                                   actor_id, metadata, created_at)
           VALUES ($2, 'user', $1, 'accept_invitation', 'pending', 'active', $1, '{}'::jsonb, clock_timestamp())`,
          [row.user_id, row.organization_id],
          transaction,
        );
      }
    }
    await revokeAllSessions(
      db,
      row.user_id,
      purpose === 'reset' ? 'password_reset' : 'invitation_accepted',
      transaction,
    );
    // Lifts the account's sign-in locks: account-wide and per account + address (auth.service.ts).
    const email = row.email.toLowerCase();
    await execute(db, 'DELETE FROM login_throttles WHERE key = $1', [`account:${email}`], transaction);
    await execute(
      db,
      'DELETE FROM login_throttles WHERE left(key, length($1)) = $1',
      [`account-address:${email}|`],
      transaction,
    );
  });
}

/** Revokes every open session of a user and the refresh tokens of those sessions. */
export async function revokeAllSessions(
  db: Db,
  userId: string,
  reason: string,
  transaction: Transaction,
): Promise<void> {
  await execute(
    db,
    `UPDATE refresh_tokens SET revoked_at = now()
      WHERE revoked_at IS NULL
        AND session_id IN (SELECT id FROM auth_sessions WHERE user_id = $1 AND revoked_at IS NULL)`,
    [userId],
    transaction,
  );
  await execute(
    db,
    'UPDATE auth_sessions SET revoked_at = now(), revoked_reason = $2 WHERE user_id = $1 AND revoked_at IS NULL',
    [userId, reason],
    transaction,
  );
}

/** Forgot password, reset password and accept invitation (public: the token is the credential). */
export const passwordFlowHandlers: OperationHandlers = {
  forgotPassword: {
    handler: async ({ request, h, app }) => {
      const body = request.payload as { email: string };
      await requestPasswordReset(app.db, {
        email: body.email,
        clientAddress: clientAddress(request, app.config as Config),
        linkBase: publicBaseUrl(app.config as Config),
      });
      return h.response().code(202);
    },
  },
  checkPasswordToken: {
    handler: async ({ request, h, app }) => {
      const body = request.payload as { token: string; purpose: PasswordTokenPurpose };
      await checkPasswordToken(app.db, {
        token: body.token,
        purpose: body.purpose,
        clientAddress: clientAddress(request, app.config as Config),
      });
      return h.response().code(204);
    },
  },
  resetPassword: {
    handler: async ({ request, h, app }) => {
      await setPasswordWithToken(app.db, 'reset', request.payload as { token: string; password: string });
      return h.response().code(204);
    },
  },
  acceptInvite: {
    handler: async ({ request, h, app }) => {
      await setPasswordWithToken(app.db, 'invite', request.payload as { token: string; password: string });
      return h.response().code(204);
    },
  },
};
