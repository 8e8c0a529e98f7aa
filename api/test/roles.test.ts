import { randomUUID } from 'node:crypto';
import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../src/db/models/index.js';
import { PERMISSIONS } from '../src/domain/permissions.js';
import { accessTokenFor, call, expectContract } from './app.js';
import { buildMembership, buildOrganization, buildUser } from './factories.js';
import { body, type Member, useTestApp } from './support/test-app.js';

const app = useTestApp();

/** A member of `organization` with the role `roleName` (default or custom), signed in. */
async function member(
  organization: Organization,
  roleName: string,
  options: { is_active?: boolean } = {},
): Promise<Member> {
  const user = await buildUser(app.models);
  await buildMembership(app.models, { user, organization, roleName, ...options });
  return { user, token: options.is_active === false ? '' : await accessTokenFor(app.server, user) };
}

/** An organisation with a Super Admin, an Admin, a Manager and a User, signed in. */
async function buildWorld() {
  const organization = await buildOrganization(app.models);
  const [superAdmin, admin, manager, staff] = await Promise.all([
    member(organization, 'Super Admin'),
    member(organization, 'Admin'),
    member(organization, 'Manager'),
    member(organization, 'User'),
  ]);
  return { organization, superAdmin, admin, manager, staff };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

async function permissionIds(...names: string[]): Promise<string[]> {
  const rows = await app.models.Permission.findAll({ where: { name: names } });
  return names.map((name) => rows.find((row) => row.name === name)!.id);
}

async function roleId(organization: Organization, name: string): Promise<string> {
  const role = await app.models.Role.findOne({ where: { organization_id: organization.id, name } });
  return role!.id;
}

/** Calls the API as `as` in `organization`, checking the answer against the contract. */
async function api(
  operationId: string,
  method: string,
  url: string,
  as: Member,
  organization: Organization,
  payload?: unknown,
): Promise<ServerInjectResponse> {
  const response = await call(app.server, method, url, {
    token: as.token,
    organizationId: organization.id,
    ...(payload !== undefined ? { payload } : {}),
  });
  expectContract(response, operationId);
  return response;
}

/** Creates a custom role as the world's Super Admin and answers it. */
async function createCustomRole(world: World, permissions: string[] = [], name = `Buyer ${randomUUID()}`) {
  const response = await api('createRole', 'POST', '/api/roles', world.superAdmin, world.organization, {
    name,
    permission_ids: await permissionIds(...permissions),
  });
  expect(response.statusCode, response.payload).toBe(201);
  return body(response).role as { id: string; name: string; permissions: { name: string }[] };
}

async function auditOf(entityId: string) {
  return app.sequelize.query<{ action: string; actor_id: string; metadata: Record<string, unknown> }>(
    `SELECT action, actor_id, metadata FROM audit_logs
      WHERE entity_type = 'role' AND entity_id = $1 ORDER BY created_at`,
    { bind: [entityId], type: QueryTypes.SELECT },
  );
}

const names = (role: { permissions: { name: string }[] }) => role.permissions.map((p) => p.name);

describe('reading roles and permissions', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('lists the seven default roles by name, each a system role with its permissions', async () => {
    const response = await api('listRoles', 'GET', '/api/roles', world.superAdmin, world.organization);
    expect(response.statusCode).toBe(200);
    const roles = body(response).data as { name: string; is_system: boolean; organization_id: string }[];
    expect(roles.map((role) => role.name)).toEqual([
      'Admin',
      'Department Head',
      'Finance Manager',
      'General Manager',
      'Manager',
      'Super Admin',
      'User',
    ]);
    expect(roles.every((role) => role.is_system && role.organization_id === world.organization.id)).toBe(
      true,
    );
    const superAdmin = body(response).data.find((role: { name: string }) => role.name === 'Super Admin');
    expect(names(superAdmin).sort()).toEqual([...PERMISSIONS].sort());
    const manager = body(response).data.find((role: { name: string }) => role.name === 'Manager');
    expect(names(manager)).toEqual(['approval.act', 'purchase_order.view', 'requisition.create']);
  });

  it("says how many of the organisation's members hold each role (issue 19 item 14)", async () => {
    const counted = await buildWorld();
    await member(counted.organization, 'Manager');
    await member(counted.organization, 'Manager', { is_active: false });
    // Another organisation's Managers are not counted.
    await member((await buildWorld()).organization, 'Manager');
    const custom = await createCustomRole(counted);
    const list = await api('listRoles', 'GET', '/api/roles', counted.superAdmin, counted.organization);
    const countOf = (name: string) =>
      (body(list).data as { name: string; user_count: number }[]).find((role) => role.name === name)
        ?.user_count;
    expect(countOf('Manager')).toBe(3);
    expect(countOf('Super Admin')).toBe(1);
    expect(countOf('Finance Manager')).toBe(0);
    expect(countOf(custom.name)).toBe(0);
    const id = await roleId(counted.organization, 'Manager');
    const one = await api('getRole', 'GET', `/api/roles/${id}`, counted.superAdmin, counted.organization);
    expect(body(one).role.user_count).toBe(3);
  });

  it('lists only the roles of the organisation in the header', async () => {
    const other = await buildWorld();
    await createCustomRole(other, [], 'Only elsewhere');
    const response = await api('listRoles', 'GET', '/api/roles', world.superAdmin, world.organization);
    expect(body(response).data.map((role: { name: string }) => role.name)).not.toContain('Only elsewhere');
  });

  it('lists every permission by name with its description', async () => {
    const response = await api(
      'listPermissions',
      'GET',
      '/api/roles/permissions',
      world.admin,
      world.organization,
    );
    expect(response.statusCode).toBe(200);
    const permissions = body(response).permissions as { name: string; description: string }[];
    expect(permissions.map((p) => p.name)).toEqual([...PERMISSIONS].sort());
    expect(permissions.every((p) => p.description.length > 0)).toBe(true);
    // The product's own copy spells 'organization' as the specification's quoted texts do (issue 19, item 13).
    expect(permissions.filter((p) => /organisation/i.test(p.description))).toEqual([]);
    expect(permissions.find((p) => p.name === 'org.settings')?.description).toBe(
      'Manage organization settings and departments',
    );
  });

  it('lets the user forms read roles without role.manage (Admin holds user.create and user.edit)', async () => {
    const id = await roleId(world.organization, 'Manager');
    const list = await api('listRoles', 'GET', '/api/roles', world.admin, world.organization);
    const one = await api('getRole', 'GET', `/api/roles/${id}`, world.admin, world.organization);
    expect(list.statusCode).toBe(200);
    expect(one.statusCode).toBe(200);
    expect(body(one).role).toMatchObject({ id, name: 'Manager', is_system: true });
  });

  it('lets a holder of user.create alone read roles and permissions', async () => {
    const recruiter = await createCustomRole(world, ['user.create']);
    const holder = await member(world.organization, recruiter.name);
    expect((await api('listRoles', 'GET', '/api/roles', holder, world.organization)).statusCode).toBe(200);
    expect(
      (await api('listPermissions', 'GET', '/api/roles/permissions', holder, world.organization)).statusCode,
    ).toBe(200);
  });

  it("answers 404 for another organisation's role, as for an unknown one", async () => {
    const other = await buildOrganization(app.models);
    const foreign = await roleId(other, 'Admin');
    for (const id of [foreign, randomUUID()]) {
      const response = await api('getRole', 'GET', `/api/roles/${id}`, world.superAdmin, world.organization);
      expect(response.statusCode).toBe(404);
      expect(body(response).message).toBe('Role not found');
    }
  });
});

