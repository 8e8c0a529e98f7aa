import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization, User } from '../src/db/models/index.js';
import {
  FORGOT_PASSWORD_LIMITS,
  TOKEN_CHECK_LIMITS,
  TOKEN_MESSAGES,
} from '../src/features/auth/password-flows.js';
import { accessTokenFor, call, createTestApp, expectContract } from './app.js';
import { buildMembership, buildOrganization, buildUser, TEST_PASSWORD, uniqueSuffix } from './factories.js';

const PUBLIC_URL = 'https://purchasing.example';

let app: Awaited<ReturnType<typeof createTestApp>>;
let organization: Organization;

beforeAll(async () => {
  app = await createTestApp({ publicUrl: PUBLIC_URL });
  organization = await buildOrganization(app.models);
});
afterAll(async () => {
  await app.close();
});

const body = (response: ServerInjectResponse) => JSON.parse(response.payload);

let clientCounter = 0;
/** A client address of its own per call site (documentation range; nothing is sent anywhere). */
const newClient = () => `2001:db8::${(++clientCounter).toString(16)}`;

/** POST /api/auth/forgot-password from `client` (a distinct address keeps the per-client limit apart). */
function forgot(email: string, client = newClient()): Promise<ServerInjectResponse> {
  return app.server.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    remoteAddress: client,
  });
}

const post = (path: string, payload: unknown) => call(app.server, 'POST', `/api${path}`, { payload });

async function member(overrides: Parameters<typeof buildUser>[1] = {}): Promise<User> {
  const user = await buildUser(app.models, overrides);
  await buildMembership(app.models, { user, organization });
  return user;
}

async function mails(email: string): Promise<{ subject: string; text_body: string }[]> {
  return app.sequelize.query(
    `SELECT subject, text_body FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY created_at DESC`,
    { bind: [email], type: QueryTypes.SELECT },
  );
}

async function resetToken(email: string): Promise<string> {
  const [mail] = await mails(email);
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? '');
  if (!match) throw new Error(`no reset link mailed to ${email}`);
  expect(mail!.text_body).toContain(`${PUBLIC_URL}/reset-password?token=${match[1]}`);
  return match[1]!;
}

describe('forgotPassword', () => {
  it('answers an unknown address exactly like a known one, and queues nothing for it', async () => {
    const known = await member();
    const unknown = `nobody-${uniqueSuffix().toLowerCase()}@example.test`;
    const forKnown = await forgot(known.email);
    const forUnknown = await forgot(unknown);
    for (const response of [forKnown, forUnknown]) {
      expect(response.statusCode).toBe(202);
      expectContract(response, 'forgotPassword');
    }
    expect(forUnknown.payload).toBe(forKnown.payload);
    const headers = (response: ServerInjectResponse) => {
      const { date: _date, ...rest } = response.headers;
      return rest;
    };
    expect(headers(forUnknown)).toEqual(headers(forKnown));
    expect(await mails(unknown)).toEqual([]);
    const [mail] = await mails(known.email);
    expect(mail!.subject).toBe('Reset your password');
  });

  it('queues nothing for an inactive account, nor for a user without an active membership', async () => {
    const inactive = await member({ is_active: false });
    const formerMember = await buildUser(app.models);
    await buildMembership(app.models, { user: formerMember, organization, is_active: false });
    for (const user of [inactive, formerMember]) {
      const response = await forgot(user.email);
      expect(response.statusCode).toBe(202);
      expect(await mails(user.email)).toEqual([]);
    }
  });

  it('matches the address whatever its case', async () => {
    const user = await member();
    expect((await forgot(user.email.toUpperCase())).statusCode).toBe(202);
    await resetToken(user.email);
  });

  it('throttles repeated requests for one address, known or not, with 429 and Retry-After', async () => {
    const known = await member();
    const unknown = `nobody-${uniqueSuffix().toLowerCase()}@example.test`;
    for (const email of [known.email, unknown]) {
      for (let i = 0; i < FORGOT_PASSWORD_LIMITS.perAccount; i++) {
        expect((await forgot(email)).statusCode).toBe(202);
      }
      const refused = await forgot(email);
      expect(refused.statusCode).toBe(429);
      expectContract(refused, 'forgotPassword');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(body(refused).code).toBe('RATE_LIMITED');
    }
    expect(await mails(known.email)).toHaveLength(FORGOT_PASSWORD_LIMITS.perAccount);
  });

  it('throttles one client asking about many addresses', async () => {
    const client = newClient();
    for (let i = 0; i < FORGOT_PASSWORD_LIMITS.perClient; i++) {
      expect((await forgot(`probe-${i}-${uniqueSuffix()}@example.test`, client)).statusCode).toBe(202);
    }
    expect((await forgot(`probe-last-${uniqueSuffix()}@example.test`, client)).statusCode).toBe(429);
  });

  it('refuses a malformed address with 400', async () => {
    const response = await forgot('not-an-email');
    expect(response.statusCode).toBe(400);
    expectContract(response, 'forgotPassword');
    expect(body(response).details).toEqual([
      { field: 'email', message: 'Please enter a valid email address' },
    ]);
  });
});

