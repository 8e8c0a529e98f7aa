import type { Transaction } from 'sequelize';
import { execute, select, selectOne } from '../../db-query.js';
import { DEFAULT_FALLBACK_APPROVER_ROLES } from '../../domain/approval-routing.js';
import { escalatedWords, managerRefusal, reminderWords, stayedWords } from '../../domain/escalation.js';
import type { Db } from '../../http/context.js';
import { startPeriodicJob } from '../../lib/periodic.js';
import { canApprove } from '../absences/absence-moves.js';
import { notify } from '../notifications/notify.js';
import { audit } from '../requisitions/requisition-audit.js';
import { type DecisionMailContext, mailOpenStep } from './decision-mail.js';

/**
 * Reminders and escalation (docs/decisions.md "Reminders and escalation"). Every minute, in the API
 * process with the plain handle (every organisation) like the out-of-office job: each open step whose
 * reminder time has come is reminded once (its holder, or each eligible member of its group, gets a
 * `reminder` notification and, by email, its mail linking to the review), and each open step past its due time is escalated once: to the holder's
 * manager in the organisation when they may take it (DECISIONS §4), else it stays and its group (a
 * group step) or the organisation's fallback group is told. One step at a time, claimed with its
 * requisition `FOR UPDATE SKIP LOCKED` (the approval actions lock requisition then step too) and marked
 * (`reminded_at`, `escalated_at`) in the transaction of its history entry, notifications and mail: a
 * pass is idempotent and two instances never act twice.
 */

export interface EscalationPassReport {
  reminded: number;
  escalated: number;
  /** Of `escalated`: steps handed to the holder's manager (the others stayed, their group told). */
  toManager: number;
}

export interface EscalationJobOptions {
  /** Milliseconds between passes (default a minute). */
  intervalMs?: number;
  /** The clock (default the machine's). */
  now?: () => Date;
  log?: (line: string) => void;
  /** The links of the decision mail the manager gets and of the reminder and escalation mails (none without). */
  mail?: DecisionMailContext;
}

interface DueStep {
  id: string;
  organization_id: string;
  requisition_id: string;
  round: number;
  approval_level: number;
  level_title: string;
  approver_id: string | null;
  approver_role_name: string | null;
  due_at: Date;
  requestor_id: string;
  requisition_number: string;
  requestor_name: string;
  holder_name: string | null;
  manager_id: string | null;
  manager_name: string | null;
  approved_by: string[];
  /** N of a committee seat (docs/decisions.md "Committees"), else null. */
  required_approvals: number | null;
}

const claim = (where: string) => `
  SELECT s.id::text AS id, s.organization_id::text AS organization_id, s.requisition_id::text AS requisition_id,
         s.round, s.approval_level, s.level_title, s.approver_id::text AS approver_id, s.approver_role_name,
         s.due_at, s.required_approvals, r.requestor_id::text AS requestor_id, r.requisition_number,
         (SELECT concat_ws(' ', q.first_name, q.last_name) FROM users q WHERE q.id = r.requestor_id) AS requestor_name,
         (SELECT concat_ws(' ', h.first_name, h.last_name) FROM users h WHERE h.id = s.approver_id) AS holder_name,
         (SELECT m.manager_id::text FROM user_organizations m
           WHERE m.organization_id = s.organization_id AND m.user_id = s.approver_id) AS manager_id,
         (SELECT concat_ws(' ', g.first_name, g.last_name) FROM user_organizations m JOIN users g ON g.id = m.manager_id
           WHERE m.organization_id = s.organization_id AND m.user_id = s.approver_id) AS manager_name,
         ARRAY(SELECT DISTINCT COALESCE(a.actioned_by_id, a.approver_id)::text FROM approval_steps a
                WHERE a.organization_id = s.organization_id AND a.requisition_id = s.requisition_id
                  AND a.action = 'approve' AND a.superseded_at IS NULL) AS approved_by
    FROM approval_steps s
    JOIN requisitions r ON r.id = s.requisition_id AND r.organization_id = s.organization_id
   WHERE s.action IS NULL AND s.due_at IS NOT NULL AND r.status = 'under_review' AND ${where}
   ORDER BY s.due_at, s.id LIMIT 1
     FOR UPDATE OF r, s SKIP LOCKED`;