describe('who may call the role operations', () => {
  let world: World;
  let customId: string;
  let permissionId: string;
  beforeAll(async () => {
    world = await buildWorld();
    customId = (await createCustomRole(world, ['vendor.manage'])).id;
    permissionId = (await permissionIds('vendor.manage'))[0]!;
  });

  const operations = () =>
    [
      ['listRoles', 'GET', '/api/roles', undefined],
      ['listPermissions', 'GET', '/api/roles/permissions', undefined],
      ['getRole', 'GET', `/api/roles/${customId}`, undefined],
      ['createRole', 'POST', '/api/roles', { name: 'Sneaky' }],
      ['updateRole', 'PUT', `/api/roles/${customId}`, { name: 'Sneaky' }],
      ['deleteRole', 'DELETE', `/api/roles/${customId}`, undefined],
      [
        'addRolePermissions',
        'POST',
        `/api/roles/${customId}/permissions`,
        { permission_ids: [permissionId] },
      ],
      ['removeRolePermission', 'DELETE', `/api/roles/${customId}/permissions/${permissionId}`, undefined],
    ] as const;

  it('refuses a Manager every role call with 403', async () => {
    for (const [operationId, method, url, payload] of operations()) {
      const response = await api(operationId, method, url, world.manager, world.organization, payload);
      expect(response.statusCode, `${operationId}: ${response.payload}`).toBe(403);
    }
  });

  it('refuses an Admin (no role.manage) every change with 403, changing nothing', async () => {
    for (const [operationId, method, url, payload] of operations().slice(3)) {
      const response = await api(operationId, method, url, world.admin, world.organization, payload);
      expect(response.statusCode, `${operationId}: ${response.payload}`).toBe(403);
    }
    const role = await api('getRole', 'GET', `/api/roles/${customId}`, world.superAdmin, world.organization);
    expect(names(body(role).role)).toEqual(['vendor.manage']);
  });
});

