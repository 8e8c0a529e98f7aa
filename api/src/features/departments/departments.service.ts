import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { validationError } from '../../contract/validation.js';
import { execute, select, selectOne } from '../../db-query.js';
import { Conflict, DomainError, type ErrorDetail } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import {
  type AdminActor,
  auditAdministration,
  isUniqueViolation,
  lockAdministration,
} from '../roles/access.js';
import {
  cycleRefusal,
  DEPARTMENT_MESSAGES,
  departmentCode,
  duplicateCodeMessage,
} from './department-rules.js';
import {
  type DepartmentUserView,
  type DepartmentView,
  selectDepartment,
  selectDepartments,
  selectDepartmentUsers,
} from './departments.presenter.js';

/** The body of `createDepartment`. */
export type DepartmentCreateForm = components['schemas']['DepartmentInput'];
/** The body of `updateDepartment`. */
export type DepartmentUpdateForm = components['schemas']['DepartmentUpdateInput'];

/** The unique key of codes per organisation. */
const CODE_KEY = 'departments_organization_code_key';

/** Hierarchies deeper than this are not expected; the walk stops there whatever the data holds. */
const MAX_DEPTH = 1000;

/** 404 for a department that is absent or of another organisation, with the client's own text. */
export class DepartmentNotFound extends DomainError {
  constructor() {
    super(404, 'NOT_FOUND', DEPARTMENT_MESSAGES.notFound);
  }
}

const duplicateCode = (code: string) =>
  new Conflict(duplicateCodeMessage(code), 'DEPARTMENT_CODE_TAKEN', [
    { field: 'code', message: duplicateCodeMessage(code) },
  ]);

/** The editable fields as stored: trimmed, the code in upper case, blanks as null. */
interface Fields {
  name: string;
  code: string;
  description: string | null;
  department_head_id: string | null;
  parent_department_id: string | null;
}

function fieldsOf(form: DepartmentCreateForm | DepartmentUpdateForm): Fields {
  return {
    name: form.name.trim(),
    code: departmentCode(form.code),
    description: form.description?.trim() || null,
    department_head_id: form.department_head_id?.toLowerCase() ?? null,
    parent_department_id: form.parent_department_id?.toLowerCase() ?? null,
  };
}

interface LockedDepartment extends Fields {
  id: string;
  is_active: boolean;
}

/** Every department of the organisation (active and inactive), by name. */
export function listDepartments(db: Db, actor: AdminActor): Promise<DepartmentView[]> {
  return selectDepartments(db, actor.scope.organizationId);
}

/** One department of the organisation; 404 'Department not found.' otherwise. */
export async function getDepartment(db: Db, actor: AdminActor, id: string): Promise<DepartmentView> {
  const department = await selectDepartment(db, actor.scope.organizationId, id);
  if (!department) throw new DepartmentNotFound();
  return department;
}

/** The memberships assigned to the department, by name; 404 when it is not the organisation's. */
export async function listDepartmentUsers(
  db: Db,
  actor: AdminActor,
  id: string,
): Promise<DepartmentUserView[]> {
  const organizationId = actor.scope.organizationId;
  const exists = await selectOne<{ id: string }>(
    db,
    'SELECT id FROM departments WHERE id = $1 AND organization_id = $2',
    [id, organizationId],
  );
  if (!exists) throw new DepartmentNotFound();
  return selectDepartmentUsers(db, organizationId, id);
}

async function lockDepartment(
  db: Db,
  organizationId: string,
  id: string,
  transaction: Transaction,
): Promise<LockedDepartment> {
  const row = await selectOne<LockedDepartment>(
    db,
    `SELECT id, name, code, description, department_head_id, parent_department_id, is_active
       FROM departments
      WHERE id = $1 AND organization_id = $2
      FOR UPDATE`,
    [id, organizationId],
    transaction,
  );
  if (!row) throw new DepartmentNotFound();
  return row;
}

