import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../src/features/purchase-orders/po-document.js';
import { call, expectContract } from './app.js';
import { buildDepartment } from './factories.js';
import {
  decide,
  decisionLinks,
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
  PUBLIC_URL,
  saveApprovalPolicy,
  useTestApp,
} from './support/approval-world.js';

/**
 * Closed seats say what happened, and a named-users level needing one approval asks all its named
 * users (issue 15 items 2, 6, 8; docs/decisions.md "Closed seats and any-one-of levels").
 */

const app = useTestApp({ publicUrl: PUBLIC_URL }, { countersExact: true });

const nameOf = (member: Member) => `${member.user.first_name} ${member.user.last_name}`;
const today = () => formatDay(new Date());

/** An organisation whose level 1 is the three board members (`required` of them), level 2 Finance. */
async function buildWorld(required: number) {
  const world = await buildOrganizationWorld(app);
  const admin = await world.member('Admin');
  const manager = await world.member('Manager');
  const department = await buildDepartment(app.models, world.organization, {});
  const requestor = await world.member('User', { manager: manager.user, department });
  const finance = await world.member('Finance Manager');
  const outsider = await world.member('General Manager');
  const board = [
    await world.member('General Manager'),
    await world.member('General Manager'),
    await world.member('General Manager'),
  ];
  await saveApprovalPolicy(world, admin, boardPolicy(board, required));
  return { ...world, admin, requestor, finance, outsider, board };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

async function submitted(world: World, total = 1000) {
  const line = { description: 'Server', unit_price: total };
  return raise(
    world,
    world.requestor,
    requisitionForm(world, `Board purchase ${total}`, line, { submit: true }),
  );
}

const detail = (world: World, id: string) => requisitionDetail(world, world.admin, id);

const act = (
  world: World,
  as: Member,
  id: string,
  action: 'approve' | 'reject' | 'request_info',
  comments?: string,
) => decide(world, as, id, action, comments ? { comments } : {});

const pendingIds = (world: World, as: Member) => pendingIdsOf(world, as);
const pendingCount = (world: World, as: Member) => pendingCountOf(world, as);
const unread = (world: World, as: Member) => unreadCount(world, as);

/** The Approve and Reject tokens of the latest "awaiting your decision" mail to `member` about `number`. */
const linksOf = (member: Member, number: string) => decisionLinks(app, member.user, number);

let client = 0;
const link = (method: 'GET' | 'POST', token: string, payload?: object) =>
  app.server.inject({
    method,
    url: `/api/email-decisions/${token}`,
    ...(payload ? { payload } : {}),
    remoteAddress: `2001:db8::c${(++client).toString(16)}`,
  });

describe('a named-users level needing one approval (any one of them decides)', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(1);
  });

  it('opens a seat to every eligible named user: each one’s queue, counter, bell and mail', async () => {
    const counts = await Promise.all(world.board.map((b) => pendingCount(world, b)));
    const bells = await Promise.all(world.board.map((b) => unread(world, b)));
    const requisition = await submitted(world);
    const open = openSteps(await detail(world, requisition.id));
    expect(open.map((s: { approver: { id: string } }) => s.approver.id).sort()).toEqual(
      world.board.map((b) => b.user.id).sort(),
    );
    expect(open.every((s: { required_approvals: number }) => s.required_approvals === 1)).toBe(true);
    expect(await Promise.all(world.board.map((b) => pendingCount(world, b)))).toEqual(
      counts.map((n) => n + 1),
    );
    expect(await Promise.all(world.board.map((b) => unread(world, b)))).toEqual(bells.map((n) => n + 1));
    for (const b of world.board) {
      expect(await pendingIds(world, b)).toContain(requisition.id);
      await linksOf(b, requisition.requisition_number);
    }
  });

  it('is decided by the first approval: the next level opens, the others learn who approved (409)', async () => {
    const { id } = await submitted(world);
    const first = await act(world, world.board[1]!, id, 'approve');
    expectContract(first, 'approveRequisition');
    expect(first.statusCode, first.payload).toBe(200);
    const after = body(first).requisition;
    expect(openSteps(after)).toEqual([
      expect.objectContaining({ approval_level: 2, approver_group: 'Finance Manager' }),
    ]);
    // The closed seats are not in the timeline: only the decision stays.
    const level1 = after.approval_workflow.filter((s: { approval_level: number }) => s.approval_level === 1);
    expect(
      level1.map((s: { approver: { id: string }; action: string }) => [s.approver.id, s.action]),
    ).toEqual([[world.board[1]!.user.id, 'approve']]);
    for (const other of [world.board[0]!, world.board[2]!]) {
      const late = await act(world, other, id, 'approve');
      expectContract(late, 'approveRequisition');
      expect(late.statusCode, late.payload).toBe(409);
      expect(body(late)).toMatchObject({
        code: 'CONFLICT',
        message: `Already approved by ${nameOf(world.board[1]!)} on ${today()}.`,
      });
      expect(await pendingIds(world, other)).not.toContain(id);
    }
    // Someone who never had a seat learns nothing.
    const outsider = await act(world, world.outsider, id, 'approve');
    expect(outsider.statusCode).toBe(403);
    expect(body(outsider).message).not.toContain(nameOf(world.board[1]!));
    const done = await act(world, world.finance, id, 'approve');
    expect(body(done).requisition.status).toBe('approved');
    const stillLate = await act(world, world.board[0]!, id, 'reject', 'Too late?');
    expect(body(stillLate).message).toBe(`Already approved by ${nameOf(world.board[1]!)} on ${today()}.`);
  });

  it('is decided by one rejection or request for information, closing the other seats', async () => {
    const rejectedOne = await submitted(world);
    const rejected = await act(world, world.board[0]!, rejectedOne.id, 'reject', 'Not now');
    expect(body(rejected).requisition.status).toBe('rejected');
    const late = await act(world, world.board[2]!, rejectedOne.id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(body(late).message).toBe(`Already rejected by ${nameOf(world.board[0]!)} on ${today()}.`);

    const askedOne = await submitted(world);
    const asked = await act(world, world.board[2]!, askedOne.id, 'request_info', 'Which vendor?');
    expect(body(asked).requisition.status).toBe('info_requested');
    const lateToo = await act(world, world.board[1]!, askedOne.id, 'approve');
    expect(lateToo.statusCode).toBe(409);
    expect(body(lateToo).message).toBe(
      `${nameOf(world.board[2]!)} asked for more information on ${today()}.`,
    );
  });

  it('lets exactly one of several members acting at once decide, and opens the next level once', async () => {
    for (let run = 0; run < 3; run++) {
      const { id } = await submitted(world);
      const answers = await Promise.all(world.board.map((b) => act(world, b, id, 'approve')));
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
      const after = await detail(world, id);
      expect(openSteps(after)).toEqual([expect.objectContaining({ approval_level: 2 })]);
      const approvals = after.approval_workflow.filter(
        (s: { approval_level: number; action: string }) => s.approval_level === 1 && s.action === 'approve',
      );
      expect(approvals).toHaveLength(1);
      const audits = await app.sequelize.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_logs WHERE entity_id = :id AND action = 'approve'`,
        { replacements: { id }, type: QueryTypes.SELECT },
      );
      expect(audits[0]?.n).toBe(1);
    }
  });

  it('answers the link of a closed seat with who decided, and refuses to decide with it', async () => {
    const requisition = await submitted(world);
    const links = await linksOf(world.board[0]!, requisition.requisition_number);
    expect((await act(world, world.board[2]!, requisition.id, 'approve')).statusCode).toBe(200);
    const message = `Already approved by ${nameOf(world.board[2]!)} on ${today()}.`;
    const seen = await link('GET', links.approve);
    expectContract(seen, 'getEmailDecision');
    expect(seen.statusCode, seen.payload).toBe(200);
    expect(body(seen)).toMatchObject({ state: 'decided', message });
    const used = await link('POST', links.reject, { comment: 'No' });
    expect(used.statusCode, used.payload).toBe(409);
    expect(body(used)).toMatchObject({ code: 'CONFLICT', message });
  });

  it('previews the level as any one of the named users', async () => {
    const response = await call(
      app.server,
      'POST',
      `/api/organizations/${world.organization.id}/approval-policy/preview`,
      {
        token: world.admin.token,
        organizationId: world.organization.id,
        payload: { amount: 500, requestor_id: world.requestor.user.id },
      },
    );
    expectContract(response, 'previewApprovalPolicy');
    expect(response.statusCode, response.payload).toBe(200);
    expect(body(response).preview.levels[0]).toMatchObject({
      level: 1,
      outcome: 'committee',
      required_approvals: 1,
      approvers: expect.arrayContaining(world.board.map((b) => expect.objectContaining({ id: b.user.id }))),
    });
  });
});

describe('a committee member whose seat the others’ decision closed', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld(2);
  });

  it('learns the committee approved, from the API and from their emailed link', async () => {
    const requisition = await submitted(world);
    const links = await linksOf(world.board[2]!, requisition.requisition_number);
    expect((await act(world, world.board[0]!, requisition.id, 'approve')).statusCode).toBe(200);
    expect((await act(world, world.board[1]!, requisition.id, 'approve')).statusCode).toBe(200);
    const message = `This committee has already decided: approved by ${nameOf(world.board[0]!)} and ${nameOf(world.board[1]!)} on ${today()}.`;

    const late = await act(world, world.board[2]!, requisition.id, 'approve');
    expectContract(late, 'approveRequisition');
    expect(late.statusCode, late.payload).toBe(409);
    expect(body(late)).toMatchObject({ code: 'CONFLICT', message });

    const seen = await link('GET', links.approve);
    expect(body(seen)).toMatchObject({ state: 'decided', message });
    const decided = await link('POST', links.approve, {});
    expectContract(decided, 'decideByEmail');
    expect(decided.statusCode, decided.payload).toBe(409);
    expect(body(decided)).toMatchObject({ code: 'CONFLICT', message });
    // The closed seat is not shown as pending, nor as a decision.
    const after = await detail(world, requisition.id);
    expect(
      after.approval_workflow.filter(
        (s: { approver: { id: string } | null }) => s.approver?.id === world.board[2]!.user.id,
      ),
    ).toEqual([]);
    // Nobody else learns anything from it.
    expect((await act(world, world.outsider, requisition.id, 'approve')).statusCode).toBe(403);
  });

  it('learns one member rejected it, or sent it back for information', async () => {
    const rejectedOne = await submitted(world);
    const links = await linksOf(world.board[1]!, rejectedOne.requisition_number);
    expect((await act(world, world.board[2]!, rejectedOne.id, 'approve')).statusCode).toBe(200);
    expect((await act(world, world.board[0]!, rejectedOne.id, 'reject', 'Not this year')).statusCode).toBe(
      200,
    );
    const rejected = `This committee has already decided: rejected by ${nameOf(world.board[0]!)} on ${today()}.`;
    expect(body(await act(world, world.board[1]!, rejectedOne.id, 'approve'))).toMatchObject({
      code: 'CONFLICT',
      message: rejected,
    });
    expect(body(await link('GET', links.reject))).toMatchObject({
      state: 'decided',
      message: rejected,
    });

    const askedOne = await submitted(world);
    expect((await act(world, world.board[1]!, askedOne.id, 'request_info', 'Which vendor?')).statusCode).toBe(
      200,
    );
    const late = await act(world, world.board[0]!, askedOne.id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(body(late).message).toBe(
      `This committee has already decided: sent back for more information by ${nameOf(world.board[1]!)} on ${today()}.`,
    );
  });
});
