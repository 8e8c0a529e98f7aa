import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { afterEach, describe, expect, it } from 'vitest';
import type { Organization, User } from '../src/db/models/index.js';
import { waitSettings } from '../src/http/idempotency.js';
import { sweepExpiredKeys } from '../src/http/idempotency-store.js';
import { accessTokenFor, call, expectContract } from './app.js';
import {
  buildCostCenter,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildUser,
} from './factories.js';
import { body, type Member, useTestApp } from './support/test-app.js';

/**
 * `Idempotency-Key` (issue 13): the same key and request answer the first answer without a second
 * effect, also when the retries arrive at once; another request with the key is refused; the key
 * belongs to one user of one organisation, expires after 24 h, and a request whose change committed
 * is never run twice, not even after its answer was lost.
 */

const app = useTestApp();
const defaultWait = { ...waitSettings };
afterEach(() => {
  Object.assign(waitSettings, defaultWait);
});

async function memberOf(organization: Organization, roleName: string, user?: User): Promise<Member> {
  const person = user ?? (await buildUser(app.models));
  await buildMembership(app.models, { user: person, organization, roleName });
  return { user: person, token: await accessTokenFor(app.server, person) };
}

async function buildWorld() {
  const organization = await buildOrganization(app.models);
  const costCenter = await buildCostCenter(app.models, organization);
  const glAccount = await buildGlAccount(app.models, organization);
  return {
    organization,
    costCenter,
    glAccount,
    requestor: await memberOf(organization, 'User'),
    colleague: await memberOf(organization, 'User'),
  };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

const form = (world: World, justification = 'Printer paper for the office') => ({
  cost_center_id: world.costCenter.id,
  gl_account_id: world.glAccount.id,
  category: 'standard',
  justification,
  line_items: [{ description: 'Paper', quantity: 2, unit_price: 10, unit_of_measure: 'each' }],
});

function post(
  world: { organization: Organization },
  as: Member,
  url: string,
  key: string | null,
  payload?: unknown,
) {
  return call(app.server, 'POST', `/api${url}`, {
    token: as.token,
    organizationId: world.organization.id,
    ...(payload !== undefined ? { payload } : {}),
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}

const create = (world: World, key: string | null, as = world.requestor, justification?: string) =>
  post(world, as, '/requisitions', key, form(world, justification));

async function count(sql: string, bind: unknown[]): Promise<number> {
  const [row] = await app.sequelize.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, {
    bind,
    type: QueryTypes.SELECT,
  });
  return row?.n ?? -1;
}

const requisitionCount = (organizationId: string) =>
  count('requisitions WHERE organization_id = $1', [organizationId]);

async function keyRow(organizationId: string, key: string) {
  const rows = await app.sequelize.query<{ committed: boolean; response_status: number | null }>(
    'SELECT committed, response_status FROM idempotency_keys WHERE organization_id = $1 AND key = $2',
    { bind: [organizationId, key], type: QueryTypes.SELECT },
  );
  return rows;
}

describe('Idempotency-Key (attack: a replayed create)', () => {
  it('makes one requisition of four identical POSTs with one key, and answers the first response each time', async () => {
    const world = await buildWorld();
    const key = 'attack-replay-0001';
    const responses: ServerInjectResponse[] = [];
    for (let i = 0; i < 4; i += 1) responses.push(await create(world, key));
    for (const response of responses) {
      expectContract(response, 'createRequisition');
      expect(response.statusCode, response.payload).toBe(201);
    }
    expect(await requisitionCount(world.organization.id)).toBe(1);
    const first = body(responses[0]!);
    for (const response of responses.slice(1)) {
      expect(body(response)).toEqual(first);
      expect(response.headers['idempotent-replayed']).toBe('true');
      expect(response.headers['content-type']).toBe(responses[0]!.headers['content-type']);
    }
    expect(responses[0]!.headers['idempotent-replayed']).toBeUndefined();
    // The claim was marked inside the create's own transaction, and the answer stored.
    expect(await keyRow(world.organization.id, key)).toEqual([{ committed: true, response_status: 201 }]);
  });

  it('makes one requisition of ten identical POSTs sent at once, all answered alike', async () => {
    const world = await buildWorld();
    const responses = await Promise.all(Array.from({ length: 10 }, () => create(world, 'at-once-0001')));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(await requisitionCount(world.organization.id)).toBe(1);
    const payloads = new Set(responses.map((r) => r.payload));
    expect(payloads.size).toBe(1);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
  });

  it('still makes a requisition per call without a key (the header is optional)', async () => {
    const world = await buildWorld();
    await create(world, null);
    await create(world, null);
    expect(await requisitionCount(world.organization.id)).toBe(2);
  });
});

describe('Idempotency-Key reused for another request', () => {
  it('answers 422 for another body, and changes nothing', async () => {
    const world = await buildWorld();
    const first = await create(world, 'reuse-0001');
    expect(first.statusCode).toBe(201);
    const other = await create(world, 'reuse-0001', world.requestor, 'Something else entirely');
    expectContract(other, 'createRequisition');
    expect(other.statusCode).toBe(422);
    expect(body(other)).toEqual({
      message:
        'This Idempotency-Key was already used for a different request. Send a new key with a new request.',
      code: 'IDEMPOTENCY_KEY_REUSED',
      details: [{ field: 'Idempotency-Key', message: 'Already used for a different request' }],
    });
    expect(await requisitionCount(world.organization.id)).toBe(1);
    // The stored answer is untouched: the first request still replays.
    const again = await create(world, 'reuse-0001');
    expect(again.payload).toBe(first.payload);
  });

  it('answers 422 for another operation with the same key', async () => {
    const world = await buildWorld();
    const created = body(await create(world, 'reuse-0002')).requisition;
    const submit = await post(world, world.requestor, `/requisitions/${created.id}/submit`, 'reuse-0002');
    expectContract(submit, 'submitRequisition');
    expect(submit.statusCode).toBe(422);
    expect(body(submit).code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await app.models.Requisition.findByPk(created.id))?.status).toBe('draft');
  });

  it('refuses a malformed key with 400 naming the header', async () => {
    const world = await buildWorld();
    for (const key of ['with space', 'x'.repeat(256), 'ключ']) {
      const response = await create(world, key);
      expectContract(response, 'createRequisition');
      expect(response.statusCode, key).toBe(400);
      expect(body(response).details[0].field).toBe('Idempotency-Key');
    }
    expect(await requisitionCount(world.organization.id)).toBe(0);
  });
});

describe('Idempotency-Key scope and lifetime', () => {
  it('keeps one key per user: a colleague with the same key makes a requisition of their own', async () => {
    const world = await buildWorld();
    const mine = await create(world, 'shared-key-0001');
    const theirs = await create(world, 'shared-key-0001', world.colleague);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(body(theirs).requisition.id).not.toBe(body(mine).requisition.id);
    expect(await requisitionCount(world.organization.id)).toBe(2);
  });

  it('keeps one key per organisation: the same user with the same key in another organisation is independent', async () => {
    const world = await buildWorld();
    const other = await buildWorld();
    const inOther: Member = await memberOf(other.organization, 'User', world.requestor.user);
    expect((await create(world, 'two-orgs-0001')).statusCode).toBe(201);
    const there = await post(other, inOther, '/requisitions', 'two-orgs-0001', form(other));
    expect(there.statusCode, there.payload).toBe(201);
    expect(there.headers['idempotent-replayed']).toBeUndefined();
    expect(await requisitionCount(other.organization.id)).toBe(1);
  });

  it('forgets a key after 24 hours: the same request then runs again, and expired keys are swept', async () => {
    const world = await buildWorld();
    expect((await create(world, 'old-key-0001')).statusCode).toBe(201);
    await app.sequelize.query(
      `UPDATE idempotency_keys SET created_at = now() - interval '25 hours', expires_at = now() - interval '1 hour'
        WHERE organization_id = $1`,
      { bind: [world.organization.id] },
    );
    const again = await create(world, 'old-key-0001');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await requisitionCount(world.organization.id)).toBe(2);

    expect((await create(world, 'old-key-0002')).statusCode).toBe(201);
    await app.sequelize.query(
      `UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE organization_id = $1 AND key = 'old-key-0002'`,
      { bind: [world.organization.id] },
    );
    expect(await sweepExpiredKeys({ sequelize: app.sequelize })).toBeGreaterThanOrEqual(1);
    expect(await count('idempotency_keys WHERE organization_id = $1', [world.organization.id])).toBe(1);
  });
});