/**
 * Field problems of a head and parent (400 together): a new head must be an active member of the
 * organisation; a new parent an active department of it that does not make `id` its own ancestor.
 * A head or parent the department already has is kept as it is, so an edit of other fields never
 * fails because of them. Runs under the organisation's department lock, so the ancestor chain read
 * here cannot change before the transaction ends (two crossing updates cannot build a cycle).
 */
async function hierarchyProblems(
  db: Db,
  organizationId: string,
  id: string | null,
  fields: Fields,
  current: LockedDepartment | null,
  transaction: Transaction,
): Promise<ErrorDetail[]> {
  const problems: ErrorDetail[] = [];
  const head = fields.department_head_id;
  if (head && head !== current?.department_head_id) {
    const member = await selectOne<{ user_id: string }>(
      db,
      `SELECT m.user_id FROM user_organizations m
         JOIN users u ON u.id = m.user_id AND u.is_active
        WHERE m.organization_id = $1 AND m.user_id = $2 AND m.is_active`,
      [organizationId, head],
      transaction,
    );
    if (!member) problems.push({ field: 'department_head_id', message: DEPARTMENT_MESSAGES.head });
  }
  const parent = fields.parent_department_id;
  if (parent && parent !== current?.parent_department_id) {
    // The chain from the proposed parent up to its root, nearest first.
    const chain = await select<{ id: string; is_active: boolean }>(
      db,
      `WITH RECURSIVE chain (id, parent_department_id, is_active, depth) AS (
         SELECT id, parent_department_id, is_active, 0 FROM departments
          WHERE id = $1 AND organization_id = $2
         UNION ALL
         SELECT d.id, d.parent_department_id, d.is_active, c.depth + 1
           FROM departments d
           JOIN chain c ON d.id = c.parent_department_id
          WHERE d.organization_id = $2 AND c.depth < $3)
       SELECT id, is_active FROM chain ORDER BY depth`,
      [parent, organizationId, MAX_DEPTH],
      transaction,
    );
    const cycle = cycleRefusal(
      id,
      parent,
      chain.map((row) => row.id),
    );
    if (cycle) problems.push({ field: 'parent_department_id', message: cycle });
    else if (!chain[0]?.is_active)
      problems.push({ field: 'parent_department_id', message: DEPARTMENT_MESSAGES.parent });
  }
  return problems;
}

