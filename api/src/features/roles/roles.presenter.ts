import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { select, selectOne } from '../../db-query.js';
import type { Db } from '../../http/context.js';

/** A role with its permissions (contract `Role`). */
export type RoleView = components['schemas']['Role'];
/** A permission a role can hold (contract `Permission`). */
export type PermissionView = components['schemas']['Permission'];

/**
 * Columns of a role over `roles r`: how many members hold it (as `deleteRole` counts them) and its
 * permissions by name, shaped in SQL (one statement per answer).
 */
const ROLE_COLUMNS = `
  r.id, r.organization_id, r.name, r.description, r.is_system,
  (SELECT count(*)::int FROM user_organizations m
    WHERE m.role_id = r.id AND m.organization_id = r.organization_id) AS user_count,
  COALESCE((
    SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'description', p.description) ORDER BY p.name)
      FROM role_permissions rp
      JOIN permissions p ON p.id = rp.permission_id
     WHERE rp.role_id = r.id), '[]'::json) AS permissions`;

/** Every role of the organisation with its permissions, by name (case-insensitive). */
export function selectRoles(db: Db, organizationId: string): Promise<RoleView[]> {
  return select<RoleView>(
    db,
    `SELECT ${ROLE_COLUMNS} FROM roles r WHERE r.organization_id = $1 ORDER BY lower(r.name), r.id`,
    [organizationId],
  );
}

/** The role `id` of the organisation with its permissions, or null (another organisation's too). */
export function selectRole(
  db: Db,
  organizationId: string,
  id: string,
  transaction?: Transaction | null,
): Promise<RoleView | null> {
  return selectOne<RoleView>(
    db,
    `SELECT ${ROLE_COLUMNS} FROM roles r WHERE r.id = $1 AND r.organization_id = $2`,
    [id, organizationId],
    transaction,
  );
}

/** Every permission a role can hold, by name. */
export function selectPermissions(db: Db): Promise<PermissionView[]> {
  return select<PermissionView>(db, 'SELECT id, name, description FROM permissions ORDER BY name');
}
