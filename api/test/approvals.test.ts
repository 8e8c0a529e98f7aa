import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import { REFUSAL_MESSAGES } from '../src/domain/approval-routing.js';
import { call, expectContract } from './app.js';
import { buildMembership, buildOrganization } from './factories.js';
import { decide, openStep, pendingPage, raise, requisitionForm } from './support/approval-calls.js';
import {
  body,
  buildApprovalChain,
  buildOrganizationWorld,
  type Member,
  useTestApp,
} from './support/approval-world.js';

// Every change these tests made kept the maintained counters exact (issue 12).
const app = useTestApp({}, { countersExact: true });

/**
 * An organisation with a department headed by `head`; `requestor` and `colleague` (Users managed
 * by `manager`), `manager` and `otherManager` (Managers), two Finance Managers.
 */
async function buildWorld() {
  const world = await buildOrganizationWorld(app);
  const chain = await buildApprovalChain(world);
  const otherManager = await world.member('Manager');
  const colleague = await world.member('User', { manager: chain.manager.user, department: chain.department });
  const finance = await world.member('Finance Manager');
  const finance2 = await world.member('Finance Manager');
  return { ...world, ...chain, otherManager, colleague, finance, finance2 };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

/** A requisition of `total` raised and submitted by `as` (default the requestor). */
function submitted(world: World, total: number, as: Member = world.requestor) {
  const line = { description: 'Laptop', unit_price: total };
  return raise(world, as, requisitionForm(world, `Laptops for the team ${total}`, line, { submit: true }));
}

/** Sends an approval action as `as` and checks the answer against the contract. */
const act = decide;

const pending = (world: World, as: Member, query = '') => pendingPage(world, as, query);

describe('approving', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('opens the Department Head level when the manager approves a 6,000 requisition', async () => {
    const requisition = await submitted(world, 6000);
    const response = await act(world, world.manager, requisition.id, 'approve', { comments: 'Fine' });
    expect(response.statusCode, response.payload).toBe(200);
    const detail = body(response).requisition;
    expect(detail.status).toBe('under_review');
    expect(detail.approval_workflow[0]).toMatchObject({
      approval_level: 1,
      action: 'approve',
      comments: 'Fine',
      approver: { id: world.manager.user.id },
    });
    expect(openStep(detail)).toMatchObject({
      approval_level: 2,
      level_title: 'Department Head Approval',
      approver: { id: world.head.user.id },
    });

    const queue = await pending(world, world.head);
    expect(queue.pending_approvals).toHaveLength(1);
    expect(queue.pending_approvals[0]).toMatchObject({
      approval_level: 2,
      level_title: 'Department Head Approval',
      action: null,
      requisition: { id: requisition.id, status: 'under_review' },
    });
    expect((await pending(world, world.head, '?level=1')).pending_approvals).toHaveLength(0);
    expect((await pending(world, world.head, '?level=2&level=3')).pending_approvals).toHaveLength(1);
    expect((await pending(world, world.manager)).pending_approvals).toHaveLength(0);

    const completed = await pending(world, world.manager, '?status=Completed');
    expect(completed.pending_approvals).toHaveLength(1);
    expect(completed.pending_approvals[0]).toMatchObject({
      approval_level: 1,
      level_title: 'Manager Approval',
      action: 'approve',
      requisition: { id: requisition.id },
    });
    const history = await call(app.server, 'GET', '/api/approvals/history', {
      token: world.manager.token,
      organizationId: world.organization.id,
    });
    expectContract(history, 'listApprovalHistory');
    expect(body(history).approvals.map((a: { id: string }) => a.id)).toEqual([
      completed.pending_approvals[0].id,
    ]);
    expect(body(history).pagination).toMatchObject({ limit: 10, offset: 0, total: 1 });
  });

  it('climbs manager, head (delegated once) and the Finance Manager group to approved for 30,000', async () => {
    const requisition = await submitted(world, 30000);
    expect((await act(world, world.manager, requisition.id, 'approve')).statusCode).toBe(200);

    const delegated = await act(world, world.head, requisition.id, 'delegate', {
      delegate_to_user_id: world.otherManager.user.id,
      comments: 'On leave',
    });
    expect(delegated.statusCode, delegated.payload).toBe(200);
    expect(openStep(body(delegated).requisition)).toMatchObject({
      approval_level: 2,
      approver: { id: world.otherManager.user.id },
      delegated_from: { id: world.head.user.id },
    });
    // The head's step is closed: acting again is a conflict.
    expect((await act(world, world.head, requisition.id, 'approve')).statusCode).toBe(409);

    expect((await act(world, world.otherManager, requisition.id, 'approve')).statusCode).toBe(200);
    const financeQueue = await pending(world, world.finance2, '?level=3');
    expect(
      financeQueue.pending_approvals.map((p: { requisition: { id: string } }) => p.requisition.id),
    ).toEqual([requisition.id]);
    const detail = body(
      await call(app.server, 'GET', `/api/requisitions/${requisition.id}`, {
        token: world.finance.token,
        organizationId: world.organization.id,
      }),
    ).requisition;
    expect(openStep(detail)).toMatchObject({
      approval_level: 3,
      approver: null,
      approver_group: 'Finance Manager',
    });

    const done = await act(world, world.finance, requisition.id, 'approve');
    expect(done.statusCode, done.payload).toBe(200);
    const approved = body(done).requisition;
    expect(approved.status).toBe('approved');
    expect(approved.approved_at).not.toBeNull();
    expect(openStep(approved)).toBeUndefined();
    expect(
      approved.approval_workflow.map((s: { approval_level: number; action: string }) => [
        s.approval_level,
        s.action,
      ]),
    ).toEqual([
      [1, 'approve'],
      [2, 'delegate'],
      [2, 'approve'],
      [3, 'approve'],
    ]);
    expect(approved.approval_workflow[3].approver.id).toBe(world.finance.user.id);

    const audit = await app.sequelize.query<{ action: string; from_status: string; to_status: string }>(
      `SELECT action, from_status, to_status FROM audit_logs
        WHERE entity_type = 'requisition' AND entity_id = $1 ORDER BY created_at`,
      { bind: [requisition.id], type: QueryTypes.SELECT },
    );
    expect(audit.map((a) => [a.action, a.from_status, a.to_status])).toEqual([
      ['create', null, 'draft'],
      ['submit', 'draft', 'under_review'],
      ['approve', 'under_review', 'under_review'],
      ['delegate', 'under_review', 'under_review'],
      ['approve', 'under_review', 'under_review'],
      ['approve', 'under_review', 'approved'],
    ]);
  });

  it('lets exactly one of two Finance Managers approving one group step at once succeed', async () => {
    const requisition = await submitted(world, 30000);
    expect((await act(world, world.manager, requisition.id, 'approve')).statusCode).toBe(200);
    expect((await act(world, world.head, requisition.id, 'approve')).statusCode).toBe(200);
    const responses = await Promise.all([
      act(world, world.finance, requisition.id, 'approve'),
      act(world, world.finance2, requisition.id, 'approve'),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const conflict = responses.find((r) => r.statusCode === 409)!;
    expect(body(conflict)).toMatchObject({
      code: 'CONFLICT',
      message: 'This approval step has already been decided',
    });
  });
});

describe('rejecting and requesting information', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('needs comments to reject, then ends the requisition rejected', async () => {
    const requisition = await submitted(world, 200);
    for (const extra of [{}, { comments: '   ' }]) {
      const refused = await act(world, world.manager, requisition.id, 'reject', extra);
      expect(refused.statusCode, refused.payload).toBe(400);
      expect(body(refused).details.map((d: { field: string }) => d.field)).toContain('comments');
    }
    const response = await act(world, world.manager, requisition.id, 'reject', { comments: 'Not needed' });
    expect(response.statusCode, response.payload).toBe(200);
    expect(body(response).requisition).toMatchObject({ status: 'rejected' });
    const [row] = await app.sequelize.query<{ rejected_at: Date | null }>(
      'SELECT rejected_at FROM requisitions WHERE id = $1',
      { bind: [requisition.id], type: QueryTypes.SELECT },
    );
    expect(row?.rejected_at).not.toBeNull();
    expect((await act(world, world.manager, requisition.id, 'approve')).statusCode).toBe(409);
  });

  it('asks for information, and the resubmission restarts at the level that asked', async () => {
    const requisition = await submitted(world, 6000);
    expect((await act(world, world.manager, requisition.id, 'approve')).statusCode).toBe(200);
    const asked = await act(world, world.head, requisition.id, 'request_info', { comments: 'Which model?' });
    expect(asked.statusCode, asked.payload).toBe(200);
    expect(body(asked).requisition.status).toBe('info_requested');

    const resubmitted = await call(app.server, 'POST', `/api/requisitions/${requisition.id}/submit`, {
      token: world.requestor.token,
      organizationId: world.organization.id,
    });
    expect(resubmitted.statusCode, resubmitted.payload).toBe(200);
    const detail = body(resubmitted).requisition;
    expect(detail.status).toBe('under_review');
    expect(openStep(detail)).toMatchObject({ approval_level: 2, approver: { id: world.head.user.id } });
    expect((await act(world, world.head, requisition.id, 'approve')).statusCode).toBe(200);
  });
});

describe('who may act', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('refuses a requestor approving their own requisition with 403', async () => {
    // The manager raises it: level 1 goes to the department head.
    const requisition = await submitted(world, 100, world.manager);
    const response = await act(world, world.manager, requisition.id, 'approve');
    expect(response.statusCode, response.payload).toBe(403);
    expect(body(response).message).toBe(REFUSAL_MESSAGES.own_requisition);
  });

  it('refuses approvers without the open step with 403, and a User without approval.act with 403', async () => {
    const requisition = await submitted(world, 100);
    for (const as of [world.otherManager, world.head, world.finance]) {
      const response = await act(world, as, requisition.id, 'approve');
      expect(response.statusCode, response.payload).toBe(403);
      expect(body(response).message).toBe(REFUSAL_MESSAGES.not_your_step);
    }
    const user = await act(world, world.colleague, requisition.id, 'approve');
    expect(user.statusCode, user.payload).toBe(403);
    const queue = await call(app.server, 'GET', '/api/approvals/pending', {
      token: world.colleague.token,
      organizationId: world.organization.id,
    });
    expectContract(queue, 'listPendingApprovals');
    expect(queue.statusCode).toBe(403);
  });

  it("answers 404 for another organisation's requisition", async () => {
    const requisition = await submitted(world, 100);
    const other = await buildOrganization(app.models);
    await buildMembership(app.models, { user: world.manager.user, organization: other, roleName: 'Manager' });
    const response = await act(world, world.manager, requisition.id, 'approve', {}, other.id);
    expect(response.statusCode, response.payload).toBe(404);
  });

  it('refuses delegating to the requestor, to oneself or to a user without approval.act with 400', async () => {
    const requisition = await submitted(world, 100);
    for (const to of [world.requestor, world.manager, world.colleague]) {
      const response = await act(world, world.manager, requisition.id, 'delegate', {
        delegate_to_user_id: to.user.id,
      });
      expect(response.statusCode, response.payload).toBe(400);
      expect(body(response).details).toEqual([{ field: 'delegate_to_user_id', message: expect.any(String) }]);
    }
    const detail = body(
      await call(app.server, 'GET', `/api/requisitions/${requisition.id}`, {
        token: world.manager.token,
        organizationId: world.organization.id,
      }),
    ).requisition;
    expect(openStep(detail)).toMatchObject({ approval_level: 1, approver: { id: world.manager.user.id } });
  });
  it('lists as delegate candidates the approvers other than the actor and the requestor, and only to the step holder', async () => {
    const requisition = await submitted(world, 100);
    const candidates = async (as: Member, organizationId = world.organization.id) => {
      const response = await call(app.server, 'GET', `/api/approvals/${requisition.id}/delegates`, {
        token: as.token,
        organizationId,
      });
      expectContract(response, 'listDelegateCandidates');
      return response;
    };
    const response = await candidates(world.manager);
    expect(response.statusCode, response.payload).toBe(200);
    const ids = (body(response).users as { id: string }[]).map((u) => u.id).sort();
    const expected = [world.head, world.otherManager, world.finance, world.finance2]
      .map((m) => m.user.id)
      .sort();
    expect(ids).toEqual(expected);
    // Nobody else may ask, and the requestor and a plain User are refused too.
    for (const as of [world.otherManager, world.requestor, world.colleague]) {
      expect((await candidates(as)).statusCode).toBe(403);
    }
    const other = await buildOrganization(app.models);
    await buildMembership(app.models, { user: world.manager.user, organization: other, roleName: 'Manager' });
    expect((await candidates(world.manager, other.id)).statusCode).toBe(404);
  });
});
