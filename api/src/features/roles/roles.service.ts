import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { validationError } from '../../contract/validation.js';
import { execute, select, selectOne } from '../../db-query.js';
import { Conflict, Forbidden, NotFound } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { type AdminActor, auditAdministration, isUniqueViolation, lockAdministration } from './access.js';
import {
  deletionRefusal,
  grantRefusalMessage,
  isSuperAdmin,
  permissionsNotHeld,
  ROLE_MANAGE,
  removalRefusal,
  renameRefusal,
} from './role-rules.js';
import {
  type PermissionView,
  type RoleView,
  selectPermissions,
  selectRole,
  selectRoles,
} from './roles.presenter.js';

/** The body of `createRole`. */
export type RoleCreateForm = components['schemas']['RoleCreateInput'];
/** The body of `updateRole`. */
export type RoleUpdateForm = components['schemas']['RoleUpdateInput'];

/** The unique index that makes role names unique per organisation whatever their case. */
const NAME_INDEX = 'roles_organization_lower_name_key';

interface LockedRole {
  id: string;
  name: string;
  description: string | null;
  is_system: boolean;
}

const duplicateName = (name: string) =>
  new Conflict(`A role named "${name}" already exists`, 'ROLE_NAME_TAKEN', [
    { field: 'name', message: `A role named "${name}" already exists` },
  ]);

/** The organisation's roles with their permissions, by name. */
export function listRoles(db: Db, actor: AdminActor): Promise<RoleView[]> {
  return selectRoles(db, actor.scope.organizationId);
}

/** One role of the organisation; 404 for an unknown id or another organisation's role. */
export async function getRole(db: Db, actor: AdminActor, id: string): Promise<RoleView> {
  const role = await selectRole(db, actor.scope.organizationId, id);
  if (!role) throw new NotFound('Role');
  return role;
}

/** Every permission a role can hold. */
export function listPermissions(db: Db): Promise<PermissionView[]> {
  return selectPermissions(db);
}

/** Locks the role `id` of the actor's organisation for the rest of the transaction; 404 otherwise. */
async function lockRole(
  db: Db,
  actor: AdminActor,
  id: string,
  transaction: Transaction,
): Promise<LockedRole> {
  const role = await selectOne<LockedRole>(
    db,
    `SELECT id, name, description, is_system FROM roles
      WHERE id = $1 AND organization_id = $2
      FOR UPDATE`,
    [id, actor.scope.organizationId],
    transaction,
  );
  if (!role) throw new NotFound('Role');
  return role;
}

/** 409 when another role of the organisation has `name`, whatever its case. */
async function assertNameFree(
  db: Db,
  actor: AdminActor,
  name: string,
  exceptId: string | null,
  transaction: Transaction,
): Promise<void> {
  const taken = await selectOne<{ name: string }>(
    db,
    `SELECT name FROM roles
      WHERE organization_id = $1 AND lower(name) = lower($2) AND ($3::uuid IS NULL OR id <> $3::uuid)`,
    [actor.scope.organizationId, name, exceptId],
    transaction,
  );
  if (taken) throw duplicateName(name);
}

/** The permissions with these ids, by name; 400 naming `permission_ids` when one does not exist. */
async function permissionsByIds(
  db: Db,
  ids: readonly string[],
  transaction: Transaction,
): Promise<{ id: string; name: string }[]> {
  if (!ids.length) return [];
  const found = await select<{ id: string; name: string }>(
    db,
    'SELECT id, name FROM permissions WHERE id = ANY($1::uuid[]) ORDER BY name',
    [ids],
    transaction,
  );
  const known = new Set(found.map((permission) => permission.id.toLowerCase()));
  const unknown = ids.filter((id) => !known.has(id.toLowerCase()));
  if (unknown.length) {
    const message =
      unknown.length === 1
        ? `Unknown permission id: ${unknown[0]}`
        : `Unknown permission ids: ${unknown.join(', ')}`;
    throw validationError([{ field: 'permission_ids', message }]);
  }
  return found;
}

/** 403 when the actor does not hold every one of `permissions` (nobody grants more than they hold). */
function assertActorHolds(actor: AdminActor, permissions: readonly { name: string }[]): void {
  const missing = permissionsNotHeld(
    actor.scope.permissions,
    permissions.map((permission) => permission.name),
  );
  if (missing.length) throw new Forbidden(grantRefusalMessage(missing), 'OWN_PERMISSION_REQUIRED');
}