describe('POST /roles', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('creates a custom role with its permissions and an audit row', async () => {
    const response = await api('createRole', 'POST', '/api/roles', world.superAdmin, world.organization, {
      name: '  Buyer  ',
      description: 'Raises and sends purchase orders',
      permission_ids: await permissionIds('purchase_order.view', 'purchase_order.manage'),
    });
    expect(response.statusCode, response.payload).toBe(201);
    const role = body(response).role;
    expect(role).toMatchObject({
      name: 'Buyer',
      description: 'Raises and sends purchase orders',
      is_system: false,
      organization_id: world.organization.id,
    });
    expect(names(role)).toEqual(['purchase_order.manage', 'purchase_order.view']);
    const audit = await auditOf(role.id);
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'create',
        actor_id: world.superAdmin.user.id,
        metadata: expect.objectContaining({ name: 'Buyer' }),
      }),
    ]);
  });

  it('refuses a name already used in the organisation, whatever its case, with 409', async () => {
    const response = await api('createRole', 'POST', '/api/roles', world.superAdmin, world.organization, {
      name: 'super ADMIN',
    });
    expect(response.statusCode).toBe(409);
    expect(body(response)).toEqual({
      message: 'A role named "super ADMIN" already exists',
      code: 'ROLE_NAME_TAKEN',
      details: [{ field: 'name', message: 'A role named "super ADMIN" already exists' }],
    });
  });

  it('accepts a name another organisation uses', async () => {
    const other = await buildWorld();
    await createCustomRole(other, [], 'Auditor');
    const role = await createCustomRole(world, [], 'Auditor');
    expect(role.name).toBe('Auditor');
  });

  it('refuses a blank name with 400 naming it', async () => {
    const response = await api('createRole', 'POST', '/api/roles', world.superAdmin, world.organization, {
      name: '   ',
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).details).toEqual([{ field: 'name', message: 'Role name is required' }]);
  });

  it('refuses an unknown permission id with 400 naming permission_ids, creating nothing', async () => {
    const unknown = randomUUID();
    const name = `Ghost ${randomUUID()}`;
    const response = await api('createRole', 'POST', '/api/roles', world.superAdmin, world.organization, {
      name,
      permission_ids: [...(await permissionIds('report.view')), unknown],
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).details).toEqual([
      { field: 'permission_ids', message: `Unknown permission id: ${unknown}` },
    ]);
    expect(await app.models.Role.count({ where: { organization_id: world.organization.id, name } })).toBe(0);
  });

  it('refuses a protected field (is_system) with 400 rather than creating a system role', async () => {
    const response = await api('createRole', 'POST', '/api/roles', world.superAdmin, world.organization, {
      name: 'Fake system',
      is_system: true,
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).details).toEqual([{ field: 'is_system', message: 'This field is not allowed' }]);
  });

  it('lets exactly one of two concurrent creates of one name (in different case) succeed', async () => {
    const name = `Racer ${randomUUID()}`;
    const responses = await Promise.all(
      [name, name.toUpperCase()].map((candidate) =>
        api('createRole', 'POST', '/api/roles', world.superAdmin, world.organization, { name: candidate }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});

describe('PUT /roles/{id}', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('renames a custom role and replaces its description, with an audit row of the changes', async () => {
    const role = await createCustomRole(world, ['report.view']);
    const response = await api(
      'updateRole',
      'PUT',
      `/api/roles/${role.id}`,
      world.superAdmin,
      world.organization,
      {
        name: 'Reporter',
        description: 'Reads reports',
      },
    );
    expect(response.statusCode, response.payload).toBe(200);
    expect(body(response).role).toMatchObject({ name: 'Reporter', description: 'Reads reports' });
    expect(names(body(response).role)).toEqual(['report.view']);
    const audit = await auditOf(role.id);
    expect(audit.at(-1)).toMatchObject({
      action: 'update',
      metadata: { changes: { name: { from: role.name, to: 'Reporter' } } },
    });
  });

  it('refuses to rename a system role with 409, but lets its description change', async () => {
    const id = await roleId(world.organization, 'Manager');
    const renamed = await api('updateRole', 'PUT', `/api/roles/${id}`, world.superAdmin, world.organization, {
      name: 'Team Lead',
    });
    expect(renamed.statusCode).toBe(409);
    expect(body(renamed).message).toBe('System roles cannot be renamed');
    const described = await api(
      'updateRole',
      'PUT',
      `/api/roles/${id}`,
      world.superAdmin,
      world.organization,
      {
        name: 'Manager',
        description: 'Leads a team',
      },
    );
    expect(described.statusCode).toBe(200);
    expect(body(described).role).toMatchObject({
      name: 'Manager',
      description: 'Leads a team',
      is_system: true,
    });
  });

  it('refuses a name another role of the organisation has, whatever its case, with 409', async () => {
    const role = await createCustomRole(world);
    const response = await api(
      'updateRole',
      'PUT',
      `/api/roles/${role.id}`,
      world.superAdmin,
      world.organization,
      {
        name: 'finance manager',
      },
    );
    expect(response.statusCode).toBe(409);
    expect(body(response).details).toEqual([
      { field: 'name', message: 'A role named "finance manager" already exists' },
    ]);
  });

  it("answers 404 for another organisation's role and changes nothing", async () => {
    const other = await buildWorld();
    const foreign = await createCustomRole(other);
    const response = await api(
      'updateRole',
      'PUT',
      `/api/roles/${foreign.id}`,
      world.superAdmin,
      world.organization,
      { name: 'Taken over' },
    );
    expect(response.statusCode).toBe(404);
    expect((await app.models.Role.findByPk(foreign.id))!.name).toBe(foreign.name);
  });
});

describe('DELETE /roles/{id}', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('deletes an unused custom role with its permissions and an audit row', async () => {
    const role = await createCustomRole(world, ['report.view']);
    const response = await api(
      'deleteRole',
      'DELETE',
      `/api/roles/${role.id}`,
      world.superAdmin,
      world.organization,
    );
    expect(response.statusCode).toBe(204);
    expect(await app.models.Role.findByPk(role.id)).toBeNull();
    expect(await app.models.RolePermission.count({ where: { role_id: role.id } })).toBe(0);
    expect((await auditOf(role.id)).at(-1)).toMatchObject({
      action: 'delete',
      metadata: { name: role.name, permissions: ['report.view'] },
    });
  });

  it('refuses to delete a system role with 409, even one nobody holds', async () => {
    const id = await roleId(world.organization, 'General Manager');
    const response = await api(
      'deleteRole',
      'DELETE',
      `/api/roles/${id}`,
      world.superAdmin,
      world.organization,
    );
    expect(response.statusCode).toBe(409);
    expect(body(response)).toMatchObject({ message: 'System roles cannot be deleted', code: 'SYSTEM_ROLE' });
    expect(await app.models.Role.findByPk(id)).not.toBeNull();
  });

  it('refuses to delete a role held by memberships (inactive ones count) with 409 saying how many', async () => {
    const role = await createCustomRole(world);
    await member(world.organization, role.name);
    await member(world.organization, role.name, { is_active: false });
    const response = await api(
      'deleteRole',
      'DELETE',
      `/api/roles/${role.id}`,
      world.superAdmin,
      world.organization,
    );
    expect(response.statusCode).toBe(409);
    expect(body(response)).toMatchObject({
      message: 'This role is held by 2 users and cannot be deleted. Assign them another role first.',
      code: 'ROLE_IN_USE',
    });
    expect(await app.models.Role.findByPk(role.id)).not.toBeNull();
  });

  it("answers 404 for another organisation's role and keeps it", async () => {
    const other = await buildWorld();
    const foreign = await createCustomRole(other);
    const response = await api(
      'deleteRole',
      'DELETE',
      `/api/roles/${foreign.id}`,
      world.superAdmin,
      world.organization,
    );
    expect(response.statusCode).toBe(404);
    expect(await app.models.Role.findByPk(foreign.id)).not.toBeNull();
  });
});

describe('POST /roles/{id}/permissions', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('grants permissions, ignoring ones already held, with an audit row of what was granted', async () => {
    const role = await createCustomRole(world, ['report.view']);
    const response = await api(
      'addRolePermissions',
      'POST',
      `/api/roles/${role.id}/permissions`,
      world.superAdmin,
      world.organization,
      { permission_ids: await permissionIds('report.view', 'budget.view') },
    );
    expect(response.statusCode, response.payload).toBe(200);
    expect(names(body(response).role)).toEqual(['budget.view', 'report.view']);
    expect((await auditOf(role.id)).at(-1)).toMatchObject({
      action: 'grant_permissions',
      metadata: { permissions: ['budget.view'] },
    });
  });

  it('gives the members of the role the permission on their next request', async () => {
    const role = await createCustomRole(world, []);
    const holder = await member(world.organization, role.name);
    const before = await call(app.server, 'GET', '/api/roles', {
      token: holder.token,
      organizationId: world.organization.id,
    });
    expect(before.statusCode).toBe(403);
    await api(
      'addRolePermissions',
      'POST',
      `/api/roles/${role.id}/permissions`,
      world.superAdmin,
      world.organization,
      { permission_ids: await permissionIds('user.edit') },
    );
    const after = await call(app.server, 'GET', '/api/roles', {
      token: holder.token,
      organizationId: world.organization.id,
    });
    expect(after.statusCode).toBe(200);
  });

  it('refuses an unknown permission id with 400 naming permission_ids, granting nothing', async () => {
    const role = await createCustomRole(world, []);
    const unknown = [randomUUID(), randomUUID()];
    const response = await api(
      'addRolePermissions',
      'POST',
      `/api/roles/${role.id}/permissions`,
      world.superAdmin,
      world.organization,
      { permission_ids: [...(await permissionIds('report.view')), ...unknown] },
    );
    expect(response.statusCode).toBe(400);
    expect(body(response).details).toEqual([
      { field: 'permission_ids', message: `Unknown permission ids: ${unknown.join(', ')}` },
    ]);
    expect(await app.models.RolePermission.count({ where: { role_id: role.id } })).toBe(0);
  });

  it("answers 404 for another organisation's role", async () => {
    const other = await buildWorld();
    const foreign = await createCustomRole(other);
    const response = await api(
      'addRolePermissions',
      'POST',
      `/api/roles/${foreign.id}/permissions`,
      world.superAdmin,
      world.organization,
      { permission_ids: await permissionIds('role.manage') },
    );
    expect(response.statusCode).toBe(404);
    expect(await app.models.RolePermission.count({ where: { role_id: foreign.id } })).toBe(0);
  });
});

