import type { components } from '@purchasing/contract';
import { validationError } from '../../contract/validation.js';
import { select } from '../../db-query.js';
import { DomainError } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import type { Actor } from '../requisitions/requisitions.service.js';
import { actOnRequisition } from './approvals.service.js';

type BulkDecisionRequest = components['schemas']['BulkDecisionRequest'];
type BulkDecisionResult = components['schemas']['BulkDecisionResult'];

/**
 * Approves or rejects the caller's open step on several requisitions (issue 15 item 3). The ids are
 * checked first, all together: one that names no requisition of the organisation refuses the whole
 * request (400 naming `requisition_ids.<i>`) before anything is decided. Then each requisition is
 * decided in its own transaction by the single-item rule (`actOnRequisition`), in the order given:
 * a refusal of the rules (403, 409, a budget that says no) becomes that item's result and the others
 * go on. An unexpected error is not a refusal: it answers 500, and what was decided before it stays
 * decided (each item committed on its own; the single-item calls would say so on a retry).
 */
export async function decideInBulk(
  db: Db,
  actor: Actor,
  input: BulkDecisionRequest,
): Promise<BulkDecisionResult[]> {
  const ids = input.requisition_ids;
  const known = await select<{ id: string; requisition_number: string }>(
    db,
    `SELECT r.id::text AS id, r.requisition_number FROM requisitions r
      WHERE r.organization_id = $1 AND r.id = ANY($2::uuid[])`,
    [actor.scope.organizationId, ids],
  );
  const numbers = new Map(known.map((row) => [row.id, row.requisition_number]));
  const missing = ids.flatMap((id, index) =>
    numbers.has(id) ? [] : [{ field: `requisition_ids.${index}`, message: 'Requisition not found' }],
  );
  if (missing.length > 0) throw validationError(missing);

  const results: BulkDecisionResult[] = [];
  for (const id of ids) {
    const requisition_number = numbers.get(id) ?? '';
    try {
      const decided = await actOnRequisition(db, actor, id, {
        action: input.action,
        comments: input.comments,
      });
      results.push({ requisition_id: id, requisition_number, ok: true, status: decided.status, error: null });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push({
        requisition_id: id,
        requisition_number,
        ok: false,
        status: null,
        error: { status: error.status, code: error.code, message: error.message },
      });
    }
  }
  return results;
}
