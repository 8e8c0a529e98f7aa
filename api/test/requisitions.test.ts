import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CostCenter, GlAccount, Organization, User } from '../src/db/models/index.js';
import { FALLBACK_TITLE, fallbackPassComment, PASS_COMMENTS } from '../src/domain/approval-routing.js';
import { accessTokenFor, call, createTestApp, expectContract } from './app.js';
import { expectCountersExact } from './counters-check.js';
import {
  buildCostCenter,
  buildDepartment,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildProduct,
  buildUser,
} from './factories.js';

let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  // Every change these tests made kept the maintained counters exact (issue 12).
  await expectCountersExact(app.sequelize);
  await app.close();
});

const body = (response: ServerInjectResponse) => JSON.parse(response.payload);

const tokenFor = (user: User): Promise<string> => accessTokenFor(app.server, user);

interface Member {
  user: User;
  token: string;
}

/**
 * An organisation with a cost centre, a GL account, a department headed by `head`, and members:
 * `requestor` (User, managed by `manager`, in the department), `colleague` (User, same manager),
 * `manager` (Manager), `head` (Department Head), `finance` (Finance Manager).
 */
async function buildWorld(options: { firstName?: string } = {}) {
  const organization = await buildOrganization(app.models);
  const costCenter = await buildCostCenter(app.models, organization);
  const glAccount = await buildGlAccount(app.models, organization);
  const member = async (
    roleName: string,
    extra: { manager?: User; department?: Awaited<ReturnType<typeof buildDepartment>> } = {},
    fields: Partial<Pick<User, 'first_name' | 'last_name'>> = {},
  ): Promise<Member> => {
    const user = await buildUser(app.models, fields);
    await buildMembership(app.models, { user, organization, roleName, ...extra });
    return { user, token: await tokenFor(user) };
  };
  const head = await member('Department Head');
  const department = await buildDepartment(app.models, organization, { department_head_id: head.user.id });
  const manager = await member('Manager', { department });
  const requestor = await member(
    'User',
    { manager: manager.user, department },
    { first_name: options.firstName ?? 'Rita', last_name: 'Requestor' },
  );
  const colleague = await member('User', { manager: manager.user, department });
  const finance = await member('Finance Manager');
  return { organization, costCenter, glAccount, department, head, manager, requestor, colleague, finance };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

/** A valid form: one line of `total` (no tax) unless lines are given. */
function form(
  world: { costCenter: CostCenter; glAccount: GlAccount },
  overrides: Record<string, unknown> = {},
  total = 100,
) {
  return {
    cost_center_id: world.costCenter.id,
    gl_account_id: world.glAccount.id,
    category: 'standard',
    justification: 'Printer paper for the office',
    line_items: [{ description: 'Item', quantity: 1, unit_price: total, unit_of_measure: 'each' }],
    ...overrides,
  };
}

async function create(
  world: { organization: Organization; costCenter: CostCenter; glAccount: GlAccount },
  as: Member,
  overrides: Record<string, unknown> = {},
  total = 100,
) {
  const response = await call(app.server, 'POST', '/api/requisitions', {
    token: as.token,
    organizationId: world.organization.id,
    payload: form(world, overrides, total),
  });
  expectContract(response, 'createRequisition');
  expect(response.statusCode, response.payload).toBe(201);
  return body(response).requisition;
}

async function auditOf(requisitionId: string) {
  return app.sequelize.query<{ action: string; from_status: string | null; to_status: string | null }>(
    `SELECT action, from_status, to_status FROM audit_logs
      WHERE entity_type = 'requisition' AND entity_id = $1 ORDER BY created_at`,
    { bind: [requisitionId], type: QueryTypes.SELECT },
  );
}

const year = new Date().getUTCFullYear();

describe('POST /requisitions', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('creates a draft with two lines, computing every total exactly and numbering it', async () => {
    const product = await buildProduct(app.models, world.organization, { name: 'A4 paper', sku: 'PAPER-A4' });
    const requisition = await create(world, world.requestor, {
      line_items: [
        {
          product_id: product.id,
          description: 'A4 paper',
          quantity: 3,
          unit_price: 19.99,
          unit_of_measure: 'box',
          tax_amount: 6,
        },
        { description: 'Pens', quantity: 7, unit_price: 0.1, unit_of_measure: 'each', tax_amount: 0.07 },
      ],
    });
    expect(requisition.requisition_number).toMatch(new RegExp(`^REQ-${year}-\\d{5}$`));
    expect(requisition.status).toBe('draft');
    expect(requisition.total_amount).toBe(66.74);
    expect(requisition.line_items.map((line: { total_amount: number }) => line.total_amount)).toEqual([
      65.97, 0.77,
    ]);
    expect(requisition.line_items[0].product).toEqual({ id: product.id, name: 'A4 paper', sku: 'PAPER-A4' });
    expect(requisition.line_items[1].product).toBeNull();
    expect(requisition.line_item_count).toBe(2);
    expect(requisition.currency).toBe('AUD');
    expect(requisition.requestor).toEqual({
      id: world.requestor.user.id,
      first_name: 'Rita',
      last_name: 'Requestor',
      email: world.requestor.user.email,
    });
    expect(requisition.cost_center).toEqual({
      id: world.costCenter.id,
      code: world.costCenter.code,
      name: world.costCenter.name,
    });
    expect(requisition.submitted_at).toBeNull();
    expect(requisition.approval_workflow).toEqual([]);
    const [row] = await app.sequelize.query<{ department_id: string }>(
      'SELECT department_id FROM requisitions WHERE id = $1',
      { bind: [requisition.id], type: QueryTypes.SELECT },
    );
    expect(row?.department_id).toBe(world.department.id);
    expect(await auditOf(requisition.id)).toEqual([
      { action: 'create', from_status: null, to_status: 'draft' },
    ]);
  });

  it('numbers requisitions of one organisation one after another', async () => {
    const first = await create(world, world.requestor);
    const second = await create(world, world.requestor);
    const sequence = (number: string) => Number(number.split('-')[2]);
    expect(sequence(second.requisition_number)).toBe(sequence(first.requisition_number) + 1);
  });

  it('submits at once with submit: true and routes level 1 to the manager', async () => {
    const requisition = await create(world, world.requestor, { submit: true }, 250);
    expect(requisition.status).toBe('under_review');
    expect(requisition.submitted_at).not.toBeNull();
    expect(requisition.approved_at).toBeNull();
    expect(requisition.approval_workflow).toEqual([
      expect.objectContaining({
        approval_level: 1,
        level_title: 'Manager Approval',
        approver: expect.objectContaining({ id: world.manager.user.id }),
        approver_group: null,
        action: null,
        actioned_at: null,
      }),
    ]);
    expect(await auditOf(requisition.id)).toEqual([
      { action: 'create', from_status: null, to_status: 'draft' },
      { action: 'submit', from_status: 'draft', to_status: 'under_review' },
    ]);
  });

  it('opens level 1 for the manager when a 30,000 requisition is submitted', async () => {
    const requisition = await create(world, world.requestor, { submit: true }, 30_000);
    expect(requisition.total_amount).toBe(30_000);
    expect(requisition.status).toBe('under_review');
    expect(requisition.approval_workflow).toHaveLength(1);
    expect(requisition.approval_workflow[0]).toMatchObject({
      approval_level: 1,
      action: null,
      approver: { id: world.manager.user.id },
    });
  });

  it('refuses a cost centre and a product of another organisation, naming the fields', async () => {
    const other = await buildOrganization(app.models);
    const foreignCostCenter = await buildCostCenter(app.models, other);
    const foreignProduct = await buildProduct(app.models, other);
    const response = await call(app.server, 'POST', '/api/requisitions', {
      token: world.requestor.token,
      organizationId: world.organization.id,
      payload: form(world, {
        cost_center_id: foreignCostCenter.id,
        line_items: [
          { description: 'Fine', quantity: 1, unit_price: 1, unit_of_measure: 'each' },
          {
            product_id: foreignProduct.id,
            description: 'Foreign',
            quantity: 1,
            unit_price: 1,
            unit_of_measure: 'each',
          },
        ],
      }),
    });
    expectContract(response, 'createRequisition');
    expect(response.statusCode).toBe(400);
    expect(body(response).code).toBe('VALIDATION_FAILED');
    expect(body(response).details).toEqual([
      { field: 'cost_center_id', message: 'Cost center not found in this organization' },
      { field: 'line_items.1.product_id', message: 'Product not found in this organization' },
    ]);
  });

  it('refuses an inactive GL account and a total sent by the client', async () => {
    const inactive = await buildGlAccount(app.models, world.organization, { is_active: false });
    const response = await call(app.server, 'POST', '/api/requisitions', {
      token: world.requestor.token,
      organizationId: world.organization.id,
      payload: form(world, { gl_account_id: inactive.id }),
    });
    expectContract(response, 'createRequisition');
    expect(body(response).details).toEqual([
      { field: 'gl_account_id', message: 'GL account is no longer active' },
    ]);
    const withTotal = await call(app.server, 'POST', '/api/requisitions', {
      token: world.requestor.token,
      organizationId: world.organization.id,
      payload: form(world, { total_amount: 1 }),
    });
    expectContract(withTotal, 'createRequisition');
    expect(withTotal.statusCode).toBe(400);
    expect(body(withTotal).details[0].field).toBe('total_amount');
  });

  it('gives 20 concurrent creations in one organisation 20 distinct numbers', async () => {
    const create = (payload: object) =>
      call(app.server, 'POST', '/api/requisitions', {
        token: world.colleague.token,
        organizationId: world.organization.id,
        payload,
      });
    // Among them, three refused forms (a cost centre that does not exist): they take no number.
    const refused = { ...form(world), cost_center_id: '00000000-0000-4000-8000-000000000000' };
    const all = await Promise.all(
      Array.from({ length: 23 }, (_, i) => create(i % 8 === 3 ? refused : form(world))),
    );
    for (const [i, response] of all.entries()) {
      if (i % 8 === 3) expect(response.statusCode, response.payload).toBeGreaterThanOrEqual(400);
    }
    const responses = all.filter((_, i) => i % 8 !== 3);
    expect(responses).toHaveLength(20);
    for (const response of responses) {
      expect(response.statusCode, response.payload).toBe(201);
      expectContract(response, 'createRequisition');
    }
    const numbers = responses.map((response) => body(response).requisition.requisition_number);
    expect(new Set(numbers).size).toBe(20);
    // One after another, with no gap and no placeholder left behind.
    const sequence = numbers
      .map((number: string) => Number(number.split('-')[2]))
      .sort((a: number, b: number) => a - b);
    expect(sequence.at(-1)! - sequence[0]!).toBe(19);
    for (const number of numbers)
      expect(number).toMatch(new RegExp(`^REQ-${new Date().getUTCFullYear()}-\\d{5}$`));
  });
});

