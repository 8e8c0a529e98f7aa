/** Writes the demo data's audit entries. */
import type { DemoContext } from './context.js';
import { userId } from './context.js';
import type { ReplayedAudit } from './workflow.js';

/** What an audit entry is about. */
export interface AuditedEntity {
  type: 'requisition' | 'purchase_order';
  id: string;
}

/** Writes `entry` about `entity` of the organisation, at the entry's own time. */
export async function writeAudit(
  context: DemoContext,
  organizationId: string,
  entity: AuditedEntity,
  entry: ReplayedAudit,
): Promise<void> {
  await context.models.AuditLog.create(
    {
      organization_id: organizationId,
      entity_type: entity.type,
      entity_id: entity.id,
      action: entry.action,
      from_status: entry.from,
      to_status: entry.to,
      actor_id: entry.actor === null ? null : userId(context, entry.actor),
      comment: entry.comment ?? null,
      metadata: entry.metadata ?? {},
      created_at: entry.at,
    },
    { transaction: context.transaction },
  );
}