/** 409 when another department of the organisation has the code. */
async function assertCodeFree(
  db: Db,
  organizationId: string,
  code: string,
  exceptId: string | null,
  transaction: Transaction,
): Promise<void> {
  const taken = await selectOne<{ id: string }>(
    db,
    `SELECT id FROM departments
      WHERE organization_id = $1 AND code = $2 AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [organizationId, code, exceptId],
    transaction,
  );
  if (taken) throw duplicateCode(code);
}

async function departmentOrFail(
  db: Db,
  organizationId: string,
  id: string,
  transaction: Transaction,
): Promise<DepartmentView> {
  const department = await selectDepartment(db, organizationId, id, transaction);
  if (!department) throw new DepartmentNotFound();
  return department;
}

/** Runs `work`, answering a concurrent duplicate of the code (the unique key) as the same 409. */
async function withCodeConflict<T>(code: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, CODE_KEY)) throw duplicateCode(code);
    throw error;
  }
}

/**
 * Creates an active department. Name and code are required (the contract says 'Name and code are
 * required'); the code is stored in upper case and unique in the organisation (409); the head must
 * be an active member and the parent an active department of the organisation (400 naming them).
 */
export async function createDepartment(
  db: Db,
  actor: AdminActor,
  form: DepartmentCreateForm,
): Promise<DepartmentView> {
  const organizationId = actor.scope.organizationId;
  const fields = fieldsOf(form);
  return withCodeConflict(fields.code, () =>
    db.sequelize.transaction(async (transaction) => {
      await lockAdministration(db, 'departments', organizationId, transaction);
      const problems = await hierarchyProblems(db, organizationId, null, fields, null, transaction);
      if (problems.length) throw validationError(problems);
      await assertCodeFree(db, organizationId, fields.code, null, transaction);
      const row = await selectOne<{ id: string }>(
        db,
        `INSERT INTO departments
           (organization_id, name, code, description, department_head_id, parent_department_id, is_active)
         VALUES ($1, $2, $3, $4, $5, $6, true) RETURNING id`,
        [
          organizationId,
          fields.name,
          fields.code,
          fields.description,
          fields.department_head_id,
          fields.parent_department_id,
        ],
        transaction,
      );
      const id = row!.id;
      await auditAdministration(
        db,
        {
          organizationId,
          entityType: 'department',
          entityId: id,
          action: 'create',
          actorId: actor.userId,
          to: 'active',
          metadata: { ...fields },
        },
        transaction,
      );
      return departmentOrFail(db, organizationId, id, transaction);
    }),
  );
}

const state = (active: boolean) => (active ? 'active' : 'inactive');

/**
 * Replaces the department's fields (omitted optional fields are cleared; an omitted `is_active`
 * keeps the state). A parent that is the department itself or one of its descendants answers 400
 * naming `parent_department_id`; the code stays unique (409). One audit row when anything changed.
 */
export async function updateDepartment(
  db: Db,
  actor: AdminActor,
  id: string,
  form: DepartmentUpdateForm,
): Promise<DepartmentView> {
  const organizationId = actor.scope.organizationId;
  const fields = fieldsOf(form);
  return withCodeConflict(fields.code, () =>
    db.sequelize.transaction(async (transaction) => {
      await lockAdministration(db, 'departments', organizationId, transaction);
      const current = await lockDepartment(db, organizationId, id, transaction);
      const problems = await hierarchyProblems(db, organizationId, current.id, fields, current, transaction);
      if (problems.length) throw validationError(problems);
      if (fields.code !== current.code)
        await assertCodeFree(db, organizationId, fields.code, id, transaction);
      const isActive = form.is_active ?? current.is_active;
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const key of Object.keys(fields) as (keyof Fields)[]) {
        if (fields[key] !== current[key]) changes[key] = { from: current[key], to: fields[key] };
      }
      if (isActive !== current.is_active) changes.is_active = { from: current.is_active, to: isActive };
      if (Object.keys(changes).length) {
        await execute(
          db,
          `UPDATE departments
              SET name = $3, code = $4, description = $5, department_head_id = $6, parent_department_id = $7,
                  is_active = $8, updated_at = now()
            WHERE id = $1 AND organization_id = $2`,
          [
            id,
            organizationId,
            fields.name,
            fields.code,
            fields.description,
            fields.department_head_id,
            fields.parent_department_id,
            isActive,
          ],
          transaction,
        );
        const action = isActive === current.is_active ? 'update' : isActive ? 'reactivate' : 'deactivate';
        await auditAdministration(
          db,
          {
            organizationId,
            entityType: 'department',
            entityId: id,
            action,
            actorId: actor.userId,
            from: state(current.is_active),
            to: state(isActive),
            metadata: { changes },
          },
          transaction,
        );
      }
      return departmentOrFail(db, organizationId, id, transaction);
    }),
  );
}

/**
 * Deactivates the department (soft delete). Its members keep it and its sub-departments keep it as
 * their parent; it stays listed as inactive and can be reactivated by an update. Deactivating an
 * inactive department changes nothing and writes no audit row.
 */
export async function deactivateDepartment(db: Db, actor: AdminActor, id: string): Promise<void> {
  const organizationId = actor.scope.organizationId;
  await db.sequelize.transaction(async (transaction) => {
    await lockAdministration(db, 'departments', organizationId, transaction);
    const current = await lockDepartment(db, organizationId, id, transaction);
    if (!current.is_active) return;
    await execute(
      db,
      'UPDATE departments SET is_active = false, updated_at = now() WHERE id = $1 AND organization_id = $2',
      [id, organizationId],
      transaction,
    );
    await auditAdministration(
      db,
      {
        organizationId,
        entityType: 'department',
        entityId: id,
        action: 'deactivate',
        actorId: actor.userId,
        from: 'active',
        to: 'inactive',
        metadata: { name: current.name, code: current.code },
      },
      transaction,
    );
  });
}
