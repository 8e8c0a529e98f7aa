import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization, User } from '../src/db/models/index.js';
import { runEscalationPass } from '../src/features/approvals/escalation-job.js';
import { accessTokenFor, call, createTestApp, expectContract } from './app.js';
import {
  buildCostCenter,
  buildDepartment,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildUser,
} from './factories.js';

/**
 * Awaiting notifications settle (issue 15 items 1, 4, 5, 6; docs/decisions.md "Awaiting notifications
 * settle"): once someone can no longer act on a requisition's step (it was decided, delegated away,
 * moved out of office or escalated, or their committee seat closed), their "awaiting your decision"
 * notifications are no longer unread; a delegation inside a committee asks only the delegate.
 */

const app = await createTestApp({ publicUrl: 'https://purchasing.example.test' });
afterAll(async () => {
  await app.close();
});

const body = (response: ServerInjectResponse) => JSON.parse(response.payload);

interface Member {
  user: User;
  token: string;
}

let organization: Organization;
let admin: Member;
let manager: Member;
let outsider: Member;
let requestor: Member;
let finance: Member[];
let board: Member[];
let costCenterId: string;
let glAccountId: string;

async function member(roleName: string, extra: Partial<Parameters<typeof buildMembership>[1]> = {}) {
  const user = await buildUser(app.models);
  await buildMembership(app.models, { user, organization, roleName, ...extra });
  return { user, token: await accessTokenFor(app.server, user) };
}

beforeAll(async () => {
  organization = await buildOrganization(app.models);
  costCenterId = (await buildCostCenter(app.models, organization)).id;
  glAccountId = (await buildGlAccount(app.models, organization)).id;
  admin = await member('Admin');
  const boss = await member('General Manager');
  manager = await member('Manager', { manager: boss.user });
  outsider = await member('Manager');
  const department = await buildDepartment(app.models, organization, {});
  requestor = await member('User', { manager: manager.user, department });
  finance = [await member('Finance Manager'), await member('Finance Manager')];
  board = [await member('General Manager'), await member('General Manager'), await member('General Manager')];
  const saved = await call(app.server, 'PUT', `/api/organizations/${organization.id}/approval-policy`, {
    token: admin.token,
    organizationId: organization.id,
    payload: {
      version: 1,
      policy: {
        auto_approve_below: 0,
        fallback_approver_roles: ['Super Admin'],
        levels: [
          { level: 1, title: 'Manager Approval', min_total: 0, approver: 'manager', due_in_working_days: 1 },
          {
            level: 2,
            title: 'Board Approval',
            min_total: 0,
            approver: 'users',
            user_ids: board.map((b) => b.user.id),
            required_approvals: 2,
          },
          {
            level: 3,
            title: 'Finance Approval',
            min_total: 0,
            approver: 'role',
            role_name: 'Finance Manager',
          },
        ],
      },
    },
  });
  expect(saved.statusCode, saved.payload).toBe(200);
});

async function submitted(): Promise<string> {
  const response = await call(app.server, 'POST', '/api/requisitions', {
    token: requestor.token,
    organizationId: organization.id,
    payload: {
      cost_center_id: costCenterId,
      gl_account_id: glAccountId,
      justification: 'Board chairs',
      line_items: [{ description: 'Chair', quantity: 1, unit_price: 900, unit_of_measure: 'each' }],
      submit: true,
    },
  });
  expect(response.statusCode, response.payload).toBe(201);
  return body(response).requisition.id;
}

const PATHS = { approve: 'approve', reject: 'reject', request_info: 'request-info', delegate: 'delegate' };

async function act(as: Member, id: string, action: keyof typeof PATHS, extra: Record<string, unknown> = {}) {
  const response = await call(app.server, 'POST', `/api/approvals/${id}/${PATHS[action]}`, {
    token: as.token,
    organizationId: organization.id,
    payload: { action, ...extra },
  });
  expect(response.statusCode, response.payload).toBe(200);
  return body(response).requisition;
}

/** `as`'s notifications about requisition `id`: `kind:read|unread`, oldest first. */
async function about(as: Member, id: string): Promise<string[]> {
  const response = await call(app.server, 'GET', '/api/notifications?limit=100', {
    token: as.token,
    organizationId: organization.id,
  });
  expectContract(response, 'listNotifications');
  return (
    body(response)
      // biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
      .notifications.filter((n: any) => n.requisition_id === id)
      // biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
      .map((n: any) => `${n.kind}:${n.read_at ? 'read' : 'unread'}`)
      .reverse()
  );
}