/** POST /api/auth/check-token from `client`, checked against the contract. */
async function check(token: string, purpose: 'reset' | 'invite', client = newClient()) {
  const response = await app.server.inject({
    method: 'POST',
    url: '/api/auth/check-token',
    payload: { token, purpose },
    remoteAddress: client,
  });
  expectContract(response, 'checkPasswordToken');
  return response;
}

/** An invitation link mailed to a new invitee of the organisation, and the invitee. */
async function invitation(): Promise<{ invited: User; token: string }> {
  const invited = await member({ password: null });
  const admin = await buildUser(app.models);
  await buildMembership(app.models, { user: admin, organization, roleName: 'Admin' });
  await call(app.server, 'POST', `/api/users/${invited.id}/reset-password`, {
    token: await accessTokenFor(app.server, admin),
    organizationId: organization.id,
  });
  const [mail] = await mails(invited.email);
  return { invited, token: /\/accept-invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.text_body)![1]! };
}

describe('checkPasswordToken (issue 19 item 4: a bad link says so when it opens)', () => {
  it('answers 204 for a usable reset link and does not spend it', async () => {
    const user = await member();
    await forgot(user.email);
    const token = await resetToken(user.email);
    expect((await check(token, 'reset')).statusCode).toBe(204);
    expect((await check(token, 'reset')).statusCode).toBe(204);
    const reset = await post('/auth/reset-password', { token, password: 'Brand-New1' });
    expect(reset.statusCode, reset.payload).toBe(204);
  });

  it('answers 410 TOKEN_USED for a spent link and 410 TOKEN_EXPIRED for an old one', async () => {
    const user = await member();
    await forgot(user.email);
    const spent = await resetToken(user.email);
    await post('/auth/reset-password', { token: spent, password: 'Brand-New1' });
    const used = await check(spent, 'reset');
    expect(used.statusCode).toBe(410);
    expect(body(used)).toEqual({ message: TOKEN_MESSAGES.used, code: 'TOKEN_USED', details: [] });

    const { invited, token } = await invitation();
    await app.sequelize.query(
      `UPDATE password_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      { bind: [invited.id] },
    );
    const expired = await check(token, 'invite');
    expect(expired.statusCode).toBe(410);
    expect(body(expired)).toEqual({ message: TOKEN_MESSAGES.expired, code: 'TOKEN_EXPIRED', details: [] });
  });

  it('answers 404 INVALID_TOKEN for an unknown token, a link of the other kind and a deactivated account, naming no one', async () => {
    const { invited, token: inviteToken } = await invitation();
    expect((await check(inviteToken, 'invite')).statusCode).toBe(204);
    const deactivated = await member();
    await forgot(deactivated.email);
    const deactivatedToken = await resetToken(deactivated.email);
    await deactivated.update({ is_active: false });
    const answers = [
      await check('no-such-token', 'reset'),
      await check(inviteToken, 'reset'),
      await check(deactivatedToken, 'reset'),
    ];
    for (const response of answers) {
      expect(response.statusCode).toBe(404);
      expect(body(response)).toEqual({ message: TOKEN_MESSAGES.invalid, code: 'INVALID_TOKEN', details: [] });
      expect(response.payload).not.toContain(invited.email);
      expect(response.payload).not.toContain(deactivated.email);
    }
  });

  it('refuses a malformed request with 400', async () => {
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/auth/check-token',
      payload: { token: '', purpose: 'reset' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('throttles one client checking many links, with 429 and Retry-After', async () => {
    const client = newClient();
    for (let i = 0; i < TOKEN_CHECK_LIMITS.perClient; i++) {
      expect((await check(`probe-${i}`, 'reset', client)).statusCode).toBe(404);
    }
    const refused = await check('probe-last', 'reset', client);
    expect(refused.statusCode).toBe(429);
    expect(body(refused).code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('resetPassword', () => {
  it('sets the password with a mailed link that works once', async () => {
    const user = await member();
    await forgot(user.email);
    const token = await resetToken(user.email);
    const first = await post('/auth/reset-password', { token, password: 'Brand-New1' });
    expect(first.statusCode, first.payload).toBe(204);
    expectContract(first, 'resetPassword');
    await accessTokenFor(app.server, user, 'Brand-New1');
    const old = await post('/auth/login', { email: user.email, password: TEST_PASSWORD });
    expect(old.statusCode).toBe(401);

    const second = await post('/auth/reset-password', { token, password: 'Other-New1' });
    expect(second.statusCode).toBe(400);
    expectContract(second, 'resetPassword');
    expect(body(second)).toEqual({
      message: TOKEN_MESSAGES.used,
      code: 'INVALID_TOKEN',
      details: [{ field: 'token', message: TOKEN_MESSAGES.used }],
    });
  });

  it('refuses an expired link', async () => {
    const user = await member();
    await forgot(user.email);
    const token = await resetToken(user.email);
    await app.sequelize.query(
      `UPDATE password_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND used_at IS NULL`,
      { bind: [user.id] },
    );
    const response = await post('/auth/reset-password', { token, password: 'Brand-New1' });
    expect(response.statusCode).toBe(400);
    expect(body(response)).toMatchObject({ code: 'INVALID_TOKEN', message: TOKEN_MESSAGES.expired });
    await accessTokenFor(app.server, user); // the password is unchanged
  });

  it('expires links after one hour', async () => {
    const user = await member();
    await forgot(user.email);
    const [row] = await app.sequelize.query<{ minutes: number }>(
      `SELECT round(EXTRACT(EPOCH FROM (expires_at - created_at)) / 60)::int AS minutes
         FROM password_tokens WHERE user_id = $1 AND purpose = 'reset'`,
      { bind: [user.id], type: QueryTypes.SELECT },
    );
    expect(row!.minutes).toBe(60);
  });

  it('accepts only the newest link: asking again spends the earlier one', async () => {
    const user = await member();
    await forgot(user.email);
    const older = await resetToken(user.email);
    await forgot(user.email);
    const newer = await resetToken(user.email);
    expect(newer).not.toBe(older);
    const refused = await post('/auth/reset-password', { token: older, password: 'Brand-New1' });
    expect(body(refused)).toMatchObject({ code: 'INVALID_TOKEN', message: TOKEN_MESSAGES.invalid });
    expect((await post('/auth/reset-password', { token: newer, password: 'Brand-New1' })).statusCode).toBe(
      204,
    );
  });

  it('revokes every session of the account', async () => {
    const user = await member();
    const signIn = body(await post('/auth/login', { email: user.email, password: TEST_PASSWORD })).session;
    await forgot(user.email);
    const response = await post('/auth/reset-password', {
      token: await resetToken(user.email),
      password: 'Brand-New1',
    });
    expect(response.statusCode).toBe(204);
    const me = await call(app.server, 'GET', '/api/auth/me', { token: signIn.access_token });
    expect(me.statusCode).toBe(401);
    const refreshed = await post('/auth/refresh', { refresh_token: signIn.refresh_token });
    expect(refreshed.statusCode).toBe(401);
  });

  it.each([
    ['too short', 'Ab1', 'Password must be at least 8 characters'],
    [
      'without an uppercase letter',
      'lowercase1',
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ],
  ])('refuses a password %s and keeps the link usable', async (_name, password, message) => {
    const user = await member();
    await forgot(user.email);
    const token = await resetToken(user.email);
    const response = await post('/auth/reset-password', { token, password });
    expect(response.statusCode).toBe(400);
    expectContract(response, 'resetPassword');
    expect(body(response).details).toEqual([{ field: 'password', message }]);
    expect((await post('/auth/reset-password', { token, password: 'Valid-Pass1' })).statusCode).toBe(204);
  });

  it('refuses an unknown token, and an invitation token, as invalid', async () => {
    const invited = await member({ password: null });
    const admin = await buildUser(app.models);
    await buildMembership(app.models, { user: admin, organization, roleName: 'Admin' });
    const adminToken = await accessTokenFor(app.server, admin);
    await call(app.server, 'POST', `/api/users/${invited.id}/reset-password`, {
      token: adminToken,
      organizationId: organization.id,
    });
    const [mail] = await mails(invited.email);
    const inviteToken = /\/accept-invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.text_body)![1]!;
    for (const token of ['no-such-token', inviteToken]) {
      const response = await post('/auth/reset-password', { token, password: 'Valid-Pass1' });
      expect(body(response)).toMatchObject({ code: 'INVALID_TOKEN', message: TOKEN_MESSAGES.invalid });
    }
  });
});

describe('acceptInvite', () => {
  it('sets the first password of an invited user, once, within 7 days', async () => {
    const admin = await buildUser(app.models);
    await buildMembership(app.models, { user: admin, organization, roleName: 'Admin' });
    const adminToken = await accessTokenFor(app.server, admin);
    const email = `invitee-${uniqueSuffix().toLowerCase()}@example.test`;
    const role = await app.models.Role.findOne({ where: { organization_id: organization.id, name: 'User' } });
    const created = await call(app.server, 'POST', '/api/users', {
      token: adminToken,
      organizationId: organization.id,
      payload: { first_name: 'Ivy', last_name: 'Invitee', email, role_id: role!.id },
    });
    expect(created.statusCode, created.payload).toBe(201);
    const [mail] = await mails(email);
    const token = /\/accept-invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.text_body)![1]!;
    const [row] = await app.sequelize.query<{ days: number }>(
      `SELECT round(EXTRACT(EPOCH FROM (t.expires_at - t.created_at)) / 86400)::int AS days
         FROM password_tokens t JOIN users u ON u.id = t.user_id WHERE u.email = $1`,
      { bind: [email], type: QueryTypes.SELECT },
    );
    expect(row!.days).toBe(7);

    const weak = await post('/auth/accept-invite', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(body(weak).details).toEqual([
      { field: 'password', message: 'Password must be at least 8 characters' },
    ]);

    const accepted = await post('/auth/accept-invite', { token, password: 'Ivy-Pass-1' });
    expect(accepted.statusCode, accepted.payload).toBe(204);
    expectContract(accepted, 'acceptInvite');
    const signIn = await post('/auth/login', { email, password: 'Ivy-Pass-1' });
    expect(signIn.statusCode, signIn.payload).toBe(200);

    const reused = await post('/auth/accept-invite', { token, password: 'Ivy-Pass-2' });
    expect(reused.statusCode).toBe(400);
    expectContract(reused, 'acceptInvite');
    expect(body(reused)).toMatchObject({ code: 'INVALID_TOKEN', message: TOKEN_MESSAGES.used });
  });

  it('refuses an expired invitation', async () => {
    const invited = await member({ password: null });
    const admin = await buildUser(app.models);
    await buildMembership(app.models, { user: admin, organization, roleName: 'Admin' });
    await call(app.server, 'POST', `/api/users/${invited.id}/reset-password`, {
      token: await accessTokenFor(app.server, admin),
      organizationId: organization.id,
    });
    const [mail] = await mails(invited.email);
    const token = /\/accept-invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.text_body)![1]!;
    await app.sequelize.query(
      `UPDATE password_tokens SET expires_at = now() - interval '1 minute' WHERE user_id = $1`,
      {
        bind: [invited.id],
      },
    );
    const response = await post('/auth/accept-invite', { token, password: 'Ivy-Pass-1' });
    expect(body(response)).toMatchObject({ code: 'INVALID_TOKEN', message: TOKEN_MESSAGES.expired });
  });
});
