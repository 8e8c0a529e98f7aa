import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Organization, User } from '../src/db/models/index.js';
import { MEMBERSHIP_MESSAGES } from '../src/features/users/membership-rules.js';
import { USER_MESSAGES } from '../src/features/users/users.service.js';
import { accessTokenFor, call, createTestApp, expectContract } from './app.js';
import {
  buildDepartment,
  buildMembership,
  buildOrganization,
  buildUser,
  TEST_PASSWORD,
  uniqueSuffix,
} from './factories.js';

const PUBLIC_URL = 'https://purchasing.example';

let app: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  app = await createTestApp({ publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  await app.close();
});

const body = (response: ServerInjectResponse) => JSON.parse(response.payload);
const newEmail = () => `new-${uniqueSuffix().toLowerCase()}@example.test`;

interface Member {
  user: User;
  token: string;
}

/** An organisation with a Super Admin, an Admin, a Manager and a plain User, each signed in. */
async function buildWorld() {
  const organization = await buildOrganization(app.models);
  const member = async (roleName: string): Promise<Member> => {
    const user = await buildUser(app.models);
    await buildMembership(app.models, { user, organization, roleName });
    return { user, token: await accessTokenFor(app.server, user) };
  };
  return {
    organization,
    superAdmin: await member('Super Admin'),
    admin: await member('Admin'),
    manager: await member('Manager'),
    staff: await member('User'),
  };
}

async function roleId(organization: Organization, name: string): Promise<string> {
  const role = await app.models.Role.findOne({ where: { organization_id: organization.id, name } });
  return role!.id;
}

/** Calls `/api<path>` as `who` in `organization`. */
const as = (who: Member, organization: Organization) => ({
  get: (path: string) =>
    call(app.server, 'GET', `/api${path}`, { token: who.token, organizationId: organization.id }),
  post: (path: string, payload?: unknown) =>
    call(app.server, 'POST', `/api${path}`, { token: who.token, organizationId: organization.id, payload }),
  put: (path: string, payload: unknown) =>
    call(app.server, 'PUT', `/api${path}`, { token: who.token, organizationId: organization.id, payload }),
  delete: (path: string) =>
    call(app.server, 'DELETE', `/api${path}`, { token: who.token, organizationId: organization.id }),
});

/** The newest mail queued for `email`. */
async function lastMailTo(email: string) {
  const [row] = await app.sequelize.query<{ subject: string; text_body: string; html_body: string | null }>(
    `SELECT subject, text_body, html_body FROM email_outbox WHERE lower(to_address) = lower($1)
      ORDER BY created_at DESC LIMIT 1`,
    { bind: [email], type: QueryTypes.SELECT },
  );
  return row ?? null;
}

async function mailCount(email: string): Promise<number> {
  const [row] = await app.sequelize.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM email_outbox WHERE lower(to_address) = lower($1)',
    { bind: [email], type: QueryTypes.SELECT },
  );
  return row!.count;
}

async function auditActions(userId: string, organization: Organization): Promise<string[]> {
  const rows = await app.sequelize.query<{ action: string }>(
    `SELECT action FROM audit_logs WHERE entity_type = 'user' AND entity_id = $1 AND organization_id = $2
      ORDER BY created_at`,
    { bind: [userId, organization.id], type: QueryTypes.SELECT },
  );
  return rows.map((row) => row.action);
}

const tokenIn = (text: string, path: string): string => {
  const match = new RegExp(`${PUBLIC_URL}${path}\\?token=([A-Za-z0-9_-]+)`).exec(text);
  if (!match) throw new Error(`no ${path} link in: ${text}`);
  return match[1]!;
};

