import { selectOne } from '../../db-query.js';
import type { Db, OrganizationScope } from '../../http/context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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
    `SELECT m.id AS membership_id, r.name AS role_name,
            COALESCE(array_agg(p.name) FILTER (WHERE p.name IS NOT NULL), '{}') AS permissions
       FROM user_organizations m
       JOIN organizations o ON o.id = m.organization_id AND o.is_active
       JOIN roles r ON r.id = m.role_id
       LEFT JOIN role_permissions rp ON rp.role_id = r.id
       LEFT JOIN permissions p ON p.id = rp.permission_id
      WHERE m.user_id = $1 AND m.organization_id = $2 AND m.is_active
      GROUP BY m.id, r.name`,
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