describe('routing when approvers are missing', () => {
  it('passes level 1 with its reason and sends a small requisition of a requestor without manager or head to the fallback approvers', async () => {
    // Issue 11 §3: this used to be approved at once with nobody deciding it.
    const world = await buildWorld();
    const loner = await buildUser(app.models);
    await buildMembership(app.models, { user: loner, organization: world.organization, roleName: 'User' });
    const requisition = await create(world, { user: loner, token: await tokenFor(loner) }, { submit: true });
    expect(requisition.status).toBe('under_review');
    expect(requisition.approved_at).toBeNull();
    expect(requisition.approval_workflow).toEqual([
      expect.objectContaining({
        approval_level: 1,
        level_title: 'Manager Approval',
        action: 'auto_approve',
        comments: fallbackPassComment('approver_not_found', 'Finance Manager'),
        approver: null,
      }),
      expect.objectContaining({
        approval_level: 1,
        level_title: FALLBACK_TITLE,
        action: null,
        approver: null,
        approver_group: 'Finance Manager',
      }),
    ]);
    expect(requisition.approval_workflow[0].actioned_at).not.toBeNull();
  });

  it('passes levels 1 and 2 and opens level 3 to the Finance Manager group for 30,000', async () => {
    const world = await buildWorld();
    const loner = await buildUser(app.models);
    await buildMembership(app.models, { user: loner, organization: world.organization, roleName: 'User' });
    const requisition = await create(
      world,
      { user: loner, token: await tokenFor(loner) },
      { submit: true },
      30_000,
    );
    expect(requisition.status).toBe('under_review');
    expect(
      requisition.approval_workflow.map((step: Record<string, unknown>) => [
        step.approval_level,
        step.action,
        step.approver_group,
        step.comments,
      ]),
    ).toEqual([
      [1, 'auto_approve', null, PASS_COMMENTS.approver_not_found],
      [2, 'auto_approve', null, PASS_COMMENTS.approver_not_found],
      [3, null, 'Finance Manager', null],
    ]);
    expect(requisition.approval_workflow[2].approver).toBeNull();
  });

  it('sends level 1 to the department head when the requestor has no manager', async () => {
    const world = await buildWorld();
    const user = await buildUser(app.models);
    await buildMembership(app.models, {
      user,
      organization: world.organization,
      roleName: 'User',
      department: world.department,
    });
    const requisition = await create(world, { user, token: await tokenFor(user) }, { submit: true });
    expect(requisition.approval_workflow).toEqual([
      expect.objectContaining({
        approval_level: 1,
        action: null,
        approver: expect.objectContaining({ id: world.head.user.id }),
      }),
    ]);
  });
});

