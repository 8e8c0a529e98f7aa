import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import type { Organization } from '../../src/db/models/index.js';
import { accessTokenFor, call, createTestApp } from '../app.js';
import { buildMembership, buildOrganization, buildUser } from '../factories.js';

/**
 * Issue 11 §1: reset and invitation links followed the caller's `Origin`/`Host`, so an attacker who
 * asked for a reset of the victim's account (or an Admin, of the Super Admin's) got a live token
 * mailed on a link to their own site. Links come from configuration only.
 */

const ATTACKER = 'attacker.example';
const hostile = { origin: `https://${ATTACKER}`, host: ATTACKER, 'x-forwarded-host': ATTACKER };

let app: Awaited<ReturnType<typeof createTestApp>>;
let organization: Organization;

beforeAll(async () => {
  // No publicUrl override: the test configuration's default (the address it would listen on).
  app = await createTestApp();
  organization = await buildOrganization(app.models);
});
afterAll(async () => {
  await app.close();
});

async function roleId(name: string): Promise<string> {
  const [role] = await app.sequelize.query<{ id: string }>(
    'SELECT id FROM roles WHERE organization_id = $1 AND name = $2',
    { bind: [organization.id, name], type: QueryTypes.SELECT },
  );
  return role!.id;
}

async function lastMailTo(email: string): Promise<string> {
  const [mail] = await app.sequelize.query<{ text_body: string; html_body: string | null }>(
    `SELECT text_body, html_body FROM email_outbox WHERE lower(to_address) = lower($1)
      ORDER BY created_at DESC LIMIT 1`,
    { bind: [email], type: QueryTypes.SELECT },
  );
  if (!mail) throw new Error(`no mail to ${email}`);
  return `${mail.text_body}\n${mail.html_body ?? ''}`;
}

describe('links in mail come from configuration, never from request headers', () => {
  it('forgot-password with a hostile Origin and Host mails a link on the configured address', async () => {
    const victim = await buildUser(app.models);
    await buildMembership(app.models, { user: victim, organization });
    const response = await app.server.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: victim.email },
      headers: hostile,
      remoteAddress: '2001:db8::11',
    });
    expect(response.statusCode).toBe(202);
    const mail = await lastMailTo(victim.email);
    expect(mail).not.toContain(ATTACKER);
    expect(mail).toContain(`${app.config.publicUrl}/reset-password?token=`);
  });

  it("an Admin's reset of the Super Admin with a hostile Origin mails the configured address", async () => {
    const admin = await buildUser(app.models);
    await buildMembership(app.models, { user: admin, organization, roleName: 'Admin' });
    const superAdmin = await buildUser(app.models);
    await buildMembership(app.models, { user: superAdmin, organization, roleName: 'Super Admin' });
    const token = await accessTokenFor(app.server, admin);
    const response = await call(app.server, 'POST', `/api/users/${superAdmin.id}/reset-password`, {
      token,
      organizationId: organization.id,
      headers: hostile,
    });
    expect(response.statusCode, response.payload).toBe(204);
    const mail = await lastMailTo(superAdmin.email);
    expect(mail).not.toContain(ATTACKER);
    expect(mail).toContain(`${app.config.publicUrl}/reset-password?token=`);
  });

  it('an invitation sent with a hostile Origin links to the configured address', async () => {
    const admin = await buildUser(app.models);
    await buildMembership(app.models, { user: admin, organization, roleName: 'Admin' });
    const token = await accessTokenFor(app.server, admin);
    const email = `invitee-${Date.now()}@links.test`;
    const response = await call(app.server, 'POST', '/api/users', {
      token,
      organizationId: organization.id,
      headers: hostile,
      payload: { email, first_name: 'Ivy', last_name: 'Invitee', role_id: await roleId('User') },
    });
    expect(response.statusCode, response.payload).toBe(201);
    const mail = await lastMailTo(email);
    expect(mail).not.toContain(ATTACKER);
    expect(mail).toContain(`${app.config.publicUrl}/accept-invite?token=`);
  });
});

describe('PUBLIC_URL', () => {
  it('defaults to the address the server listens on', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).publicUrl).toBe('http://127.0.0.1:3000');
    // `npm start` on the embedded database listens on 127.0.0.1 (issue 11 §4, test/attacks/deploy).
    expect(loadConfig({ NODE_ENV: 'production', PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '8080' }).publicUrl).toBe(
      'http://localhost:8080',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://buy.example.com/app/' }).publicUrl).toBe(
      'https://buy.example.com/app',
    );
  });

  it('refuses a value that is not an http(s) URL', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'javascript:alert(1)' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'purchasing.example' })).toThrow(/PUBLIC_URL/);
  });

  it('a production server on DATABASE_URL refuses to start without it, naming the variable', () => {
    const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const { PUBLIC_URL: _unset, ...env } = process.env;
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'src/start.ts'], {
      cwd: apiRoot,
      env: {
        ...env,
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/never_opened',
        PORT: '0',
        STATIC_DIR: '',
      },
      encoding: 'utf8',
      // A TypeScript loader's start on a busy two-core machine has taken over 20 s.
      timeout: 80_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/PUBLIC_URL is not set/);
  }, 90_000);
});
