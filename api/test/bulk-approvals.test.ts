import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectContract } from './app.js';
import { buildBudget, buildCostCenter } from './factories.js';
import { raise, requisitionForm } from './support/approval-calls.js';
import { body, buildOrganizationWorld, type Member, useTestApp } from './support/approval-world.js';

/**
 * Bulk decisions in the approval queue (issue 15 item 3): `POST /approvals/bulk` decides each
 * requisition by the single-item rules, each in its own transaction, and answers one result per id.
 */

const app = useTestApp({}, { countersExact: true });

let world: Awaited<ReturnType<typeof buildWorld>>;

/** Uma (a User managed by Mark), Mark and Otto (Managers); Otto manages Theo. */
async function buildWorld() {
  const elsewhere = await buildOrganizationWorld(app);
  const home = await buildOrganizationWorld(app);
  const mark = await home.member('Manager');
  const otto = await home.member('Manager');
  const uma = await home.member('User', { manager: mark.user });
  const theo = await home.member('User', { manager: otto.user });
  const outsider = await elsewhere.member('Super Admin');
  return { ...home, other: elsewhere.organization, mark, otto, uma, theo, outsider };
}

beforeAll(async () => {
  world = await buildWorld();
});

/** A requisition of `total` (one manager level) raised and submitted by `as`. */
function submitted(as: Member, total = 1200, costCenterId = world.costCenter.id) {
  const line = { description: 'Monitor', unit_price: total };
  const form = requisitionForm(world, `Monitors for the team ${total}`, line, { submit: true });
  return raise(world, as, { ...form, cost_center_id: costCenterId });
}

function bulk(as: Member, payload: Record<string, unknown>, organizationId = world.organization.id) {
  return call(app.server, 'POST', '/api/approvals/bulk', { token: as.token, organizationId, payload });
}

async function statuses(ids: string[]): Promise<Record<string, string>> {
  const rows = await app.sequelize.query<{ id: string; status: string }>(
    'SELECT id::text AS id, status FROM requisitions WHERE id = ANY($1::uuid[])',
    { bind: [ids], type: QueryTypes.SELECT },
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.status]));
}

