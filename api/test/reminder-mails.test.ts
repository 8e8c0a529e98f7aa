import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { runEscalationPass } from '../src/features/approvals/escalation-job.js';
import { chairsForm, mailsTo as mailsOf, raise, setNotificationKinds } from './support/approval-calls.js';
import {
  buildDueWorld,
  HOUR,
  MAIL,
  type Member,
  PUBLIC_URL,
  select,
  useTestApp,
} from './support/approval-world.js';

/**
 * The mails of the reminder and escalation job (issue 15 items 1 and 5, docs/decisions.md "A mail for
 * every kind"): a reminder mails the holder, or each eligible member of the group, "due on <date>"
 * with the link to the review; an escalation to a manager keeps its one decision mail; one that stays
 * mails the group told. Each only to who keeps the kind by email.
 */

const app = useTestApp({ publicUrl: PUBLIC_URL });
const db = () => ({ sequelize: app.sequelize });

/** Level 1 due in one working day: the requestor's manager (whose manager is `boss` unless not), or the Finance Manager group. */
async function buildWorld(options: { group?: boolean; boss?: boolean } = {}) {
  const managerHasBoss = options.boss === false ? 'none' : 'boss';
  const world = await buildDueWorld(app, {
    dueDays: 1,
    managerHasBoss,
    group: options.group,
    secondFinance: true,
  });
  return { ...world, finance2: world.finance2 as Member };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

async function submit(world: World) {
  const form = chairsForm(world);
  const requisition = await raise(world, world.requestor, form);
  const [step] = await select<{ remind_at: Date; due_at: Date }>(
    app,
    `SELECT remind_at, due_at FROM approval_steps WHERE requisition_id = $1`,
    [requisition.id],
  );
  return {
    ...requisition,
    remindAt: new Date(step?.remind_at as Date),
    dueAt: new Date(step?.due_at as Date),
  };
}

const mailsTo = (who: Member) => mailsOf(app, who.user);

const emailOff = (world: World, who: Member, kind: string) =>
  setNotificationKinds(world, who, { [kind]: { in_app: true, email: false } });

const stamp = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ');

describe('the reminder mail', () => {
  it('mails the holder once: due on <date>, with the link to the review', async () => {
    const world = await buildWorld();
    const requisition = await submit(world);
    const before = (await mailsTo(world.manager)).length;
    await runEscalationPass(db(), new Date(requisition.remindAt.getTime() + 60_000), MAIL);
    await runEscalationPass(db(), new Date(requisition.remindAt.getTime() + 120_000), MAIL);
    const mails = (await mailsTo(world.manager)).slice(before);
    expect(mails.map((mail) => mail.subject)).toEqual([`Reminder: ${requisition.requisition_number} is due`]);
    expect(mails[0]?.text_body).toContain(`is due on ${stamp(requisition.dueAt)} UTC (Manager Approval).`);
    expect(mails[0]?.text_body).toContain(`${PUBLIC_URL}/approvals/${requisition.id}`);
    expect(mails[0]?.html_body).toContain(`href="${PUBLIC_URL}/approvals/${requisition.id}"`);
    // Nobody else is mailed a reminder.
    for (const other of [world.boss, world.finance, world.requestor]) {
      expect((await mailsTo(other)).filter((mail) => mail.subject.startsWith('Reminder'))).toEqual([]);
    }
  });

  it('mails each eligible member of a group step, except one who turned reminder mails off', async () => {
    const world = await buildWorld({ group: true });
    await emailOff(world, world.finance2, 'reminder');
    const requisition = await submit(world);
    await runEscalationPass(db(), new Date(requisition.remindAt.getTime() + 60_000), MAIL);
    const reminders = async (who: Member) =>
      (await mailsTo(who)).filter((mail) => mail.subject.startsWith('Reminder')).length;
    expect(await reminders(world.finance)).toBe(1);
    expect(await reminders(world.finance2)).toBe(0);
    const [bell] = await app.sequelize.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM notifications WHERE requisition_id = $1 AND kind = 'reminder'`,
      { bind: [requisition.id], type: QueryTypes.SELECT },
    );
    expect(bell?.n).toBe(2);
  });

  it('sends nothing without the configured links', async () => {
    const world = await buildWorld();
    const requisition = await submit(world);
    const before = (await mailsTo(world.manager)).length;
    await runEscalationPass(db(), new Date(requisition.remindAt.getTime() + 60_000));
    expect((await mailsTo(world.manager)).length).toBe(before);
  });
});

describe('the escalation mails', () => {
  it("to the manager: the decision mail only, no plain 'Overdue' mail besides", async () => {
    const world = await buildWorld();
    const requisition = await submit(world);
    await runEscalationPass(db(), new Date(requisition.dueAt.getTime() + HOUR), MAIL);
    expect((await mailsTo(world.boss)).map((mail) => mail.subject)).toEqual([
      `Awaiting your decision: ${requisition.requisition_number}`,
    ]);
  });

  it('staying with its holder: the group told is mailed, with the link to the requisition; email off mails none', async () => {
    const world = await buildWorld({ boss: false });
    await emailOff(world, world.finance2, 'escalation');
    const requisition = await submit(world);
    await runEscalationPass(db(), new Date(requisition.dueAt.getTime() + HOUR), MAIL);
    const mails = await mailsTo(world.finance);
    expect(mails.map((mail) => mail.subject)).toEqual([`Overdue: ${requisition.requisition_number}`]);
    expect(mails[0]?.text_body).toContain('is overdue (Manager Approval, waiting for');
    expect(mails[0]?.text_body).toContain(`${PUBLIC_URL}/requisitions/${requisition.id}`);
    expect(await mailsTo(world.finance2)).toEqual([]);
  });
});
