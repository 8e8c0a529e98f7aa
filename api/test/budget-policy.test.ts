import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import { call, expectContract } from './app.js';
import { buildBudget } from './factories.js';
import {
  decide,
  openStep,
  raise,
  request,
  requisitionDetail,
  requisitionForm,
  submitDraft,
} from './support/approval-calls.js';
import {
  body,
  buildApprovalChain,
  buildOrganizationWorld,
  type Member,
  useTestApp,
} from './support/approval-world.js';

/**
 * Budgets that hold (issue 13): the organisation's budget policy at submission and at each approval,
 * checked under a lock on the budget row; against a real PostgreSQL, concurrent submissions and
 * approvals never commit more than the allocation.
 */

const app = useTestApp({}, { countersExact: true });

/** An organisation with the policy, a budget of `allocated` on its cost centre, and its people. */
async function buildWorld(policy: 'warn' | 'require_finance' | 'block', allocated: string) {
  const world = await buildOrganizationWorld(app);
  await app.sequelize.query(
    `UPDATE organizations SET settings = jsonb_set(settings, '{budget_policy}', to_jsonb($2::text)) WHERE id = $1`,
    { bind: [world.organization.id, policy] },
  );
  const budget = await buildBudget(app.models, world.costCenter, { allocated_amount: allocated });
  const chain = await buildApprovalChain(world);
  const finance = await world.member('Finance Manager');
  const admin = await world.member('Admin');
  return { ...world, budget, ...chain, finance, admin };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

const form = (world: World, total: number, submit: boolean) =>
  requisitionForm(world, `Budget test ${total}`, { description: 'Laptop', unit_price: total }, { submit });

async function draft(world: World, total: number): Promise<string> {
  return (await raise(world, world.requestor, form(world, total, false))).id;
}

const submit = (world: World, id: string) => submitDraft(world, world.requestor, id);

const approve = (world: World, as: Member, id: string) => decide(world, as, id, 'approve');

const detail = (world: World, as: Member, id: string) => requisitionDetail(world, as, id);

async function setAllocation(world: World, allocated: number) {
  const response = await request(world, world.admin, 'PATCH', `/budgets/${world.budget.id}`, { allocated });
  expect(response.statusCode, response.payload).toBe(200);
}

describe('budget policy block', () => {
  it('refuses an over-budget submission with 409 naming the available amount, and changes nothing', async () => {
    const world = await buildWorld('block', '1000.00');
    const id = await draft(world, 1500);
    const response = await submit(world, id);
    expect(response.statusCode).toBe(409);
    const error = body(response);
    expect(error.code).toBe('BUDGET_EXCEEDED');
    expect(error.message).toContain('$1,000.00 is available and the total is $1,500.00');
    expect(error.details).toEqual([
      { field: 'available', message: '1000.00' },
      { field: 'overrun', message: '500.00' },
    ]);
    const after = await detail(world, world.requestor, id);
    expect(after.status).toBe('draft');
    expect(after.approval_workflow).toEqual([]);
    expect(after.submitted_at).toBeNull();
  });

  it('reserves requisitions under review, so the next one sees what is left', async () => {
    const world = await buildWorld('block', '1000.00');
    expect((await submit(world, await draft(world, 600))).statusCode).toBe(200);
    const refused = await submit(world, await draft(world, 600));
    expect(refused.statusCode).toBe(409);
    expect(body(refused).details[0]).toEqual({ field: 'available', message: '400.00' });
    expect((await submit(world, await draft(world, 400))).statusCode).toBe(200);
  });

  it('checks again at approval: a budget cut since submission refuses the approval with 409', async () => {
    const world = await buildWorld('block', '1000.00');
    const id = await draft(world, 800);
    expect((await submit(world, id)).statusCode).toBe(200);
    await setAllocation(world, 500);
    const refused = await approve(world, world.manager, id);
    expect(refused.statusCode).toBe(409);
    expect(body(refused).code).toBe('BUDGET_EXCEEDED');
    expect(body(refused).details[0]).toEqual({ field: 'available', message: '500.00' });
    const after = await detail(world, world.requestor, id);
    expect(after.status).toBe('under_review');
    expect(openStep(after).approval_level).toBe(1);
    await setAllocation(world, 800);
    expect((await approve(world, world.manager, id)).statusCode).toBe(200);
    expect((await detail(world, world.requestor, id)).status).toBe('approved');
  });

  it('50 concurrent submissions against one cost centre reserve no more than its allocation', async () => {
    const world = await buildWorld('block', '1000.00');
    const ids: string[] = [];
    for (let i = 0; i < 50; i += 1) ids.push(await draft(world, 100));
    const answers = await Promise.all(ids.map((id) => submit(world, id)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expect(body(refused).code).toBe('BUDGET_EXCEEDED');
    const accepted = ids.filter((_, i) => statuses[i] === 200);

    // Their final approvals at once, after the allocation was cut: only what fits is committed.
    await setAllocation(world, 550);
    const approvals = await Promise.all(accepted.map((id) => approve(world, world.manager, id)));
    expect(approvals.filter((r) => r.statusCode === 200)).toHaveLength(5);
    expect(approvals.filter((r) => r.statusCode === 409)).toHaveLength(5);
    const [row] = await app.sequelize.query<{ committed: string }>(
      `SELECT COALESCE(sum(total_amount), 0)::text AS committed FROM requisitions
        WHERE organization_id = $1 AND status = 'approved'`,
      { bind: [world.organization.id], type: QueryTypes.SELECT },
    );
    expect(Number(row!.committed)).toBe(500);
    const check = await call(
      app.server,
      'GET',
      `/api/budgets/check?cost_center_id=${world.costCenter.id}&amount=1`,
      {
        token: world.finance.token,
        organizationId: world.organization.id,
      },
    );
    expect(body(check)).toMatchObject({ allocated: 550, committed: 500, available: 50 });
  });
});

describe('budget policy require_finance (the default)', () => {
  it('adds the Finance level to an over-budget requisition below 25,000 and shows the overrun to every approver', async () => {
    const world = await buildWorld('require_finance', '1000.00');
    const id = await draft(world, 1500);
    const submitted = await submit(world, id);
    expect(submitted.statusCode, submitted.payload).toBe(200);
    const requisition = body(submitted).requisition;
    expect(requisition.status).toBe('under_review');
    expect(requisition.budget_exceeded).toMatchObject({ overrun: 500, available: 1000 });
    expect(openStep(requisition)).toMatchObject({ approval_level: 1, required_for: null });

    // The manager sees the overrun in the queue and in the review.
    const queue = await call(app.server, 'GET', '/api/approvals/pending', {
      token: world.manager.token,
      organizationId: world.organization.id,
    });
    expectContract(queue, 'listPendingApprovals');
    const row = body(queue).pending_approvals.find(
      (p: { requisition: { id: string } }) => p.requisition.id === id,
    );
    expect(row.requisition.budget_exceeded).toMatchObject({ overrun: 500, available: 1000 });
    expect((await detail(world, world.manager, id)).budget_exceeded).toMatchObject({ overrun: 500 });

    const afterManager = body(await approve(world, world.manager, id)).requisition;
    expect(afterManager.status).toBe('under_review');
    expect(openStep(afterManager)).toMatchObject({
      approval_level: 3,
      level_title: 'Finance Manager Approval',
      approver_group: 'Finance Manager',
      required_for: 'budget_overrun',
    });
    expect((await detail(world, world.finance, id)).budget_exceeded).toMatchObject({ overrun: 500 });
    const done = body(await approve(world, world.finance, id)).requisition;
    expect(done.status).toBe('approved');
  });

  it('adds nothing to a requisition within budget', async () => {
    const world = await buildWorld('require_finance', '1000.00');
    const id = await draft(world, 1000);
    const requisition = body(await submit(world, id)).requisition;
    expect(requisition.budget_exceeded).toBeNull();
    expect(body(await approve(world, world.manager, id)).requisition.status).toBe('approved');
  });

  it('adds the Finance level at an approval when the budget no longer covers the requisition', async () => {
    const world = await buildWorld('require_finance', '1000.00');
    const id = await draft(world, 800);
    expect(body(await submit(world, id)).requisition.budget_exceeded).toBeNull();
    await setAllocation(world, 500);
    const afterManager = body(await approve(world, world.manager, id)).requisition;
    expect(afterManager.status).toBe('under_review');
    expect(afterManager.budget_exceeded).toMatchObject({ overrun: 300, available: 500 });
    expect(openStep(afterManager)).toMatchObject({ approval_level: 3, required_for: 'budget_overrun' });
  });
});

describe('budget policy warn', () => {
  it('routes an over-budget requisition as before, with no overrun recorded', async () => {
    const world = await buildWorld('warn', '1000.00');
    const id = await draft(world, 1500);
    const requisition = body(await submit(world, id)).requisition;
    expect(requisition.budget_exceeded).toBeNull();
    expect(requisition.approval_workflow).toHaveLength(1);
    expect(body(await approve(world, world.manager, id)).requisition.status).toBe('approved');
  });
});