/** Grants `permissionIds` to the role (already held ones are skipped); answers the names granted. */
async function grant(
  db: Db,
  roleId: string,
  permissionIds: readonly string[],
  transaction: Transaction,
): Promise<string[]> {
  if (!permissionIds.length) return [];
  const rows = await select<{ name: string }>(
    db,
    `WITH granted AS (
       INSERT INTO role_permissions (role_id, permission_id)
       SELECT $1, unnest($2::uuid[])
       ON CONFLICT DO NOTHING
       RETURNING permission_id)
     SELECT p.name FROM granted g JOIN permissions p ON p.id = g.permission_id ORDER BY p.name`,
    [roleId, permissionIds],
    transaction,
  );
  return rows.map((row) => row.name);
}

async function roleOrFail(
  db: Db,
  actor: AdminActor,
  id: string,
  transaction: Transaction,
): Promise<RoleView> {
  const role = await selectRole(db, actor.scope.organizationId, id, transaction);
  if (!role) throw new NotFound('Role');
  return role;
}

/**
 * Creates a custom role (never a system role) with the given permissions, after checking that the
 * name is free in the organisation whatever its case (409), that every permission exists (400) and
 * that the actor holds every one of them (403).
 */
export async function createRole(db: Db, actor: AdminActor, form: RoleCreateForm): Promise<RoleView> {
  const organizationId = actor.scope.organizationId;
  const name = form.name.trim();
  const description = form.description?.trim() || null;
  try {
    return await db.sequelize.transaction(async (transaction) => {
      await lockAdministration(db, 'roles', organizationId, transaction);
      const permissions = await permissionsByIds(db, form.permission_ids ?? [], transaction);
      assertActorHolds(actor, permissions);
      await assertNameFree(db, actor, name, null, transaction);
      const row = await selectOne<{ id: string }>(
        db,
        `INSERT INTO roles (organization_id, name, description, is_system)
         VALUES ($1, $2, $3, false) RETURNING id`,
        [organizationId, name, description],
        transaction,
      );
      const id = row!.id;
      await grant(
        db,
        id,
        permissions.map((permission) => permission.id),
        transaction,
      );
      await auditAdministration(
        db,
        {
          organizationId,
          entityType: 'role',
          entityId: id,
          action: 'create',
          actorId: actor.userId,
          metadata: { name, description, permissions: permissions.map((permission) => permission.name) },
        },
        transaction,
      );
      return roleOrFail(db, actor, id, transaction);
    });
  } catch (error) {
    // The advisory lock makes the check exact; the index is the last word if anything bypasses it.
    if (isUniqueViolation(error, NAME_INDEX)) throw duplicateName(name);
    throw error;
  }
}

/**
 * Renames a role or changes its description. System roles keep their name (409); a name used by
 * another role of the organisation, whatever its case, answers 409.
 */
export async function updateRole(
  db: Db,
  actor: AdminActor,
  id: string,
  form: RoleUpdateForm,
): Promise<RoleView> {
  const organizationId = actor.scope.organizationId;
  const name = form.name.trim();
  const description = form.description?.trim() || null;
  try {
    return await db.sequelize.transaction(async (transaction) => {
      await lockAdministration(db, 'roles', organizationId, transaction);
      const current = await lockRole(db, actor, id, transaction);
      const refusal = renameRefusal(current, name);
      if (refusal)
        throw new Conflict(refusal.message, refusal.code, [{ field: 'name', message: refusal.message }]);
      if (name !== current.name) await assertNameFree(db, actor, name, id, transaction);
      const changes: Record<string, { from: string | null; to: string | null }> = {};
      if (name !== current.name) changes.name = { from: current.name, to: name };
      if (description !== current.description)
        changes.description = { from: current.description, to: description };
      if (Object.keys(changes).length) {
        await execute(
          db,
          `UPDATE roles SET name = $3, description = $4, updated_at = now()
            WHERE id = $1 AND organization_id = $2`,
          [id, organizationId, name, description],
          transaction,
        );
        await auditAdministration(
          db,
          {
            organizationId,
            entityType: 'role',
            entityId: id,
            action: 'update',
            actorId: actor.userId,
            metadata: { changes },
          },
          transaction,
        );
      }
      return roleOrFail(db, actor, id, transaction);
    });
  } catch (error) {
    if (isUniqueViolation(error, NAME_INDEX)) throw duplicateName(name);
    throw error;
  }
}

/**
 * Deletes a custom role that no membership holds (active or not). A system role, or a role still
 * held, answers 409 saying how many users hold it. The role row stays locked until the delete, so
 * a membership cannot be given the role in between (its foreign key check waits for the lock).
 */