describe('Idempotency-Key after failures and crashes', () => {
  it('gives the key back when the request failed without a change, so a retry with it runs', async () => {
    const world = await buildWorld();
    const refused = await post(world, world.requestor, '/requisitions', 'fix-and-retry-0001', {
      ...form(world),
      cost_center_id: (await buildCostCenter(app.models, await buildOrganization(app.models))).id,
    });
    expect(refused.statusCode).toBe(400);
    expect(await keyRow(world.organization.id, 'fix-and-retry-0001')).toEqual([]);
    const retried = await create(world, 'fix-and-retry-0001');
    expect(retried.statusCode).toBe(201);
    expect(await requisitionCount(world.organization.id)).toBe(1);
  });

  it('gives the key back when a create failed after taking its number (the number is not an effect)', async () => {
    const world = await buildWorld();
    // Submitted at once with nobody else to approve it: 409 NO_APPROVER after the number was taken.
    const payload = { ...form(world), submit: true };
    const refused = await post(world, world.requestor, '/requisitions', 'number-taken-0001', payload);
    expect(refused.statusCode, refused.payload).toBe(409);
    expect(body(refused).code).toBe('NO_APPROVER');
    expect(await keyRow(world.organization.id, 'number-taken-0001')).toEqual([]);
    await memberOf(world.organization, 'Finance Manager');
    const retried = await post(world, world.requestor, '/requisitions', 'number-taken-0001', payload);
    expect(retried.statusCode, retried.payload).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('answers 409 IDEMPOTENCY_RESPONSE_LOST, never a second change, when the change committed but its answer was lost', async () => {
    const world = await buildWorld();
    expect((await create(world, 'crash-0001')).statusCode).toBe(201);
    // The process died after the create committed (with its mark) and before the answer was stored:
    // no answer, and the dead request's lease ran out.
    await app.sequelize.query(
      `UPDATE idempotency_keys SET response_status = NULL, response_headers = NULL, response_body = NULL,
              lease_until = now() - interval '1 second'
        WHERE organization_id = $1 AND key = 'crash-0001'`,
      { bind: [world.organization.id] },
    );
    const retry = await create(world, 'crash-0001');
    expectContract(retry, 'createRequisition');
    expect(retry.statusCode).toBe(409);
    expect(body(retry).code).toBe('IDEMPOTENCY_RESPONSE_LOST');
    expect(await requisitionCount(world.organization.id)).toBe(1);
  });

  it('runs a request whose first holder died before any change (lease over, nothing committed)', async () => {
    const world = await buildWorld();
    await app.sequelize.query(
      `INSERT INTO idempotency_keys
         (organization_id, user_id, key, operation_id, request_hash, owner, lease_until, expires_at)
       VALUES ($1, $2, 'dead-0001', 'createRequisition', repeat('0', 64), gen_random_uuid(),
               now() - interval '1 second', now() + interval '1 day')`,
      { bind: [world.organization.id, world.requestor.user.id] },
    );
    // The hash of a dead claim is checked like any other: another request is still refused.
    expect((await create(world, 'dead-0001')).statusCode).toBe(422);
    await app.sequelize.query(`DELETE FROM idempotency_keys WHERE key = 'dead-0001'`);
    expect((await create(world, 'dead-0002')).statusCode).toBe(201);
    await app.sequelize.query(
      `UPDATE idempotency_keys SET response_status = NULL, response_headers = NULL, response_body = NULL,
              committed = false, lease_until = now() - interval '1 second'
        WHERE organization_id = $1 AND key = 'dead-0002'`,
      { bind: [world.organization.id] },
    );
    const taken = await create(world, 'dead-0002');
    expect(taken.statusCode).toBe(201);
    expect(taken.headers['idempotent-replayed']).toBeUndefined();
    expect(await requisitionCount(world.organization.id)).toBe(2);
  });

  it('never commits both when a stalled first request outlives its lease and a retry takes the key over', async () => {
    const world = await buildWorld();
    const key = 'stall-0001';
    const ownerOf = async () => {
      const rows = await app.sequelize.query<{ owner: string }>(
        'SELECT owner FROM idempotency_keys WHERE organization_id = $1 AND key = $2',
        { bind: [world.organization.id, key], type: QueryTypes.SELECT },
      );
      return rows[0]?.owner ?? null;
    };
    const until = async (condition: () => Promise<boolean>) => {
      const deadline = Date.now() + 10_000;
      while (!(await condition())) {
        if (Date.now() > deadline) throw new Error('timed out waiting');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    const waitingOnLocks = () =>
      count(`pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`, []);

    // Another session holds the cost centre: a requisition's insert waits on its foreign key, which
    // stalls the first request after it claimed the key and before its effect commits.
    const blocker = await app.sequelize.transaction();
    await app.sequelize.query('SELECT 1 FROM cost_centers WHERE id = $1 FOR UPDATE', {
      bind: [world.costCenter.id],
      transaction: blocker,
    });
    const first = create(world, key);
    await until(async () => (await ownerOf()) !== null && (await waitingOnLocks()) >= 1);
    const stalledOwner = await ownerOf();
    // Its lease runs out (as when its process stalls past the heartbeat); a retry takes the key over.
    await app.sequelize.query(
      `UPDATE idempotency_keys SET lease_until = now() - interval '1 second' WHERE organization_id = $1 AND key = $2`,
      { bind: [world.organization.id, key] },
    );
    const retry = create(world, key);
    await until(async () => (await ownerOf()) !== stalledOwner);
    await blocker.rollback();

    const [stalled, taken] = await Promise.all([first, retry]);
    expect(await requisitionCount(world.organization.id)).toBe(1);
    expect(taken.statusCode, taken.payload).toBe(201);
    expectContract(stalled, 'createRequisition');
    expect(stalled.statusCode).toBe(409);
    expect(body(stalled).code).toBe('IDEMPOTENCY_REQUEST_IN_PROGRESS');
    // Asked again, the stalled caller gets the answer of the request that holds the key.
    const again = await create(world, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(body(again).requisition.id).toBe(body(taken).requisition.id);
  });

  it('answers 409 IDEMPOTENCY_REQUEST_IN_PROGRESS with Retry-After while the first request runs too long', async () => {
    const world = await buildWorld();
    expect((await create(world, 'slow-0001')).statusCode).toBe(201);
    // As if the first were still running: a live lease and no answer yet.
    await app.sequelize.query(
      `UPDATE idempotency_keys SET response_status = NULL, response_body = NULL, lease_until = now() + interval '1 minute'
        WHERE organization_id = $1 AND key = 'slow-0001'`,
      { bind: [world.organization.id] },
    );
    waitSettings.maxWaitMs = 300;
    const started = Date.now();
    const retry = await create(world, 'slow-0001');
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expectContract(retry, 'createRequisition');
    expect(retry.statusCode).toBe(409);
    expect(body(retry).code).toBe('IDEMPOTENCY_REQUEST_IN_PROGRESS');
    expect(retry.headers['retry-after']).toBe('1');
    expect(await requisitionCount(world.organization.id)).toBe(1);
  });
});

describe('Idempotency-Key and the order of checks', () => {
  it('answers 403 to a caller who lost the permission, never the stored answer', async () => {
    const world = await buildWorld();
    expect((await create(world, 'revoked-0001')).statusCode).toBe(201);
    const guest = await app.models.Role.create({
      organization_id: world.organization.id,
      name: 'Guest',
      description: 'No permissions',
    });
    await app.models.UserOrganization.update(
      { role_id: guest.id },
      { where: { organization_id: world.organization.id, user_id: world.requestor.user.id } },
    );
    const retry = await create(world, 'revoked-0001');
    expectContract(retry, 'createRequisition');
    expect(retry.statusCode).toBe(403);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    const stranger = await memberOf(await buildOrganization(app.models), 'User');
    const outsider = await post(world, stranger, '/requisitions', 'revoked-0001', form(world));
    expect(outsider.statusCode).toBe(403);
  });

  it('answers 400 for an invalid body before looking at the key', async () => {
    const world = await buildWorld();
    expect((await create(world, 'invalid-0001')).statusCode).toBe(201);
    const invalid = await post(world, world.requestor, '/requisitions', 'invalid-0001', { line_items: [] });
    expect(invalid.statusCode).toBe(400);
    expect(body(invalid).code).toBe('VALIDATION_FAILED');
  });
});