describe('GET /requisitions', () => {
  let world: World;
  let other: World;
  const ids: Record<string, string> = {};
  const numbers: Record<string, string> = {};

  beforeAll(async () => {
    world = await buildWorld({ firstName: 'Quentin' });
    other = await buildWorld();
    const secondCostCenter = await buildCostCenter(app.models, world.organization);
    const make = async (key: string, as: Member, overrides: Record<string, unknown> = {}) => {
      const requisition = await create(world, as, overrides);
      ids[key] = requisition.id;
      numbers[key] = requisition.requisition_number;
    };
    await make('draft', world.requestor, { category: 'freight' });
    await make('submitted', world.requestor, { submit: true, category: 'services' });
    await make('otherCostCenter', world.requestor, { cost_center_id: secondCostCenter.id });
    await make('colleagueDraft', world.colleague, { justification: 'Chairs for the meeting room' });
    await make('old', world.requestor);
    await app.sequelize.query(`UPDATE requisitions SET created_at = '2020-03-15T10:00:00Z' WHERE id = $1`, {
      bind: [ids.old],
    });
    await create(other, other.requestor, { submit: true });
  });

  async function list(as: Member, query = '', organization: Organization = world.organization) {
    const response = await call(app.server, 'GET', `/api/requisitions${query}`, {
      token: as.token,
      organizationId: organization.id,
    });
    expectContract(response, 'listRequisitions');
    expect(response.statusCode, response.payload).toBe(200);
    return body(response) as {
      requisitions: { id: string; line_item_count: number; requestor: { id: string } }[];
      pagination: { limit: number; offset: number; total: number };
    };
  }
  const idsOf = (answer: Awaited<ReturnType<typeof list>>) => answer.requisitions.map((r) => r.id).sort();
  const sorted = (...keys: string[]) => keys.map((key) => ids[key]!).sort();

  it('lists only their own requisitions to a plain user, newest first', async () => {
    const answer = await list(world.requestor);
    expect(answer.requisitions.map((r) => r.id)).toEqual([
      ids.otherCostCenter,
      ids.submitted,
      ids.draft,
      ids.old,
    ]);
    expect(answer.pagination).toMatchObject({ limit: 10, offset: 0, total: 4, total_capped: false });
    expect(answer.requisitions[0]!.line_item_count).toBe(1);
  });

  it('lists to a manager only the requisitions they have an approval step on', async () => {
    expect(idsOf(await list(world.manager))).toEqual(sorted('submitted'));
  });

  it('lists everything of the organisation to a Department Head, and nothing of another organisation', async () => {
    expect(idsOf(await list(world.head))).toEqual(
      sorted('draft', 'submitted', 'otherCostCenter', 'colleagueDraft', 'old'),
    );
    const answer = await list(other.head, '', other.organization);
    expect(answer.pagination.total).toBe(1);
    expect(answer.requisitions.map((r) => r.id)).not.toContain(ids.draft);
  });

  it('filters by repeated status keys, category and cost centre', async () => {
    expect(idsOf(await list(world.head, '?status=under_review&status=approved'))).toEqual(
      sorted('submitted'),
    );
    expect(idsOf(await list(world.head, '?status=draft&status=under_review')).length).toBe(5);
    expect(idsOf(await list(world.head, '?category=freight&category=services'))).toEqual(
      sorted('draft', 'submitted'),
    );
    expect(idsOf(await list(world.head, `?cost_center_id=${world.costCenter.id}`))).toEqual(
      sorted('draft', 'submitted', 'colleagueDraft', 'old'),
    );
  });

  it('searches the number, the justification and the requestor name', async () => {
    expect(idsOf(await list(world.head, `?search=${numbers.draft}`))).toEqual(sorted('draft'));
    expect(idsOf(await list(world.head, '?search=meeting%20room'))).toEqual(sorted('colleagueDraft'));
    expect(idsOf(await list(world.head, '?search=quentin%20req'))).toEqual(
      sorted('draft', 'submitted', 'otherCostCenter', 'old'),
    );
  });

  it('bounds the creation date inclusively', async () => {
    expect(idsOf(await list(world.head, '?date_from=2020-03-15&date_to=2020-03-15'))).toEqual(sorted('old'));
    expect(idsOf(await list(world.head, '?date_to=2020-03-14'))).toEqual([]);
    expect(idsOf(await list(world.head, '?date_from=2020-03-16')).length).toBe(4);
  });

  it('pages with limit and offset and counts every match', async () => {
    const first = await list(world.head, '?limit=2');
    const second = await list(world.head, '?limit=2&offset=4');
    expect(first.requisitions).toHaveLength(2);
    expect(second.requisitions).toHaveLength(1);
    expect(first.pagination).toMatchObject({ limit: 2, offset: 0, total: 5, total_capped: false });
    expect(second.pagination).toMatchObject({ limit: 2, offset: 4, total: 5, total_capped: false });
  });
});