/**
 * The eligible members of the first of `roles` that has any (active, holding `approval.act`, not the
 * requestor, nobody who approved a level of the requisition), with that role's name.
 */
async function groupOf(
  db: Db,
  step: DueStep,
  roles: readonly string[],
  transaction: Transaction,
): Promise<{ role: string; members: string[] } | null> {
  for (const role of roles) {
    const rows = await select<{ id: string }>(
      db,
      `SELECT u.id::text AS id FROM user_organizations m
         JOIN users u ON u.id = m.user_id AND u.is_active
         JOIN roles ro ON ro.id = m.role_id AND ro.organization_id = m.organization_id
         JOIN role_permissions rp ON rp.role_id = ro.id AND rp.organization_id = m.organization_id
         JOIN permissions p ON p.id = rp.permission_id AND p.name = 'approval.act'
        WHERE m.organization_id = $1 AND m.is_active AND ro.name = $2 AND u.id <> $3
          AND NOT (u.id::text = ANY($4::text[]))
        ORDER BY u.id`,
      [step.organization_id, role, step.requestor_id, `{${step.approved_by.join(',')}}`],
      transaction,
    );
    if (rows.length > 0) return { role, members: rows.map((row) => row.id) };
  }
  return null;
}

async function fallbackRolesOf(db: Db, organizationId: string, transaction: Transaction) {
  const row = await selectOne<{ roles: string[] | null }>(
    db,
    `SELECT ARRAY(SELECT jsonb_array_elements_text(settings -> 'approval_policy' -> 'fallback_approver_roles')) AS roles
       FROM organizations WHERE id = $1`,
    [organizationId],
    transaction,
  );
  return row?.roles && row.roles.length > 0 ? row.roles : DEFAULT_FALLBACK_APPROVER_ROLES;
}

const subject = (step: DueStep) => ({
  organizationId: step.organization_id,
  subjectType: 'requisition' as const,
  subjectId: step.requisition_id,
  requisitionId: step.requisition_id,
});

/** The mail of the job's notifications: the configured links, the requisition's number. */
const mailOf = (step: DueStep, mail: DecisionMailContext | undefined) =>
  mail && { linkBase: mail.linkBase, reference: step.requisition_number };

async function remindOne(
  db: Db,
  now: Date,
  mail: DecisionMailContext | undefined,
  transaction: Transaction,
): Promise<boolean> {
  const step = await selectOne<DueStep>(
    db,
    claim('s.reminded_at IS NULL AND s.remind_at <= $1 AND s.due_at > $1'),
    [now],
    transaction,
  );
  if (!step) return false;
  await execute(db, `UPDATE approval_steps SET reminded_at = $2 WHERE id = $1`, [step.id, now], transaction);
  const holders = step.approver_id
    ? { role: null, members: [step.approver_id] }
    : await groupOf(db, step, [step.approver_role_name ?? ''], transaction);
  const holderName = step.holder_name ?? `the ${step.approver_role_name} group`;
  await notify(
    db,
    {
      ...subject(step),
      kind: 'reminder',
      message: `${step.requisition_number} from ${step.requestor_name} is due ${dueWords(step.due_at)} (${step.level_title}).`,
    },
    holders?.members ?? [],
    transaction,
    mailOf(step, mail),
  );
  const comment = reminderWords(holderName, new Date(step.due_at));
  await audit(
    db,
    {
      organizationId: step.organization_id,
      requisitionId: step.requisition_id,
      action: 'remind',
      from: 'under_review',
      to: 'under_review',
      actorId: null,
      metadata: { level: step.approval_level, round: step.round, comment, due_at: step.due_at },
    },
    transaction,
  );
  return true;
}

