import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { select, selectOne } from '../../db-query.js';
import type { Db } from '../../http/context.js';

/** A department as the contract shows it (`Department`). */
export type DepartmentView = components['schemas']['Department'];
/** A membership assigned to a department (`DepartmentUserEntry`). */
export type DepartmentUserView = components['schemas']['DepartmentUserEntry'];

/** Columns of a department over `departments d`, with its head `h` and parent `pd` (see {@link FROM}). */
const COLUMNS = `
  d.id, d.name, d.code, d.description, d.is_active,
  CASE WHEN h.id IS NULL THEN NULL
       ELSE json_build_object('id', h.id, 'first_name', h.first_name, 'last_name', h.last_name) END AS department_head,
  CASE WHEN pd.id IS NULL THEN NULL ELSE json_build_object('id', pd.id, 'name', pd.name) END AS parent_department`;

const FROM = `
  FROM departments d
  LEFT JOIN users h ON h.id = d.department_head_id
  LEFT JOIN departments pd ON pd.organization_id = d.organization_id AND pd.id = d.parent_department_id`;

/** Every department of the organisation, active and inactive, by name (case-insensitive). */
export function selectDepartments(db: Db, organizationId: string): Promise<DepartmentView[]> {
  return select<DepartmentView>(
    db,
    `SELECT ${COLUMNS} ${FROM} WHERE d.organization_id = $1 ORDER BY lower(d.name), d.code`,
    [organizationId],
  );
}

/** The department `id` of the organisation, or null (another organisation's too). */
export function selectDepartment(
  db: Db,
  organizationId: string,
  id: string,
  transaction?: Transaction | null,
): Promise<DepartmentView | null> {
  return selectOne<DepartmentView>(
    db,
    `SELECT ${COLUMNS} ${FROM} WHERE d.id = $1 AND d.organization_id = $2`,
    [id, organizationId],
    transaction,
  );
}

/**
 * The memberships of the organisation assigned to the department, by last then first name, with
 * their role and manager. `is_active`: the person can work in this organisation (membership and
 * account both active).
 */
export function selectDepartmentUsers(
  db: Db,
  organizationId: string,
  departmentId: string,
): Promise<DepartmentUserView[]> {
  return select<DepartmentUserView>(
    db,
    `SELECT json_build_object(
              'id', u.id,
              -- A pending member (not yet accepted) shows the names this organisation gave, never the account's.
              'first_name', CASE WHEN m.accepted_at IS NULL THEN COALESCE(m.invited_profile->>'first_name', '')
                                 ELSE u.first_name END,
              'last_name', CASE WHEN m.accepted_at IS NULL THEN COALESCE(m.invited_profile->>'last_name', '')
                                ELSE u.last_name END,
              'email', u.email) AS "user",
            json_build_object('id', r.id, 'name', r.name) AS role,
            CASE WHEN mg.id IS NULL THEN NULL
                 ELSE json_build_object('id', mg.id, 'first_name', mg.first_name, 'last_name', mg.last_name) END
              AS manager,
            (m.is_active AND u.is_active) AS is_active
       FROM user_organizations m
       JOIN users u ON u.id = m.user_id
       JOIN roles r ON r.id = m.role_id
       LEFT JOIN users mg ON mg.id = m.manager_id
      WHERE m.organization_id = $1 AND m.department_id = $2
      ORDER BY lower(CASE WHEN m.accepted_at IS NULL THEN m.invited_profile->>'last_name' ELSE u.last_name END),
               lower(CASE WHEN m.accepted_at IS NULL THEN m.invited_profile->>'first_name' ELSE u.first_name END),
               u.id`,
    [organizationId, departmentId],
  );
}
