import type { Transaction } from 'sequelize';
import { execute } from '../../db-query.js';
import { Forbidden } from '../../domain/errors.js';
import type { PermissionName } from '../../domain/permissions.js';
import type { Db, HandlerInput, OrganizationScope } from '../../http/context.js';
import { requireCaller } from '../../http/context.js';

/** Who acts on the organisation's administration: the verified user and their membership. */
export interface AdminActor {
  userId: string;
  scope: OrganizationScope;
}

/**
 * The caller and their membership, once they hold at least one of `permissions` in the
 * `X-Organization-Id` organisation; 403 otherwise. For reads that several screens need (the user
 * forms pick roles and departments), where the route table's single `permission` is too narrow.
 */
export function actorHolding(input: HandlerInput, permissions: readonly PermissionName[]): AdminActor {
  const caller = requireCaller(input);
  if (!input.scope) throw new Forbidden('An organization must be selected', 'ORGANIZATION_REQUIRED');
  const scope = input.scope;
  if (!permissions.some((permission) => scope.permissions.has(permission))) throw new Forbidden();
  return { userId: caller.userId, scope };
}

/** True when `error` is PostgreSQL's unique violation (23505) on the constraint or index `name`. */
export function isUniqueViolation(error: unknown, name: string): boolean {
  const parent = (error as { parent?: { code?: string; constraint?: string } } | null)?.parent;
  return parent?.code === '23505' && parent.constraint === name;
}

/**
 * Serialises the administrative writes of one kind (`'roles'`, `'departments'`) in one organisation
 * until the transaction ends. Taken first, before any row lock, so it cannot deadlock. Needed where
 * a rule spans several rows, which row locks alone cannot protect: a cycle across departments, the
 * last holder of `role.manage`, a name unique whatever its case.
 */
export async function lockAdministration(
  db: Db,
  kind: 'roles' | 'departments',
  organizationId: string,
  transaction: Transaction,
): Promise<void> {
  await execute(
    db,
    'SELECT pg_advisory_xact_lock(hashtext($1), hashtext($2))',
    [kind, organizationId],
    transaction,
  );
}

/**
 * Writes one audit_logs row for an administrative change (a role, department or vendor), in the
 * change's transaction. `clock_timestamp()` keeps the order of rows written by one transaction.
 */
export async function auditAdministration(
  db: Db,
  entry: {
    organizationId: string;
    entityType: 'role' | 'department' | 'vendor' | 'product' | 'organization' | 'webhook';
    entityId: string;
    action: string;
    actorId: string;
    from?: string | null;
    to?: string | null;
    metadata: Record<string, unknown>;
  },
  transaction: Transaction,
): Promise<void> {
  await execute(
    db,
    `INSERT INTO audit_logs (organization_id, entity_type, entity_id, action, from_status, to_status, actor_id,
                             metadata, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, clock_timestamp())`,
    [
      entry.organizationId,
      entry.entityType,
      entry.entityId,
      entry.action,
      entry.from ?? null,
      entry.to ?? null,
      entry.actorId,
      JSON.stringify(entry.metadata),
    ],
    transaction,
  );
}