export async function deleteRole(db: Db, actor: AdminActor, id: string): Promise<void> {
  const organizationId = actor.scope.organizationId;
  await db.sequelize.transaction(async (transaction) => {
    await lockAdministration(db, 'roles', organizationId, transaction);
    const role = await lockRole(db, actor, id, transaction);
    const holders = await selectOne<{ count: number }>(
      db,
      'SELECT count(*)::int AS count FROM user_organizations WHERE organization_id = $1 AND role_id = $2',
      [organizationId, id],
      transaction,
    );
    const refusal = deletionRefusal(role, holders?.count ?? 0);
    if (refusal) throw new Conflict(refusal.message, refusal.code);
    const permissions = await select<{ name: string }>(
      db,
      `SELECT p.name FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
        WHERE rp.role_id = $1 ORDER BY p.name`,
      [id],
      transaction,
    );
    await execute(
      db,
      'DELETE FROM roles WHERE id = $1 AND organization_id = $2',
      [id, organizationId],
      transaction,
    );
    await auditAdministration(
      db,
      {
        organizationId,
        entityType: 'role',
        entityId: id,
        action: 'delete',
        actorId: actor.userId,
        metadata: {
          name: role.name,
          description: role.description,
          permissions: permissions.map((permission) => permission.name),
        },
      },
      transaction,
    );
  });
}

/**
 * Grants permissions to a role; ones it already holds are ignored (Super Admin holds them all).
 * An unknown permission id answers 400 naming `permission_ids`, a permission the actor does not
 * hold 403, and nothing is granted.
 */
export async function addRolePermissions(
  db: Db,
  actor: AdminActor,
  id: string,
  permissionIds: readonly string[],
): Promise<RoleView> {
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    await lockAdministration(db, 'roles', organizationId, transaction);
    await lockRole(db, actor, id, transaction);
    const permissions = await permissionsByIds(db, permissionIds, transaction);
    assertActorHolds(actor, permissions);
    const granted = await grant(
      db,
      id,
      permissions.map((permission) => permission.id),
      transaction,
    );
    if (granted.length) {
      await auditAdministration(
        db,
        {
          organizationId,
          entityType: 'role',
          entityId: id,
          action: 'grant_permissions',
          actorId: actor.userId,
          metadata: { permissions: granted },
        },
        transaction,
      );
    }
    return roleOrFail(db, actor, id, transaction);
  });
}

/**
 * Revokes one permission from a role; its members lose it on their next request. 404 for an
 * unknown permission; 409 for Super Admin (it keeps every permission), for a permission the role
 * does not hold, and for `role.manage` when no other active member would keep it (nobody could
 * manage roles any more). Role writes of the organisation are serialised, so two revocations
 * cannot each count on the other's role.
 */
export async function removeRolePermission(
  db: Db,
  actor: AdminActor,
  id: string,
  permissionId: string,
): Promise<void> {
  const organizationId = actor.scope.organizationId;
  await db.sequelize.transaction(async (transaction) => {
    await lockAdministration(db, 'roles', organizationId, transaction);
    const role = await lockRole(db, actor, id, transaction);
    const permission = await selectOne<{ name: string; held: boolean }>(
      db,
      `SELECT p.name, EXISTS (SELECT 1 FROM role_permissions rp WHERE rp.role_id = $2 AND rp.permission_id = p.id) AS held
         FROM permissions p WHERE p.id = $1`,
      [permissionId, id],
      transaction,
    );
    if (!permission) throw new NotFound('Permission');
    let otherActiveManagers = 1;
    if (permission.name === ROLE_MANAGE && permission.held && !isSuperAdmin(role)) {
      const others = await selectOne<{ count: number }>(
        db,
        `SELECT count(*)::int AS count
           FROM user_organizations m
           JOIN users u ON u.id = m.user_id AND u.is_active
           JOIN role_permissions rp ON rp.role_id = m.role_id
           JOIN permissions p ON p.id = rp.permission_id AND p.name = $3
          WHERE m.organization_id = $1 AND m.is_active AND m.role_id <> $2`,
        [organizationId, id, ROLE_MANAGE],
        transaction,
      );
      otherActiveManagers = others?.count ?? 0;
    }
    const refusal = removalRefusal({
      role,
      permission: permission.name,
      held: permission.held,
      otherActiveManagers,
    });
    if (refusal) throw new Conflict(refusal.message, refusal.code);
    await execute(
      db,
      'DELETE FROM role_permissions WHERE role_id = $1 AND permission_id = $2',
      [id, permissionId],
      transaction,
    );
    await auditAdministration(
      db,
      {
        organizationId,
        entityType: 'role',
        entityId: id,
        action: 'revoke_permission',
        actorId: actor.userId,
        metadata: { permission: permission.name },
      },
      transaction,
    );
  });
}
