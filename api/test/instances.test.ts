import { randomBytes } from 'node:crypto';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Cluster, startCluster } from '../scripts/cluster.js';
import { freshestMode, spawnApi } from '../scripts/spawn-api.js';
import { createTestApp } from './app.js';
import { testDatabaseUrl } from './database.js';
import {
  buildCostCenter,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildPdfBytes,
  buildUser,
  TEST_PASSWORD,
} from './factories.js';
import { createDatabase, databaseUrlFor, dropDatabase } from './global-setup.js';

/**
 * Two API processes on one PostgreSQL behind the round-robin proxy of api/scripts/cluster.ts (issue 13,
 * item 5): nothing that must hold across requests lives in one process. Each test sends its requests
 * to both instances (A and B directly, or alternately through the proxy). The instances run
 * api/dist when it is newer than the source (`npm test` builds it first), else the source under tsx.
 */

const PROXY_PORT = 3631;
let cluster: Cluster;
let app: Awaited<ReturnType<typeof createTestApp>>;
let A: string;
let B: string;

beforeAll(async () => {
  app = await createTestApp();
  cluster = await startCluster({
    instances: 2,
    port: PROXY_PORT,
    basePort: PROXY_PORT + 1,
    mode: freshestMode(),
    env: {
      DATABASE_URL: testDatabaseUrl(),
      DATABASE_ROLE: 'purchasing_app',
      PUBLIC_URL: `http://127.0.0.1:${PROXY_PORT}`,
      // The dispatchers would mark the other test files' queued mail as logged.
      MAIL_POLL_INTERVAL_MS: '3600000',
    },
  });
  [A, B] = cluster.instances.map((instance) => instance.url) as [string, string];
}, 120_000);
afterAll(async () => {
  await cluster?.stop();
  await app?.close();
});

interface Answer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: test helper over the API's JSON answers
  body: any;
}

async function send(
  base: string,
  method: string,
  path: string,
  options: { token?: string; organizationId?: string; json?: unknown; form?: FormData } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.organizationId) headers['x-organization-id'] = options.organizationId;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

const signIn = (base: string, email: string, password = TEST_PASSWORD) =>
  send(base, 'POST', '/api/auth/login', { json: { email, password } });

/** A User of a new organisation. */
async function member() {
  const organization = await buildOrganization(app.models);
  const user = await buildUser(app.models);
  await buildMembership(app.models, { user, organization });
  return user;
}

async function world() {
  const organization = await buildOrganization(app.models);
  const costCenter = await buildCostCenter(app.models, organization);
  const glAccount = await buildGlAccount(app.models, organization);
  const manager = await buildUser(app.models);
  await buildMembership(app.models, { user: manager, organization, roleName: 'Manager' });
  const requestor = await buildUser(app.models);
  await buildMembership(app.models, { user: requestor, organization, manager });
  const token = async (email: string) => {
    const answer = await signIn(A, email);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.session.access_token as string;
  };
  return {
    organization,
    form: (submit: boolean) => ({
      cost_center_id: costCenter.id,
      gl_account_id: glAccount.id,
      category: 'standard',
      justification: 'Printer paper for the office',
      line_items: [{ description: 'Paper', quantity: 1, unit_price: 100, unit_of_measure: 'each' }],
      submit,
    }),
    requestorToken: await token(requestor.email),
    managerToken: await token(manager.email),
  };
}

