import type { AddressInfo } from 'node:net';
import type { Sequelize } from 'sequelize';
import { QueryTypes } from 'sequelize';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { migrateUp } from '../../src/db/migrator.js';
import type { Organization, User } from '../../src/db/models/index.js';
import { createSequelize } from '../../src/db/sequelize.js';
import { selectOne } from '../../src/db-query.js';
import { enqueueMail, startMailDispatcher } from '../../src/features/mail/mailer.js';
import { invitationMail, passwordResetMail } from '../../src/features/mail/templates.js';
import type { Db } from '../../src/http/context.js';
import { accessTokenFor, call, createTestApp, expectContract } from '../app.js';
import { buildMembership, buildOrganization, buildUser, uniqueSuffix } from '../factories.js';
import { createDatabase, databaseUrlFor, dropDatabase } from '../global-setup.js';

/**
 * Issue 11, items 2, 5, 8 and 10: attacks on accounts, roles and mail, replayed with plain HTTP
 * requests against the real API (and, for mail, a real SMTP server).
 */

let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const body = (response: { payload: string }) => JSON.parse(response.payload);
const newEmail = (domain = 'a.test') => `alice-${uniqueSuffix().toLowerCase()}@${domain}`;

async function roleId(organization: Organization, name: string): Promise<string> {
  const [role] = await app.sequelize.query<{ id: string }>(
    'SELECT id FROM roles WHERE organization_id = $1 AND name = $2',
    { bind: [organization.id, name], type: QueryTypes.SELECT },
  );
  if (!role) throw new Error(`no role ${name}`);
  return role.id;
}

async function permissionIds(names: string[]): Promise<string[]> {
  const rows = await app.sequelize.query<{ id: string }>(
    'SELECT id FROM permissions WHERE name = ANY($1) ORDER BY name',
    { bind: [names], type: QueryTypes.SELECT },
  );
  return rows.map((row) => row.id);
}