describe('listUsers and getUser', () => {
  it('lists every member of the organisation, active and inactive, with only this membership', async () => {
    const world = await buildWorld();
    const other = await buildOrganization(app.models);
    await buildMembership(app.models, { user: world.staff.user, organization: other, roleName: 'Admin' });
    const outsider = await buildUser(app.models);
    await buildMembership(app.models, { user: outsider, organization: other });
    const inactive = await buildUser(app.models, { last_name: 'Aaron' });
    await buildMembership(app.models, { user: inactive, organization: world.organization, is_active: false });

    const response = await as(world.admin, world.organization).get('/users');
    expect(response.statusCode, response.payload).toBe(200);
    expectContract(response, 'listUsers');
    const users = body(response).users as {
      id: string;
      last_name: string;
      is_active: boolean;
      permissions: string[];
      user_organizations: { organization: { id: string }; role: { name: string } }[];
    }[];
    expect(users.map((u) => u.id).sort()).toEqual(
      [world.superAdmin, world.admin, world.manager, world.staff]
        .map((m) => m.user.id)
        .concat(inactive.id)
        .sort(),
    );
    expect(users[0]!.id).toBe(inactive.id); // by last name
    expect(users.find((u) => u.id === inactive.id)).toMatchObject({ is_active: false, permissions: [] });
    const staff = users.find((u) => u.id === world.staff.user.id)!;
    expect(staff.user_organizations).toHaveLength(1);
    expect(staff.user_organizations[0]).toMatchObject({
      organization: { id: world.organization.id },
      role: { name: 'User' },
    });
    expect(staff.permissions).toEqual(['purchase_order.view', 'requisition.create']);
  });

  it('reads one member with role, department and manager of this organisation', async () => {
    const world = await buildWorld();
    const department = await buildDepartment(app.models, world.organization);
    const user = await buildUser(app.models);
    await buildMembership(app.models, {
      user,
      organization: world.organization,
      roleName: 'Department Head',
      department,
      manager: world.manager.user,
    });
    const response = await as(world.admin, world.organization).get(`/users/${user.id}`);
    expect(response.statusCode, response.payload).toBe(200);
    expectContract(response, 'getUser');
    expect(body(response).user.user_organizations[0]).toMatchObject({
      role: { name: 'Department Head', is_system: true },
      department: { id: department.id, name: department.name },
      manager: { id: world.manager.user.id, first_name: world.manager.user.first_name },
      is_active: true,
    });
  });
});

describe('permissions', () => {
  it('refuses a Manager every users call with 403', async () => {
    const world = await buildWorld();
    const api = as(world.manager, world.organization);
    const target = world.staff.user.id;
    const calls: [string, Promise<ServerInjectResponse>][] = [
      ['listUsers', api.get('/users')],
      [
        'createUser',
        api.post('/users', {
          first_name: 'No',
          last_name: 'Way',
          email: newEmail(),
          role_id: await roleId(world.organization, 'User'),
        }),
      ],
      ['getUser', api.get(`/users/${target}`)],
      ['updateUser', api.put(`/users/${target}`, { first_name: 'Changed' })],
      ['deactivateUser', api.delete(`/users/${target}`)],
      ['resetUserPassword', api.post(`/users/${target}/reset-password`)],
      [
        'assignUserRole',
        api.post(`/users/${target}/roles`, { role_id: await roleId(world.organization, 'Admin') }),
      ],
    ];
    for (const [operationId, pending] of calls) {
      const response = await pending;
      expect(response.statusCode, `${operationId}: ${response.payload}`).toBe(403);
      expectContract(response, operationId);
    }
    const row = await app.models.User.findByPk(target);
    expect(row!.first_name).toBe(world.staff.user.first_name);
  });

  it('answers 404 to an admin of A reading, editing or deactivating a user who belongs only to B', async () => {
    const world = await buildWorld();
    const other = await buildOrganization(app.models);
    const foreign = await buildUser(app.models);
    await buildMembership(app.models, { user: foreign, organization: other });
    const api = as(world.superAdmin, world.organization);
    const cases: [string, Promise<ServerInjectResponse>][] = [
      ['getUser', api.get(`/users/${foreign.id}`)],
      ['updateUser', api.put(`/users/${foreign.id}`, { first_name: 'Hijacked', is_active: false })],
      ['deactivateUser', api.delete(`/users/${foreign.id}`)],
      ['resetUserPassword', api.post(`/users/${foreign.id}/reset-password`)],
      [
        'assignUserRole',
        api.post(`/users/${foreign.id}/roles`, { role_id: await roleId(world.organization, 'User') }),
      ],
    ];
    for (const [operationId, pending] of cases) {
      const response = await pending;
      expect(response.statusCode, `${operationId}: ${response.payload}`).toBe(404);
      expectContract(response, operationId);
    }
    const row = await app.models.User.findByPk(foreign.id);
    expect(row!.first_name).toBe(foreign.first_name);
    const membership = await app.models.UserOrganization.findOne({ where: { user_id: foreign.id } });
    expect(membership!.is_active).toBe(true);
    expect(await mailCount(foreign.email)).toBe(0);
  });
});

