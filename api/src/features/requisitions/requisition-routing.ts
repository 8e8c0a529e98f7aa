import type { Transaction } from 'sequelize';
import { DEFAULT_APPROVAL_POLICY } from '../../db/defaults.js';
import { execute, selectOne } from '../../db-query.js';
import {
  type ApprovalPolicy,
  fallbackRoles,
  type RouteStep,
  type RoutingFacts,
} from '../../domain/approval-routing.js';
import { withBudgetFinanceLevel } from '../../domain/budget-policy.js';
import { stepDueTimes } from '../../domain/working-days.js';
import type { Db } from '../../http/context.js';

/**
 * What routing reads and writes in the database, shared by submission (requisitions.service.ts) and
 * the approval actions (approvals.service.ts): the facts a route is computed from, and the steps it records.
 */

/** What routing needs about a requisition, as {@link loadRoutingFacts} reads it. */
export interface RoutingFactsRow {
  policy: ApprovalPolicy | null;
  /** The total in the base currency, in integer cents (at the rate frozen at submission). */
  base_total_cents: number | string;
  requestor_id: string;
  manager_id: string | null;
  department_head_id: string | null;
  /** Active members holding `approval.act`, by role name. */
  approvers_by_role: Record<string, string[]>;
  approved_by: string[];
  restart_level: number | null;
  last_round: number;
  cost_center_id: string;
  /** True when a budget overrun requires a Finance level (`requisitions.budget_overrun` is set). */
  budget_finance: boolean;
}

/**
 * Loads, in one statement, the policy (the version the requisition was routed with, else the
 * organisation's current one), total, requestor, manager, department head, the approvers of
 * each role, earlier approvers, the level that last asked for information and the last round of a
 * requisition. Only active members (active accounts) whose role holds `approval.act` count as
 * approvers: anyone else could never act on a step given to them.
 */
export async function loadRoutingFacts(
  db: Db,
  organizationId: string,
  requisitionId: string,
  transaction: Transaction,
): Promise<RoutingFactsRow | null> {
  return selectOne<RoutingFactsRow>(
    db,
    `WITH req AS (
       SELECT r.id, r.organization_id, r.requestor_id, r.cost_center_id, r.approval_policy_version,
              -- A requisition submitted in another currency before rates existed counts at face value.
              round(COALESCE(r.base_total_amount, r.total_amount) * 100) AS base_total_cents,
              r.budget_overrun IS NOT NULL AS budget_finance
         FROM requisitions r
        WHERE r.id = $1 AND r.organization_id = $2
     ), membership AS (
       SELECT m.manager_id, m.department_id FROM user_organizations m JOIN req ON m.user_id = req.requestor_id
        WHERE m.organization_id = $2
     ), approvers AS (
       -- The roles that may approve first (a handful), then their members: tested member by member,
       -- the permission cost 36 ms for the 2,000 members of a large organisation.
       SELECT m.user_id, ro.name AS role_name
         FROM (SELECT ro.id, ro.name FROM roles ro
                WHERE ro.organization_id = $2
                  AND EXISTS (SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
                               WHERE rp.organization_id = $2 AND rp.role_id = ro.id AND p.name = 'approval.act')
               OFFSET 0) ro
         JOIN user_organizations m ON m.role_id = ro.id AND m.organization_id = $2 AND m.is_active
         JOIN users u ON u.id = m.user_id AND u.is_active
     )
     SELECT COALESCE((SELECT v.policy FROM approval_policy_versions v
                       WHERE v.organization_id = $2 AND v.version = req.approval_policy_version),
                     o.settings -> 'approval_policy') AS policy, req.base_total_cents, req.requestor_id,
            req.cost_center_id::text AS cost_center_id, req.budget_finance,
            (SELECT am.user_id::text FROM membership ms JOIN approvers am ON am.user_id = ms.manager_id) AS manager_id,
            (SELECT am.user_id::text FROM membership ms
               JOIN departments d ON d.id = ms.department_id AND d.organization_id = $2
               JOIN approvers am ON am.user_id = d.department_head_id) AS department_head_id,
            COALESCE((SELECT json_object_agg(g.role_name, g.ids)
                        FROM (SELECT role_name, array_agg(user_id::text ORDER BY user_id) AS ids
                                FROM approvers GROUP BY role_name) g), '{}'::json) AS approvers_by_role,
            COALESCE((SELECT array_agg(DISTINCT COALESCE(s.actioned_by_id, s.approver_id)::text) FROM approval_steps s
                       WHERE s.requisition_id = req.id AND s.action = 'approve'
                         AND s.superseded_at IS NULL), '{}') AS approved_by,
            (SELECT s.approval_level FROM approval_steps s
              WHERE s.requisition_id = req.id AND s.action = 'request_info'
              ORDER BY s.actioned_at DESC, s.created_at DESC LIMIT 1) AS restart_level,
            (SELECT COALESCE(max(s.round), 0) FROM approval_steps s WHERE s.requisition_id = req.id) AS last_round
       FROM req JOIN organizations o ON o.id = req.organization_id`,
    [requisitionId, organizationId],
    transaction,
  );
}

