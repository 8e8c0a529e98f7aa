import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { execute } from '../../db-query.js';
import { fallbackRoles, levelTitle, routeSubmission } from '../../domain/approval-routing.js';
import { Conflict, NotFound } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { handOverIfAbsent } from '../absences/absence-moves.js';
import { pinPolicyVersion } from '../approval-policy/policy-versions.js';
import { mailOpenStep } from '../approvals/decision-mail.js';
import { budgetExceeded, checkBudgetLocked, recordBudgetCheck } from '../budgets/budget-guard.js';
import { submissionRate } from '../currency/frozen-rate.js';
import type { Actor } from './actor.js';
import { audit } from './requisition-audit.js';
import { APPROVED_EDIT_ACTIONS } from './requisition-reapproval.js';
import {
  type ClosedLevel,
  loadRoutingFacts,
  noApproverMessage,
  recordRoute,
  toRoutingFacts,
} from './requisition-routing.js';

type RequisitionStatus = components['schemas']['RequisitionStatus'];

/** The comment of the single step written when a total is below the auto-approval amount. */
export const AUTO_APPROVAL_COMMENT = 'Approved automatically: the total is below the auto-approval amount.';

/**
 * Routes a locked draft or info_requested requisition under the organisation's policy
 * (DECISIONS §4): a new round of steps, passed levels recorded as `auto_approve` with their
 * reason, then the next level (or the fallback approver group) opened (under_review) or, when
 * nothing is left and someone already approved, approved. 409 `NO_APPROVER` when nobody other than
 * the requestor could decide it (only `auto_approve_below` approves without a person).
 * First the budget is checked under its lock (issue 13): under `block` an overrun is refused with
 * 409 `BUDGET_EXCEEDED`; under `require_finance` the overrun is recorded and a Finance level added.
 */
export async function submitLocked(
  db: Db,
  actor: Actor,
  current: { id: string; status: RequisitionStatus },
  transaction: Transaction,
  reapproval?: { restartLevel: number; metadata: Record<string, unknown> },
): Promise<void> {
  const organizationId = actor.scope.organizationId;
  // The policy version it is routed with from now on, its first submission's (issue 15 item 8).
  await pinPolicyVersion(db, organizationId, current.id, transaction);
  const facts = await loadRoutingFacts(db, organizationId, current.id, transaction);
  if (!facts) throw new NotFound('Requisition');

  // Thresholds and the budget count the total in the base currency, at the rate this submission freezes.
  const frozen = await submissionRate(db, organizationId, current.id, transaction);
  const totalCents = frozen.baseCents;
  const budget = await checkBudgetLocked(
    db,
    {
      organizationId,
      costCenterId: facts.cost_center_id,
      requisitionId: current.id,
      totalCents,
      reserve: true,
    },
    transaction,
  );
  if (budget.outcome.kind === 'blocked') throw budgetExceeded(budget, totalCents);
  await recordBudgetCheck(db, organizationId, current.id, budget.outcome, { clear: true }, transaction);
  facts.budget_finance = budget.outcome.kind === 'finance_required';

  const { policy, routingFacts, budgetLevel } = toRoutingFacts({ ...facts, base_total_cents: totalCents });
  const restartAt = reapproval
    ? reapproval.restartLevel
    : current.status === 'info_requested'
      ? (facts.restart_level ?? 1)
      : 1;
  const route = routeSubmission(policy, routingFacts, restartAt);
  if (!route.autoApproved && route.noApprover) {
    throw new Conflict(noApproverMessage(fallbackRoles(policy)), 'NO_APPROVER');
  }
  const round = facts.last_round + 1;

  const closed: ClosedLevel[] = route.autoApproved
    ? [
        {
          level: 1,
          title: levelTitle(1, policy),
          comment: AUTO_APPROVAL_COMMENT,
          reason: 'below_auto_approve',
        },
      ]
    : route.passed.map((pass) => ({
        level: pass.level,
        title: pass.title,
        comment: pass.comment,
        reason: pass.reason,
      }));
  const next = route.autoApproved ? null : route.next;
  await recordRoute(db, organizationId, current.id, round, closed, next, transaction, budgetLevel, policy);
  const to: RequisitionStatus = next ? 'under_review' : 'approved';
  await execute(
    db,
    `UPDATE requisitions
        SET status = $3, submitted_at = CASE WHEN $5::boolean THEN submitted_at ELSE now() END,
            updated_at = now(), exchange_rate = $4,
            approved_at = CASE WHEN $3::text = 'approved' THEN now() ELSE NULL END
      WHERE id = $1 AND organization_id = $2`,
    [current.id, organizationId, to, frozen.rate, reapproval !== undefined],
    transaction,
  );
  await audit(
    db,
    {
      organizationId,
      requisitionId: current.id,
      action: reapproval
        ? APPROVED_EDIT_ACTIONS.reapproval
        : current.status === 'draft'
          ? 'submit'
          : 'resubmit',
      from: current.status,
      to,
      actorId: actor.userId,
      metadata: {
        ...reapproval?.metadata,
        round,
        passed_levels: closed.map((step) => step.level),
        next_level: next?.level ?? null,
        auto_approved: route.autoApproved,
        fallback_role: next?.kind === 'group' && next.fallback ? next.roleName : null,
        budget_policy: budget.policy,
        budget_overrun:
          budget.outcome.kind === 'finance_required' ? (budget.outcome.overrunCents / 100).toFixed(2) : null,
        budget_level: budgetLevel,
      },
    },
    transaction,
  );
  // An absent approver's new step goes to the delegate ("Out of office"), who gets the decision mail.
  if (next) await handOverIfAbsent(db, organizationId, current.id, transaction);
  if (next) await mailOpenStep(db, organizationId, current.id, actor.mail, transaction);
}