describe('createUser validation', () => {
  async function expectRefused(payload: Record<string, unknown>, field: string, message: string) {
    const world = await buildWorld();
    const full = {
      first_name: 'Nina',
      last_name: 'Shaw',
      email: newEmail(),
      role_id: await roleId(world.organization, 'User'),
      ...payload,
    };
    for (const key of Object.keys(full))
      if (full[key as keyof typeof full] === undefined) delete full[key as keyof typeof full];
    const response = await as(world.admin, world.organization).post('/users', full);
    expect(response.statusCode, response.payload).toBe(400);
    expectContract(response, 'createUser');
    expect(body(response)).toMatchObject({
      message,
      code: 'VALIDATION_FAILED',
      details: [{ field, message }],
    });
    if (typeof full.email === 'string') {
      const [row] = await app.sequelize.query('SELECT id FROM users WHERE lower(email) = lower($1)', {
        bind: [full.email],
        type: QueryTypes.SELECT,
      });
      expect(row).toBeUndefined();
    }
  }

  it.each([
    ['an invalid email', { email: 'not-an-email' }, 'email', 'Invalid email address'],
    ['a missing email', { email: undefined }, 'email', 'Invalid email address'],
    ['a missing first name', { first_name: undefined }, 'first_name', 'First name is required'],
    ['a blank first name', { first_name: '   ' }, 'first_name', 'First name is required'],
    ['a missing last name', { last_name: undefined }, 'last_name', 'Last name is required'],
    ['an empty last name', { last_name: '' }, 'last_name', 'Last name is required'],
    ['a missing role', { role_id: undefined }, 'role_id', 'Role is required'],
    ['a short password', { password: 'Ab1' }, 'password', 'Password must be at least 8 characters'],
    [
      'a password without an uppercase letter',
      { password: 'lowercase1' },
      'password',
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ],
    [
      'a password without a digit',
      { password: 'NoDigitsHere' },
      'password',
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    ],
  ])('refuses %s with 400 naming the field', async (_name, payload, field, message) => {
    await expectRefused(payload, field, message);
  });

  it('refuses a role, department or manager of another organisation with 400 naming the field', async () => {
    const world = await buildWorld();
    const other = await buildOrganization(app.models);
    const foreignDepartment = await buildDepartment(app.models, other);
    const foreignManager = await buildUser(app.models);
    await buildMembership(app.models, { user: foreignManager, organization: other, roleName: 'Manager' });
    const base = {
      first_name: 'Nina',
      last_name: 'Shaw',
      email: newEmail(),
      role_id: await roleId(world.organization, 'User'),
    };
    const cases: [Record<string, unknown>, string, string][] = [
      [{ role_id: await roleId(other, 'User') }, 'role_id', USER_MESSAGES.role],
      [{ department_id: foreignDepartment.id }, 'department_id', USER_MESSAGES.department],
      [{ manager_id: foreignManager.id }, 'manager_id', USER_MESSAGES.manager],
    ];
    for (const [payload, field, message] of cases) {
      const response = await as(world.admin, world.organization).post('/users', { ...base, ...payload });
      expect(response.statusCode, response.payload).toBe(400);
      expectContract(response, 'createUser');
      expect(body(response).details).toEqual([{ field, message }]);
    }
    expect(await app.models.User.count({ where: { email: base.email } })).toBe(0);
  });
});

