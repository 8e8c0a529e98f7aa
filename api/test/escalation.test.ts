import { describe, expect, it } from 'vitest';
import type { User } from '../src/db/models/index.js';
import { addWorkingDays } from '../src/domain/working-days.js';
import { runEscalationPass } from '../src/features/approvals/escalation-job.js';
import { call, expectContract } from './app.js';
import { chairsForm, pendingPage, raise, requisitionDetail } from './support/approval-calls.js';
import {
  body,
  buildDueWorld,
  HOUR,
  MAIL,
  type Member,
  select,
  useTestApp,
} from './support/approval-world.js';

/**
 * Reminders and escalation (issue 15 item 5, docs/decisions.md "Reminders and escalation"): a step of
 * a level with a due time gets `due_at` when it opens; the job (driven here with an injected clock)
 * reminds its holder once before it and escalates once after it, to the approver's manager or, when
 * they cannot take it, by telling the group; each is written to the history and notified.
 */

const app = useTestApp({}, { countersExact: true });
const db = () => ({ sequelize: app.sequelize });

const query = <T extends object>(sql: string, bind: unknown[]) => select<T>(app, sql, bind);

/**
 * An organisation whose level 1 (the requestor's manager) is due in `dueDays` working days; the
 * manager's own manager is `boss` unless `managerHasBoss` says otherwise.
 */
function buildWorld(options: {
  dueDays: number | null;
  managerHasBoss?: 'boss' | 'none' | 'requestor';
  /** Level 1 open to every approving Finance Manager instead of the requestor's manager. */
  group?: boolean;
}) {
  return buildDueWorld(app, options);
}
type World = Awaited<ReturnType<typeof buildWorld>>;

async function submit(world: World) {
  const form = chairsForm(world);
  return (await raise(world, world.requestor, form)).id;
}

interface StepRow {
  id: string;
  approver_id: string | null;
  action: string | null;
  comments: string | null;
  created_at: Date;
  due_at: Date | null;
  remind_at: Date | null;
  reminded_at: Date | null;
  escalated_at: Date | null;
  delegated_from_id: string | null;
}

const stepsOf = (requisitionId: string) =>
  query<StepRow>(
    `SELECT id::text, approver_id::text, action, comments, created_at, due_at, remind_at, reminded_at,
            escalated_at, delegated_from_id::text
       FROM approval_steps WHERE requisition_id = $1 ORDER BY created_at, actioned_at NULLS LAST`,
    [requisitionId],
  );

const notificationsOf = (requisitionId: string, kind: string) =>
  query<{ user_id: string; message: string }>(
    `SELECT user_id::text, message FROM notifications WHERE requisition_id = $1 AND kind = $2 ORDER BY user_id`,
    [requisitionId, kind],
  );

const historyOf = (requisitionId: string, action: string) =>
  query<{ actor_id: string | null; metadata: Record<string, unknown> }>(
    `SELECT actor_id::text, metadata FROM audit_logs
      WHERE entity_type = 'requisition' AND entity_id = $1 AND action = $2 ORDER BY created_at`,
    [requisitionId, action],
  );