/** How many "awaiting your decision" mails `as` has been sent about requisition `id`. */
async function decisionMails(as: Member, id: string): Promise<number> {
  const [row] = await app.sequelize.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM email_outbox o JOIN requisitions r ON r.id = $2
      WHERE lower(o.to_address) = lower($1) AND o.subject = 'Awaiting your decision: ' || r.requisition_number`,
    { bind: [as.user.email, id], type: QueryTypes.SELECT },
  );
  return row?.n ?? 0;
}

/** Through the manager's level to the board's seats. */
async function atBoard(): Promise<string> {
  const id = await submitted();
  await act(manager, id, 'approve');
  return id;
}

describe('awaiting notifications settle', () => {
  it('marks read the deciding person’s own, and a decided group step’s for every member', async () => {
    const id = await atBoard();
    expect(await about(manager, id)).toEqual(['approval_requested:read']);
    await act(board[0]!, id, 'approve');
    await act(board[1]!, id, 'approve');
    expect(await about(finance[0]!, id)).toEqual(['approval_requested:unread']);
    expect(await about(finance[1]!, id)).toEqual(['approval_requested:unread']);
    await act(finance[0]!, id, 'approve');
    // The group colleague can no longer act: the level was decided.
    expect(await about(finance[0]!, id)).toEqual(['approval_requested:read']);
    expect(await about(finance[1]!, id)).toEqual(['approval_requested:read']);
  });

  it('keeps the other members’ while the committee waits, and settles a closed seat’s', async () => {
    const id = await atBoard();
    await act(board[0]!, id, 'approve');
    expect(await about(board[0]!, id)).toEqual(['approval_requested:read']);
    expect(await about(board[1]!, id)).toEqual(['approval_requested:unread']);
    expect(await about(board[2]!, id)).toEqual(['approval_requested:unread']);
    await act(board[1]!, id, 'approve');
    // Board member 3's seat closed with the level: not "awaiting" any more.
    expect(await about(board[2]!, id)).toEqual(['approval_requested:read']);
  });

  it('settles every waiting member’s when one rejection rejects', async () => {
    const id = await atBoard();
    await act(board[2]!, id, 'reject', { comments: 'Not this year.' });
    for (const b of board) expect(await about(b, id)).toEqual(['approval_requested:read']);
  });

  it('settles the delegator’s of a person step delegated away', async () => {
    const id = await submitted();
    await act(manager, id, 'delegate', { delegate_to_user_id: outsider.user.id });
    expect(await about(manager, id)).toEqual(['approval_requested:read']);
    expect(await about(outsider, id)).toEqual(['step_delegated:unread']);
  });

  it('settles the absent approver’s when their open step moves out of office', async () => {
    const id = await submitted();
    const set = await call(app.server, 'POST', '/api/users/me/absences', {
      token: manager.token,
      organizationId: organization.id,
      payload: {
        starts_at: new Date(Date.now() - 60_000).toISOString(),
        ends_at: new Date(Date.now() + 3_600_000).toISOString(),
        delegate_user_id: outsider.user.id,
      },
    });
    expect(set.statusCode, set.payload).toBe(201);
    expect(await about(manager, id)).toEqual(['approval_requested:read']);
    expect(await about(outsider, id)).toEqual(['approval_requested:unread']);
    const cancelled = await call(app.server, 'DELETE', `/api/users/me/absences/${body(set).absence.id}`, {
      token: manager.token,
      organizationId: organization.id,
    });
    expect(cancelled.statusCode, cancelled.payload).toBeLessThan(300);
    // Back with the manager: the delegate's is settled, the manager is asked again.
    expect(await about(outsider, id)).toEqual(['approval_requested:read']);
    expect((await about(manager, id)).at(-1)).toBe('approval_requested:unread');
  });

  it('settles the overdue approver’s when the step is escalated to their manager', async () => {
    const id = await submitted();
    await app.sequelize.query(
      `UPDATE approval_steps SET due_at = now() - interval '1 hour', remind_at = now() - interval '2 hours',
              reminded_at = now() - interval '2 hours'
        WHERE requisition_id = $1 AND action IS NULL`,
      { bind: [id] },
    );
    await runEscalationPass({ sequelize: app.sequelize }, new Date());
    expect(await about(manager, id)).toEqual(['approval_requested:read']);
  });
});

describe('a delegation inside a committee', () => {
  it('asks only the delegate (bell and mail), not the other waiting members', async () => {
    const id = await atBoard();
    const bells = await Promise.all(board.map((b) => about(b, id)));
    const mails = await Promise.all(board.map((b) => decisionMails(b, id)));
    expect(mails).toEqual([1, 1, 1]);
    await act(board[0]!, id, 'delegate', { delegate_to_user_id: outsider.user.id });
    expect(await about(outsider, id)).toEqual(['step_delegated:unread']);
    expect(await decisionMails(outsider, id)).toBe(1);
    expect(await about(board[0]!, id)).toEqual(['approval_requested:read']);
    expect(await about(board[1]!, id)).toEqual(bells[1]);
    expect(await about(board[2]!, id)).toEqual(bells[2]);
    expect(await decisionMails(board[1]!, id)).toBe(1);
    expect(await decisionMails(board[2]!, id)).toBe(1);
  });

  it('offers a member only people outside the committee as delegates', async () => {
    const id = await atBoard();
    const response = await call(app.server, 'GET', `/api/approvals/${id}/delegates`, {
      token: board[0]!.token,
      organizationId: organization.id,
    });
    expectContract(response, 'listDelegateCandidates');
    const offered: string[] = body(response).users.map((u: { id: string }) => u.id);
    expect(offered).toContain(outsider.user.id);
    for (const b of board) expect(offered).not.toContain(b.user.id);
    // Everyone offered is accepted.
    await act(board[0]!, id, 'delegate', { delegate_to_user_id: offered[0] });
  });
});
