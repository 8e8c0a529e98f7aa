import type { components } from '@purchasing/contract';
import { selectOne } from '../../db-query.js';
import { derivePermissions } from '../../domain/permissions.js';
import type { Db } from '../../http/context.js';

/** The signed-in user as `GET /auth/me` and `POST /auth/login` answer it. */
export type UserView = components['schemas']['User'];

interface UserRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  avatar_url: string | null;
  is_active: boolean;
  last_login_at: Date | null;
  created_at: Date;
  user_organizations: {
    id: string;
    is_active: boolean;
    is_pending: boolean;
    organization: { id: string; name: string; code: string };
    role: {
      id: string;
      name: string;
      description: string | null;
      is_system: boolean;
      permissions: { id: string; name: string; description: string | null }[];
    };
    department: { id: string; name: string } | null;
    manager: { id: string; first_name: string; last_name: string } | null;
  }[];
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Loads a user with every organisation membership (oldest first: the first link's role is the
 * displayed one) in one SQL statement, and derives `permissions` from the active ones.
 */
export async function loadUser(db: Db, userId: string): Promise<UserView | null> {
  const row = await selectOne<UserRow>(
    db,
    `SELECT u.id, u.first_name, u.last_name, u.email, u.phone, u.avatar_url, u.is_active, u.last_login_at, u.created_at,
            COALESCE((
              SELECT json_agg(json_build_object(
                       'id', m.id,
                       'is_active', m.is_active AND o.is_active,
                       'is_pending', m.accepted_at IS NULL,
                       'organization', json_build_object('id', o.id, 'name', o.name, 'code', o.code),
                       'role', json_build_object(
                          'id', r.id, 'name', r.name, 'description', r.description, 'is_system', r.is_system,
                          'permissions', COALESCE((
                            SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'description', p.description)
                                            ORDER BY p.name)
                              FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
                             WHERE rp.role_id = r.id), '[]'::json)),
                       'department', CASE WHEN d.id IS NULL THEN NULL ELSE json_build_object('id', d.id, 'name', d.name) END,
                       'manager', CASE WHEN mg.id IS NULL THEN NULL
                                  ELSE json_build_object('id', mg.id, 'first_name', mg.first_name, 'last_name', mg.last_name) END
                     ) ORDER BY m.created_at, o.name)
                FROM user_organizations m
                JOIN organizations o ON o.id = m.organization_id
                JOIN roles r ON r.id = m.role_id
                LEFT JOIN departments d ON d.id = m.department_id
                LEFT JOIN users mg ON mg.id = m.manager_id
               WHERE m.user_id = u.id), '[]'::json) AS user_organizations
       FROM users u WHERE u.id = $1`,
    [userId],
  );
  if (!row) return null;
  return {
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    avatar_url: row.avatar_url,
    is_active: row.is_active,
    last_login_at: iso(row.last_login_at),
    created_at: iso(row.created_at)!,
    permissions: derivePermissions(
      row.user_organizations.map((m) => ({
        is_active: m.is_active,
        permissions: m.role.permissions.map((p) => p.name),
      })),
    ),
    user_organizations: row.user_organizations,
  } as UserView;
}
