import { createHash, generateKeyPairSync, randomUUID } from 'node:crypto';
import type { ServerInjectResponse } from '@hapi/hapi';
import HapiJwt from '@hapi/jwt';
import { QueryTypes } from 'sequelize';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initModels, type Organization, type User } from '../src/db/models/index.js';
import { handlers } from '../src/server.js';
import { call, createTestApp, expectContract } from './app.js';
import {
  buildCostCenter,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildProduct,
  buildUser,
  TEST_PASSWORD,
  uniqueSuffix,
} from './factories.js';

/** The lines of /work/shared/SECURITY.md that apply to what the API implements today. */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

/**
 * Another server (other configuration) on the same database. The model classes are bound to the
 * sequelize of the latest `initModels`, so closing it binds them back to the main app's.
 */
async function otherApp(overrides: Parameters<typeof createTestApp>[0]): Promise<TestApp> {
  const other = await createTestApp(overrides);
  return {
    ...other,
    async close() {
      await other.close();
      initModels(app.sequelize);
    },
  };
}

interface Session {
  access_token: string;
  refresh_token: string;
}

async function signIn(
  target: TestApp,
  email: string,
): Promise<{ session: Session; response: ServerInjectResponse }> {
  const response = await call(target.server, 'POST', '/api/auth/login', {
    payload: { email, password: TEST_PASSWORD },
  });
  expect(response.statusCode, response.payload).toBe(200);
  return { session: JSON.parse(response.payload).session as Session, response };
}

/** A fresh organisation with one member of the given role, signed in. */
async function member(roleName = 'User', target: TestApp = app) {
  const organization = await buildOrganization(target.models);
  const user = await buildUser(target.models);
  const membership = await buildMembership(target.models, { user, organization, roleName });
  const { session } = await signIn(target, user.email);
  return { organization, user, membership, token: session.access_token, session };
}

const body = (response: ServerInjectResponse) => JSON.parse(response.payload);

/** A stack trace or source location in a body would tell an attacker how the server is built. */
function expectNoInternals(response: ServerInjectResponse): void {
  expect(response.statusCode).toBeLessThan(500);
  expect(response.payload).not.toMatch(/\n\s+at |node_modules|\.ts:\d+|\.js:\d+|stack/i);
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const nowSec = () => Math.floor(Date.now() / 1000);

describe('JWT verification (SECURITY 7)', () => {
  let claims: { sub: string; sid: string; aud: string; iss: string; iat: number; exp: number };
  let realToken: string;
  const secret = () => app.config.jwt.secret;

  beforeAll(async () => {
    const { token } = await member();
    realToken = token;
    const [, payload] = token.split('.');
    claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
  });

  const forge = (
    overrides: Record<string, unknown> = {},
    key: Parameters<typeof HapiJwt.token.generate>[1] = { key: secret(), algorithm: 'HS256' },
  ) => HapiJwt.token.generate({ ...claims, iat: nowSec(), exp: nowSec() + 600, ...overrides }, key);

  async function expectRefused(token: string) {
    const response = await call(app.server, 'GET', '/api/auth/me', { token });
    expect(response.statusCode, response.payload).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expectContract(response, 'getMe');
  }

  it('accepts a token forged with the server’s own key and claims (the control for the refusals below)', async () => {
    const response = await call(app.server, 'GET', '/api/auth/me', { token: forge() });
    expect(response.statusCode, response.payload).toBe(200);
  });

  it('refuses a token with alg none and no signature', async () => {
    const header = b64({ alg: 'none', typ: 'JWT' });
    await expectRefused(`${header}.${b64({ ...claims, iat: nowSec(), exp: nowSec() + 600 })}.`);
  });

  it('refuses a token whose signature was stripped', async () => {
    const [header, payload] = realToken.split('.');
    await expectRefused(`${header}.${payload}.`);
  });

  it('refuses a token signed with another key', async () => {
    await expectRefused(
      forge({}, { key: 'another-secret-that-is-also-long-enough-for-hs256', algorithm: 'HS256' }),
    );
  });

  it('refuses a token signed with HS512 instead of HS256, even with the right secret', async () => {
    await expectRefused(forge({}, { key: secret(), algorithm: 'HS512' }));
  });

  it('refuses a token signed with RS256 by a key pair of the attacker', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await expectRefused(
      forge({}, { key: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string, algorithm: 'RS256' }),
    );
  });

  it('refuses an expired token', async () => {
    await expectRefused(forge({ iat: nowSec() - 1200, exp: nowSec() - 120 }));
  });

  it('refuses a token older than the access token lifetime even when its exp lies in the future', async () => {
    await expectRefused(forge({ iat: nowSec() - app.config.jwt.accessTtlSec - 600, exp: nowSec() + 3600 }));
  });

  it('refuses a token with a wrong audience', async () => {
    await expectRefused(forge({ aud: 'another-api' }));
  });

  it('refuses a token with a wrong issuer', async () => {
    await expectRefused(forge({ iss: 'someone-else' }));
  });

  it('refuses a token whose payload was altered after signing', async () => {
    const [header, payload, signature] = realToken.split('.');
    const altered = {
      ...JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')),
      exp: nowSec() + 86_400,
    };
    await expectRefused(`${header}.${b64(altered)}.${signature}`);
  });

  it('refuses a validly signed token naming a session that does not exist', async () => {
    await expectRefused(forge({ sid: randomUUID() }));
  });

  it('refuses a validly signed token naming another user than its session’s', async () => {
    const other = await buildUser(app.models);
    await expectRefused(forge({ sub: other.id }));
  });
});

