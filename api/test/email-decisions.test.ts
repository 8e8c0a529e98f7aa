import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { describe, expect, it } from 'vitest';
import type { User } from '../src/db/models/index.js';
import { EMAIL_DECISION_MESSAGES } from '../src/features/approvals/email-decisions.js';
import { loggablePath } from '../src/http/error-response.js';
import { call, expectContract } from './app.js';
import { decisionLinks, raise, requisitionForm } from './support/approval-calls.js';
import {
  body,
  buildApprovalChain,
  buildOrganizationWorld,
  PUBLIC_URL,
  useTestApp,
} from './support/approval-world.js';

const app = useTestApp({ publicUrl: PUBLIC_URL }, { countersExact: true });

const nameOf = (user: User) => `${user.first_name} ${user.last_name}`;

let clientCounter = 0;
/** A client address of its own per call (documentation range), so the per-client limit stays apart. */
const newClient = () => `2001:db8::e${(++clientCounter).toString(16)}`;

/** An organisation: a requestor managed by `manager`, whose department `head` heads, and `otherManager`. */
async function buildWorld() {
  const world = await buildOrganizationWorld(app);
  const chain = await buildApprovalChain(world);
  const otherManager = await world.member('Manager');
  return { ...world, ...chain, otherManager };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

function submitted(world: World, total: number) {
  const line = { description: 'Chair', unit_price: total };
  return raise(
    world,
    world.requestor,
    requisitionForm(world, `Chairs for the team ${total}`, line, { submit: true }),
  );
}

/** The Approve and Reject tokens of the latest "awaiting your decision" mail to `user` about `number`. */
const linksOf = (user: User, number: string) => decisionLinks(app, user, number);

function open(token: string): Promise<ServerInjectResponse> {
  return app.server.inject({
    method: 'GET',
    url: `/api/email-decisions/${token}`,
    remoteAddress: newClient(),
  });
}

function decide(token: string, payload: object = {}): Promise<ServerInjectResponse> {
  return app.server.inject({
    method: 'POST',
    url: `/api/email-decisions/${token}`,
    payload,
    remoteAddress: newClient(),
  });
}

async function requisitionState(id: string) {
  const [row] = await app.sequelize.query<{ status: string; open_steps: number; used: number }>(
    `SELECT r.status,
            (SELECT count(*)::int FROM approval_steps s WHERE s.requisition_id = r.id AND s.action IS NULL) AS open_steps,
            (SELECT count(*)::int FROM email_decision_tokens t WHERE t.requisition_id = r.id AND t.used_at IS NOT NULL) AS used
       FROM requisitions r WHERE r.id = $1`,
    { bind: [id], type: QueryTypes.SELECT },
  );
  return row!;
}

describe('decide from the email', () => {
  it('mails the approver signed links; opening one (any number of times) never decides', async () => {
    const world = await buildWorld();
    const requisition = await submitted(world, 200);
    const links = await linksOf(world.manager.user, requisition.requisition_number);
    const [tokenRow] = await app.sequelize.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM email_decision_tokens WHERE token_hash = $1 OR token_hash = $2',
      { bind: [links.approve, links.reject], type: QueryTypes.SELECT },
    );
    expect(tokenRow!.n).toBe(0); // stored hashed, never as they are
    for (let i = 0; i < 3; i += 1) {
      const response = await open(links.approve);
      expect(response.statusCode, response.payload).toBe(200);
      expectContract(response, 'getEmailDecision');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(body(response)).toMatchObject({
        action: 'approve',
        state: 'valid',
        message: null,
        approver_name: nameOf(world.manager.user),
        requisition: {
          requisition_number: requisition.requisition_number,
          justification: 'Chairs for the team 200',
          total_amount: 200,
          requestor_name: nameOf(world.requestor.user),
        },
      });
    }
    expect(body(await open(links.reject)).action).toBe('reject');
    expect(await requisitionState(requisition.id)).toEqual({
      status: 'under_review',
      open_steps: 1,
      used: 0,
    });
  });

  it('approves as that approver once; a second use and the sibling link answer what happened', async () => {
    const world = await buildWorld();
    const requisition = await submitted(world, 200);
    const links = await linksOf(world.manager.user, requisition.requisition_number);
    const done = await decide(links.approve);
    expect(done.statusCode, done.payload).toBe(200);
    expectContract(done, 'decideByEmail');
    expect(body(done).state).toBe('used');
    expect(body(done).message).toMatch(new RegExp(`^Approved by ${nameOf(world.manager.user)} on `));
    expect(await requisitionState(requisition.id)).toEqual({ status: 'approved', open_steps: 0, used: 1 });
    const [step] = await app.sequelize.query<{ actioned_by_id: string }>(
      "SELECT actioned_by_id FROM approval_steps WHERE requisition_id = $1 AND action = 'approve'",
      { bind: [requisition.id], type: QueryTypes.SELECT },
    );
    expect(step!.actioned_by_id).toBe(world.manager.user.id);

    const again = await decide(links.approve);
    expect(again.statusCode).toBe(409);
    expectContract(again, 'decideByEmail');
    expect(body(again).message).toBe(body(done).message);
    const sibling = await open(links.reject);
    expect(body(sibling).state).toBe('decided');
    expect(body(sibling).message).toMatch(
      new RegExp(`^Already approved by ${nameOf(world.manager.user)} on `),
    );
    expect((await decide(links.reject, { comment: 'Too late' })).statusCode).toBe(409);
    expect(await requisitionState(requisition.id)).toEqual({ status: 'approved', open_steps: 0, used: 1 });
  });

  it('refuses a rejection without a comment with 400 naming comment, then rejects with one', async () => {
    const world = await buildWorld();
    const requisition = await submitted(world, 200);
    const links = await linksOf(world.manager.user, requisition.requisition_number);
    for (const payload of [{}, { comment: '   ' }]) {
      const refused = await decide(links.reject, payload);
      expect(refused.statusCode).toBe(400);
      expectContract(refused, 'decideByEmail');
      expect(body(refused).details).toEqual([
        { field: 'comment', message: EMAIL_DECISION_MESSAGES.commentRequired },
      ]);
    }
    expect(await requisitionState(requisition.id)).toEqual({
      status: 'under_review',
      open_steps: 1,
      used: 0,
    });
    const done = await decide(links.reject, { comment: 'Use the preferred supplier.' });
    expect(done.statusCode, done.payload).toBe(200);
    expect(body(done).message).toMatch(/^Rejected by /);
    expect(await requisitionState(requisition.id)).toEqual({ status: 'rejected', open_steps: 0, used: 1 });
  });

  it('answers an expired link as expired and never decides with it', async () => {
    const world = await buildWorld();
    const requisition = await submitted(world, 200);
    const links = await linksOf(world.manager.user, requisition.requisition_number);
    await app.sequelize.query(
      "UPDATE email_decision_tokens SET expires_at = now() - interval '1 minute' WHERE requisition_id = $1",
      { bind: [requisition.id] },
    );
    const opened = await open(links.approve);
    expect(body(opened)).toMatchObject({ state: 'expired', message: EMAIL_DECISION_MESSAGES.expired });
    const refused = await decide(links.approve);
    expect(refused.statusCode).toBe(410);
    expectContract(refused, 'decideByEmail');
    expect(body(refused).code).toBe('TOKEN_EXPIRED');
    expect(await requisitionState(requisition.id)).toEqual({
      status: 'under_review',
      open_steps: 1,
      used: 0,
    });
  });

  it('a link of a step decided in the app says who decided; the next level gets its own mail', async () => {
    const world = await buildWorld();
    const requisition = await submitted(world, 6000);
    const links = await linksOf(world.manager.user, requisition.requisition_number);
    const approved = await call(app.server, 'POST', `/api/approvals/${requisition.id}/approve`, {
      token: world.manager.token,
      organizationId: world.organization.id,
      payload: { action: 'approve' },
    });
    expect(approved.statusCode, approved.payload).toBe(200);
    const opened = await open(links.approve);
    expect(body(opened).state).toBe('decided');
    expect(body(opened).message).toMatch(
      new RegExp(`^Already approved by ${nameOf(world.manager.user)} on `),
    );
    // The link is bound to its step: it never decides the next level's (the head's) step.
    expect((await decide(links.approve)).statusCode).toBe(409);
    expect(await requisitionState(requisition.id)).toEqual({
      status: 'under_review',
      open_steps: 1,
      used: 0,
    });

    const headLinks = await linksOf(world.head.user, requisition.requisition_number);
    expect(body(await open(headLinks.approve))).toMatchObject({
      state: 'valid',
      approver_name: nameOf(world.head.user),
    });
    expect((await decide(headLinks.approve)).statusCode).toBe(200);
  });

  it('a link of a delegated step says to whom; the delegate is mailed links of their own', async () => {
    const world = await buildWorld();
    const requisition = await submitted(world, 200);
    const links = await linksOf(world.manager.user, requisition.requisition_number);
    const delegated = await call(app.server, 'POST', `/api/approvals/${requisition.id}/delegate`, {
      token: world.manager.token,
      organizationId: world.organization.id,
      payload: { action: 'delegate', delegate_to_user_id: world.otherManager.user.id },
    });
    expect(delegated.statusCode, delegated.payload).toBe(200);
    expect(body(await open(links.reject))).toMatchObject({
      state: 'delegated',
      message: `This step was delegated to ${nameOf(world.otherManager.user)}.`,
    });
    expect((await decide(links.reject, { comment: 'No' })).statusCode).toBe(409);
    const theirs = await linksOf(world.otherManager.user, requisition.requisition_number);
    expect(body(await open(theirs.approve)).state).toBe('valid');
  });

  it('answers an unknown token 404 INVALID_TOKEN, and keeps tokens out of logged paths', async () => {
    const unknown = 'N0-such-token_'.repeat(3);
    for (const response of [await open(unknown), await decide(unknown)]) {
      expect(response.statusCode).toBe(404);
      expect(body(response)).toMatchObject({
        code: 'INVALID_TOKEN',
        message: EMAIL_DECISION_MESSAGES.invalid,
      });
    }
    // Anything that is no token is refused by the contract before the link is looked up (or counted).
    for (const response of [
      await open('short'),
      await open('x'.repeat(129)),
      await open('a%20b'.repeat(5)),
    ]) {
      expect(response.statusCode).toBe(400);
    }
    expect(loggablePath('/api/email-decisions/abc_DEF-123')).toBe('/api/email-decisions/[token]');
    expect(loggablePath('/email-decision/abc_DEF-123')).toBe('/email-decision/[token]');
    expect(loggablePath('/api/requisitions/1')).toBe('/api/requisitions/1');
  });
});