describe('bulk decisions', () => {
  it('approves each requisition in its own right: one decided meanwhile fails alone, in the order given', async () => {
    const [a, b, c] = [await submitted(world.uma), await submitted(world.uma), await submitted(world.uma)];
    // b is decided a moment earlier on its own.
    const single = await call(app.server, 'POST', `/api/approvals/${b.id}/approve`, {
      token: world.mark.token,
      organizationId: world.organization.id,
      payload: { action: 'approve' },
    });
    expect(single.statusCode, single.payload).toBe(200);

    const response = await bulk(world.mark, {
      action: 'approve',
      comments: 'Within budget.',
      requisition_ids: [c.id, b.id, a.id],
    });
    expectContract(response, 'decideApprovalsInBulk');
    expect(response.statusCode, response.payload).toBe(200);
    expect(body(response).results).toEqual([
      {
        requisition_id: c.id,
        requisition_number: c.requisition_number,
        ok: true,
        status: 'approved',
        error: null,
      },
      {
        requisition_id: b.id,
        requisition_number: b.requisition_number,
        ok: false,
        status: null,
        error: { status: 409, code: 'CONFLICT', message: 'This approval step has already been decided' },
      },
      {
        requisition_id: a.id,
        requisition_number: a.requisition_number,
        ok: true,
        status: 'approved',
        error: null,
      },
    ]);
    expect(await statuses([a.id, b.id, c.id])).toEqual({
      [a.id]: 'approved',
      [b.id]: 'approved',
      [c.id]: 'approved',
    });
    const comments = await app.sequelize.query<{ comments: string | null }>(
      `SELECT comments FROM approval_steps WHERE requisition_id = ANY($1::uuid[]) AND action = 'approve'
        ORDER BY comments NULLS FIRST`,
      { bind: [[a.id, c.id]], type: QueryTypes.SELECT },
    );
    expect(comments.map((row) => row.comments)).toEqual(['Within budget.', 'Within budget.']);
  });

  it("answers the single-item refusal for a step that is not the caller's, and decides the rest", async () => {
    const mine = await submitted(world.uma);
    const ottos = await submitted(world.theo);
    const response = await bulk(world.mark, { action: 'approve', requisition_ids: [ottos.id, mine.id] });
    expectContract(response, 'decideApprovalsInBulk');
    const [first, second] = body(response).results;
    expect(first).toMatchObject({
      requisition_id: ottos.id,
      ok: false,
      status: null,
      error: { status: 403 },
    });
    expect(second).toMatchObject({ requisition_id: mine.id, ok: true, status: 'approved' });
    expect(await statuses([ottos.id])).toEqual({ [ottos.id]: 'under_review' });
  });

  it('rejects several with one comment, and refuses a rejection without one before deciding anything', async () => {
    const [a, b] = [await submitted(world.uma), await submitted(world.uma)];
    for (const comments of [undefined, '   ']) {
      const refused = await bulk(world.mark, { action: 'reject', comments, requisition_ids: [a.id, b.id] });
      expectContract(refused, 'decideApprovalsInBulk');
      expect(refused.statusCode, refused.payload).toBe(400);
      expect(body(refused).details.map((d: { field: string }) => d.field)).toContain('comments');
    }
    expect(await statuses([a.id, b.id])).toEqual({ [a.id]: 'under_review', [b.id]: 'under_review' });

    const response = await bulk(world.mark, {
      action: 'reject',
      comments: 'Please use the preferred supplier.',
      requisition_ids: [a.id, b.id],
    });
    expect(response.statusCode, response.payload).toBe(200);
    expect(body(response).results.map((r: { status: string }) => r.status)).toEqual(['rejected', 'rejected']);
  });

  it('refuses the whole request when an id names no requisition of the organisation, deciding nothing', async () => {
    const mine = await submitted(world.uma);
    const theirs = await call(app.server, 'GET', '/api/requisitions?limit=1', {
      token: world.outsider.token,
      organizationId: world.other.id,
    });
    expect(theirs.statusCode).toBe(200);
    for (const stranger of [
      '00000000-0000-4000-8000-000000000000',
      ...body(theirs).requisitions.map((r: { id: string }) => r.id),
    ]) {
      const response = await bulk(world.mark, { action: 'approve', requisition_ids: [mine.id, stranger] });
      expectContract(response, 'decideApprovalsInBulk');
      expect(response.statusCode, response.payload).toBe(400);
      expect(body(response).details).toEqual([
        { field: 'requisition_ids.1', message: 'Requisition not found' },
      ]);
    }
    expect(await statuses([mine.id])).toEqual({ [mine.id]: 'under_review' });
  });

  it('takes 1 to 50 ids without repeats', async () => {
    const mine = await submitted(world.uma);
    const many = Array.from(
      { length: 51 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    for (const requisition_ids of [[], many, [mine.id, mine.id]]) {
      const response = await bulk(world.mark, { action: 'approve', requisition_ids });
      expect(response.statusCode, response.payload).toBe(400);
      expect(
        body(response)
          .details.map((d: { field: string }) => d.field)
          .join(' '),
      ).toContain('requisition_ids');
    }
    expect(await statuses([mine.id])).toEqual({ [mine.id]: 'under_review' });
  });

  it("shows each open step's budget position: available now, and after this requisition", async () => {
    const costCenter = await buildCostCenter(app.models, world.organization);
    await buildBudget(app.models, costCenter, { allocated_amount: '2000.00' });
    const first = await submitted(world.uma, 1200, costCenter.id);
    const second = await submitted(world.uma, 1200, costCenter.id);
    const unbudgeted = await submitted(world.uma, 300);
    const positions = async () => {
      const response = await call(app.server, 'GET', '/api/approvals/pending?limit=100', {
        token: world.mark.token,
        organizationId: world.organization.id,
      });
      expectContract(response, 'listPendingApprovals');
      const items: { requisition: { id: string }; budget_position?: unknown }[] =
        body(response).pending_approvals;
      return (id: string) => items.find((item) => item.requisition.id === id)?.budget_position;
    };
    const before = await positions();
    const year = new Date().getUTCFullYear();
    expect(before(first.id)).toEqual({
      fiscal_year: year,
      currency: 'AUD',
      available_amount: 2000,
      available_after_amount: 800,
    });
    expect(before(unbudgeted.id)).toBeNull();

    const approved = await bulk(world.mark, { action: 'approve', requisition_ids: [first.id] });
    expect(body(approved).results[0]).toMatchObject({ ok: true, status: 'approved' });
    expect((await positions())(second.id)).toMatchObject({
      available_amount: 800,
      available_after_amount: -400,
    });

    const completed = await call(app.server, 'GET', '/api/approvals/pending?status=Completed', {
      token: world.mark.token,
      organizationId: world.organization.id,
    });
    expect(body(completed).pending_approvals[0]).not.toHaveProperty('budget_position');
  });
});