describe('GET /requisitions/{id}', () => {
  it('answers 404 for a requisition of another organisation and for one the caller cannot see', async () => {
    const world = await buildWorld();
    const other = await buildWorld();
    const foreign = await create(other, other.requestor);
    const own = await create(world, world.requestor);
    for (const [member, id] of [
      [world.head, foreign.id],
      [world.colleague, own.id],
    ] as const) {
      const response = await call(app.server, 'GET', `/api/requisitions/${id}`, {
        token: member.token,
        organizationId: world.organization.id,
      });
      expectContract(response, 'getRequisition');
      expect(response.statusCode).toBe(404);
    }
    const response = await call(app.server, 'GET', `/api/requisitions/${own.id}`, {
      token: world.head.token,
      organizationId: world.organization.id,
    });
    expectContract(response, 'getRequisition');
    expect(body(response).requisition.id).toBe(own.id);
  });
});

describe('changing a requisition', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  const put = (as: Member, id: string, payload: unknown) =>
    call(app.server, 'PUT', `/api/requisitions/${id}`, {
      token: as.token,
      organizationId: world.organization.id,
      payload,
    });

  it('replaces the fields and lines of a draft and recomputes the total', async () => {
    const draft = await create(world, world.requestor);
    const response = await put(
      world.requestor,
      draft.id,
      form(world, {
        category: 'capital',
        line_items: [
          { description: 'Desk', quantity: 2, unit_price: 450.5, unit_of_measure: 'each', tax_amount: 90.1 },
        ],
      }),
    );
    expectContract(response, 'updateRequisition');
    expect(response.statusCode, response.payload).toBe(200);
    const requisition = body(response).requisition;
    expect(requisition).toMatchObject({ category: 'capital', total_amount: 991.1, line_item_count: 1 });
    expect(requisition.line_items[0].description).toBe('Desk');
  });

  it('answers 403 when someone other than the requestor updates it', async () => {
    const draft = await create(world, world.requestor);
    const response = await put(world.head, draft.id, form(world));
    expectContract(response, 'updateRequisition');
    expect(response.statusCode).toBe(403);
    expect(body(response).message).toBe('Only the requestor can edit this requisition');
  });

  it('answers 409 when a submitted requisition is updated', async () => {
    const submitted = await create(world, world.requestor, { submit: true });
    const response = await put(world.requestor, submitted.id, form(world));
    expectContract(response, 'updateRequisition');
    expect(response.statusCode).toBe(409);
    const again = await call(app.server, 'POST', `/api/requisitions/${submitted.id}/submit`, {
      token: world.requestor.token,
      organizationId: world.organization.id,
    });
    expectContract(again, 'submitRequisition');
    expect(again.statusCode).toBe(409);
  });

  it('submits a draft through the submit call', async () => {
    const draft = await create(world, world.requestor);
    const response = await call(app.server, 'POST', `/api/requisitions/${draft.id}/submit`, {
      token: world.requestor.token,
      organizationId: world.organization.id,
    });
    expectContract(response, 'submitRequisition');
    expect(response.statusCode, response.payload).toBe(200);
    expect(body(response).requisition.status).toBe('under_review');
  });

  it('resubmits after a request for information, restarting at the level that asked in a new round', async () => {
    const requisition = await create(world, world.requestor, { submit: true }, 6000);
    await app.sequelize.query(
      `UPDATE approval_steps SET action = 'request_info', comments = 'Which model?', actioned_at = now(),
              actioned_by_id = approver_id WHERE requisition_id = $1 AND action IS NULL`,
      { bind: [requisition.id] },
    );
    await app.sequelize.query(`UPDATE requisitions SET status = 'info_requested' WHERE id = $1`, {
      bind: [requisition.id],
    });
    const response = await put(world.requestor, requisition.id, form(world, { submit: true }, 6500));
    expectContract(response, 'updateRequisition');
    expect(response.statusCode, response.payload).toBe(200);
    const updated = body(response).requisition;
    expect(updated.status).toBe('under_review');
    expect(updated.total_amount).toBe(6500);
    expect(
      updated.approval_workflow.map((step: { approval_level: number; action: string | null }) => [
        step.approval_level,
        step.action,
      ]),
    ).toEqual([
      [1, 'request_info'],
      [1, null],
    ]);
    expect((await auditOf(requisition.id)).slice(-2)).toEqual([
      { action: 'update', from_status: 'info_requested', to_status: 'info_requested' },
      { action: 'resubmit', from_status: 'info_requested', to_status: 'under_review' },
    ]);
    const rounds = await app.sequelize.query<{ round: number }>(
      'SELECT round FROM approval_steps WHERE requisition_id = $1 ORDER BY created_at',
      { bind: [requisition.id], type: QueryTypes.SELECT },
    );
    expect(rounds.map((row) => row.round)).toEqual([1, 2]);
  });

  it('deletes a draft so that it is gone', async () => {
    const draft = await create(world, world.requestor);
    const response = await call(app.server, 'DELETE', `/api/requisitions/${draft.id}`, {
      token: world.requestor.token,
      organizationId: world.organization.id,
    });
    expectContract(response, 'deleteRequisition');
    expect(response.statusCode).toBe(204);
    const after = await call(app.server, 'GET', `/api/requisitions/${draft.id}`, {
      token: world.requestor.token,
      organizationId: world.organization.id,
    });
    expect(after.statusCode).toBe(404);
  });

  it('cancels an info_requested requisition on delete and keeps its history', async () => {
    const requisition = await create(world, world.requestor, { submit: true });
    await app.sequelize.query(
      `UPDATE approval_steps SET action = 'request_info', comments = 'Quote?', actioned_at = now()
        WHERE requisition_id = $1 AND action IS NULL`,
      { bind: [requisition.id] },
    );
    await app.sequelize.query(`UPDATE requisitions SET status = 'info_requested' WHERE id = $1`, {
      bind: [requisition.id],
    });
    const response = await call(app.server, 'DELETE', `/api/requisitions/${requisition.id}`, {
      token: world.requestor.token,
      organizationId: world.organization.id,
    });
    expectContract(response, 'deleteRequisition');
    expect(response.statusCode).toBe(204);
    const after = await call(app.server, 'GET', `/api/requisitions/${requisition.id}`, {
      token: world.requestor.token,
      organizationId: world.organization.id,
    });
    expectContract(after, 'getRequisition');
    expect(body(after).requisition.status).toBe('cancelled');
    expect(body(after).requisition.approval_workflow).toHaveLength(1);
    expect((await auditOf(requisition.id)).at(-1)).toEqual({
      action: 'cancel',
      from_status: 'info_requested',
      to_status: 'cancelled',
    });
  });

  it('refuses to delete a requisition under review, or one of someone else', async () => {
    const submitted = await create(world, world.requestor, { submit: true });
    const response = await call(app.server, 'DELETE', `/api/requisitions/${submitted.id}`, {
      token: world.requestor.token,
      organizationId: world.organization.id,
    });
    expectContract(response, 'deleteRequisition');
    expect(response.statusCode).toBe(409);
    const draft = await create(world, world.requestor);
    const byHead = await call(app.server, 'DELETE', `/api/requisitions/${draft.id}`, {
      token: world.head.token,
      organizationId: world.organization.id,
    });
    expectContract(byHead, 'deleteRequisition');
    expect(byHead.statusCode).toBe(403);
  });
});