describe('two instances on one database', () => {
  it('start together on an empty database: one migrates while the other waits, and both serve', async () => {
    const name = await createDatabase('instances_fresh', inject('pgAdminUrl'));
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrlFor(name, inject('pgAdminUrl')),
      PUBLIC_URL: 'http://127.0.0.1:3634',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      MAIL_POLL_INTERVAL_MS: '3600000',
    };
    const started = await Promise.allSettled(
      [3634, 3635].map((port) => spawnApi({ port, env, mode: freshestMode(), timeoutMs: 90_000 })),
    );
    try {
      for (const result of started) {
        expect(result.status, result.status === 'rejected' ? String(result.reason) : '').toBe('fulfilled');
      }
    } finally {
      for (const result of started) if (result.status === 'fulfilled') await result.value.stop();
      await dropDatabase(name, inject('pgAdminUrl'));
    }
  }, 120_000);

  it('decides one approval step once when its approver sends it to both instances at once', async () => {
    const w = await world();
    const created = await send(A, 'POST', '/api/requisitions', {
      token: w.requestorToken,
      organizationId: w.organization.id,
      json: w.form(true),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.requisition.id as string;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        send(index % 2 ? B : A, 'POST', `/api/approvals/${id}/approve`, {
          token: w.managerToken,
          organizationId: w.organization.id,
          json: { action: 'approve' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const steps = await app.sequelize.query<{ action: string | null }>(
      'SELECT action FROM approval_steps WHERE requisition_id = $1',
      { bind: [id], type: QueryTypes.SELECT },
    );
    expect(steps.map((step) => step.action)).toEqual(['approve']);
  });

  it('numbers requisitions created on both instances at once uniquely and without a gap', async () => {
    const w = await world();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        send(index % 2 ? B : A, 'POST', '/api/requisitions', {
          token: w.requestorToken,
          organizationId: w.organization.id,
          json: w.form(false),
        }),
      ),
    );
    for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const numbers = answers
      .map((answer) => Number(String(answer.body.requisition.requisition_number).split('-')[2]))
      .sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(10);
    expect(numbers.at(-1)! - numbers[0]!).toBe(9);
  });

  it('counts failed sign-ins made through the proxy on both instances together', async () => {
    const user = await buildUser(app.models);
    const served = [...cluster.served];
    // LOGIN_MAX_FAILURES (5) per account and client address; round robin spreads them over A and B.
    for (let attempt = 0; attempt < 5; attempt += 1) {
      expect((await signIn(cluster.url, user.email, 'wrong password')).status).toBe(401);
    }
    // The proxy sent them to both: 3 to one instance, 2 to the other.
    expect(cluster.served.map((n, index) => n - served[index]!).sort()).toEqual([2, 3]);
    for (const base of [A, B]) expect((await signIn(base, user.email)).status).toBe(429);
  });

  it('honours a session signed in on A on B, and refuses it on B once signed out on A', async () => {
    const user = await member();
    const session = (await signIn(A, user.email)).body.session;
    expect((await send(B, 'GET', '/api/auth/me', { token: session.access_token })).status).toBe(200);
    expect(
      (await send(A, 'POST', '/api/auth/logout', { token: session.access_token, json: {} })).status,
    ).toBe(204);
    expect((await send(B, 'GET', '/api/auth/me', { token: session.access_token })).status).toBe(401);
    const refresh = await send(B, 'POST', '/api/auth/refresh', {
      json: { refresh_token: session.refresh_token },
    });
    expect(refresh.status).toBe(401);
  });

  it('rotates a refresh token on B that A issued, and a reuse on A revokes the family everywhere', async () => {
    const user = await member();
    const first = (await signIn(A, user.email)).body.session;
    const rotated = await send(B, 'POST', '/api/auth/refresh', {
      json: { refresh_token: first.refresh_token },
    });
    expect(rotated.status).toBe(200);
    const reuse = await send(A, 'POST', '/api/auth/refresh', {
      json: { refresh_token: first.refresh_token },
    });
    expect(reuse.status).toBe(401);
    const latest = await send(B, 'POST', '/api/auth/refresh', {
      json: { refresh_token: rotated.body.session.refresh_token },
    });
    expect(latest.status).toBe(401);
    expect((await send(A, 'GET', '/api/auth/me', { token: rotated.body.session.access_token })).status).toBe(
      401,
    );
  });

  it('streams an upload through the proxy, and a download link signed on A downloads on B', async () => {
    const w = await world();
    const created = await send(A, 'POST', '/api/requisitions', {
      token: w.requestorToken,
      organizationId: w.organization.id,
      json: w.form(false),
    });
    const form = new FormData();
    form.set('entity_type', 'requisition');
    form.set('entity_id', created.body.requisition.id);
    form.append(
      'files',
      new Blob([new Uint8Array(buildPdfBytes())], { type: 'application/pdf' }),
      'Quote.pdf',
    );
    const uploaded = await send(cluster.url, 'POST', '/api/attachments/upload', {
      token: w.requestorToken,
      organizationId: w.organization.id,
      form,
    });
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(201);
    const id = uploaded.body.attachments[0].id as string;
    const link = await send(A, 'GET', `/api/attachments/${id}`, {
      token: w.requestorToken,
      organizationId: w.organization.id,
    });
    expect(link.status).toBe(200);
    const file = await fetch(`${B}${link.body.url}`);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(buildPdfBytes())).toBe(true);
  });
});
