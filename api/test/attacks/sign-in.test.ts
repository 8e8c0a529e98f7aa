import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import { FORGOT_PASSWORD_LIMITS } from '../../src/features/auth/password-flows.js';
import { createTestApp, expectContract } from '../app.js';
import { buildMembership, buildOrganization, buildUser, TEST_PASSWORD, uniqueSuffix } from '../factories.js';

/**
 * Issue 11 §9: 25 failed sign-ins for unknown emails from one address made every correct sign-in
 * from that address answer 429 (behind a proxy: everybody's); parallel guesses were all checked
 * before any was counted; `X-Forwarded-For` was never read, so behind a proxy every client shared
 * one address; password hashing ran without a cap.
 */

type App = Awaited<ReturnType<typeof createTestApp>>;

/** The sign-in limits a production server runs with (the test app lifts some of them otherwise). */
const productionLogin = (): Config['login'] => loadConfig({ NODE_ENV: 'production' }).login;

let addressCounter = 0;
/** A client address of its own per call site (documentation range). */
const newAddress = () => `198.51.100.${++addressCounter}`;

function signIn(
  app: App,
  email: string,
  password: string,
  from: { remoteAddress: string; forwardedFor?: string },
): Promise<ServerInjectResponse> {
  return app.server.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: from.remoteAddress,
    headers: from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {},
  });
}

async function member(app: App) {
  const organization = await buildOrganization(app.models);
  const user = await buildUser(app.models);
  await buildMembership(app.models, { user, organization });
  return user;
}