const decisionMailsTo = async (user: User) =>
  (
    await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM email_outbox
        WHERE lower(to_address) = lower($1) AND subject LIKE 'Awaiting your decision:%'
          AND text_body LIKE '%/email-decision/%'`,
      [user.email],
    )
  )[0]?.n ?? 0;

async function queueOf(world: World, as: Member, search = '') {
  // biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
  return (await pendingPage(world, as, search)).pending_approvals as any[];
}

const requisitionOf = (world: World, id: string) => requisitionDetail(world, world.requestor, id);

describe('due times', () => {
  it('gives a step its level due time in working days, shown in the queue and the timeline', async () => {
    const world = await buildWorld({ dueDays: 2 });
    const id = await submit(world);
    const [step] = await stepsOf(id);
    expect(step?.due_at).not.toBeNull();
    const expected = addWorkingDays(new Date(step?.created_at as Date), 2).getTime();
    // Computed in the API process at opening; created_at is the database's transaction time.
    expect(Math.abs(new Date(step?.due_at as Date).getTime() - expected)).toBeLessThan(5_000);
    expect(new Date(step?.remind_at as Date).getTime()).toBeLessThan(
      new Date(step?.due_at as Date).getTime(),
    );

    const [item] = await queueOf(world, world.manager);
    expect(item).toMatchObject({ due_at: new Date(step?.due_at as Date).toISOString(), overdue: false });
    expect(await queueOf(world, world.manager, '?overdue=true')).toEqual([]);
    const requisition = await requisitionOf(world, id);
    expect(requisition.approval_workflow[0]).toMatchObject({ overdue: false, escalated_at: null });
    expect(requisition.approval_workflow[0].due_at).toBe(item.due_at);
  });

  it('gives none to a level without a due time, and the job leaves it alone', async () => {
    const world = await buildWorld({ dueDays: null });
    const id = await submit(world);
    const [step] = await stepsOf(id);
    expect(step?.due_at).toBeNull();
    await runEscalationPass(db(), new Date(Date.now() + 400 * 24 * HOUR), MAIL);
    const [after] = await stepsOf(id);
    expect(after).toMatchObject({ action: null, reminded_at: null, escalated_at: null });
    expect(await notificationsOf(id, 'reminder')).toEqual([]);
    expect(await notificationsOf(id, 'escalation')).toEqual([]);
  });
});

describe('the reminder', () => {
  it('reminds the holder once, before the due time, and records it', async () => {
    const world = await buildWorld({ dueDays: 2 });
    const id = await submit(world);
    const [step] = await stepsOf(id);
    const remindAt = new Date(step?.remind_at as Date);
    // Not yet.
    await runEscalationPass(db(), new Date(remindAt.getTime() - 60_000), MAIL);
    expect(await notificationsOf(id, 'reminder')).toEqual([]);
    await runEscalationPass(db(), new Date(remindAt.getTime() + 60_000), MAIL);
    await runEscalationPass(db(), new Date(remindAt.getTime() + 120_000), MAIL);
    const reminders = await notificationsOf(id, 'reminder');
    expect(reminders).toEqual([
      { user_id: world.manager.user.id, message: expect.stringMatching(/is due on .* UTC/) },
    ]);
    const history = await historyOf(id, 'remind');
    expect(history).toHaveLength(1);
    expect(history[0]?.actor_id).toBeNull();
    expect(history[0]?.metadata.comment).toMatch(
      /^Reminder sent to .+: due \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );
    const [after] = await stepsOf(id);
    expect(after).toMatchObject({ action: null, escalated_at: null });
    expect(after?.reminded_at).not.toBeNull();
  });
});

describe('escalation', () => {
  it("hands an overdue step to the approver's manager once, with history, notification and mail", async () => {
    const world = await buildWorld({ dueDays: 2 });
    const id = await submit(world);
    const [step] = await stepsOf(id);
    const dueAt = new Date(step?.due_at as Date);
    const mailsBefore = await decisionMailsTo(world.boss.user);
    const later = new Date(dueAt.getTime() + 3 * HOUR);
    await runEscalationPass(db(), later, MAIL);
    await runEscalationPass(db(), new Date(later.getTime() + HOUR), MAIL);

    const steps = await stepsOf(id);
    expect(steps).toHaveLength(2);
    const stamp = dueAt.toISOString().slice(0, 16).replace('T', ' ');
    expect(steps[0]).toMatchObject({
      approver_id: world.manager.user.id,
      action: 'delegate',
      comments: `Escalated to ${world.boss.user.first_name} ${world.boss.user.last_name}: overdue since ${stamp} UTC.`,
    });
    expect(steps[1]).toMatchObject({
      approver_id: world.boss.user.id,
      action: null,
      delegated_from_id: world.manager.user.id,
    });
    expect(new Date(steps[1]?.due_at as Date).getTime()).toBe(dueAt.getTime());
    expect(steps[1]?.escalated_at).not.toBeNull();
    const history = await historyOf(id, 'delegate');
    expect(history).toHaveLength(1);
    expect(history[0]?.metadata).toMatchObject({ escalation: true, delegate_to_user_id: world.boss.user.id });
    expect(await notificationsOf(id, 'escalation')).toEqual([
      {
        user_id: world.boss.user.id,
        message: expect.stringContaining('is overdue and was escalated to you'),
      },
    ]);
    expect((await decisionMailsTo(world.boss.user)) - mailsBefore).toBe(1);
    // The step was past its reminder time too but already overdue: no reminder for it.
    expect(await notificationsOf(id, 'reminder')).toEqual([]);

    // The boss sees it overdue (the real clock is before the due time: make it past).
    await app.sequelize.query(
      `UPDATE approval_steps SET due_at = now() - interval '1 hour', remind_at = now() - interval '2 hours' WHERE requisition_id = $1`,
      {
        bind: [id],
      },
    );
    const overdue = await queueOf(world, world.boss, '?overdue=true');
    expect(overdue.map((item) => [item.requisition.id, item.overdue])).toEqual([[id, true]]);
    expect(await queueOf(world, world.manager)).toEqual([]);
    const requisition = await requisitionOf(world, id);
    // biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
    const open = requisition.approval_workflow.find((s: any) => s.action === null);
    expect(open).toMatchObject({ overdue: true, approver: { id: world.boss.user.id } });
    expect(open.escalated_at).not.toBeNull();
  });

  it('keeps the step and tells the fallback group when the approver has no manager', async () => {
    const world = await buildWorld({ dueDays: 1, managerHasBoss: 'none' });
    const id = await submit(world);
    const [step] = await stepsOf(id);
    const later = new Date(new Date(step?.due_at as Date).getTime() + HOUR);
    await runEscalationPass(db(), later, MAIL);
    await runEscalationPass(db(), new Date(later.getTime() + HOUR), MAIL);
    const steps = await stepsOf(id);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ approver_id: world.manager.user.id, action: null });
    expect(steps[0]?.escalated_at).not.toBeNull();
    expect(await notificationsOf(id, 'escalation')).toEqual([
      { user_id: world.finance.user.id, message: expect.stringContaining('is overdue') },
    ]);
    const history = await historyOf(id, 'escalate');
    expect(history).toHaveLength(1);
    expect(history[0]?.metadata).toMatchObject({ reason: 'no_manager', told_role: 'Finance Manager' });
    expect(history[0]?.metadata.comment).toMatch(
      /^Overdue since .* UTC: no manager to escalate to, the Finance Manager group told\.$/,
    );
    // The system's entries (no actor) keep the history chain intact.
    const verify = await call(app.server, 'GET', `/api/requisitions/${id}/history/verify`, {
      token: world.requestor.token,
      organizationId: world.organization.id,
    });
    expectContract(verify, 'verifyRequisitionHistory');
    expect(body(verify)).toMatchObject({ intact: true });
  });

  it("does not escalate to a manager who is the requisition's requestor (DECISIONS §4)", async () => {
    const world = await buildWorld({ dueDays: 1, managerHasBoss: 'requestor' });
    const id = await submit(world);
    const [step] = await stepsOf(id);
    await runEscalationPass(db(), new Date(new Date(step?.due_at as Date).getTime() + HOUR), MAIL);
    const steps = await stepsOf(id);
    expect(steps).toHaveLength(1);
    expect(steps[0]).toMatchObject({ approver_id: world.manager.user.id, action: null });
    expect((await historyOf(id, 'escalate'))[0]?.metadata).toMatchObject({ reason: 'is_requestor' });
    expect((await notificationsOf(id, 'escalation')).map((n) => n.user_id)).toEqual([world.finance.user.id]);
  });

  it('keeps an overdue group step open to its group and tells the group', async () => {
    const world = await buildWorld({ dueDays: 1, group: true });
    const id = await submit(world);
    const [step] = await stepsOf(id);
    expect(step?.approver_id).toBeNull();
    const remindAt = new Date(step?.remind_at as Date);
    await runEscalationPass(db(), new Date(remindAt.getTime() + 60_000), MAIL);
    expect((await notificationsOf(id, 'reminder')).map((n) => n.user_id)).toEqual([world.finance.user.id]);
    await runEscalationPass(db(), new Date(new Date(step?.due_at as Date).getTime() + HOUR), MAIL);
    const steps = await stepsOf(id);
    expect(steps).toHaveLength(1);
    expect(steps[0]?.escalated_at).not.toBeNull();
    expect((await notificationsOf(id, 'escalation')).map((n) => n.user_id)).toEqual([world.finance.user.id]);
    expect((await historyOf(id, 'escalate'))[0]?.metadata).toMatchObject({ told_role: 'Finance Manager' });
  });
});
