import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import type { User } from '../src/db/models/index.js';
import { runAbsencePass } from '../src/features/absences/absence-job.js';
import { ABSENCE_OVERLAP_MESSAGE } from '../src/features/absences/absences.service.js';
import { call, expectContract } from './app.js';
import { chairsForm, decide, pendingPage, raise, requisitionDetail } from './support/approval-calls.js';
import {
  body,
  buildHeadedDepartment,
  buildOrganizationWorld,
  HOUR,
  type Member,
  useTestApp,
} from './support/approval-world.js';

/**
 * Out of office (issue 15 item 4, docs/decisions.md "Out of office"): steps opening during an absence
 * go to the delegate, open ones move at its start and come back at its end (the job driven with an
 * injected clock), never two hops, never to the requestor; the queue and the decision follow.
 */

// Every move kept the maintained queue counters exact.
const app = useTestApp({}, { countersExact: true });

const at = (offsetMs: number) => new Date(Date.now() + offsetMs);

/** An organisation where `manager` approves `requestor`'s requisitions; `backup` and `head` can approve too. */
async function buildWorld() {
  const world = await buildOrganizationWorld(app);
  const { head } = await buildHeadedDepartment(world);
  const manager = await world.member('Manager');
  const backup = await world.member('Manager');
  const requestor = await world.member('User', { manager: manager.user });
  // A Manager whose own manager is `manager`: a requestor who can approve.
  const approvingRequestor = await world.member('Manager', { manager: manager.user });
  const plainUser = await world.member('User');
  return { ...world, head, manager, backup, requestor, approvingRequestor, plainUser };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

const db = () => ({ sequelize: app.sequelize });

async function submit(world: World, as: Member = world.requestor) {
  const form = chairsForm(world);
  return (await raise(world, as, form)).id;
}

async function setAbsence(world: World, as: Member, payload: Record<string, unknown>) {
  const response = await call(app.server, 'POST', '/api/users/me/absences', {
    token: as.token,
    organizationId: world.organization.id,
    payload,
  });
  expectContract(response, 'createMyAbsence');
  return response;
}

const period = (delegate: Member, from: number, until: number) => ({
  starts_at: at(from).toISOString(),
  ends_at: at(until).toISOString(),
  delegate_user_id: delegate.user.id,
});

/** The ids of the requisitions in `as`'s pending queue, with who they came from out of office. */
async function pendingOf(world: World, as: Member) {
  // biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
  return (await pendingPage(world, as)).pending_approvals.map((item: any) => ({
    id: item.requisition.id as string,
    from: (item.out_of_office_from?.id ?? null) as string | null,
  }));
}

async function workflow(world: World, id: string, as: Member = world.requestor) {
  // biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
  return (await requisitionDetail(world, as, id)).approval_workflow as any[];
}

const approve = (world: World, as: Member, id: string) => decide(world, as, id, 'approve');

describe('a step opening during an absence', () => {
  it('goes to the delegate, who sees it and approves; the absent approver no longer has it', async () => {
    const world = await buildWorld();
    expect((await setAbsence(world, world.manager, period(world.backup, -HOUR, 48 * HOUR))).statusCode).toBe(
      201,
    );
    const id = await submit(world);

    expect(await pendingOf(world, world.backup)).toEqual([{ id, from: world.manager.user.id }]);
    expect(await pendingOf(world, world.manager)).toEqual([]);
    const steps = await workflow(world, id);
    const handed = steps.find((s) => s.action === 'delegate');
    expect(handed.comments).toMatch(
      /^Delegated to .+: .+ is out of office until \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
    );

    expect((await approve(world, world.manager, id)).statusCode).toBeGreaterThanOrEqual(403);
    const approved = await approve(world, world.backup, id);
    expect(approved.statusCode, approved.payload).toBe(200);
    expect(body(approved).requisition.status).toBe('approved');
  });

  it('does not hop again when the delegate is out of office too', async () => {
    const world = await buildWorld();
    expect((await setAbsence(world, world.backup, period(world.head, -HOUR, 48 * HOUR))).statusCode).toBe(
      201,
    );
    expect((await setAbsence(world, world.manager, period(world.backup, -HOUR, 48 * HOUR))).statusCode).toBe(
      201,
    );
    const id = await submit(world);
    expect(await pendingOf(world, world.backup)).toEqual([{ id, from: world.manager.user.id }]);
    expect(await pendingOf(world, world.head)).toEqual([]);
    // Nor does the job move what the delegate holds for someone else.
    await runAbsencePass(db(), at(2 * HOUR));
    expect(await pendingOf(world, world.backup)).toEqual([{ id, from: world.manager.user.id }]);
  });

  it('stays with the absent approver when the delegate is the requestor', async () => {
    const world = await buildWorld();
    const set = await setAbsence(world, world.manager, period(world.approvingRequestor, -HOUR, 48 * HOUR));
    expect(set.statusCode).toBe(201);
    const id = await submit(world, world.approvingRequestor);
    expect(await pendingOf(world, world.manager)).toEqual([{ id, from: null }]);
    expect((await workflow(world, id, world.approvingRequestor)).some((s) => s.action === 'delegate')).toBe(
      false,
    );
  });
});

/** How many "awaiting your decision" mails with decision links `user` has been sent. */
async function decisionMailsTo(user: User): Promise<number> {
  const [row] = await app.sequelize.query<{ count: string }>(
    `SELECT count(*)::text AS count FROM email_outbox
      WHERE lower(to_address) = lower($1) AND subject LIKE 'Awaiting your decision:%'
        AND text_body LIKE '%/email-decision/%'`,
    { bind: [user.email], type: QueryTypes.SELECT },
  );
  return Number(row?.count ?? 0);
}

describe('the start and the end of an absence', () => {
  it('moves open steps to the delegate at the start and back at the end, once each', async () => {
    const world = await buildWorld();
    const id = await submit(world);
    const set = await setAbsence(world, world.manager, period(world.backup, 2 * HOUR, 5 * HOUR));
    expect(set.statusCode).toBe(201);
    expect(body(set).absence.current).toBe(false);
    expect(await pendingOf(world, world.manager)).toEqual([{ id, from: null }]);

    // Before the start: nothing moves.
    await runAbsencePass(db(), at(HOUR));
    expect(await pendingOf(world, world.manager)).toEqual([{ id, from: null }]);

    expect(await decisionMailsTo(world.backup.user)).toBe(0);
    await runAbsencePass(db(), at(3 * HOUR), { linkBase: 'https://purchasing.example', validHours: 72 });
    expect(await pendingOf(world, world.manager)).toEqual([]);
    expect(await pendingOf(world, world.backup)).toEqual([{ id, from: world.manager.user.id }]);
    // The delegate is mailed the step's own Approve and Reject links.
    expect(await decisionMailsTo(world.backup.user)).toBe(1);
    // A second pass (or a second instance) moves nothing again.
    const again = await runAbsencePass(db(), at(3 * HOUR));
    expect(again.started).toBe(0);

    await runAbsencePass(db(), at(6 * HOUR));
    expect(await pendingOf(world, world.backup)).toEqual([]);
    expect(await pendingOf(world, world.manager)).toEqual([{ id, from: null }]);
    const comments = (await workflow(world, id))
      .filter((s) => s.action === 'delegate')
      .map((s) => s.comments);
    expect(comments).toHaveLength(2);
    expect(comments[1]).toMatch(/^Back to .+: out of office ended\.$/);
    const approved = await approve(world, world.manager, id);
    expect(approved.statusCode, approved.payload).toBe(200);
  });

  it('moves open steps at once when the absence set has already started, and back when cancelled', async () => {
    const world = await buildWorld();
    const id = await submit(world);
    const set = await setAbsence(world, world.manager, period(world.backup, -HOUR, 5 * HOUR));
    expect(body(set).absence.current).toBe(true);
    expect(await pendingOf(world, world.backup)).toEqual([{ id, from: world.manager.user.id }]);

    const cancelled = await call(app.server, 'DELETE', `/api/users/me/absences/${body(set).absence.id}`, {
      token: world.manager.token,
      organizationId: world.organization.id,
    });
    expectContract(cancelled, 'cancelMyAbsence');
    expect(cancelled.statusCode).toBe(204);
    expect(await pendingOf(world, world.manager)).toEqual([{ id, from: null }]);
    expect(await pendingOf(world, world.backup)).toEqual([]);
  });
});

describe('setting an absence', () => {
  it('refuses a bad period, oneself or a non-approver as delegate (400 naming the field), and overlaps (409)', async () => {
    const world = await buildWorld();
    const details = async (payload: Record<string, unknown>) => {
      const response = await setAbsence(world, world.manager, payload);
      expect(response.statusCode, response.payload).toBe(400);
      return body(response).details.map((d: { field: string }) => d.field);
    };
    expect(await details(period(world.backup, 5 * HOUR, 2 * HOUR))).toEqual(['ends_at']);
    expect(await details(period(world.backup, -5 * HOUR, -2 * HOUR))).toEqual(['ends_at']);
    expect(await details(period(world.manager, HOUR, 2 * HOUR))).toEqual(['delegate_user_id']);
    expect(await details(period(world.plainUser, HOUR, 2 * HOUR))).toEqual(['delegate_user_id']);

    expect((await setAbsence(world, world.manager, period(world.backup, HOUR, 5 * HOUR))).statusCode).toBe(
      201,
    );
    const overlap = await setAbsence(world, world.manager, period(world.head, 4 * HOUR, 8 * HOUR));
    expect(overlap.statusCode).toBe(409);
    expect(body(overlap)).toMatchObject({
      code: 'ABSENCE_OVERLAP',
      details: [{ field: 'starts_at', message: ABSENCE_OVERLAP_MESSAGE }],
    });
    // Back-to-back is fine.
    expect((await setAbsence(world, world.manager, period(world.head, 5 * HOUR, 8 * HOUR))).statusCode).toBe(
      201,
    );

    const list = await call(app.server, 'GET', '/api/users/me/absences', {
      token: world.manager.token,
      organizationId: world.organization.id,
    });
    expectContract(list, 'listMyAbsences');
    expect(body(list).absences.map((a: { delegate: { id: string } }) => a.delegate.id)).toEqual([
      world.backup.user.id,
      world.head.user.id,
    ]);
  });

  it('is for approvers only, and each person changes only their own', async () => {
    const world = await buildWorld();
    const refused = await setAbsence(world, world.plainUser, period(world.manager, HOUR, 2 * HOUR));
    expect(refused.statusCode).toBe(403);
    const mine = body(await setAbsence(world, world.manager, period(world.backup, HOUR, 2 * HOUR))).absence;
    for (const [method, payload] of [
      ['PATCH', { note: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await call(app.server, method, `/api/users/me/absences/${mine.id}`, {
        token: world.backup.token,
        organizationId: world.organization.id,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, response.payload).toBe(404);
    }
    const changed = await call(app.server, 'PATCH', `/api/users/me/absences/${mine.id}`, {
      token: world.manager.token,
      organizationId: world.organization.id,
      payload: { ends_at: at(3 * HOUR).toISOString(), note: 'Annual leave.' },
    });
    expectContract(changed, 'updateMyAbsence');
    expect(body(changed).absence).toMatchObject({ note: 'Annual leave.', ends_at: expect.any(String) });
  });
});