describe('sign-in throttling without a proxy', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({ login: productionLogin() });
  });
  afterAll(async () => {
    await app.close();
  });

  it('25 unknown-email failures from one address do not refuse a correct sign-in from it', async () => {
    const user = await member(app);
    const remoteAddress = newAddress();
    for (let i = 0; i < 25; i++) {
      const failed = await signIn(app, `nobody-${i}-${uniqueSuffix()}@example.test`, 'Guess123!', {
        remoteAddress,
      });
      expect(failed.statusCode).toBe(401);
    }
    const response = await signIn(app, user.email, TEST_PASSWORD, { remoteAddress });
    expect(response.statusCode, response.payload).toBe(200);
    expectContract(response, 'login');
  });

  it('20 parallel wrong guesses against one account are all counted: no more are checked than the limit', async () => {
    const user = await member(app);
    const remoteAddress = newAddress();
    const { maxFailures } = app.config.login;
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(app, user.email, `Wrong-guess-${i}`, { remoteAddress })),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(maxFailures);
    expect(statuses.filter((s) => s === 429)).toHaveLength(20 - maxFailures);
    for (const refused of responses.filter((r) => r.statusCode === 429)) {
      expectContract(refused, 'login');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // The lock holds after them, even for the right password from that address.
    const locked = await signIn(app, user.email, TEST_PASSWORD, { remoteAddress });
    expect(locked.statusCode).toBe(429);
    expect(JSON.parse(locked.payload).code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('failures from many addresses lock the account everywhere past the per-account limit', async () => {
    const user = await member(app);
    const { maxFailuresPerAccount } = app.config.login;
    for (let i = 0; i < maxFailuresPerAccount; i++) {
      const failed = await signIn(app, user.email, `Wrong-guess-${i}`, { remoteAddress: newAddress() });
      expect(failed.statusCode).toBe(401);
    }
    const locked = await signIn(app, user.email, TEST_PASSWORD, { remoteAddress: newAddress() });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('still answers an unknown email and a wrong password with the same 401 body', async () => {
    const user = await member(app);
    const wrong = await signIn(app, user.email, 'Wrong-guess', { remoteAddress: newAddress() });
    const unknown = await signIn(app, `nobody-${uniqueSuffix()}@example.test`, 'Wrong-guess', {
      remoteAddress: newAddress(),
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.payload).toBe(wrong.payload);
  });

  it('ignores X-Forwarded-For when no proxy is trusted', async () => {
    const user = await member(app);
    const remoteAddress = newAddress();
    for (let i = 0; i < app.config.login.maxFailures; i++) {
      const failed = await signIn(app, user.email, `Wrong-guess-${i}`, {
        remoteAddress,
        forwardedFor: `203.0.113.${i + 1}`,
      });
      expect(failed.statusCode).toBe(401);
    }
    // A forged header does not make the attacker a new client.
    const forged = await signIn(app, user.email, TEST_PASSWORD, {
      remoteAddress,
      forwardedFor: '203.0.113.99',
    });
    expect(forged.statusCode).toBe(429);
  });
});

describe('sign-in throttling behind a trusted proxy', () => {
  let app: App;
  const proxy = '10.0.0.2';
  beforeAll(async () => {
    const config = loadConfig({ NODE_ENV: 'test', TRUST_PROXY: '10.0.0.0/8' });
    app = await createTestApp({ login: productionLogin(), trustProxy: config.trustProxy });
  });
  afterAll(async () => {
    await app.close();
  });

  it("reads the client from X-Forwarded-For: one client's failures do not lock out another's", async () => {
    const user = await member(app);
    for (let i = 0; i < app.config.login.maxFailures; i++) {
      const failed = await signIn(app, user.email, `Wrong-guess-${i}`, {
        remoteAddress: proxy,
        forwardedFor: '203.0.113.9',
      });
      expect(failed.statusCode).toBe(401);
    }
    const attacker = await signIn(app, user.email, TEST_PASSWORD, {
      remoteAddress: proxy,
      forwardedFor: '203.0.113.9',
    });
    expect(attacker.statusCode).toBe(429);
    const owner = await signIn(app, user.email, TEST_PASSWORD, {
      remoteAddress: proxy,
      // A client that prepends a forged entry is still known by what the trusted proxy appended.
      forwardedFor: '203.0.113.9, 203.0.113.10',
    });
    expect(owner.statusCode, owner.payload).toBe(200);
    const [session] = await app.sequelize.query<{ ip_address: string }>(
      'SELECT ip_address FROM auth_sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
      { bind: [user.id], type: QueryTypes.SELECT },
    );
    expect(session!.ip_address).toBe('203.0.113.10');
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    const user = await member(app);
    const remoteAddress = newAddress();
    for (let i = 0; i < app.config.login.maxFailures; i++) {
      await signIn(app, user.email, `Wrong-guess-${i}`, {
        remoteAddress,
        forwardedFor: `203.0.113.${i + 20}`,
      });
    }
    const forged = await signIn(app, user.email, TEST_PASSWORD, {
      remoteAddress,
      forwardedFor: '203.0.113.50',
    });
    expect(forged.statusCode).toBe(429);
  });

  it('throttles forgot-password per client behind the proxy, not per proxy', async () => {
    const forgot = (forwardedFor: string) =>
      app.server.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: `probe-${uniqueSuffix().toLowerCase()}@example.test` },
        remoteAddress: '10.0.0.3',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    const noisy = `192.0.2.${Math.floor(Math.random() * 200) + 1}`;
    for (let i = 0; i < FORGOT_PASSWORD_LIMITS.perClient; i++) {
      expect((await forgot(noisy)).statusCode).toBe(202);
    }
    expect((await forgot(noisy)).statusCode).toBe(429);
    expect((await forgot('192.0.2.250')).statusCode).toBe(202);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a number of hops or a list of addresses and CIDRs, and refuses anything else', () => {
    expect(loadConfig({}).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8, 192.168.1.1 ,::1' }).trustProxy).toEqual({
      kind: 'addresses',
      addresses: ['10.0.0.0/8', '192.168.1.1', '::1'],
    });
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
  });
});

describe('password hashing under a concurrency cap', () => {
  let app: App;
  beforeAll(async () => {
    app = await createTestApp({
      login: productionLogin(),
      passwordHashing: { concurrency: 1, queue: 2 },
    });
  });
  afterAll(async () => {
    await app.close();
  });

  it('a flood of sign-ins beyond the queue answers 503 with Retry-After instead of queueing without bound', async () => {
    const responses = await Promise.all(
      Array.from({ length: 24 }, () =>
        signIn(app, `flood-${uniqueSuffix()}@example.test`, 'Guess123!', { remoteAddress: newAddress() }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(3);
    const busy = responses.filter((r) => r.statusCode === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const response of busy) {
      expectContract(response, 'login');
      expect(JSON.parse(response.payload).code).toBe('SERVER_BUSY');
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Once the flood is over, hashing works again.
    const user = await member(app);
    const after = await signIn(app, user.email, TEST_PASSWORD, { remoteAddress: newAddress() });
    expect(after.statusCode).toBe(200);
  });
});