/** The due time as a notification says it: `on 2026-12-01 10:00 UTC`. */
const dueWords = (at: Date) => `on ${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

async function escalateOne(
  db: Db,
  now: Date,
  mail: DecisionMailContext | undefined,
  transaction: Transaction,
): Promise<'manager' | 'stayed' | null> {
  const step = await selectOne<DueStep>(
    db,
    claim('s.escalated_at IS NULL AND s.due_at <= $1'),
    [now],
    transaction,
  );
  if (!step) return null;
  const dueAt = new Date(step.due_at);
  const base = {
    organizationId: step.organization_id,
    requisitionId: step.requisition_id,
    from: 'under_review' as const,
    to: 'under_review' as const,
    actorId: null,
  };
  // A committee seat never moves: the committee counts its members' decisions, and a manager may sit on
  // it already. It stays and the fallback group is told.
  const refusal = step.required_approvals
    ? ('committee_seat' as const)
    : step.approver_id
      ? managerRefusal({
          managerId: step.manager_id,
          holderId: step.approver_id,
          requestorId: step.requestor_id,
          approvedBy: step.approved_by,
          managerCanApprove: step.manager_id
            ? await canApprove(db, step.organization_id, step.manager_id, transaction)
            : false,
        })
      : 'no_manager';
  if (step.approver_id && step.manager_id && refusal === null) {
    const comment = escalatedWords(step.manager_name ?? 'their manager', dueAt);
    await execute(
      db,
      `UPDATE approval_steps SET action = 'delegate', actioned_at = $2, comments = $3, escalated_at = $2
        WHERE id = $1`,
      [step.id, now, comment],
      transaction,
    );
    await execute(
      db,
      `INSERT INTO approval_steps (organization_id, requisition_id, round, approval_level, level_title,
                                   approver_id, delegated_from_id, required_for, due_at, remind_at,
                                   reminded_at, escalated_at)
       SELECT organization_id, requisition_id, round, approval_level, level_title, $2, approver_id,
              required_for, due_at, remind_at, COALESCE(reminded_at, $3), $3
         FROM approval_steps WHERE id = $1`,
      [step.id, step.manager_id, now],
      transaction,
    );
    await audit(
      db,
      {
        ...base,
        action: 'delegate',
        metadata: {
          level: step.approval_level,
          round: step.round,
          comment,
          delegate_to_user_id: step.manager_id,
          escalation: true,
          overdue_since: dueAt.toISOString(),
        },
      },
      transaction,
    );
    // The manager gets the "awaiting your decision" mail with its links and an `escalation` notification.
    await mailOpenStep(db, step.organization_id, step.requisition_id, mail, transaction, 'escalation');
    return 'manager';
  }
  // Nobody to escalate to: the step stays; its group (a group step) or the fallback group is told.
  await execute(db, `UPDATE approval_steps SET escalated_at = $2 WHERE id = $1`, [step.id, now], transaction);
  const roles = step.approver_role_name
    ? [step.approver_role_name]
    : await fallbackRolesOf(db, step.organization_id, transaction);
  const group = await groupOf(db, step, roles, transaction);
  const groupName = group ? `the ${group.role} group` : 'nobody';
  const held = step.holder_name ? `, waiting for ${step.holder_name}` : '';
  await notify(
    db,
    {
      ...subject(step),
      kind: 'escalation',
      message: `${step.requisition_number} from ${step.requestor_name} is overdue (${step.level_title}${held}).`,
    },
    group?.members ?? [],
    transaction,
    mailOf(step, mail),
  );
  const comment = stayedWords(groupName, dueAt);
  await audit(
    db,
    {
      ...base,
      action: 'escalate',
      metadata: {
        level: step.approval_level,
        round: step.round,
        comment,
        reason: refusal,
        told_role: group?.role ?? null,
        overdue_since: dueAt.toISOString(),
      },
    },
    transaction,
  );
  return 'stayed';
}

/** One pass at `now`: every reminder due, then every escalation due, each step in its own transaction. */
export async function runEscalationPass(
  db: Db,
  now: Date,
  mail?: DecisionMailContext,
): Promise<EscalationPassReport> {
  const report: EscalationPassReport = { reminded: 0, escalated: 0, toManager: 0 };
  while (await db.sequelize.transaction((transaction) => remindOne(db, now, mail, transaction)))
    report.reminded += 1;
  for (;;) {
    const outcome = await db.sequelize.transaction((transaction) => escalateOne(db, now, mail, transaction));
    if (!outcome) break;
    report.escalated += 1;
    if (outcome === 'manager') report.toManager += 1;
  }
  return report;
}

/** Starts the periodic job; `stop` waits for a pass under way. */
export function startEscalationJob(db: Db, options: EscalationJobOptions = {}) {
  const now = options.now ?? (() => new Date());
  return startPeriodicJob({
    name: 'escalation',
    intervalMs: options.intervalMs ?? 60_000,
    pass: () => runEscalationPass(db, now(), options.mail),
    log: options.log ?? ((line: string) => console.info(line)),
  });
}