describe('validation messages of document 1 §5', () => {
  it.each([
    ['a missing cost centre', { cost_center_id: undefined }, 'cost_center_id', 'Cost center is required'],
    ['a malformed cost centre', { cost_center_id: 'nope' }, 'cost_center_id', 'Cost center is required'],
    ['a missing GL account', { gl_account_id: undefined }, 'gl_account_id', 'GL account is required'],
    ['no line items', { line_items: [] }, 'line_items', 'At least one line item is required'],
    [
      'a blank description',
      { line_items: [{ description: '  ', quantity: 1, unit_price: 1, unit_of_measure: 'each' }] },
      'line_items.0.description',
      'Description is required',
    ],
    [
      'a quantity of 0',
      { line_items: [{ description: 'A', quantity: 0, unit_price: 1, unit_of_measure: 'each' }] },
      'line_items.0.quantity',
      'Quantity must be at least 1',
    ],
    [
      'a negative unit price',
      { line_items: [{ description: 'A', quantity: 1, unit_price: -1, unit_of_measure: 'each' }] },
      'line_items.0.unit_price',
      'Unit price cannot be negative',
    ],
    [
      'a missing unit of measure',
      { line_items: [{ description: 'A', quantity: 1, unit_price: 1 }] },
      'line_items.0.unit_of_measure',
      'Unit of measure is required',
    ],
  ])('refuses %s with 400 and the specification message', async (_name, overrides, field, message) => {
    const world = await buildWorld();
    const payload: Record<string, unknown> = form(world, overrides);
    for (const key of Object.keys(payload)) if (payload[key] === undefined) delete payload[key];
    const response = await call(app.server, 'POST', '/api/requisitions', {
      token: world.requestor.token,
      organizationId: world.organization.id,
      payload,
    });
    expect(response.statusCode, response.payload).toBe(400);
    expectContract(response, 'createRequisition');
    expect(body(response).details).toContainEqual({ field, message });
  });
});
