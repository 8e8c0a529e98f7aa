import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../src/db/models/index.js';
import { runEscalationPass } from '../src/features/approvals/escalation-job.js';
import { call, expectContract } from './app.js';
import { buildDepartment } from './factories.js';
import {
  decide,
  openSteps,
  pendingCount as pendingCountOf,
  pendingIds as pendingIdsOf,
  raise,
  requisitionDetail,
  requisitionForm,
  unreadCount,
} from './support/approval-calls.js';
import {
  boardPolicy,
  body,
  buildOrganizationWorld,
  type Member,
  type OrganizationWorld,
  saveApprovalPolicy,
  useTestApp,
} from './support/approval-world.js';

/** Committees (N of M, issue 15 item 6): 2 of 3 named users approve a level; one rejection rejects. */

const app = useTestApp();

let world: OrganizationWorld;
let organization: Organization;
let admin: Member;
let manager: Member;
let requestor: Member;
let finance: Member;
let board: Member[];
let costCenterId: string;
let glAccountId: string;

const policy = () => boardPolicy(board, 2);

beforeAll(async () => {
  world = await buildOrganizationWorld(app);
  ({ organization } = world);
  costCenterId = world.costCenter.id;
  glAccountId = world.glAccount.id;
  admin = await world.member('Admin');
  manager = await world.member('Manager');
  const department = await buildDepartment(app.models, organization, {});
  requestor = await world.member('User', { manager: manager.user, department });
  finance = await world.member('Finance Manager');
  board = [
    await world.member('General Manager'),
    await world.member('General Manager'),
    await world.member('General Manager'),
  ];
  expectContract(await saveApprovalPolicy(world, admin, policy()), 'updateApprovalPolicy');
});

async function submitted(total = 1000) {
  const line = { description: 'Server', unit_price: total };
  return raise(world, requestor, requisitionForm(world, `Board purchase ${total}`, line, { submit: true }));
}

const detail = (id: string) => requisitionDetail(world, admin, id);

const act = (as: Member, id: string, action: 'approve' | 'reject' | 'request_info', comments?: string) =>
  decide(world, as, id, action, comments ? { comments } : {});

const pendingIds = (as: Member) => pendingIdsOf(world, as);

/** The caller's maintained "pending approvals" counter (organisation summary). */
const pendingCount = (as: Member) => pendingCountOf(world, as);

/** The caller's unread notifications (the bell). */
const unread = (as: Member) => unreadCount(world, as);

