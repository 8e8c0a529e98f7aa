import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { select } from '../../db-query.js';
import type { Db } from '../../http/context.js';

/** A member as `/users` answers it: the user with only the membership of the current organisation. */
export type MemberView = components['schemas']['User'];

interface MemberRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  avatar_url: string | null;
  is_active: boolean;
  last_login_at: Date | string | null;
  created_at: Date | string;
  permissions: string[];
  user_organizations: MemberView['user_organizations'];
}

const iso = (value: Date | string | null): string | null =>
  value === null ? null : (value instanceof Date ? value : new Date(value)).toISOString();

/**
 * Members of `organizationId` (all of them, or the one user `userId`), by last then first name, each
 * with only this organisation's membership, shaped in one SQL statement. `is_active` is the user's
 * status here (account and membership both active) and `permissions` those of this membership's role
 * while it is active. Global facts of the account stay with the organisations it joined: a pending
 * member shows the names and phone the organisation gave and no avatar, and `last_login_at` is shown
 * only for an active member who accepted (docs/decisions.md, issue 11).
 */
export async function selectMembers(
  db: Db,
  organizationId: string,
  options: { userId?: string; transaction?: Transaction | null } = {},
): Promise<MemberView[]> {
  const rows = await select<MemberRow>(
    db,
    `WITH role_permissions_json AS (
       SELECT r.id,
              COALESCE(json_agg(json_build_object('id', p.id, 'name', p.name, 'description', p.description)
                                ORDER BY p.name) FILTER (WHERE p.id IS NOT NULL), '[]'::json) AS permissions,
              COALESCE(array_agg(p.name ORDER BY p.name) FILTER (WHERE p.id IS NOT NULL), '{}') AS names
         FROM roles r
         LEFT JOIN role_permissions rp ON rp.role_id = r.id
         LEFT JOIN permissions p ON p.id = rp.permission_id
        WHERE r.organization_id = $1
        GROUP BY r.id
     )
     SELECT u.id, u.email,
            CASE WHEN m.accepted_at IS NULL THEN COALESCE(m.invited_profile->>'first_name', '') ELSE u.first_name END
              AS first_name,
            CASE WHEN m.accepted_at IS NULL THEN COALESCE(m.invited_profile->>'last_name', '') ELSE u.last_name END
              AS last_name,
            CASE WHEN m.accepted_at IS NULL THEN m.invited_profile->>'phone' ELSE u.phone END AS phone,
            CASE WHEN m.accepted_at IS NULL THEN NULL ELSE u.avatar_url END AS avatar_url,
            (u.is_active AND m.is_active) AS is_active,
            CASE WHEN m.accepted_at IS NOT NULL AND m.is_active AND u.is_active THEN u.last_login_at END
              AS last_login_at,
            CASE WHEN m.accepted_at IS NULL THEN m.created_at ELSE u.created_at END AS created_at,
            CASE WHEN m.is_active AND o.is_active THEN rpj.names ELSE '{}' END AS permissions,
            json_build_array(json_build_object(
              'id', m.id,
              'is_active', m.is_active AND o.is_active,
              'is_pending', m.accepted_at IS NULL,
              'organization', json_build_object('id', o.id, 'name', o.name, 'code', o.code),
              'role', json_build_object('id', r.id, 'name', r.name, 'description', r.description,
                                        'is_system', r.is_system, 'permissions', rpj.permissions),
              'department', CASE WHEN d.id IS NULL THEN NULL ELSE json_build_object('id', d.id, 'name', d.name) END,
              'manager', CASE WHEN mg.id IS NULL THEN NULL
                         ELSE json_build_object('id', mg.id, 'first_name', mg.first_name, 'last_name', mg.last_name) END
            )) AS user_organizations
       FROM user_organizations m
       JOIN users u ON u.id = m.user_id
       JOIN organizations o ON o.id = m.organization_id
       JOIN roles r ON r.id = m.role_id
       JOIN role_permissions_json rpj ON rpj.id = r.id
       LEFT JOIN departments d ON d.id = m.department_id
       LEFT JOIN users mg ON mg.id = m.manager_id
      WHERE m.organization_id = $1 AND ($2::uuid IS NULL OR m.user_id = $2::uuid)
      ORDER BY lower(CASE WHEN m.accepted_at IS NULL THEN m.invited_profile->>'last_name' ELSE u.last_name END),
               lower(CASE WHEN m.accepted_at IS NULL THEN m.invited_profile->>'first_name' ELSE u.first_name END),
               u.id`,
    [organizationId, options.userId ?? null],
    options.transaction,
  );
  return rows.map((row) => ({
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone: row.phone,
    avatar_url: row.avatar_url,
    is_active: row.is_active,
    last_login_at: iso(row.last_login_at),
    created_at: iso(row.created_at)!,
    permissions: row.permissions as MemberView['permissions'],
    user_organizations: row.user_organizations,
  }));
}
