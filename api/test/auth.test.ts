import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization, User } from '../src/db/models/index.js';
import { call, createTestApp, expectContract } from './app.js';
import { buildMembership, buildOrganization, buildUser, TEST_PASSWORD } from './factories.js';

let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp({
    login: { maxFailures: 3, maxFailuresPerAccount: 10, windowMinutes: 15, lockMinutes: 15 },
  });
});
afterAll(async () => {
  await app.close();
});

interface Session {
  access_token: string;
  refresh_token: string;
}

async function member(roleName = 'User'): Promise<{ user: User; organization: Organization }> {
  const organization = await buildOrganization(app.models);
  const user = await buildUser(app.models);
  await buildMembership(app.models, { user, organization, roleName });
  return { user, organization };
}

async function signIn(email: string, password = TEST_PASSWORD): Promise<Session> {
  const response = await call(app.server, 'POST', '/api/auth/login', { payload: { email, password } });
  expect(response.statusCode, response.payload).toBe(200);
  return JSON.parse(response.payload).session as Session;
}

describe('POST /auth/login', () => {
  it('signs a member in with a session and the user, as the contract declares', async () => {
    const { user, organization } = await member('Manager');
    const response = await call(app.server, 'POST', '/api/auth/login', {
      payload: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(200);
    expectContract(response, 'login');
    const body = JSON.parse(response.payload);
    expect(body.session.token_type).toBe('Bearer');
    expect(body.session.expires_in).toBe(app.config.jwt.accessTtlSec);
    expect(body.user.email).toBe(user.email);
    expect(body.user.user_organizations).toHaveLength(1);
    expect(body.user.user_organizations[0].organization.id).toBe(organization.id);
    expect(body.user.user_organizations[0].role.name).toBe('Manager');
    expect(body.user.permissions).toEqual(['approval.act', 'purchase_order.view', 'requisition.create']);
  });

  it('answers a wrong password and an unknown address with the same 401 body', async () => {
    const { user } = await member();
    const wrong = await call(app.server, 'POST', '/api/auth/login', {
      payload: { email: user.email, password: 'nope' },
    });
    const unknown = await call(app.server, 'POST', '/api/auth/login', {
      payload: { email: `nobody-${user.id}@example.test`, password: 'nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expectContract(wrong, 'login');
    expect(JSON.parse(wrong.payload)).toEqual(JSON.parse(unknown.payload));
    expect(JSON.parse(wrong.payload)).toEqual({
      message: 'Invalid email or password',
      code: 'INVALID_CREDENTIALS',
      details: [],
    });
  });

  it('refuses a malformed body with 400 naming each field with the specification messages', async () => {
    const response = await call(app.server, 'POST', '/api/auth/login', {
      payload: { email: 'not-an-address', password: '' },
    });
    expect(response.statusCode).toBe(400);
    expectContract(response, 'login');
    expect(JSON.parse(response.payload).details).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
      { field: 'password', message: 'Password is required' },
    ]);
  });

  it('refuses a missing password with the specification message', async () => {
    const response = await call(app.server, 'POST', '/api/auth/login', {
      payload: { email: 'a@example.test' },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.parse(response.payload)).toMatchObject({
      message: 'Password is required',
      code: 'VALIDATION_FAILED',
      details: [{ field: 'password', message: 'Password is required' }],
    });
  });

  it('describes an over-long password by its limit, not with the required-field message', async () => {
    const response = await call(app.server, 'POST', '/api/auth/login', {
      payload: { email: 'a@example.test', password: 'x'.repeat(2000) },
    });
    expect(response.statusCode).toBe(400);
    const [detail] = JSON.parse(response.payload).details;
    expect(detail.field).toBe('password');
    expect(detail.message).not.toBe('Password is required');
    expect(detail.message).toMatch(/1024/);
  });

  it('names the body when it is not an object', async () => {
    const response = await call(app.server, 'POST', '/api/auth/login', { payload: [] });
    expect(response.statusCode).toBe(400);
    expectContract(response, 'login');
    expect(JSON.parse(response.payload).details).toEqual([{ field: 'body', message: 'body must be object' }]);
  });

  it('does not let an inactive account sign in', async () => {
    const { user } = await member();
    await user.update({ is_active: false });
    const response = await call(app.server, 'POST', '/api/auth/login', {
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expectContract(response, 'login');
    expect(JSON.parse(response.payload).code).toBe('ACCOUNT_INACTIVE');
  });

  it('does not let a user whose only membership is inactive sign in', async () => {
    const organization = await buildOrganization(app.models);
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization, is_active: false });
    const response = await call(app.server, 'POST', '/api/auth/login', {
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.payload).code).toBe('NO_ACTIVE_MEMBERSHIP');
  });

  it('throttles repeated failures per account with 429 and Retry-After, even with the right password', async () => {
    const { user } = await member();
    for (let attempt = 0; attempt < 3; attempt++) {
      const failed = await call(app.server, 'POST', '/api/auth/login', {
        payload: { email: user.email, password: 'wrong' },
      });
      expect(failed.statusCode).toBe(401);
    }
    const locked = await call(app.server, 'POST', '/api/auth/login', {
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(locked.statusCode).toBe(429);
    expectContract(locked, 'login');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(locked.payload).code).toBe('RATE_LIMITED');
  });
});

describe('tokens', () => {
  it('lets an issued access token stop working once the account is deactivated', async () => {
    const { user } = await member();
    const session = await signIn(user.email);
    const before = await call(app.server, 'GET', '/api/auth/me', { token: session.access_token });
    expect(before.statusCode).toBe(200);
    expectContract(before, 'getMe');
    await user.update({ is_active: false });
    const after = await call(app.server, 'GET', '/api/auth/me', { token: session.access_token });
    expect(after.statusCode).toBe(401);
    expectContract(after, 'getMe');
    const refreshed = await call(app.server, 'POST', '/api/auth/refresh', {
      payload: { refresh_token: session.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('rotates the refresh token: the new pair works and the old refresh token is spent', async () => {
    const { user } = await member();
    const session = await signIn(user.email);
    const rotated = await call(app.server, 'POST', '/api/auth/refresh', {
      payload: { refresh_token: session.refresh_token },
    });
    expect(rotated.statusCode).toBe(200);
    expectContract(rotated, 'refreshSession');
    const next = JSON.parse(rotated.payload).session as Session;
    expect(next.refresh_token).not.toBe(session.refresh_token);
    const me = await call(app.server, 'GET', '/api/auth/me', { token: next.access_token });
    expect(me.statusCode).toBe(200);
  });

  it('revokes the whole family when a refresh token is used twice', async () => {
    const { user } = await member();
    const first = await signIn(user.email);
    const second = JSON.parse(
      (
        await call(app.server, 'POST', '/api/auth/refresh', {
          payload: { refresh_token: first.refresh_token },
        })
      ).payload,
    ).session as Session;

    const reuse = await call(app.server, 'POST', '/api/auth/refresh', {
      payload: { refresh_token: first.refresh_token },
    });
    expect(reuse.statusCode).toBe(401);
    expectContract(reuse, 'refreshSession');
    expect(JSON.parse(reuse.payload).code).toBe('REFRESH_TOKEN_REUSED');

    // Every token of the family is dead: the legitimate latest refresh token and its access token.
    const latest = await call(app.server, 'POST', '/api/auth/refresh', {
      payload: { refresh_token: second.refresh_token },
    });
    expect(latest.statusCode).toBe(401);
    const me = await call(app.server, 'GET', '/api/auth/me', { token: second.access_token });
    expect(me.statusCode).toBe(401);

    // Another session of the same user is untouched.
    const other = await signIn(user.email);
    expect((await call(app.server, 'GET', '/api/auth/me', { token: other.access_token })).statusCode).toBe(
      200,
    );
  });

  it('answers 401 for an unknown refresh token', async () => {
    const response = await call(app.server, 'POST', '/api/auth/refresh', {
      payload: { refresh_token: 'not-a-token' },
    });
    expect(response.statusCode).toBe(401);
    expectContract(response, 'refreshSession');
  });

  it('revokes the session on logout: its access and refresh tokens stop working', async () => {
    const { user } = await member();
    const session = await signIn(user.email);
    const out = await call(app.server, 'POST', '/api/auth/logout', {
      token: session.access_token,
      payload: { refresh_token: session.refresh_token },
    });
    expect(out.statusCode).toBe(204);
    expect((await call(app.server, 'GET', '/api/auth/me', { token: session.access_token })).statusCode).toBe(
      401,
    );
    const refreshed = await call(app.server, 'POST', '/api/auth/refresh', {
      payload: { refresh_token: session.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
  });

  it('signs out with 204 even with an expired or absent access token', async () => {
    const { user } = await member();
    const session = await signIn(user.email);
    const out = await call(app.server, 'POST', '/api/auth/logout', {
      headers: { authorization: 'Bearer expired.or.garbage' },
      payload: { refresh_token: session.refresh_token },
    });
    expect(out.statusCode).toBe(204);
    const refreshed = await call(app.server, 'POST', '/api/auth/refresh', {
      payload: { refresh_token: session.refresh_token },
    });
    expect(refreshed.statusCode).toBe(401);
    expect((await call(app.server, 'POST', '/api/auth/logout', {})).statusCode).toBe(204);
  });
});

describe('GET /auth/me', () => {
  it('derives permissions from the roles of active memberships only', async () => {
    const user = await buildUser(app.models);
    const acme = await buildOrganization(app.models);
    const globex = await buildOrganization(app.models);
    const dormant = await buildOrganization(app.models);
    await buildMembership(app.models, { user, organization: acme, roleName: 'User' });
    await buildMembership(app.models, { user, organization: globex, roleName: 'Department Head' });
    await buildMembership(app.models, {
      user,
      organization: dormant,
      roleName: 'Super Admin',
      is_active: false,
    });
    const session = await signIn(user.email);
    const response = await call(app.server, 'GET', '/api/auth/me', { token: session.access_token });
    expect(response.statusCode).toBe(200);
    expectContract(response, 'getMe');
    const body = JSON.parse(response.payload);
    expect(body.user.permissions).toEqual([
      'approval.act',
      'budget.view',
      'purchase_order.view',
      'requisition.create',
      'requisition.view_all',
    ]);
    expect(body.user.user_organizations.map((m: { is_active: boolean }) => m.is_active)).toEqual([
      true,
      true,
      false,
    ]);
    expect(JSON.stringify(body)).not.toMatch(/password|token_hash/);
  });
});