describe('a token verified once is checked again where time or the database can change the answer (issue 12)', () => {
  // The access check remembers the tokens whose signature and claims it verified (api/src/http/access.ts,
  // VerifiedTokens): each test uses a token once so that it is remembered, then again.
  const later = (seconds: number) => {
    const now = Date.now();
    return vi.spyOn(Date, 'now').mockReturnValue(now + seconds * 1000);
  };
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('refuses a remembered token once it has expired', async () => {
    const { token } = await member();
    expect((await call(app.server, 'GET', '/api/auth/me', { token })).statusCode).toBe(200);
    later(app.config.jwt.accessTtlSec + 60);
    const response = await call(app.server, 'GET', '/api/auth/me', { token });
    expect(response.statusCode, response.payload).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expectContract(response, 'getMe');
  });

  it('refuses a remembered token older than the access token lifetime although its exp lies ahead', async () => {
    const { token } = await member();
    const [, payload] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const longLived = HapiJwt.token.generate(
      { ...claims, iat: nowSec(), exp: nowSec() + 10 * app.config.jwt.accessTtlSec },
      { key: app.config.jwt.secret, algorithm: 'HS256' },
    );
    expect((await call(app.server, 'GET', '/api/auth/me', { token: longLived })).statusCode).toBe(200);
    later(app.config.jwt.accessTtlSec + 60);
    expect((await call(app.server, 'GET', '/api/auth/me', { token: longLived })).statusCode).toBe(401);
  });

  it('refuses a remembered token on the next request after its session is signed out', async () => {
    const { organization, token, session } = await member();
    const scoped = { token, organizationId: organization.id };
    expect((await call(app.server, 'GET', '/api/products', scoped)).statusCode).toBe(200);
    const out = await call(app.server, 'POST', '/api/auth/logout', {
      token,
      payload: { refresh_token: session.refresh_token },
    });
    expect(out.statusCode).toBe(204);
    const response = await call(app.server, 'GET', '/api/products', scoped);
    expect(response.statusCode).toBe(401);
    expectContract(response, 'listProducts');
  });

  it('refuses a remembered token altered by one character of its signature', async () => {
    const { token } = await member();
    expect((await call(app.server, 'GET', '/api/auth/me', { token })).statusCode).toBe(200);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const altered = `${token.slice(0, -1)}${last}`;
    expect((await call(app.server, 'GET', '/api/auth/me', { token: altered })).statusCode).toBe(401);
  });
});