describe('a committee level (2 of 3)', () => {
  it('opens a step to every member: each one’s queue, counter and bell show it', async () => {
    const before = await Promise.all(board.map(unread));
    const counts = await Promise.all(board.map(pendingCount));
    const requisition = await submitted();
    expect(await Promise.all(board.map(unread))).toEqual(before.map((n) => n + 1));
    expect(await Promise.all(board.map(pendingCount))).toEqual(counts.map((n) => n + 1));
    const open = openSteps(await detail(requisition.id));
    expect(open.map((s: { approver: { id: string } }) => s.approver.id).sort()).toEqual(
      board.map((b) => b.user.id).sort(),
    );
    expect(open.every((s: { required_approvals: number }) => s.required_approvals === 2)).toBe(true);
    // Seats open in one statement (one creation time, random ids): those waiting are listed by name.
    const names = open.map(
      (s: { approver: { first_name: string; last_name: string } }) =>
        `${s.approver.first_name} ${s.approver.last_name}`,
    );
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    for (const b of board) expect(JSON.stringify(await pendingIds(b))).toContain(requisition.id);
  });

  it('waits after one approval, refuses the same member twice with 409, and opens the next level after two', async () => {
    const { id } = await submitted();
    const first = await act(board[0]!, id, 'approve');
    expectContract(first, 'approveRequisition');
    expect(first.statusCode, first.payload).toBe(200);
    expect(body(first).requisition.status).toBe('under_review');
    expect(openSteps(body(first).requisition)).toHaveLength(2);

    const again = await act(board[0]!, id, 'approve');
    expect(again.statusCode, again.payload).toBe(409);

    const second = await act(board[1]!, id, 'approve');
    expect(second.statusCode, second.payload).toBe(200);
    const after = body(second).requisition;
    expect(after.status).toBe('under_review');
    expect(openSteps(after)).toEqual([
      expect.objectContaining({
        approval_level: 2,
        approver_group: 'Finance Manager',
        required_approvals: null,
      }),
    ]);
    // The third member's seat is closed with the level (not listed); the two approvals stay in the history.
    const level1 = after.approval_workflow.filter((s: { approval_level: number }) => s.approval_level === 1);
    expect(
      level1.map((s: { approver: { id: string }; action: string }) => [s.approver.id, s.action]),
    ).toEqual([
      [board[0]!.user.id, 'approve'],
      [board[1]!.user.id, 'approve'],
    ]);
    expect(JSON.stringify(await pendingIds(board[2]!))).not.toContain(id);
    expect(JSON.stringify(await pendingIds(board[0]!))).not.toContain(id);
    // The third member's seat was closed: they are told what the committee decided (409).
    const late = await act(board[2]!, id, 'approve');
    expect(late.statusCode, late.payload).toBe(409);
    expect(body(late).message).toMatch(/^This committee has already decided: approved by .+ and .+ on /);

    const done = await act(finance, id, 'approve');
    expect(done.statusCode, done.payload).toBe(200);
    expect(body(done).requisition.status).toBe('approved');
  });

  it('is rejected by one member (with a comment), closing the other members’ steps', async () => {
    const { id } = await submitted();
    expect((await act(board[0]!, id, 'approve')).statusCode).toBe(200);
    const noComment = await act(board[1]!, id, 'reject');
    expect(noComment.statusCode).toBe(400);
    expect(body(noComment).details).toEqual([expect.objectContaining({ field: 'comments' })]);
    const rejected = await act(board[1]!, id, 'reject', 'Not this year');
    expect(rejected.statusCode, rejected.payload).toBe(200);
    expect(body(rejected).requisition.status).toBe('rejected');
    expect(openSteps(body(rejected).requisition)).toEqual([]);
    expect((await act(board[2]!, id, 'approve')).statusCode).toBe(409);
  });

  it('lets a member delegate to someone outside the committee only; the delegate counts as a member', async () => {
    const { id } = await submitted();
    const delegate = (to: Member) =>
      call(app.server, 'POST', `/api/approvals/${id}/delegate`, {
        token: board[0]!.token,
        organizationId: organization.id,
        payload: { action: 'delegate', delegate_to_user_id: to.user.id },
      });
    const toMember = await delegate(board[1]!);
    expect(toMember.statusCode, toMember.payload).toBe(400);
    expect(body(toMember).details).toEqual([expect.objectContaining({ field: 'delegate_to_user_id' })]);
    const toManager = await delegate(manager);
    expect(toManager.statusCode, toManager.payload).toBe(200);
    expect(openSteps(body(toManager).requisition)).toContainEqual(
      expect.objectContaining({
        approver: expect.objectContaining({ id: manager.user.id }),
        required_approvals: 2,
      }),
    );
    expect((await act(manager, id, 'approve')).statusCode).toBe(200);
    const second = await act(board[2]!, id, 'approve');
    expect(openSteps(body(second).requisition)).toEqual([expect.objectContaining({ approval_level: 2 })]);
  });

  it('counts two members approving at once exactly once each, and opens the next level once', async () => {
    for (let run = 0; run < 3; run++) {
      const { id } = await submitted();
      const answers = await Promise.all([act(board[0]!, id, 'approve'), act(board[2]!, id, 'approve')]);
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
      const after = await detail(id);
      expect(openSteps(after)).toEqual([expect.objectContaining({ approval_level: 2 })]);
      const approvals = after.approval_workflow.filter(
        (s: { approval_level: number; action: string }) => s.approval_level === 1 && s.action === 'approve',
      );
      expect(approvals).toHaveLength(2);
      const audits = await app.sequelize.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_logs WHERE entity_id = :id AND action = 'approve'`,
        { replacements: { id }, type: QueryTypes.SELECT },
      );
      expect(audits[0]?.n).toBe(2);
    }
  });

  it('passes the level with its reason when fewer members than needed may decide', async () => {
    // A board member raises it: two members remain, enough; with one of them inactive, too few.
    const saved = await call(app.server, 'GET', `/api/organizations/${organization.id}/approval-policy`, {
      token: admin.token,
      organizationId: organization.id,
    });
    const version = body(saved).approval_policy.version;
    const three = { ...policy() };
    three.levels[0] = { ...three.levels[0]!, required_approvals: 3 } as (typeof three.levels)[0];
    const update = await call(app.server, 'PUT', `/api/organizations/${organization.id}/approval-policy`, {
      token: admin.token,
      organizationId: organization.id,
      payload: { version, policy: three },
    });
    expect(update.statusCode, update.payload).toBe(200);
    const raised = await call(app.server, 'POST', '/api/requisitions', {
      token: board[0]!.token,
      organizationId: organization.id,
      payload: {
        cost_center_id: costCenterId,
        gl_account_id: glAccountId,
        justification: 'Board member purchase',
        line_items: [{ description: 'Chair', quantity: 1, unit_price: 100, unit_of_measure: 'each' }],
        submit: true,
      },
    });
    expect(raised.statusCode, raised.payload).toBe(201);
    const after = await detail(body(raised).requisition.id);
    expect(after.approval_workflow[0]).toMatchObject({
      approval_level: 1,
      action: 'auto_approve',
      comments: expect.stringContaining('fewer committee members'),
    });
    expect(openSteps(after)).toEqual([expect.objectContaining({ approval_level: 2 })]);
  });
});

describe('an overdue committee level', () => {
  it('keeps every seat with its member (escalation never moves one) and records the escalation', async () => {
    // A seat's member with a manager who could approve: an ordinary step would go to that manager.
    await app.models.UserOrganization.update(
      { manager_id: manager.user.id },
      { where: { organization_id: organization.id, user_id: board[0]!.user.id } },
    );
    try {
      const { id } = await submitted(1300);
      await app.sequelize.query(
        `UPDATE approval_steps SET due_at = now() - interval '1 hour', remind_at = now() - interval '2 hours'
          WHERE requisition_id = $1 AND action IS NULL`,
        { bind: [id] },
      );
      const report = await runEscalationPass({ sequelize: app.sequelize }, new Date());
      expect(report.toManager).toBe(0);
      const seats = openSteps(await detail(id));
      expect(seats.map((s: { approver: { id: string } }) => s.approver.id).sort()).toEqual(
        board.map((b) => b.user.id).sort(),
      );
      expect(await pendingIds(manager)).not.toContain(id);
      const entries = await app.sequelize.query<{ action: string; reason: string | null }>(
        `SELECT action, metadata->>'reason' AS reason FROM audit_logs
          WHERE entity_id = $1 AND action = 'escalate'`,
        { bind: [id], type: QueryTypes.SELECT },
      );
      expect(entries.map((e) => e.reason)).toEqual(['committee_seat', 'committee_seat', 'committee_seat']);
    } finally {
      await app.models.UserOrganization.update(
        { manager_id: null },
        { where: { organization_id: organization.id, user_id: board[0]!.user.id } },
      );
    }
  });
});