describe('DELETE /roles/{id}/permissions/{permissionId}', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  const remove = (as: Member, organization: Organization, role: string, permission: string) =>
    api('removeRolePermission', 'DELETE', `/api/roles/${role}/permissions/${permission}`, as, organization);

  it('revokes a permission: members of the role lose it on their next request, with an audit row', async () => {
    const role = await createCustomRole(world, ['user.edit', 'report.view']);
    const holder = await member(world.organization, role.name);
    const scoped = { token: holder.token, organizationId: world.organization.id };
    expect((await call(app.server, 'GET', '/api/roles', scoped)).statusCode).toBe(200);
    const [userEdit] = await permissionIds('user.edit');
    const response = await remove(world.superAdmin, world.organization, role.id, userEdit!);
    expect(response.statusCode).toBe(204);
    expect((await call(app.server, 'GET', '/api/roles', scoped)).statusCode).toBe(403);
    expect((await auditOf(role.id)).at(-1)).toMatchObject({
      action: 'revoke_permission',
      metadata: { permission: 'user.edit' },
    });
  });

  it('lets another system role lose a permission (only Super Admin is fixed)', async () => {
    const organization = (await buildWorld()).organization;
    const owner = await member(organization, 'Super Admin');
    const [userDelete] = await permissionIds('user.delete');
    const response = await remove(owner, organization, await roleId(organization, 'Admin'), userDelete!);
    expect(response.statusCode).toBe(204);
  });

  it('refuses any removal from Super Admin with 409: it always keeps every permission', async () => {
    const superAdminId = await roleId(world.organization, 'Super Admin');
    for (const name of ['role.manage', 'report.view']) {
      const [id] = await permissionIds(name);
      const response = await remove(world.superAdmin, world.organization, superAdminId, id!);
      expect(response.statusCode).toBe(409);
      expect(body(response)).toMatchObject({
        message: 'The Super Admin role always keeps every permission',
        code: 'SYSTEM_ROLE',
      });
    }
    const role = await api(
      'getRole',
      'GET',
      `/api/roles/${superAdminId}`,
      world.superAdmin,
      world.organization,
    );
    expect(names(body(role).role)).toHaveLength(PERMISSIONS.length);
  });

  it('refuses a permission the role does not hold with 409', async () => {
    const role = await createCustomRole(world, []);
    const [id] = await permissionIds('budget.view');
    const response = await remove(world.superAdmin, world.organization, role.id, id!);
    expect(response.statusCode).toBe(409);
    expect(body(response)).toMatchObject({
      message: 'This role does not have the permission budget.view',
      code: 'PERMISSION_NOT_HELD',
    });
  });

  it('answers 404 for an unknown permission and for another organisation’s role', async () => {
    const role = await createCustomRole(world, ['report.view']);
    const unknown = await remove(world.superAdmin, world.organization, role.id, randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('Permission not found');
    const other = await buildWorld();
    const foreign = await createCustomRole(other, ['report.view']);
    const [reportView] = await permissionIds('report.view');
    const response = await remove(world.superAdmin, world.organization, foreign.id, reportView!);
    expect(response.statusCode).toBe(404);
    expect(await app.models.RolePermission.count({ where: { role_id: foreign.id } })).toBe(1);
  });

  describe('role.manage, when nobody holds Super Admin', () => {
    /** An organisation whose role managers hold custom roles (nobody is Super Admin). */
    async function keepers(count: number) {
      const organization = await buildOrganization(app.models);
      const owner = await member(organization, 'Admin');
      const roles: { id: string; holder: Member }[] = [];
      const [roleManage] = await permissionIds('role.manage');
      for (let i = 0; i < count; i++) {
        const role = await app.models.Role.create({ organization_id: organization.id, name: `Keeper ${i}` });
        await app.models.RolePermission.create({ role_id: role.id, permission_id: roleManage! });
        roles.push({ id: role.id, holder: await member(organization, role.name) });
      }
      return { organization, owner, roles, roleManage: roleManage! };
    }

    it('refuses to take role.manage from the last role an active member holds it through', async () => {
      const { organization, roles, roleManage } = await keepers(1);
      const response = await remove(roles[0]!.holder, organization, roles[0]!.id, roleManage);
      expect(response.statusCode).toBe(409);
      expect(body(response).code).toBe('LAST_ROLE_MANAGER');
      expect(await app.models.RolePermission.count({ where: { role_id: roles[0]!.id } })).toBe(1);
    });

    it('lets role.manage go while another active member keeps it through another role', async () => {
      const { organization, roles, roleManage } = await keepers(2);
      const response = await remove(roles[0]!.holder, organization, roles[0]!.id, roleManage);
      expect(response.statusCode).toBe(204);
    });

    it('lets only one of two concurrent removals from the last two roles succeed', async () => {
      const { organization, roles, roleManage } = await keepers(2);
      const responses = await Promise.all(
        roles.map((role) => remove(role.holder, organization, role.id, roleManage)),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([204, 409]);
      const [{ count }] = (await app.sequelize.query<{ count: number }>(
        `SELECT count(*)::int AS count FROM role_permissions WHERE permission_id = $1 AND role_id = ANY($2::uuid[])`,
        { bind: [roleManage, roles.map((role) => role.id)], type: QueryTypes.SELECT },
      )) as [{ count: number }];
      expect(count).toBe(1);
    });
  });
});