describe('bad input (SECURITY 1, 2, 3, 4)', () => {
  const login = (payload: string | object, contentType = 'application/json') =>
    app.server.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': contentType },
      payload,
    });

  it('answers malformed JSON with 400 INVALID_JSON, no stack trace', async () => {
    const response = await login('{"email": "a@example.test", "password": ');
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ code: 'INVALID_JSON', details: [] });
    expectContract(response, 'login');
    expectNoInternals(response);
  });

  it('answers malformed JSON on an authenticated write with 400, not 500', async () => {
    const { organization, token } = await member('Super Admin');
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/requisitions',
      headers: {
        authorization: `Bearer ${token}`,
        'x-organization-id': organization.id,
        'content-type': 'application/json',
      },
      payload: '{"title": [}',
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).code).toBe('INVALID_JSON');
    expectNoInternals(response);
  });

  it('refuses a __proto__ key in a body with 400 and leaves Object.prototype alone', async () => {
    const response = await login('{"email":"a@example.test","password":"x","__proto__":{"isAdmin":true}}');
    expect(response.statusCode).toBe(400);
    expectContract(response, 'login');
    expectNoInternals(response);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('refuses a constructor.prototype key in a body with 400', async () => {
    const response = await login(
      '{"email":"a@example.test","password":"x","constructor":{"prototype":{"isAdmin":true}}}',
    );
    expect(response.statusCode).toBe(400);
    expectNoInternals(response);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });

  it('answers a text/plain sign-in with 415', async () => {
    const response = await login('email=a@example.test&password=x', 'text/plain');
    expect(response.statusCode).toBe(415);
    expect(body(response)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', details: [] });
    expectContract(response, 'login');
    expectNoInternals(response);
  });

  it('answers a body over 1 MB with 413', async () => {
    const response = await login({
      email: 'a@example.test',
      password: 'x'.repeat(app.config.maxJsonBytes + 1),
    });
    expect(app.config.maxJsonBytes).toBeLessThanOrEqual(1024 * 1024);
    expect(response.statusCode).toBe(413);
    expect(body(response)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: [] });
    expectContract(response, 'login');
    expectNoInternals(response);
  });

  it('refuses a protected field in the sign-in body with 400 naming it', async () => {
    const response = await call(app.server, 'POST', '/api/auth/login', {
      payload: { email: 'a@example.test', password: 'x', organization_id: randomUUID() },
    });
    expect(response.statusCode).toBe(400);
    expectContract(response, 'login');
    expect(body(response).details).toContainEqual({ field: 'organization_id', message: expect.any(String) });
  });

  it('refuses protected fields in a requisition body with 400 naming each (mass assignment)', async () => {
    const { organization, token } = await member('Super Admin');
    const response = await call(app.server, 'POST', '/api/requisitions', {
      token,
      organizationId: organization.id,
      payload: {
        organization_id: randomUUID(),
        status: 'approved',
        approved_by: randomUUID(),
        total_amount: 1,
      },
    });
    expect(response.statusCode).toBe(400);
    expectContract(response, 'createRequisition');
    const fields = body(response).details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(
      expect.arrayContaining(['organization_id', 'status', 'approved_by', 'total_amount']),
    );
  });

  it('refuses an unknown query key with 400 naming it', async () => {
    const { organization, token } = await member();
    const response = await call(app.server, 'GET', '/api/products?include_foreign=true', {
      token,
      organizationId: organization.id,
    });
    expect(response.statusCode).toBe(400);
    expectContract(response, 'listProducts');
    expect(body(response).details).toContainEqual({ field: 'include_foreign', message: expect.any(String) });
  });

  it.each([
    ['limit=1000000', 'limit'],
    ['limit=1e6', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=0', 'limit'],
    ['limit=ten', 'limit'],
    ['offset=-5', 'offset'],
    ['offset=1.5', 'offset'],
  ])('refuses %s on a paged list with 400 naming %s', async (query, field) => {
    const { organization, token } = await member();
    const response = await call(app.server, 'GET', `/api/requisitions?${query}`, {
      token,
      organizationId: organization.id,
    });
    expect(response.statusCode, response.payload).toBe(400);
    expectContract(response, 'listRequisitions');
    expect(body(response).details).toContainEqual({ field, message: expect.any(String) });
  });

  it('accepts the documented bounds of a paged list (limit 100, offset 0) past validation', async () => {
    const { organization, token } = await member();
    const response = await call(app.server, 'GET', '/api/requisitions?limit=100&offset=0', {
      token,
      organizationId: organization.id,
    });
    expect(response.statusCode).toBe(200);
    expectContract(response, 'listRequisitions');
    expect(JSON.parse(response.payload).pagination).toMatchObject({ limit: 100, offset: 0 });
  });

  it.each([
    ['/api/organizations/not-a-uuid/summary', 'getOrganizationSummary'],
    ['/api/organizations/1%27%20OR%201=1/cost-centers', 'listCostCenters'],
    ['/api/products/123', 'getProduct'],
  ])('refuses the malformed id in %s with 400 naming id', async (url, operationId) => {
    const { organization, token } = await member();
    const response = await call(app.server, 'GET', url, { token, organizationId: organization.id });
    expect(response.statusCode, response.payload).toBe(400);
    expectContract(response, operationId);
    expect(body(response).details).toContainEqual({ field: 'id', message: expect.any(String) });
  });
});

describe('tenancy (SECURITY 12, 13, 15)', () => {
  let a: Awaited<ReturnType<typeof member>>;
  let b: Organization;

  beforeAll(async () => {
    a = await member('Super Admin');
    b = await buildOrganization(app.models);
  });

  it('answers 403 to a member of A naming B in X-Organization-Id', async () => {
    const response = await call(app.server, 'GET', '/api/products', { token: a.token, organizationId: b.id });
    expect(response.statusCode).toBe(403);
    expectContract(response, 'listProducts');
  });

  it('answers 403 for an X-Organization-Id naming no organisation at all', async () => {
    const response = await call(app.server, 'GET', '/api/products', {
      token: a.token,
      organizationId: randomUUID(),
    });
    expect(response.statusCode).toBe(403);
  });

  it('answers 400 naming X-Organization-Id when the header is missing', async () => {
    const response = await call(app.server, 'GET', '/api/products', { token: a.token });
    expect(response.statusCode).toBe(400);
    expectContract(response, 'listProducts');
    expect(body(response).details).toContainEqual({
      field: 'X-Organization-Id',
      message: expect.any(String),
    });
  });

  it('answers 400 naming X-Organization-Id when the header is not a uuid', async () => {
    const response = await call(app.server, 'GET', '/api/products', {
      token: a.token,
      organizationId: 'acme',
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).details).toContainEqual({
      field: 'X-Organization-Id',
      message: expect.any(String),
    });
  });

  it.each([
    ['summary', 'getOrganizationSummary'],
    ['cost-centers', 'listCostCenters'],
    ['gl-accounts', 'listGlAccounts'],
    ['settings', 'getOrganizationSettings'],
  ])(
    'answers 404 for another organisation’s %s, exactly as for an unknown id',
    async (resource, operationId) => {
      const foreign = await call(app.server, 'GET', `/api/organizations/${b.id}/${resource}`, {
        token: a.token,
      });
      const unknown = await call(app.server, 'GET', `/api/organizations/${randomUUID()}/${resource}`, {
        token: a.token,
      });
      expect(foreign.statusCode).toBe(404);
      expectContract(foreign, operationId);
      expect(foreign.payload).toBe(unknown.payload);
    },
  );

  describe('lists across two organisations with overlapping data', () => {
    let orgA: Organization;
    let orgB: Organization;
    let onlyA: { user: User; token: string };
    let both: { user: User; token: string };
    const ids = { a: new Set<string>(), b: new Set<string>() };
    const shared = uniqueSuffix();

    beforeAll(async () => {
      orgA = await buildOrganization(app.models, { name: `Twin ${shared}` });
      orgB = await buildOrganization(app.models, { name: `Twin ${shared}` });
      for (const [organization, set] of [
        [orgA, ids.a],
        [orgB, ids.b],
      ] as const) {
        set.add(organization.id);
        for (const code of ['1', '2']) {
          set.add(
            (
              await buildCostCenter(app.models, organization, {
                code: `CC-${shared}-${code}`,
                name: `Shared ${code}`,
              })
            ).id,
          );
          set.add(
            (
              await buildGlAccount(app.models, organization, {
                code: `GL${shared}${code}`,
                name: `Shared ${code}`,
              })
            ).id,
          );
          set.add(
            (
              await buildProduct(app.models, organization, {
                sku: `SKU-${shared}-${code}`,
                name: `Shared ${shared} ${code}`,
              })
            ).id,
          );
        }
      }
      const userA = await buildUser(app.models);
      await buildMembership(app.models, { user: userA, organization: orgA });
      const userBoth = await buildUser(app.models);
      await buildMembership(app.models, { user: userBoth, organization: orgA });
      await buildMembership(app.models, { user: userBoth, organization: orgB, roleName: 'Admin' });
      onlyA = { user: userA, token: (await signIn(app, userA.email)).session.access_token };
      both = { user: userBoth, token: (await signIn(app, userBoth.email)).session.access_token };
    });

    const listIds = (response: ServerInjectResponse, key: string): string[] => {
      expect(response.statusCode, response.payload).toBe(200);
      return (body(response)[key] as { id: string }[]).map((row) => row.id);
    };

    it('lists only the organisations the caller belongs to, though another has the same name', async () => {
      const response = await call(app.server, 'GET', '/api/organizations', { token: onlyA.token });
      expect(listIds(response, 'organizations')).toEqual([orgA.id]);
    });

    it.each([
      ['products', (org: Organization) => ['/api/products', org.id] as const],
      ['products', (org: Organization) => [`/api/products?search=${shared}`, org.id] as const],
      [
        'cost_centers',
        (org: Organization) => [`/api/organizations/${org.id}/cost-centers`, undefined] as const,
      ],
      [
        'gl_accounts',
        (org: Organization) => [`/api/organizations/${org.id}/gl-accounts`, undefined] as const,
      ],
    ])(
      'lists %s of the current organisation only, for a member of one and a member of both',
      async (key, request) => {
        for (const caller of [onlyA, both]) {
          const [url, organizationId] = request(orgA);
          const rows = listIds(
            await call(app.server, 'GET', url, { token: caller.token, organizationId }),
            key,
          );
          expect(rows).toHaveLength(2);
          expect(rows.filter((id) => !ids.a.has(id))).toEqual([]);
        }
        const [url, organizationId] = request(orgB);
        const rows = listIds(await call(app.server, 'GET', url, { token: both.token, organizationId }), key);
        expect(rows).toHaveLength(2);
        expect(rows.filter((id) => !ids.b.has(id))).toEqual([]);
      },
    );
  });
});

describe('revocation takes effect on the very next request (SECURITY 16)', () => {
  it('answers 403 on the next organisation-scoped request once the membership is deactivated', async () => {
    const { organization, membership, token } = await member();
    const before = await call(app.server, 'GET', '/api/products', { token, organizationId: organization.id });
    expect(before.statusCode).toBe(200);
    await membership.update({ is_active: false });
    const after = await call(app.server, 'GET', '/api/products', { token, organizationId: organization.id });
    expect(after.statusCode).toBe(403);
    expectContract(after, 'listProducts');
    const costCenters = await call(app.server, 'GET', `/api/organizations/${organization.id}/cost-centers`, {
      token,
    });
    expect(costCenters.statusCode).toBe(404);
  });

  it('answers 403 on the next organisation-scoped request once the organisation is deactivated', async () => {
    const { organization, token } = await member();
    const before = await call(app.server, 'GET', '/api/products', { token, organizationId: organization.id });
    expect(before.statusCode).toBe(200);
    await organization.update({ is_active: false });
    const after = await call(app.server, 'GET', '/api/products', { token, organizationId: organization.id });
    expect(after.statusCode).toBe(403);
    const summary = await call(app.server, 'GET', `/api/organizations/${organization.id}/summary`, { token });
    expect(summary.statusCode).toBe(404);
  });

  it('drops a removed permission from the current organisation’s role in /auth/me at once', async () => {
    const { organization, membership, token } = await member('Admin');
    const permissionsOf = async () => {
      const response = await call(app.server, 'GET', '/api/auth/me', { token });
      expect(response.statusCode).toBe(200);
      const link = body(response).user.user_organizations.find(
        (m: { organization: { id: string } }) => m.organization.id === organization.id,
      );
      return (link.role.permissions as { name: string }[]).map((p) => p.name);
    };
    expect(await permissionsOf()).toContain('user.create');
    await app.sequelize.query(
      `DELETE FROM role_permissions rp USING permissions p
        WHERE rp.permission_id = p.id AND rp.role_id = $1 AND p.name = 'user.create'`,
      { bind: [membership.role_id], type: QueryTypes.DELETE },
    );
    expect(await permissionsOf()).not.toContain('user.create');
  });

  describe('with a permission-gated operation', () => {
    // This server gets a stand-in handler for listUsers, which the contract gates by `user.edit`
    // (x-permission): what is tested is the server's own gate, which reads the role's permissions
    // on every request, not the users service.
    let gated: TestApp;

    beforeAll(async () => {
      const previous = handlers.listUsers;
      handlers.listUsers = { handler: () => ({ gate: 'passed' }) };
      try {
        gated = await otherApp({});
      } finally {
        if (previous) handlers.listUsers = previous;
        else delete handlers.listUsers;
      }
    });
    afterAll(async () => {
      await gated.close();
    });

    it('answers 403 on the very next request once the role loses the permission', async () => {
      const { organization, membership, token } = await member('Admin', gated);
      const before = await call(gated.server, 'GET', '/api/users', {
        token,
        organizationId: organization.id,
      });
      expect(before.statusCode, before.payload).toBe(200);
      await gated.sequelize.query(
        `DELETE FROM role_permissions rp USING permissions p
          WHERE rp.permission_id = p.id AND rp.role_id = $1 AND p.name = 'user.edit'`,
        { bind: [membership.role_id], type: QueryTypes.DELETE },
      );
      const after = await call(gated.server, 'GET', '/api/users', { token, organizationId: organization.id });
      expect(after.statusCode).toBe(403);
      expectContract(after, 'listUsers');
    });

    it('answers 403 to a role that never had the permission', async () => {
      const { organization, token } = await member('User', gated);
      const response = await call(gated.server, 'GET', '/api/users', {
        token,
        organizationId: organization.id,
      });
      expect(response.statusCode).toBe(403);
    });
  });
});

describe('no secret leaves the server (SECURITY 6)', () => {
  it('keeps password and token hashes out of the sign-in, refresh and me answers', async () => {
    const { user } = await member();
    const { session, response: login } = await signIn(app, user.email);
    const refreshHash = createHash('sha256').update(session.refresh_token).digest('hex');
    const [stored] = await app.sequelize.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = $1',
      { bind: [user.id], type: QueryTypes.SELECT },
    );
    const me = await call(app.server, 'GET', '/api/auth/me', { token: session.access_token });
    const refreshed = await call(app.server, 'POST', '/api/auth/refresh', {
      payload: { refresh_token: session.refresh_token },
    });
    expect(me.statusCode).toBe(200);
    expect(refreshed.statusCode).toBe(200);
    expectContract(login, 'login');
    expectContract(me, 'getMe');
    for (const response of [login, me, refreshed]) {
      expect(response.payload).not.toMatch(/password|token_hash|\$argon2|\$scrypt/i);
      expect(response.payload).not.toContain(refreshHash);
      expect(response.payload).not.toContain(stored!.password_hash);
    }
    expect(me.payload).not.toContain(session.refresh_token);
  });
});