/** The token of the newest link to `path` mailed to `email` (what only the mailbox's owner reads). */
async function linkToken(email: string, path: '/accept-invite' | '/reset-password'): Promise<string> {
  const rows = await app.sequelize.query<{ text_body: string }>(
    `SELECT text_body FROM email_outbox WHERE lower(to_address) = lower($1) ORDER BY created_at DESC`,
    { bind: [email], type: QueryTypes.SELECT },
  );
  for (const row of rows) {
    const match = row.text_body.match(new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`));
    if (match) return match[1]!;
  }
  throw new Error(`no ${path} link mailed to ${email}`);
}

/** An organisation with a Super Admin, signed in. */
async function tenant(): Promise<{ organization: Organization; admin: User; token: string }> {
  const organization = await buildOrganization(app.models);
  const admin = await buildUser(app.models);
  await buildMembership(app.models, { user: admin, organization, roleName: 'Super Admin' });
  return { organization, admin, token: await accessTokenFor(app.server, admin) };
}

const login = (email: string, password: string) =>
  call(app.server, 'POST', '/api/auth/login', { payload: { email, password } });

describe('item 2: cross-organisation account pre-hijacking', () => {
  it("B's admin-chosen password stops working when A adds the account; only the mailbox's owner gets in", async () => {
    const a = await tenant();
    const b = await tenant();
    const email = newEmail();
    const chosenByB = 'Chosen-by-B-2026!';
    // B creates the account of someone at a.test, with a password B knows, and no mail.
    const created = await call(app.server, 'POST', '/api/users', {
      token: b.token,
      organizationId: b.organization.id,
      payload: {
        first_name: 'Alice',
        last_name: 'Planted',
        email,
        password: chosenByB,
        send_invite: false,
        role_id: await roleId(b.organization, 'User'),
      },
    });
    expect(created.statusCode, created.payload).toBe(201);
    const planted = await login(email, chosenByB);
    expect(planted.statusCode).toBe(200);
    const bSession = body(planted).session.access_token as string;

    // A, whose employee alice really is, adds her as Admin.
    const added = await call(app.server, 'POST', '/api/users', {
      token: a.token,
      organizationId: a.organization.id,
      payload: {
        first_name: 'Alice',
        last_name: 'Real',
        email,
        role_id: await roleId(a.organization, 'Admin'),
      },
    });
    expect(added.statusCode, added.payload).toBe(201);
    expectContract(added, 'createUser');
    const member = body(added).user;
    expect(member.is_active).toBe(false);
    expect(member.user_organizations[0]).toMatchObject({ is_active: false, is_pending: true });

    // B's password and B's session no longer open anything, least of all A.
    expect((await login(email, chosenByB)).statusCode).toBe(401);
    const withOldSession = await call(app.server, 'GET', '/api/users', {
      token: bSession,
      organizationId: a.organization.id,
    });
    expect(withOldSession.statusCode).toBe(401);

    // Alice accepts A's invitation from her mailbox and chooses her own password.
    const accepted = await call(app.server, 'POST', '/api/auth/accept-invite', {
      payload: { token: await linkToken(email, '/accept-invite'), password: 'Alice-owns-this-1!' },
    });
    expect(accepted.statusCode, accepted.payload).toBe(204);
    const aliceToken = await accessTokenFor(app.server, { email }, 'Alice-owns-this-1!');
    const inA = await call(app.server, 'GET', '/api/users', {
      token: aliceToken,
      organizationId: a.organization.id,
    });
    expect(inA.statusCode, inA.payload).toBe(200);
    const listed = await call(app.server, 'GET', `/api/users/${member.id}`, {
      token: a.token,
      organizationId: a.organization.id,
    });
    expect(body(listed).user.user_organizations[0]).toMatchObject({ is_active: true, is_pending: false });
  });

  it('an account that proved its mailbox keeps its password, but joins only by accepting', async () => {
    const a = await tenant();
    const other = await buildOrganization(app.models);
    const alice = await buildUser(app.models);
    await buildMembership(app.models, { user: alice, organization: other });
    const added = await call(app.server, 'POST', '/api/users', {
      token: a.token,
      organizationId: a.organization.id,
      payload: {
        first_name: 'A',
        last_name: 'Lice',
        email: alice.email,
        role_id: await roleId(a.organization, 'Admin'),
      },
    });
    expect(added.statusCode, added.payload).toBe(201);
    const aliceToken = await accessTokenFor(app.server, alice);
    const before = await call(app.server, 'GET', '/api/users', {
      token: aliceToken,
      organizationId: a.organization.id,
    });
    expect(before.statusCode).toBe(403);
    // Activating the pending membership without her is refused.
    const forced = await call(app.server, 'PUT', `/api/users/${alice.id}`, {
      token: a.token,
      organizationId: a.organization.id,
      payload: { is_active: true },
    });
    expect(forced.statusCode, forced.payload).toBe(409);
    expect(body(forced).code).toBe('MEMBERSHIP_PENDING');
  });
});

describe('item 5: self-escalation', () => {
  async function holderOf(permissions: string[]) {
    const t = await tenant();
    const role = await call(app.server, 'POST', '/api/roles', {
      token: t.token,
      organizationId: t.organization.id,
      payload: { name: `Only ${uniqueSuffix()}`, permission_ids: await permissionIds(permissions) },
    });
    expect(role.statusCode, role.payload).toBe(201);
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization: t.organization, roleName: body(role).role.name });
    return { ...t, user, userToken: await accessTokenFor(app.server, user) };
  }

  it('a holder of only user.edit cannot make themself Admin', async () => {
    const t = await holderOf(['user.edit']);
    const response = await call(app.server, 'POST', `/api/users/${t.user.id}/roles`, {
      token: t.userToken,
      organizationId: t.organization.id,
      payload: { role_id: await roleId(t.organization, 'Admin') },
    });
    expect(response.statusCode, response.payload).toBe(403);
    expectContract(response, 'assignUserRole');
    expect(body(response).code).toBe('OWN_ROLE');
  });

  it('a holder of only user.edit cannot give anyone (an accomplice) a role with more than they hold', async () => {
    const t = await holderOf(['user.edit']);
    const accomplice = await buildUser(app.models);
    await buildMembership(app.models, { user: accomplice, organization: t.organization });
    const response = await call(app.server, 'POST', `/api/users/${accomplice.id}/roles`, {
      token: t.userToken,
      organizationId: t.organization.id,
      payload: { role_id: await roleId(t.organization, 'Admin') },
    });
    expect(response.statusCode, response.payload).toBe(403);
    expect(body(response).code).toBe('OWN_PERMISSION_REQUIRED');
  });

  it('a holder of only user.create cannot create an Admin account with a known password', async () => {
    const t = await holderOf(['user.create']);
    const email = newEmail('escalate.test');
    const response = await call(app.server, 'POST', '/api/users', {
      token: t.userToken,
      organizationId: t.organization.id,
      payload: {
        first_name: 'Sock',
        last_name: 'Puppet',
        email,
        password: 'Known-by-me-2026!',
        send_invite: false,
        role_id: await roleId(t.organization, 'Admin'),
      },
    });
    expect(response.statusCode, response.payload).toBe(403);
    expectContract(response, 'createUser');
    expect((await login(email, 'Known-by-me-2026!')).statusCode).toBe(401);
  });

  it('a holder of only role.manage cannot create or extend a role with permissions they lack', async () => {
    const t = await holderOf(['role.manage']);
    const created = await call(app.server, 'POST', '/api/roles', {
      token: t.userToken,
      organizationId: t.organization.id,
      payload: { name: `Everything ${uniqueSuffix()}`, permission_ids: await permissionIds(['user.edit']) },
    });
    expect(created.statusCode, created.payload).toBe(403);
    expectContract(created, 'createRole');
    const own = await call(app.server, 'POST', '/api/roles', {
      token: t.userToken,
      organizationId: t.organization.id,
      payload: { name: `Empty ${uniqueSuffix()}`, permission_ids: await permissionIds(['role.manage']) },
    });
    expect(own.statusCode, own.payload).toBe(201);
    const extended = await call(app.server, 'POST', `/api/roles/${body(own).role.id}/permissions`, {
      token: t.userToken,
      organizationId: t.organization.id,
      payload: { permission_ids: await permissionIds(['org.settings']) },
    });
    expect(extended.statusCode, extended.payload).toBe(403);
    expectContract(extended, 'addRolePermissions');
  });
});

describe('item 8: one tenant edits another tenant’s view of a shared user', () => {
  async function sharedUser() {
    const acme = await tenant();
    const globex = await tenant();
    const shared = await buildUser(app.models, { first_name: 'Ada', last_name: 'Acme' });
    await buildMembership(app.models, { user: shared, organization: acme.organization, roleName: 'Admin' });
    await buildMembership(app.models, { user: shared, organization: globex.organization });
    return { acme, globex, shared };
  }

  it("Globex cannot rename a user Acme shares (Acme's view is unchanged)", async () => {
    const { acme, globex, shared } = await sharedUser();
    const renamed = await call(app.server, 'PUT', `/api/users/${shared.id}`, {
      token: globex.token,
      organizationId: globex.organization.id,
      payload: { first_name: 'Hijacked', last_name: 'Name', phone: '+1 555 0100' },
    });
    expect(renamed.statusCode, renamed.payload).toBe(409);
    expectContract(renamed, 'updateUser');
    expect(body(renamed).code).toBe('SHARED_PROFILE');
    expect(body(renamed).details.map((d: { field: string }) => d.field)).toEqual([
      'first_name',
      'last_name',
      'phone',
    ]);
    const seenByAcme = await call(app.server, 'GET', `/api/users/${shared.id}`, {
      token: acme.token,
      organizationId: acme.organization.id,
    });
    expect(body(seenByAcme).user).toMatchObject({ first_name: 'Ada', last_name: 'Acme', phone: null });
  });

  it("Globex's reset of a shared user does not cancel the link Acme sent", async () => {
    const { acme, globex, shared } = await sharedUser();
    const fromAcme = await call(app.server, 'POST', `/api/users/${shared.id}/reset-password`, {
      token: acme.token,
      organizationId: acme.organization.id,
    });
    expect(fromAcme.statusCode).toBe(204);
    const acmeLink = await linkToken(shared.email, '/reset-password');
    const fromGlobex = await call(app.server, 'POST', `/api/users/${shared.id}/reset-password`, {
      token: globex.token,
      organizationId: globex.organization.id,
    });
    expect(fromGlobex.statusCode).toBe(204);
    expect(await linkToken(shared.email, '/reset-password')).not.toBe(acmeLink);
    const used = await call(app.server, 'POST', '/api/auth/reset-password', {
      payload: { token: acmeLink, password: 'Acme-link-still-works-1!' },
    });
    expect(used.statusCode, used.payload).toBe(204);
  });

  it("an administrator's reset does not cancel the link the user asked for themself", async () => {
    const { acme, shared } = await sharedUser();
    const asked = await app.server.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: shared.email },
      remoteAddress: '2001:db8::8',
    });
    expect(asked.statusCode).toBe(202);
    const ownLink = await linkToken(shared.email, '/reset-password');
    const fromAcme = await call(app.server, 'POST', `/api/users/${shared.id}/reset-password`, {
      token: acme.token,
      organizationId: acme.organization.id,
    });
    expect(fromAcme.statusCode).toBe(204);
    const used = await call(app.server, 'POST', '/api/auth/reset-password', {
      payload: { token: ownLink, password: 'My-own-link-works-1!' },
    });
    expect(used.statusCode, used.payload).toBe(204);
  });

  it("adding an email reveals neither the account's last sign-in nor its profile", async () => {
    const { shared } = await sharedUser();
    await accessTokenFor(app.server, shared); // sets last_login_at
    const stranger = await tenant();
    const added = await call(app.server, 'POST', '/api/users', {
      token: stranger.token,
      organizationId: stranger.organization.id,
      payload: {
        first_name: 'Typed',
        last_name: 'ByStranger',
        email: shared.email,
        role_id: await roleId(stranger.organization, 'User'),
      },
    });
    expect(added.statusCode, added.payload).toBe(201);
    expectContract(added, 'createUser');
    expect(body(added).user).toMatchObject({
      last_login_at: null,
      first_name: 'Typed',
      last_name: 'ByStranger',
    });
    const listed = await call(app.server, 'GET', '/api/users', {
      token: stranger.token,
      organizationId: stranger.organization.id,
    });
    const row = body(listed).users.find((user: { id: string }) => user.id === shared.id);
    expect(row).toMatchObject({ last_login_at: null, first_name: 'Typed' });
  });
});

describe('item 10: secrets at rest', () => {
  // The dispatcher delivers every due mail of its database: run on a scratch database of our own.
  let scratchName: string;
  let sequelize: Sequelize;
  let db: Db;

  beforeAll(async () => {
    scratchName = await createDatabase('identity_attack', inject('pgAdminUrl'));
    sequelize = createSequelize(databaseUrlFor(scratchName, inject('pgAdminUrl')), { poolMax: 4 });
    await migrateUp(sequelize);
    db = { sequelize };
  });
  afterAll(async () => {
    await sequelize?.close();
    if (scratchName) await dropDatabase(scratchName, inject('pgAdminUrl'));
  });

  const resetMail = (to: string, token: string) =>
    passwordResetMail({
      to,
      firstName: 'Victim',
      link: `https://app.example/reset-password?token=${token}`,
      validMinutes: 60,
      requestedByAdministrator: true,
    });

  const bodies = async (id: string) =>
    selectOne<{ text_body: string; html_body: string | null }>(
      db,
      'SELECT text_body, html_body FROM email_outbox WHERE id = $1',
      [id],
    );

  it('a reset link delivered over SMTP is no longer in the outbox', async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      disabledCommands: ['STARTTLS'],
      authOptional: true,
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    const config = loadConfig({
      NODE_ENV: 'test',
      MAIL_POLL_INTERVAL_MS: '3600000',
      SMTP_URL: `smtp://127.0.0.1:${port}`,
    });
    const dispatcher = startMailDispatcher(db, config, { log: () => undefined });
    try {
      const { id } = await enqueueMail(db, resetMail('victim@example.test', 'smtp-secret-token'));
      await dispatcher.runOnce();
      expect(received.join('\n')).toContain('smtp-secret-token');
      const row = await bodies(id);
      expect(`${row!.text_body}${row!.html_body ?? ''}`).not.toContain('smtp-secret-token');
    } finally {
      await dispatcher.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('without SMTP the link stays readable until it expires, then is redacted; the log never has it', async () => {
    const log: string[] = [];
    const config = loadConfig({ NODE_ENV: 'development', MAIL_POLL_INTERVAL_MS: '3600000' });
    const dispatcher = startMailDispatcher(db, config, { log: (line) => log.push(line) });
    try {
      const { id } = await enqueueMail(
        db,
        invitationMail({
          to: 'invitee@example.test',
          firstName: 'Invitee',
          organizationName: 'Acme',
          invitedBy: 'Admin',
          link: 'https://app.example/accept-invite?token=offline-secret-token',
          validDays: 7,
        }),
      );
      await dispatcher.runOnce();
      expect(log.join('\n')).not.toContain('offline-secret-token');
      expect((await bodies(id))!.text_body).toContain('offline-secret-token');
      // A week later the link has expired: the next pass redacts it.
      await sequelize.query(
        "UPDATE email_outbox SET secret_expires_at = now() - interval '1 second' WHERE id = $1",
        { bind: [id] },
      );
      await dispatcher.runOnce();
      const row = await bodies(id);
      expect(`${row!.text_body}${row!.html_body ?? ''}`).not.toContain('offline-secret-token');
    } finally {
      await dispatcher.stop();
    }
  });
});
