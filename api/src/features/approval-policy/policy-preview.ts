import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { select, selectOne } from '../../db-query.js';
import {
  type ApprovalPolicy,
  advance,
  type RouteStep,
  type RoutingFacts,
  routeSubmission,
  type SubmissionRoute,
} from '../../domain/approval-routing.js';
import type { Db } from '../../http/context.js';

type Preview = components['schemas']['ApprovalPolicyPreview'];
type PreviewLevel = components['schemas']['ApprovalPolicyPreviewLevel'];
type PersonRef = components['schemas']['PersonRef'];

interface FactsRow {
  manager_id: string | null;
  department_head_id: string | null;
  approvers_by_role: Record<string, string[]>;
}

/**
 * The routing facts of a requisition `requestorId` would raise now (manager, head of department and
 * the approvers of each role, as `loadRoutingFacts` reads them for a real requisition).
 */
async function requestorFacts(
  db: Db,
  organizationId: string,
  requestorId: string,
  transaction: Transaction,
): Promise<FactsRow> {
  const row = await selectOne<FactsRow>(
    db,
    `WITH membership AS (
       SELECT m.manager_id, m.department_id FROM user_organizations m
        WHERE m.organization_id = $1 AND m.user_id = $2
     ), approvers AS (
       SELECT m.user_id, ro.name AS role_name
         FROM roles ro
         JOIN user_organizations m ON m.role_id = ro.id AND m.organization_id = $1 AND m.is_active
         JOIN users u ON u.id = m.user_id AND u.is_active
        WHERE ro.organization_id = $1
          AND EXISTS (SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
                       WHERE rp.organization_id = $1 AND rp.role_id = ro.id AND p.name = 'approval.act')
     )
     SELECT (SELECT am.user_id::text FROM membership ms JOIN approvers am ON am.user_id = ms.manager_id) AS manager_id,
            (SELECT am.user_id::text FROM membership ms
               JOIN departments d ON d.id = ms.department_id AND d.organization_id = $1
               JOIN approvers am ON am.user_id = d.department_head_id) AS department_head_id,
            COALESCE((SELECT json_object_agg(g.role_name, g.ids)
                        FROM (SELECT role_name, array_agg(user_id::text ORDER BY user_id) AS ids
                                FROM approvers GROUP BY role_name) g), '{}'::json) AS approvers_by_role`,
    [organizationId, requestorId],
    transaction,
  );
  return row ?? { manager_id: null, department_head_id: null, approvers_by_role: {} };
}

/** Names of users, by id. */
async function namesOf(
  db: Db,
  ids: readonly string[],
  transaction: Transaction,
): Promise<Map<string, PersonRef>> {
  if (ids.length === 0) return new Map();
  const rows = await select<PersonRef>(
    db,
    'SELECT id::text AS id, first_name, last_name FROM users WHERE id = ANY($1::uuid[])',
    [ids],
    transaction,
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The chain of a sample requisition of `amount` raised by `requestorId` under `policy`: the routing
 * functions of DECISIONS §4 run level by level, each level assumed approved by its approver (a
 * person is then an earlier approver, so the rules "never the requestor, never two levels" show; a
 * group's member is not known in advance). Writes nothing.
 */
export async function previewChain(
  db: Db,
  organizationId: string,
  policy: ApprovalPolicy,
  amount: number,
  requestorId: string,
  transaction: Transaction,
): Promise<Preview> {
  const row = await requestorFacts(db, organizationId, requestorId, transaction);
  const facts: RoutingFacts = {
    total: amount,
    requestorId,
    managerId: row.manager_id,
    departmentHeadId: row.department_head_id,
    groups: row.approvers_by_role,
    approvedBy: [],
  };
  const due = (level: number) => policy.levels.find((l) => l.level === level)?.due_in_working_days ?? null;
  const steps: {
    level: number;
    title: string;
    outcome: PreviewLevel['outcome'];
    ids: string[];
    group: string | null;
    comment: string | null;
    required?: number;
  }[] = [];
  let autoApproved = false;
  let noApprover = false;
  let route: SubmissionRoute = routeSubmission(policy, facts);
  if (route.autoApproved) autoApproved = true;
  else {
    // At most one pass per level, plus the fallback group: the loop ends.
    for (let guard = 0; guard <= policy.levels.length + 1; guard++) {
      for (const pass of route.passed) {
        steps.push({
          level: pass.level,
          title: pass.title,
          outcome: 'passed',
          ids: [],
          group: null,
          comment: pass.comment,
        });
      }
      if (route.autoApproved) break;
      if (route.noApprover) noApprover = true;
      const next: RouteStep['next'] = route.autoApproved ? null : route.next;
      if (!next) break;
      if (next.kind === 'person') {
        steps.push({
          level: next.level,
          title: next.title,
          outcome: 'person',
          ids: [next.approverId],
          group: null,
          comment: null,
        });
        facts.approvedBy = [...facts.approvedBy, next.approverId];
      } else if (next.kind === 'committee') {
        steps.push({
          level: next.level,
          title: next.title,
          outcome: 'committee',
          ids: next.members,
          group: null,
          comment: null,
          required: next.required,
        });
        // N of the members approve; which is not known, so nobody is left out of later levels.
        facts.approvedBy = [...facts.approvedBy, ...(facts.approvedBy.length === 0 ? [''] : [])];
      } else {
        steps.push({
          level: next.level,
          title: next.title,
          outcome: 'group',
          ids: next.members,
          group: next.roleName,
          comment: null,
        });
        // Someone of the group approves; who is not known, so nobody is left out of later levels.
        facts.approvedBy = [...facts.approvedBy, ...(facts.approvedBy.length === 0 ? [''] : [])];
        if (next.kind === 'group' && next.fallback) break;
      }
      route = { autoApproved: false, ...advance(policy, facts, next.level + 1) };
    }
  }
  const names = await namesOf(db, [requestorId, ...steps.flatMap((step) => step.ids)], transaction);
  const person = (id: string): PersonRef => names.get(id) ?? { id, first_name: '', last_name: '' };
  return {
    amount,
    requestor: person(requestorId),
    auto_approved: autoApproved,
    no_approver: noApprover,
    levels: steps.map((step) => ({
      level: step.level,
      title: step.title,
      outcome: step.outcome,
      approvers: step.ids.map(person),
      group: step.group,
      comment: step.comment,
      required_approvals: step.required ?? 1,
      due_in_working_days: step.outcome === 'passed' ? null : due(step.level),
    })),
  };
}