describe('security headers (SECURITY 21)', () => {
  function expectSecurityHeaders(response: ServerInjectResponse, frameAncestors = "'none'") {
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain(`frame-ancestors ${frameAncestors}`);
    expect(response.headers['cache-control']).toBe('no-store');
  }

  it('sends nosniff, a CSP with frame-ancestors, no-store and X-Frame-Options on an API answer', async () => {
    const { token } = await member();
    const response = await call(app.server, 'GET', '/api/auth/me', { token });
    expect(response.statusCode).toBe(200);
    expectSecurityHeaders(response);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('sends the same headers on a 404', async () => {
    const response = await call(app.server, 'GET', '/api/does-not-exist');
    expect(response.statusCode).toBe(404);
    expectSecurityHeaders(response);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('sends the same headers on a 401 and a 400', async () => {
    const unauthorized = await call(app.server, 'GET', '/api/auth/me');
    expect(unauthorized.statusCode).toBe(401);
    expectSecurityHeaders(unauthorized);
    const invalid = await call(app.server, 'POST', '/api/auth/login', { payload: { email: 'nope' } });
    expect(invalid.statusCode).toBe(400);
    expectSecurityHeaders(invalid);
  });

  it('sends no CORS headers by default, whatever the Origin', async () => {
    const response = await call(app.server, 'GET', '/api/health', {
      headers: { origin: 'https://evil.example' },
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
    expect(response.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('sends HSTS for at least a year in production', async () => {
    const production = await otherApp({ env: 'production' });
    try {
      const response = await call(production.server, 'GET', '/api/health');
      const hsts = response.headers['strict-transport-security'] as string;
      expect(hsts).toMatch(/max-age=\d+/);
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(31_536_000);
    } finally {
      await production.close();
    }
  });

  describe('for an embedding portal', () => {
    let portal: TestApp;

    beforeAll(async () => {
      portal = await otherApp({
        frameAncestors: 'https://portal.example',
        corsOrigins: ['https://portal.example'],
      });
    });
    afterAll(async () => {
      await portal.close();
    });

    it('names the portal in frame-ancestors and drops X-Frame-Options: DENY', async () => {
      for (const url of ['/api/health', '/api/does-not-exist']) {
        const response = await call(portal.server, 'GET', url);
        expectSecurityHeaders(response, 'https://portal.example');
        expect(response.headers['x-frame-options']).toBeUndefined();
      }
    });

    it('echoes an allowed origin, without credentials', async () => {
      const response = await call(portal.server, 'GET', '/api/health', {
        headers: { origin: 'https://portal.example' },
      });
      expect(response.headers['access-control-allow-origin']).toBe('https://portal.example');
      expect(response.headers['access-control-allow-credentials']).toBeUndefined();
    });

    it('does not echo an origin that is not configured', async () => {
      const response = await call(portal.server, 'GET', '/api/health', {
        headers: { origin: 'https://evil.example' },
      });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('lets the allowed origin send Authorization and X-Organization-Id in a preflight', async () => {
      const response = await portal.server.inject({
        method: 'OPTIONS',
        url: '/api/products',
        headers: {
          origin: 'https://portal.example',
          'access-control-request-method': 'GET',
          'access-control-request-headers': 'authorization, x-organization-id',
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('https://portal.example');
      expect(String(response.headers['access-control-allow-headers']).toLowerCase()).toContain(
        'x-organization-id',
      );
    });
  });
});

describe('sign-in reveals nothing about accounts (SECURITY 10)', () => {
  it('answers the same status and body for an unknown address, a wrong password, an inactive account and a user without a password', async () => {
    const { user } = await member();
    const inactive = await buildUser(app.models, { is_active: false });
    const invited = await buildUser(app.models, { password: null });
    const attempts = [
      { email: `nobody-${uniqueSuffix().toLowerCase()}@example.test`, password: 'Wrong-password-1' },
      { email: user.email, password: 'Wrong-password-1' },
      { email: inactive.email, password: 'Wrong-password-1' },
      { email: invited.email, password: 'Wrong-password-1' },
    ];
    const responses = [];
    for (const payload of attempts)
      responses.push(await call(app.server, 'POST', '/api/auth/login', { payload }));
    for (const response of responses) {
      expect(response.statusCode).toBe(401);
      expectContract(response, 'login');
      expect(response.payload).toBe(responses[0]!.payload);
      expect(response.headers['content-type']).toBe(responses[0]!.headers['content-type']);
    }
  });
});
