import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectContract } from './app.js';
import { pendingPage, raise, requisitionForm } from './support/approval-calls.js';
import {
  body,
  buildHeadedDepartment,
  buildOrganizationWorld,
  HOUR,
  useTestApp,
} from './support/approval-world.js';

/**
 * The approval queue's order (issue 15 item 5, `GET /approvals/pending?sort=`): oldest first by
 * default, or "Due soonest": the steps with a due time by it, then those without, ties oldest first,
 * paged by offset and by cursor across the boundary between the two, in both of the queue's branches
 * (the caller's own steps and their role group's).
 */

const app = useTestApp({}, { countersExact: true });

async function buildWorld() {
  const world = await buildOrganizationWorld(app);
  await buildHeadedDepartment(world);
  const manager = await world.member('Manager');
  const requestor = await world.member('User', { manager: manager.user });
  return { ...world, manager, requestor };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

async function submit(world: World, justification: string): Promise<string> {
  const form = requisitionForm(
    world,
    justification,
    { description: 'Chair', unit_price: 120 },
    { submit: true },
  );
  return (await raise(world, world.requestor, form)).id;
}

async function queue(world: World, search: string) {
  const page = (await pendingPage(world, world.manager, search)) as {
    pending_approvals: { requisition: { justification: string } }[];
    pagination: { total: number; cursor?: string };
  };
  return { names: page.pending_approvals.map((item) => item.requisition.justification), page };
}

describe('the queue order', () => {
  let world: World;
  /** Submitted in this order (so oldest first is a..f), with these due times from now (null: none). */
  const due: Record<string, number | null> = { a: null, b: 3, c: null, d: 1, e: 3, f: 2 };
  const soonest = ['d', 'f', 'b', 'e', 'a', 'c'];

  beforeAll(async () => {
    world = await buildWorld();
    const base = Date.now();
    for (const [name, hours] of Object.entries(due)) {
      const id = await submit(world, name);
      await app.sequelize.query(
        `UPDATE approval_steps SET due_at = $2::timestamptz, remind_at = NULL, created_at = $3::timestamptz
          WHERE requisition_id = $1 AND action IS NULL`,
        {
          bind: [
            id,
            hours === null ? null : new Date(base + hours * HOUR).toISOString(),
            new Date(base - 10 * HOUR + Object.keys(due).indexOf(name) * 60_000).toISOString(),
          ],
          type: QueryTypes.UPDATE,
        },
      );
    }
    // b and c are open to the managers' group rather than to this manager: the queue's second branch.
    await app.sequelize.query(
      `UPDATE approval_steps s SET approver_id = NULL, approver_role_name = 'Manager'
         FROM requisitions r WHERE r.id = s.requisition_id AND r.justification IN ('b', 'c')
          AND r.organization_id = $1 AND s.action IS NULL`,
      { bind: [world.organization.id], type: QueryTypes.UPDATE },
    );
  });

  it('is oldest first by default and with sort=oldest', async () => {
    expect((await queue(world, '?limit=10')).names).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    expect((await queue(world, '?sort=oldest&limit=10')).names).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
  });

  it('with sort=due puts the soonest due first, then the steps without one, ties oldest first', async () => {
    const { names, page } = await queue(world, '?sort=due&limit=10');
    expect(names).toEqual(soonest);
    expect(page.pagination.total).toBe(6);
  });

  it('pages across the boundary between due and no due time, by offset and by cursor', async () => {
    for (const limit of [1, 2, 3, 4, 5]) {
      const byOffset: string[] = [];
      const byCursor: string[] = [];
      let cursor: string | undefined;
      for (let offset = 0; offset < 6; offset += limit) {
        byOffset.push(...(await queue(world, `?sort=due&limit=${limit}&offset=${offset}`)).names);
        const next = await queue(
          world,
          `?sort=due&limit=${limit}&offset=${offset}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        byCursor.push(...next.names);
        cursor = next.page.pagination.cursor;
      }
      expect(byOffset, `limit ${limit}`).toEqual(soonest);
      expect(byCursor, `limit ${limit}`).toEqual(soonest);
    }
    // Backwards from a page's cursor (the pager's "previous"), over the boundary.
    const last = await queue(world, '?sort=due&limit=2&offset=4');
    expect(last.names).toEqual(['a', 'c']);
    const previous = await queue(world, `?sort=due&limit=2&offset=2&cursor=${last.page.pagination.cursor}`);
    expect(previous.names).toEqual(['b', 'e']);
  });

  it('keeps the overdue filter with the due order', async () => {
    await app.sequelize.query(
      `UPDATE approval_steps s SET due_at = now() - (CASE r.justification WHEN 'f' THEN 2 ELSE 1 END) * interval '1 hour'
         FROM requisitions r WHERE r.id = s.requisition_id AND r.justification IN ('e', 'f')
          AND r.organization_id = $1 AND s.action IS NULL`,
      { bind: [world.organization.id], type: QueryTypes.UPDATE },
    );
    expect((await queue(world, '?sort=due&overdue=true')).names).toEqual(['f', 'e']);
    expect((await queue(world, '?sort=due&limit=10')).names).toEqual(['f', 'e', 'd', 'b', 'a', 'c']);
  });

  it('does not seek from a cursor read in the other order', async () => {
    const oldest = await queue(world, '?limit=2');
    const due = await queue(world, `?sort=due&limit=2&offset=2&cursor=${oldest.page.pagination.cursor}`);
    expect(due.names).toEqual((await queue(world, '?sort=due&limit=2&offset=2')).names);
  });

  it('refuses an unknown order, naming sort', async () => {
    const response = await call(app.server, 'GET', '/api/approvals/pending?sort=newest', {
      token: world.manager.token,
      organizationId: world.organization.id,
    });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ details: [expect.objectContaining({ field: 'sort' })] });
  });

  it('ignores the order for the steps the caller decided (most recent first)', async () => {
    const response = await call(app.server, 'GET', '/api/approvals/pending?status=Completed&sort=due', {
      token: world.manager.token,
      organizationId: world.organization.id,
    });
    expectContract(response, 'listPendingApprovals');
    expect(body(response).pending_approvals).toEqual([]);
  });
});
