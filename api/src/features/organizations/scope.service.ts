import { selectOne } from '../../db-query.js';
import type { Db, OrganizationScope } from '../../http/context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The active membership of user `user` in active organisation `organization` (SQL expressions), with its permissions. */
const membershipSql = (user: string, organization: string) => `
  SELECT m.id AS membership_id, r.name AS role_name,
         COALESCE(array_agg(p.name) FILTER (WHERE p.name IS NOT NULL), '{}') AS permissions
    FROM user_organizations m
    JOIN organizations o ON o.id = m.organization_id AND o.is_active
    JOIN roles r ON r.id = m.role_id
    LEFT JOIN role_permissions rp ON rp.role_id = r.id
    LEFT JOIN permissions p ON p.id = rp.permission_id
   WHERE m.user_id = ${user} AND m.organization_id = ${organization} AND m.is_active
   GROUP BY m.id, r.name`;

/**
 * The caller's active membership of an active organisation, with its role's permissions, or
 * null. Read on every request, so a revoked role or a deactivated membership takes effect at once.
 */
export async function resolveScope(
  db: Db,
  userId: string,
  organizationId: string,
): Promise<OrganizationScope | null> {
  if (!UUID.test(organizationId)) return null;
  const row = await selectOne<{ membership_id: string; role_name: string; permissions: string[] }>(
    db,
    membershipSql('$1', '$2'),
    [userId, organizationId],
  );
  if (!row) return null;
  return {
    organizationId,
    membershipId: row.membership_id,
    roleName: row.role_name,
    permissions: new Set(row.permissions),
  };
}

/** What one access check read: whether the session is live, and the membership when one was asked for. */
export interface SessionAccess {
  /** The session exists, is not revoked, and belongs to an active user. */
  live: boolean;
  /** The membership of `organizationId` ({@link resolveScope}'s answer), when an organisation was given. */
  scope: OrganizationScope | null;
}

/**
 * The session check and, when `organizationId` is given, the membership lookup in one statement
 * (one round trip per request instead of two): the session row, and the membership beside it.
 * A missing or revoked session, or an inactive user, answers `live: false` whatever the membership.
 */
export async function resolveSessionAccess(
  db: Db,
  userId: string,
  sessionId: string,
  organizationId: string | null,
): Promise<SessionAccess> {
  if (organizationId === null || !UUID.test(organizationId)) {
    const row = await selectOne<{ ok: boolean }>(
      db,
      `SELECT true AS ok
         FROM auth_sessions s JOIN users u ON u.id = s.user_id
        WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND u.is_active`,
      [sessionId, userId],
    );
    return { live: row !== null, scope: null };
  }
  const row = await selectOne<{
    membership_id: string | null;
    role_name: string | null;
    permissions: string[] | null;
  }>(
    db,
    `SELECT m.membership_id, m.role_name, m.permissions
       FROM auth_sessions s
       JOIN users u ON u.id = s.user_id
       LEFT JOIN LATERAL (${membershipSql('s.user_id', '$3')}) m ON true
      WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND u.is_active`,
    [sessionId, userId, organizationId],
  );
  if (!row) return { live: false, scope: null };
  if (row.membership_id === null) return { live: true, scope: null };
  return {
    live: true,
    scope: {
      organizationId,
      membershipId: row.membership_id,
      roleName: row.role_name!,
      permissions: new Set(row.permissions ?? []),
    },
  };
}

/** What the access check read for a token of the external issuer: its user (by email) and membership. */
export interface ExternalAccess {
  /** The active user with that email, or null (no such user, or deactivated). */
  userId: string | null;
  scope: OrganizationScope | null;
}

/**
 * The user an external issuer's token names by email (active users only) and, when
 * `organizationId` is given, their membership of it, in one statement. The same membership rules as
 * {@link resolveSessionAccess}; there is no session of ours to check (the issuer's token is the session).
 */
export async function resolveExternalAccess(
  db: Db,
  email: string,
  organizationId: string | null,
): Promise<ExternalAccess> {
  const withMembership = organizationId !== null && UUID.test(organizationId);
  const row = await selectOne<{
    user_id: string;
    membership_id: string | null;
    role_name: string | null;
    permissions: string[] | null;
  }>(
    db,
    withMembership
      ? `SELECT u.id AS user_id, m.membership_id, m.role_name, m.permissions
           FROM users u
           LEFT JOIN LATERAL (${membershipSql('u.id', '$2')}) m ON true
          WHERE lower(u.email) = $1 AND u.is_active`
      : `SELECT u.id AS user_id, NULL AS membership_id, NULL AS role_name, NULL AS permissions
           FROM users u WHERE lower(u.email) = $1 AND u.is_active`,
    withMembership ? [email, organizationId] : [email],
  );
  if (!row) return { userId: null, scope: null };
  if (!withMembership || row.membership_id === null) return { userId: row.user_id, scope: null };
  return {
    userId: row.user_id,
    scope: {
      organizationId,
      membershipId: row.membership_id,
      roleName: row.role_name!,
      permissions: new Set(row.permissions ?? []),
    },
  };
}