/**
 * The policy and routing facts of a loaded {@link RoutingFactsRow}. An organisation whose policy
 * has no `fallback_approver_roles` (created before they existed) gets the default ones. A requisition
 * whose budget overrun requires a Finance level (`budget_finance`) gets the policy's Finance level
 * whatever its total, and no auto-approval; `budgetLevel` is that level when its threshold alone
 * would not have applied it (its steps are marked `required_for = 'budget_overrun'`).
 */
export function toRoutingFacts(facts: RoutingFactsRow): {
  policy: ApprovalPolicy;
  routingFacts: RoutingFacts;
  budgetLevel: number | null;
} {
  const stored = facts.policy ?? DEFAULT_APPROVAL_POLICY;
  const total = Number(facts.base_total_cents) / 100;
  let policy: ApprovalPolicy = { ...stored, fallback_approver_roles: [...fallbackRoles(stored)] };
  let budgetLevel: number | null = null;
  if (facts.budget_finance) {
    const withFinance = withBudgetFinanceLevel(policy, total);
    policy = { ...withFinance.policy, auto_approve_below: 0 };
    budgetLevel = withFinance.addedLevel;
  }
  return {
    policy,
    budgetLevel,
    routingFacts: {
      total,
      requestorId: facts.requestor_id,
      managerId: facts.manager_id,
      departmentHeadId: facts.department_head_id,
      groups: facts.approvers_by_role,
      approvedBy: facts.approved_by,
    },
  };
}

/** A level closed without anyone deciding it, recorded as `auto_approve` with its reason. */
export interface ClosedLevel {
  level: number;
  title: string;
  comment: string;
  reason: string;
}

/**
 * Records a route in `round`: every passed level as an `auto_approve` step with its reason and
 * comment, then the next level's open step (a person's, or a group's by role name) when there is one,
 * or a committee's steps, one per member.
 */
export async function recordRoute(
  db: Db,
  organizationId: string,
  requisitionId: string,
  round: number,
  closed: readonly ClosedLevel[],
  next: RouteStep['next'],
  transaction: Transaction,
  budgetLevel: number | null = null,
  policy: Pick<ApprovalPolicy, 'levels'> | null = null,
): Promise<void> {
  // The level a budget overrun added records why it is there (not the fallback group's step).
  const requiredFor = (level: number, fallback = false) =>
    level === budgetLevel && !fallback ? 'budget_overrun' : null;
  for (const step of closed) {
    await execute(
      db,
      `INSERT INTO approval_steps (organization_id, requisition_id, round, approval_level, level_title, action,
                                   comments, actioned_at, pass_reason, required_for)
       VALUES ($1, $2, $3, $4, $5, 'auto_approve', $6, now(), $7, $8)`,
      [
        organizationId,
        requisitionId,
        round,
        step.level,
        step.title,
        step.comment,
        step.reason,
        requiredFor(step.level),
      ],
      transaction,
    );
  }
  // The level's due time (none for the fallback group, the last resort: docs/decisions.md
  // "Reminders and escalation").
  const isFallback = next?.kind === 'group' && next.fallback === true;
  const due =
    !next || isFallback
      ? null
      : stepDueTimes(
          new Date(),
          policy?.levels.find((level) => level.level === next.level)?.due_in_working_days,
        );
  if (next?.kind === 'committee') {
    // One step per member, all open at once (N of M): `required_approvals` marks them.
    await execute(
      db,
      `INSERT INTO approval_steps (organization_id, requisition_id, round, approval_level, level_title,
                                   approver_id, required_approvals, required_for, due_at, remind_at)
       SELECT $1, $2, $3, $4, $5, m.id, $7, $8, $9, $10
         FROM unnest($6::uuid[]) WITH ORDINALITY AS m(id, n) ORDER BY m.n`,
      [
        organizationId,
        requisitionId,
        round,
        next.level,
        next.title,
        next.members,
        next.required,
        requiredFor(next.level),
        due?.dueAt ?? null,
        due?.remindAt ?? null,
      ],
      transaction,
    );
  } else if (next) {
    await execute(
      db,
      `INSERT INTO approval_steps (organization_id, requisition_id, round, approval_level, level_title,
                                   approver_id, approver_role_name, required_for, due_at, remind_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        organizationId,
        requisitionId,
        round,
        next.level,
        next.title,
        next.kind === 'person' ? next.approverId : null,
        next.kind === 'group' ? next.roleName : null,
        requiredFor(next.level, isFallback),
        due?.dueAt ?? null,
        due?.remindAt ?? null,
      ],
      transaction,
    );
  }
}

/**
 * Why a submission is refused when nobody other than the requestor could ever approve it: no level
 * of the policy has an approver other than the requestor, and no fallback role has an eligible member.
 */
export function noApproverMessage(roles: readonly string[]): string {
  const group = roles.length > 0 ? `, and no other active ${roles.join(' or ')} can approve it` : '';
  return (
    `Nobody can approve this requisition: the approval policy finds no approver other than you${group}. ` +
    'Ask an administrator to assign you a manager or a department head, or to add an approver.'
  );
}
