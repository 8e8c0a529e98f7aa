import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Server } from '@hapi/hapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/index.js';
import { createServer } from '../src/server.js';
import { call, expectContract } from './app.js';

/** Smoke run of the zero-config product: the API on the embedded PGlite database with demo data. */
describe('the API on the embedded database', () => {
  let root: string;
  let database: Database;
  let server: Server;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'purchasing-embedded-api-'));
    database = await openDatabase({ dataDir: path.join(root, 'pglite') });
    server = await createServer({ ...loadConfig({ NODE_ENV: 'test' }), staticDir: null }, database);
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
    await database?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('signs in a demo user and serves different real figures per organisation', async () => {
    const login = await call(server, 'POST', '/api/auth/login', {
      payload: { email: 'admin@acme.test', password: 'Password123!' },
    });
    expect(login.statusCode, login.payload).toBe(200);
    expectContract(login, 'login');
    const { session, user } = JSON.parse(login.payload);
    const organizations = user.user_organizations.map(
      (m: { organization: { id: string; code: string } }) => m.organization,
    );
    expect(organizations.map((o: { code: string }) => o.code).sort()).toEqual(['ACME', 'GLOBEX']);

    const summaries = [];
    for (const organization of organizations) {
      const response = await call(server, 'GET', `/api/organizations/${organization.id}/summary`, {
        token: session.access_token,
      });
      expect(response.statusCode).toBe(200);
      expectContract(response, 'getOrganizationSummary');
      summaries.push(JSON.parse(response.payload).summary);
    }
    expect(summaries[0]).not.toEqual(summaries[1]);
    for (const summary of summaries) expect(summary.total_spend_this_month).toBeGreaterThan(0);
  });

  it('answers concurrent requests over its single connection without deadlock', async () => {
    const login = await call(server, 'POST', '/api/auth/login', {
      payload: { email: 'user@acme.test', password: 'Password123!' },
    });
    const { session, user } = JSON.parse(login.payload);
    const organizationId = user.user_organizations[0].organization.id;
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        index % 2 === 0
          ? call(server, 'GET', '/api/products', { token: session.access_token, organizationId })
          : call(server, 'POST', '/api/auth/refresh', { payload: { refresh_token: 'unknown' } }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? 200 : 401)),
    );
  });

  it('makes one requisition of identical POSTs sent at once with one Idempotency-Key', async () => {
    const login = await call(server, 'POST', '/api/auth/login', {
      payload: { email: 'user@acme.test', password: 'Password123!' },
    });
    const { session, user } = JSON.parse(login.payload);
    const organizationId = user.user_organizations[0].organization.id as string;
    const as = { token: session.access_token, organizationId };
    const reference = async (kind: 'cost-centers' | 'gl-accounts') =>
      JSON.parse((await call(server, 'GET', `/api/organizations/${organizationId}/${kind}`, as)).payload);
    const [{ cost_centers }, { gl_accounts }] = [
      await reference('cost-centers'),
      await reference('gl-accounts'),
    ];
    const payload = {
      cost_center_id: cost_centers[0].id,
      gl_account_id: gl_accounts[0].id,
      justification: 'Once only, on the embedded database',
      line_items: [{ description: 'Stapler', quantity: 1, unit_price: 12, unit_of_measure: 'each' }],
    };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(server, 'POST', '/api/requisitions', {
          ...as,
          payload,
          headers: { 'idempotency-key': 'embedded-once-0001' },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(responses.map((r) => JSON.parse(r.payload).requisition.id)).size).toBe(1);
  });
});