describe('createUser', () => {
  it('creates an invited user whose invitation mail holds a working single-use link', async () => {
    const world = await buildWorld();
    const department = await buildDepartment(app.models, world.organization);
    const email = newEmail();
    const response = await as(world.admin, world.organization).post('/users', {
      first_name: ' Nina ',
      last_name: 'Shaw',
      email,
      phone: '+61 2 9000 1234',
      role_id: await roleId(world.organization, 'Manager'),
      department_id: department.id,
      manager_id: world.superAdmin.user.id,
    });
    expect(response.statusCode, response.payload).toBe(201);
    expectContract(response, 'createUser');
    const user = body(response).user;
    expect(user).toMatchObject({ first_name: 'Nina', last_name: 'Shaw', email, is_active: true });
    expect(user.user_organizations[0]).toMatchObject({
      role: { name: 'Manager' },
      department: { id: department.id },
      manager: { id: world.superAdmin.user.id },
    });
    expect(await auditActions(user.id, world.organization)).toEqual(['create']);

    const mail = await lastMailTo(email);
    expect(mail!.subject).toBe(`You're invited to join ${world.organization.name}`);
    const token = tokenIn(mail!.text_body, '/accept-invite');
    expect(mail!.html_body).toContain(`${PUBLIC_URL}/accept-invite?token=${token}`);

    // No password yet: signing in fails until the invitation is accepted.
    const before = await call(app.server, 'POST', '/api/auth/login', {
      payload: { email, password: 'Welcome1' },
    });
    expect(before.statusCode).toBe(401);
    const accepted = await call(app.server, 'POST', '/api/auth/accept-invite', {
      payload: { token, password: 'Welcome1' },
    });
    expect(accepted.statusCode, accepted.payload).toBe(204);
    expectContract(accepted, 'acceptInvite');
    const signIn = await call(app.server, 'POST', '/api/auth/login', {
      payload: { email, password: 'Welcome1' },
    });
    expect(signIn.statusCode, signIn.payload).toBe(200);
    const again = await call(app.server, 'POST', '/api/auth/accept-invite', {
      payload: { token, password: 'Another1' },
    });
    expect(again.statusCode).toBe(400);
    expect(body(again).code).toBe('INVALID_TOKEN');
  });

  it('creates a user with a password who can sign in at once, and sends no mail when asked not to', async () => {
    const world = await buildWorld();
    const email = newEmail();
    const response = await as(world.admin, world.organization).post('/users', {
      first_name: 'Pat',
      last_name: 'Lee',
      email,
      password: 'Str0ngPass',
      role_id: await roleId(world.organization, 'User'),
      send_invite: false,
    });
    expect(response.statusCode, response.payload).toBe(201);
    expect(await mailCount(email)).toBe(0);
    const signIn = await call(app.server, 'POST', '/api/auth/login', {
      payload: { email, password: 'Str0ngPass' },
    });
    expect(signIn.statusCode, signIn.payload).toBe(200);
    const [row] = await app.sequelize.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      { bind: [email], type: QueryTypes.SELECT },
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('sends a user created with a password a welcome mail without token or password', async () => {
    const world = await buildWorld();
    const email = newEmail();
    const response = await as(world.admin, world.organization).post('/users', {
      first_name: 'Pat',
      last_name: 'Lee',
      email,
      password: 'Str0ngPass',
      role_id: await roleId(world.organization, 'User'),
    });
    expect(response.statusCode, response.payload).toBe(201);
    const mail = await lastMailTo(email);
    expect(mail!.text_body).toContain(`${PUBLIC_URL}/login`);
    expect(mail!.text_body).not.toContain('token=');
    expect(mail!.text_body).not.toContain('Str0ngPass');
  });

  it('adds an existing user of another organisation as a pending member until they accept the mailed link', async () => {
    const world = await buildWorld();
    const other = await buildOrganization(app.models);
    const existing = await buildUser(app.models, { first_name: 'Original' });
    await buildMembership(app.models, { user: existing, organization: other });
    const response = await as(world.admin, world.organization).post('/users', {
      first_name: 'Different',
      last_name: 'Name',
      email: existing.email.toUpperCase(),
      password: 'Ignored123',
      role_id: await roleId(world.organization, 'Manager'),
    });
    expect(response.statusCode, response.payload).toBe(201);
    expectContract(response, 'createUser');
    const user = body(response).user;
    // Until they accept, this organisation sees the names it gave, not the account's profile.
    expect(user).toMatchObject({
      id: existing.id,
      first_name: 'Different',
      last_name: 'Name',
      email: existing.email,
      is_active: false,
      last_login_at: null,
    });
    expect(user.user_organizations).toHaveLength(1);
    expect(user.user_organizations[0]).toMatchObject({ is_active: false, is_pending: true });
    expect(user.user_organizations[0].organization.id).toBe(world.organization.id);
    expect(await app.models.User.count({ where: { id: existing.id } })).toBe(1);
    expect(await app.models.UserOrganization.count({ where: { user_id: existing.id } })).toBe(2);
    const account = await app.models.User.findByPk(existing.id);
    expect(account!.first_name).toBe('Original');
    // The account proved its mailbox (factory accounts do): its password is its own, untouched.
    const token = await accessTokenFor(app.server, existing, TEST_PASSWORD);
    const refused = await call(app.server, 'GET', '/api/users', {
      token,
      organizationId: world.organization.id,
    });
    expect(refused.statusCode).toBe(403);
    const mail = await lastMailTo(existing.email);
    expect(mail!.subject).toBe(`You're invited to join ${world.organization.name}`);
    expect(mail!.text_body).toContain('/accept-invite?token=');
    expect(await auditActions(existing.id, world.organization)).toEqual(['add_member']);

    const link = mail!.text_body.match(/accept-invite\?token=([A-Za-z0-9_-]+)/)![1]!;
    const accepted = await call(app.server, 'POST', '/api/auth/accept-invite', {
      payload: { token: link, password: 'Accepted-2026!' },
    });
    expect(accepted.statusCode, accepted.payload).toBe(204);
    const after = await as(world.admin, world.organization).get(`/users/${existing.id}`);
    expect(body(after).user).toMatchObject({ first_name: 'Original', is_active: true });
    expect(body(after).user.user_organizations[0].is_pending).toBe(false);
    expect(await auditActions(existing.id, world.organization)).toEqual(['add_member', 'accept_invitation']);
  });

  it('answers 409 when the email is already a member of the organisation, whatever its case', async () => {
    const world = await buildWorld();
    const response = await as(world.admin, world.organization).post('/users', {
      first_name: 'Again',
      last_name: 'User',
      email: world.staff.user.email.toUpperCase(),
      role_id: await roleId(world.organization, 'User'),
    });
    expect(response.statusCode, response.payload).toBe(409);
    expectContract(response, 'createUser');
    expect(body(response).message).toBe(USER_MESSAGES.alreadyMember);
  });

  it('refuses an Admin giving the Super Admin role (role.manage) with 403', async () => {
    const world = await buildWorld();
    const email = newEmail();
    const response = await as(world.admin, world.organization).post('/users', {
      first_name: 'Power',
      last_name: 'Grab',
      email,
      role_id: await roleId(world.organization, 'Super Admin'),
    });
    expect(response.statusCode, response.payload).toBe(403);
    expectContract(response, 'createUser');
    expect(await app.models.User.count({ where: { email } })).toBe(0);
  });
});

describe('updateUser', () => {
  it.each([
    ['an empty first name', { first_name: '' }, 'first_name', 'First name is required'],
    ['a blank last name', { last_name: '  ' }, 'last_name', 'Last name is required'],
    ['a non-boolean is_active', { is_active: 'yes' }, 'is_active', 'is_active must be boolean'],
    [
      'an email (the sign-in address is the account’s own)',
      { email: 'x@example.test' },
      'email',
      'This field is not allowed',
    ],
  ])('refuses %s with 400 naming the field', async (_name, payload, field, message) => {
    const world = await buildWorld();
    const response = await as(world.admin, world.organization).put(`/users/${world.staff.user.id}`, payload);
    expect(response.statusCode, response.payload).toBe(400);
    expectContract(response, 'updateUser');
    expect(body(response).details).toEqual([{ field, message }]);
  });

  it('changes names and phone and writes an audit row', async () => {
    const world = await buildWorld();
    const response = await as(world.admin, world.organization).put(`/users/${world.staff.user.id}`, {
      first_name: 'Renamed',
      phone: ' +61 400 000 000 ',
    });
    expect(response.statusCode, response.payload).toBe(200);
    expectContract(response, 'updateUser');
    expect(body(response).user).toMatchObject({
      first_name: 'Renamed',
      last_name: world.staff.user.last_name,
      phone: '+61 400 000 000',
    });
    expect(await auditActions(world.staff.user.id, world.organization)).toEqual(['update']);
  });

  it('deactivates and reactivates the membership with is_active', async () => {
    const world = await buildWorld();
    const api = as(world.admin, world.organization);
    const off = await api.put(`/users/${world.staff.user.id}`, { is_active: false });
    expect(off.statusCode, off.payload).toBe(200);
    expect(body(off).user).toMatchObject({ is_active: false, permissions: [] });
    expect(body(off).user.user_organizations[0].is_active).toBe(false);
    const on = await api.put(`/users/${world.staff.user.id}`, { is_active: true });
    expect(on.statusCode, on.payload).toBe(200);
    expect(body(on).user.is_active).toBe(true);
    expect(await auditActions(world.staff.user.id, world.organization)).toEqual(['deactivate', 'activate']);
  });

  it('refuses self-deactivation through is_active', async () => {
    const world = await buildWorld();
    const response = await as(world.admin, world.organization).put(`/users/${world.admin.user.id}`, {
      is_active: false,
    });
    expect(response.statusCode, response.payload).toBe(400);
    expectContract(response, 'updateUser');
    expect(body(response)).toMatchObject({
      message: MEMBERSHIP_MESSAGES.selfDeactivation,
      details: [{ field: 'is_active', message: MEMBERSHIP_MESSAGES.selfDeactivation }],
    });
  });
});

describe('deactivateUser', () => {
  it('deactivates the membership: the user is listed inactive, cannot sign in, and an earlier token stops working', async () => {
    const world = await buildWorld();
    const target = world.staff;
    const response = await as(world.admin, world.organization).delete(`/users/${target.user.id}`);
    expect(response.statusCode, response.payload).toBe(204);
    expectContract(response, 'deactivateUser');

    const listed = body(await as(world.admin, world.organization).get('/users')).users.find(
      (u: { id: string }) => u.id === target.user.id,
    );
    expect(listed.is_active).toBe(false);
    expect(await auditActions(target.user.id, world.organization)).toEqual(['deactivate']);

    const me = await call(app.server, 'GET', '/api/auth/me', { token: target.token });
    expect(me.statusCode).toBe(401);
    const scoped = await as(target, world.organization).get('/requisitions');
    expect(scoped.statusCode).toBe(401);
    const signIn = await call(app.server, 'POST', '/api/auth/login', {
      payload: { email: target.user.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(403);

    const again = await as(world.admin, world.organization).delete(`/users/${target.user.id}`);
    expect(again.statusCode).toBe(204);
    expect(await auditActions(target.user.id, world.organization)).toEqual(['deactivate']);
  });

  it('takes away only this organisation from a user with another active membership', async () => {
    const world = await buildWorld();
    const other = await buildOrganization(app.models);
    await buildMembership(app.models, { user: world.staff.user, organization: other });
    const response = await as(world.admin, world.organization).delete(`/users/${world.staff.user.id}`);
    expect(response.statusCode).toBe(204);
    expect((await as(world.staff, world.organization).get('/requisitions')).statusCode).toBe(403);
    expect((await as(world.staff, other).get('/requisitions')).statusCode).toBe(200);
  });

  it('refuses self-deactivation with 400', async () => {
    const world = await buildWorld();
    const response = await as(world.superAdmin, world.organization).delete(
      `/users/${world.superAdmin.user.id}`,
    );
    expect(response.statusCode, response.payload).toBe(400);
    expectContract(response, 'deactivateUser');
    expect(body(response).message).toBe(MEMBERSHIP_MESSAGES.selfDeactivation);
  });

  it('refuses an Admin (without role.manage) deactivating a Super Admin with 403', async () => {
    const world = await buildWorld();
    const response = await as(world.admin, world.organization).delete(`/users/${world.superAdmin.user.id}`);
    expect(response.statusCode, response.payload).toBe(403);
    expectContract(response, 'deactivateUser');
  });
});

describe('the last active Super Admin', () => {
  /** A custom role holding role.manage and the user permissions, and a signed-in member holding it. */
  async function roleManager(organization: Organization, allPermissions = false): Promise<Member> {
    const [role] = await app.sequelize.query<{ id: string }>(
      `INSERT INTO roles (organization_id, name) VALUES ($1, $2) RETURNING id`,
      { bind: [organization.id, `Role manager ${uniqueSuffix()}`], type: QueryTypes.SELECT },
    );
    await app.sequelize.query(
      `INSERT INTO role_permissions (role_id, permission_id)
       SELECT $1, id FROM permissions
        WHERE $2 OR name IN ('role.manage', 'user.edit', 'user.delete', 'user.create')`,
      { bind: [role!.id, allPermissions] },
    );
    const user = await buildUser(app.models);
    await app.models.UserOrganization.create({
      user_id: user.id,
      organization_id: organization.id,
      role_id: role!.id,
    });
    return { user, token: await accessTokenFor(app.server, user) };
  }

  it('cannot be deactivated (409), while one of two can', async () => {
    const world = await buildWorld();
    const manager = await roleManager(world.organization);
    const second = await buildUser(app.models);
    await buildMembership(app.models, {
      user: second,
      organization: world.organization,
      roleName: 'Super Admin',
    });

    const first = await as(manager, world.organization).delete(`/users/${second.id}`);
    expect(first.statusCode, first.payload).toBe(204);
    const last = await as(manager, world.organization).delete(`/users/${world.superAdmin.user.id}`);
    expect(last.statusCode, last.payload).toBe(409);
    expectContract(last, 'deactivateUser');
    expect(body(last)).toMatchObject({
      code: 'LAST_SUPER_ADMIN',
      message: MEMBERSHIP_MESSAGES.lastSuperAdminDeactivation,
    });
    const viaUpdate = await as(manager, world.organization).put(`/users/${world.superAdmin.user.id}`, {
      is_active: false,
    });
    expect(viaUpdate.statusCode).toBe(409);
    expectContract(viaUpdate, 'updateUser');
  });

  it('cannot be moved to another role (409), and cannot move themself at all (403)', async () => {
    const world = await buildWorld();
    // Only someone holding every permission of Super Admin may take the role away from anyone.
    const manager = await roleManager(world.organization, true);
    const response = await as(manager, world.organization).post(`/users/${world.superAdmin.user.id}/roles`, {
      role_id: await roleId(world.organization, 'Admin'),
    });
    expect(response.statusCode, response.payload).toBe(409);
    expectContract(response, 'assignUserRole');
    expect(body(response).message).toBe(MEMBERSHIP_MESSAGES.lastSuperAdminRole);
    const own = await as(world.superAdmin, world.organization).post(
      `/users/${world.superAdmin.user.id}/roles`,
      {
        role_id: await roleId(world.organization, 'Admin'),
      },
    );
    expect(own.statusCode, own.payload).toBe(403);
    expectContract(own, 'assignUserRole');
    expect(body(own)).toMatchObject({ code: 'OWN_ROLE', message: MEMBERSHIP_MESSAGES.ownRole });
  });

  it('survives two Super Admins deactivating each other at the same time: exactly one succeeds', async () => {
    const world = await buildWorld();
    const other = await buildUser(app.models);
    await buildMembership(app.models, {
      user: other,
      organization: world.organization,
      roleName: 'Super Admin',
    });
    const otherMember: Member = { user: other, token: await accessTokenFor(app.server, other) };
    const responses = await Promise.all([
      as(world.superAdmin, world.organization).delete(`/users/${other.id}`),
      as(otherMember, world.organization).delete(`/users/${world.superAdmin.user.id}`),
    ]);
    const statuses = responses.map((r) => r.statusCode).sort();
    // The loser is refused by the count (409), or, its own membership gone, by the scope check (403),
    // or, when the winner committed first, by the token check (401): a member of no other
    // organisation loses the account and its sessions with the membership.
    expect(statuses[0]).toBe(204);
    expect([401, 403, 409]).toContain(statuses[1]);
    const [row] = await app.sequelize.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM user_organizations m JOIN roles r ON r.id = m.role_id
        WHERE m.organization_id = $1 AND r.name = 'Super Admin' AND m.is_active`,
      { bind: [world.organization.id], type: QueryTypes.SELECT },
    );
    expect(row!.count).toBe(1);
  });
});

describe('assignUserRole', () => {
  it('sets role, department and manager; null clears and omitted keeps', async () => {
    const world = await buildWorld();
    const department = await buildDepartment(app.models, world.organization);
    const api = as(world.admin, world.organization);
    const path = `/users/${world.staff.user.id}/roles`;
    const set = await api.post(path, {
      role_id: await roleId(world.organization, 'Department Head'),
      department_id: department.id,
      manager_id: world.manager.user.id,
    });
    expect(set.statusCode, set.payload).toBe(200);
    expectContract(set, 'assignUserRole');
    expect(body(set).user.user_organizations[0]).toMatchObject({
      role: { name: 'Department Head' },
      department: { id: department.id },
      manager: { id: world.manager.user.id },
    });
    const keep = await api.post(path, {
      role_id: await roleId(world.organization, 'Manager'),
      manager_id: null,
    });
    expect(body(keep).user.user_organizations[0]).toMatchObject({
      role: { name: 'Manager' },
      department: { id: department.id },
      manager: null,
    });
    expect(await auditActions(world.staff.user.id, world.organization)).toEqual([
      'assign_role',
      'assign_role',
    ]);
  });

  it('refuses ids that are not of the organisation, and the user as their own manager, with 400 naming the field', async () => {
    const world = await buildWorld();
    const other = await buildOrganization(app.models);
    const foreignDepartment = await buildDepartment(app.models, other);
    const api = as(world.admin, world.organization);
    const path = `/users/${world.staff.user.id}/roles`;
    const userRole = await roleId(world.organization, 'User');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ role_id: await roleId(other, 'Manager') }, 'role_id', USER_MESSAGES.role],
      [{ role_id: userRole, department_id: foreignDepartment.id }, 'department_id', USER_MESSAGES.department],
      [{ role_id: userRole, manager_id: world.staff.user.id }, 'manager_id', USER_MESSAGES.ownManager],
      [
        { role_id: userRole, manager_id: (await buildUser(app.models)).id },
        'manager_id',
        USER_MESSAGES.manager,
      ],
      [{ department_id: null }, 'role_id', 'Role is required'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await api.post(path, payload);
      expect(response.statusCode, response.payload).toBe(400);
      expectContract(response, 'assignUserRole');
      expect(body(response).details).toEqual([{ field, message }]);
    }
  });

  it('refuses an Admin giving or taking away Super Admin with 403', async () => {
    const world = await buildWorld();
    const api = as(world.admin, world.organization);
    const give = await api.post(`/users/${world.staff.user.id}/roles`, {
      role_id: await roleId(world.organization, 'Super Admin'),
    });
    expect(give.statusCode, give.payload).toBe(403);
    const take = await api.post(`/users/${world.superAdmin.user.id}/roles`, {
      role_id: await roleId(world.organization, 'User'),
    });
    expect(take.statusCode, take.payload).toBe(403);
    expectContract(take, 'assignUserRole');
  });
});

describe('resetUserPassword', () => {
  it('emails a reset link that sets a new password once', async () => {
    const world = await buildWorld();
    const response = await as(world.admin, world.organization).post(
      `/users/${world.staff.user.id}/reset-password`,
    );
    expect(response.statusCode, response.payload).toBe(204);
    expectContract(response, 'resetUserPassword');
    const mail = await lastMailTo(world.staff.user.email);
    expect(mail!.subject).toBe('Reset your password');
    const token = tokenIn(mail!.text_body, '/reset-password');
    // The current password works until the link is used.
    await accessTokenFor(app.server, world.staff.user);
    const reset = await call(app.server, 'POST', '/api/auth/reset-password', {
      payload: { token, password: 'Fresh-Pass1' },
    });
    expect(reset.statusCode, reset.payload).toBe(204);
    await accessTokenFor(app.server, world.staff.user, 'Fresh-Pass1');
    expect(await auditActions(world.staff.user.id, world.organization)).toEqual(['reset_password']);
  });

  it('sends a member who never set a password a new invitation instead', async () => {
    const world = await buildWorld();
    const invited = await buildUser(app.models, { password: null });
    await buildMembership(app.models, { user: invited, organization: world.organization });
    const response = await as(world.admin, world.organization).post(`/users/${invited.id}/reset-password`);
    expect(response.statusCode, response.payload).toBe(204);
    const mail = await lastMailTo(invited.email);
    tokenIn(mail!.text_body, '/accept-invite');
  });
});
