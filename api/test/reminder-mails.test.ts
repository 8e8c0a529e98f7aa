import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../src/db/models/index.js';
import { runEscalationPass } from '../src/features/approvals/escalation-job.js';
import { accessTokenFor, call, createTestApp } from './app.js';
import {
  buildCostCenter,
  buildDepartment,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildUser,
} from './factories.js';

/**
 * The mails of the reminder and escalation job (issue 15 items 1 and 5, docs/decisions.md "A mail for
 * every kind"): a reminder mails the holder, or each eligible member of the group, "due on <date>"
 * with the link to the review; an escalation to a manager keeps its one decision mail; one that stays
 * mails the group told. Each only to who keeps the kind by email.
 */

const PUBLIC_URL = 'https://purchasing.example';
const MAIL = { linkBase: PUBLIC_URL, validHours: 72 };
const HOUR = 3_600_000;
let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await app.close();
});

const body = (response: ServerInjectResponse) => JSON.parse(response.payload);
const db = () => ({ sequelize: app.sequelize });

interface Member {
  user: User;
  token: string;
}

/** Level 1 due in one working day: the requestor's manager (whose manager is `boss` unless not), or the Finance Manager group. */
async function buildWorld(options: { group?: boolean; boss?: boolean } = {}) {
  const organization = await buildOrganization(app.models);
  const costCenter = await buildCostCenter(app.models, organization);
  const glAccount = await buildGlAccount(app.models, organization);
  const member = async (roleName: string, manager?: User | null): Promise<Member> => {
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization, roleName, manager: manager ?? null });
    return { user, token: await accessTokenFor(app.server, user) };
  };
  const admin = await member('Admin');
  const head = await member('Department Head');
  await buildDepartment(app.models, organization, { department_head_id: head.user.id });
  const boss = await member('Manager');
  const finance = await member('Finance Manager');
  const finance2 = await member('Finance Manager');
  const manager = await member('Manager', options.boss === false ? null : boss.user);
  const requestor = await member('User', manager.user);
  const url = `/api/organizations/${organization.id}/approval-policy`;
  const current = await call(app.server, 'GET', url, { token: admin.token, organizationId: organization.id });
  const saved = await call(app.server, 'PUT', url, {
    token: admin.token,
    organizationId: organization.id,
    payload: {
      version: body(current).approval_policy.version,
      policy: {
        auto_approve_below: 0,
        fallback_approver_roles: ['Finance Manager'],
        levels: [
          {
            level: 1,
            min_total: 0,
            due_in_working_days: 1,
            ...(options.group
              ? { title: 'Finance Approval', approver: 'role', role_name: 'Finance Manager' }
              : { title: 'Manager Approval', approver: 'manager' }),
          },
        ],
      },
    },
  });
  expect(saved.statusCode, saved.payload).toBe(200);
  return { organization, costCenter, glAccount, boss, finance, finance2, manager, requestor };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

async function submit(world: World) {
  const response = await call(app.server, 'POST', '/api/requisitions', {
    token: world.requestor.token,
    organizationId: world.organization.id,
    payload: {
      cost_center_id: world.costCenter.id,
      gl_account_id: world.glAccount.id,
      justification: 'Chairs',
      line_items: [{ description: 'Chair', quantity: 2, unit_price: 120, unit_of_measure: 'each' }],
      submit: true,
    },
  });
  expect(response.statusCode, response.payload).toBe(201);
  const requisition = body(response).requisition as { id: string; requisition_number: string };
  const [step] = await app.sequelize.query<{ remind_at: Date; due_at: Date }>(
    `SELECT remind_at, due_at FROM approval_steps WHERE requisition_id = $1`,
    { bind: [requisition.id], type: QueryTypes.SELECT },
  );
  return {
    ...requisition,
    remindAt: new Date(step?.remind_at as Date),
    dueAt: new Date(step?.due_at as Date),
  };
}

const mailsTo = (who: Member) =>
  app.sequelize.query<{ subject: string; text_body: string; html_body: string }>(
    `SELECT subject, text_body, html_body FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY created_at, id`,
    { bind: [who.user.email], type: QueryTypes.SELECT },
  );

async function emailOff(world: World, who: Member, kind: string) {
  const current = body(
    await call(app.server, 'GET', '/api/users/me/notification-preferences', {
      token: who.token,
      organizationId: world.organization.id,
    }),
  );
  const saved = await call(app.server, 'PUT', '/api/users/me/notification-preferences', {
    token: who.token,
    organizationId: world.organization.id,
    payload: { kinds: { ...current.kinds, [kind]: { in_app: true, email: false } }, daily_digest: false },
  });
  expect(saved.statusCode, saved.payload).toBe(200);
}

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
