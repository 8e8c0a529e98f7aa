import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization, User } from '../src/db/models/index.js';
import { accessTokenFor, call, createTestApp, expectContract } from './app.js';
import {
  buildCostCenter,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildUser,
} from './factories.js';

let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const body = (response: ServerInjectResponse) => JSON.parse(response.payload);

interface Member {
  user: User;
  token: string;
}

async function buildWorld() {
  const organization = await buildOrganization(app.models);
  const costCenter = await buildCostCenter(app.models, organization);
  const glAccount = await buildGlAccount(app.models, organization);
  const member = async (roleName: string): Promise<Member> => {
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization, roleName });
    return { user, token: await accessTokenFor(app.server, user) };
  };
  return { organization, costCenter, glAccount, requestor: await member('User') };
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

async function requisitionCount(organizationId: string): Promise<number> {
  const [row] = await app.sequelize.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM requisitions WHERE organization_id = $1',
    { bind: [organizationId], type: QueryTypes.SELECT },
  );
  return row?.n ?? -1;
}

describe('Idempotency-Key (attack: a replayed create)', () => {
  it('makes one requisition of four identical POSTs with one key, and answers the first response each time', async () => {
    const world = await buildWorld();
    const key = 'attack-replay-0001';
    const responses: ServerInjectResponse[] = [];
    for (let i = 0; i < 4; i += 1) {
      responses.push(await post(world, world.requestor, '/requisitions', key, form(world)));
    }
    for (const response of responses) {
      expectContract(response, 'createRequisition');
      expect(response.statusCode, response.payload).toBe(201);
    }
    expect(await requisitionCount(world.organization.id)).toBe(1);
    const first = body(responses[0]!);
    for (const response of responses.slice(1)) {
      expect(body(response)).toEqual(first);
      expect(response.headers['idempotent-replayed']).toBe('true');
    }
    expect(responses[0]!.headers['idempotent-replayed']).toBeUndefined();
  });
});
