import { randomUUID } from 'node:crypto';
import type { ServerInjectResponse } from '@hapi/hapi';
import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Department, Organization } from '../src/db/models/index.js';
import { accessTokenFor, call, expectContract } from './app.js';
import { buildDepartment, buildMembership, buildOrganization, buildUser } from './factories.js';
import { body, type Member, useTestApp } from './support/test-app.js';

const app = useTestApp();

/** A signed-in member of `organization` with `roleName`. */
async function member(organization: Organization, roleName: string): Promise<Member> {
  const user = await buildUser(app.models);
  await buildMembership(app.models, { user, organization, roleName });
  return { user, token: await accessTokenFor(app.server, user) };
}

/** An organisation with an Admin (org.settings) and a Manager, signed in. */
async function buildWorld() {
  const organization = await buildOrganization(app.models);
  const [admin, manager] = await Promise.all([
    member(organization, 'Admin'),
    member(organization, 'Manager'),
  ]);
  return { organization, admin, manager };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

/** Calls the API as `as` in the world's organisation, checking the answer against the contract. */
async function api(
  world: World,
  operationId: string,
  method: string,
  url: string,
  payload?: unknown,
  as: Member = world.admin,
): Promise<ServerInjectResponse> {
  const response = await call(app.server, method, url, {
    token: as.token,
    organizationId: world.organization.id,
    ...(payload !== undefined ? { payload } : {}),
  });
  expectContract(response, operationId);
  return response;
}

const create = (world: World, payload: Record<string, unknown>) =>
  api(world, 'createDepartment', 'POST', '/api/departments', payload);

const update = (world: World, id: string, payload: Record<string, unknown>) =>
  api(world, 'updateDepartment', 'PUT', `/api/departments/${id}`, payload);

/** The fields of `department` as a PUT body, with `overrides`. */
const formOf = (department: Department, overrides: Record<string, unknown> = {}) => ({
  name: department.name,
  code: department.code,
  description: department.description,
  department_head_id: department.department_head_id,
  parent_department_id: department.parent_department_id,
  ...overrides,
});

async function auditOf(entityId: string) {
  return app.sequelize.query<{ action: string; from_status: string | null; to_status: string | null }>(
    `SELECT action, from_status, to_status FROM audit_logs
      WHERE entity_type = 'department' AND entity_id = $1 ORDER BY created_at`,
    { bind: [entityId], type: QueryTypes.SELECT },
  );
}

describe('POST /departments', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('creates an active department, the code in upper case, with head and parent, and an audit row', async () => {
    const parent = await buildDepartment(app.models, world.organization, { name: 'Operations' });
    const code = `fin${randomUUID().slice(0, 6)}`;
    const response = await create(world, {
      name: ' Finance ',
      code: ` ${code} `,
      description: 'Accounts payable',
      department_head_id: world.manager.user.id,
      parent_department_id: parent.id,
    });
    expect(response.statusCode, response.payload).toBe(201);
    const department = body(response).department;
    expect(department).toEqual({
      id: expect.any(String),
      name: 'Finance',
      code: code.toUpperCase(),
      description: 'Accounts payable',
      department_head: {
        id: world.manager.user.id,
        first_name: world.manager.user.first_name,
        last_name: world.manager.user.last_name,
      },
      parent_department: { id: parent.id, name: 'Operations' },
      is_active: true,
    });
    expect(await auditOf(department.id)).toEqual([
      { action: 'create', from_status: null, to_status: 'active' },
    ]);
  });

  it.each([
    ['a blank name', { name: '  ', code: 'OK' }, ['name']],
    ['a missing name', { code: 'OK' }, ['name']],
    ['a blank code', { name: 'Finance', code: '   ' }, ['code']],
    ['an empty code', { name: 'Finance', code: '' }, ['code']],
    ['neither', {}, ['name', 'code']],
  ])(
    "refuses %s with 'Name and code are required' (400), creating nothing",
    async (_name, payload, fields) => {
      const before = await app.models.Department.count({ where: { organization_id: world.organization.id } });
      const response = await create(world, payload);
      expect(response.statusCode).toBe(400);
      expect(body(response).details).toEqual(
        fields.map((field) => ({ field, message: 'Name and code are required' })),
      );
      if (fields.length === 1) expect(body(response).message).toBe('Name and code are required');
      expect(await app.models.Department.count({ where: { organization_id: world.organization.id } })).toBe(
        before,
      );
    },
  );

  it('refuses a code with other characters than letters, digits, - and _ (400 naming code)', async () => {
    const response = await create(world, { name: 'Finance', code: 'FIN OPS' });
    expect(response.statusCode).toBe(400);
    expect(body(response).details).toEqual([
      { field: 'code', message: "The code may contain only letters, digits, '-' and '_'" },
    ]);
  });

  it('refuses a code the organisation already uses, whatever its case, with 409 naming code', async () => {
    const existing = await buildDepartment(app.models, world.organization);
    const response = await create(world, { name: 'Copy', code: existing.code.toLowerCase() });
    expect(response.statusCode).toBe(409);
    expect(body(response)).toEqual({
      message: `A department with the code "${existing.code}" already exists`,
      code: 'DEPARTMENT_CODE_TAKEN',
      details: [{ field: 'code', message: `A department with the code "${existing.code}" already exists` }],
    });
  });

  it('accepts a code another organisation uses', async () => {
    const other = await buildOrganization(app.models);
    const theirs = await buildDepartment(app.models, other);
    const response = await create(world, { name: 'Same code', code: theirs.code });
    expect(response.statusCode).toBe(201);
  });

  it('lets exactly one of two concurrent creates of one code succeed', async () => {
    const code = `R${randomUUID().slice(0, 8)}`.toUpperCase();
    const responses = await Promise.all([
      create(world, { name: 'One', code }),
      create(world, { name: 'Two', code: code.toLowerCase() }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses a head or parent of another organisation with 400 naming each field', async () => {
    const other = await buildWorld();
    const theirDepartment = await buildDepartment(app.models, other.organization);
    const response = await create(world, {
      name: 'Finance',
      code: `X${randomUUID().slice(0, 6)}`,
      department_head_id: other.manager.user.id,
      parent_department_id: theirDepartment.id,
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).details).toEqual([
      {
        field: 'department_head_id',
        message: 'The department head must be an active member of this organization',
      },
      {
        field: 'parent_department_id',
        message: 'The parent department must be an active department of this organization',
      },
    ]);
  });

  it('refuses an inactive member as head and an inactive department as parent', async () => {
    const inactive = await buildUser(app.models);
    await buildMembership(app.models, { user: inactive, organization: world.organization, is_active: false });
    const closed = await buildDepartment(app.models, world.organization, { is_active: false });
    const response = await create(world, {
      name: 'Finance',
      code: `X${randomUUID().slice(0, 6)}`,
      department_head_id: inactive.id,
      parent_department_id: closed.id,
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).details.map((d: { field: string }) => d.field)).toEqual([
      'department_head_id',
      'parent_department_id',
    ]);
  });

  it('refuses protected fields (organization_id, is_active) with 400 naming them', async () => {
    const other = await buildOrganization(app.models);
    const response = await create(world, {
      name: 'Finance',
      code: 'SNEAKY',
      organization_id: other.id,
      is_active: false,
    });
    expect(response.statusCode).toBe(400);
    expect(
      body(response)
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['is_active', 'organization_id']);
  });
});

describe('PUT /departments/{id}: the hierarchy', () => {
  let world: World;
  let a: Department;
  let b: Department;
  let c: Department;
  beforeAll(async () => {
    world = await buildWorld();
    // a ← b ← c
    a = await buildDepartment(app.models, world.organization, { name: 'A' });
    b = await buildDepartment(app.models, world.organization, { name: 'B', parent_department_id: a.id });
    c = await buildDepartment(app.models, world.organization, { name: 'C', parent_department_id: b.id });
  });

  it('refuses the department as its own parent with 400 naming parent_department_id', async () => {
    const response = await update(world, a.id, formOf(a, { parent_department_id: a.id }));
    expect(response.statusCode).toBe(400);
    expect(body(response).details).toEqual([
      { field: 'parent_department_id', message: 'A department cannot be its own parent' },
    ]);
  });

  it.each([
    ['its direct child', () => b],
    ['a descendant through a chain', () => c],
  ])('refuses %s as parent (it would become its own ancestor), changing nothing', async (_name, child) => {
    const response = await update(
      world,
      a.id,
      formOf(a, { parent_department_id: child().id, name: 'Renamed' }),
    );
    expect(response.statusCode).toBe(400);
    expect(body(response).details).toEqual([
      {
        field: 'parent_department_id',
        message: 'A department cannot be placed under one of its own sub-departments',
      },
    ]);
    const stored = await app.models.Department.findByPk(a.id);
    expect(stored).toMatchObject({ name: 'A', parent_department_id: null });
  });

  it('moves a department under another branch and back to the root', async () => {
    const d = await buildDepartment(app.models, world.organization, { name: 'D' });
    const moved = await update(world, c.id, formOf(c, { parent_department_id: d.id }));
    expect(moved.statusCode, moved.payload).toBe(200);
    expect(body(moved).department.parent_department).toEqual({ id: d.id, name: 'D' });
    const root = await update(world, c.id, formOf(c, { parent_department_id: null }));
    expect(body(root).department.parent_department).toBeNull();
    await update(world, c.id, formOf(c));
  });

  it('lets only one of two crossing updates (x under y, y under x) succeed, never making a cycle', async () => {
    for (let round = 0; round < 3; round++) {
      const x = await buildDepartment(app.models, world.organization);
      const y = await buildDepartment(app.models, world.organization);
      const responses = await Promise.all([
        update(world, x.id, formOf(x, { parent_department_id: y.id })),
        update(world, y.id, formOf(y, { parent_department_id: x.id })),
      ]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
      const [stored] = (await app.sequelize.query<{ linked: number }>(
        `SELECT count(*)::int AS linked FROM departments WHERE id = ANY($1::uuid[]) AND parent_department_id IS NOT NULL`,
        { bind: [[x.id, y.id]], type: QueryTypes.SELECT },
      )) as [{ linked: number }];
      expect(stored.linked).toBe(1);
    }
  });

  it('refuses a parent of another organisation with 400 naming parent_department_id', async () => {
    const other = await buildOrganization(app.models);
    const theirs = await buildDepartment(app.models, other);
    const response = await update(world, a.id, formOf(a, { parent_department_id: theirs.id }));
    expect(response.statusCode).toBe(400);
    expect(body(response).details.map((d: { field: string }) => d.field)).toEqual(['parent_department_id']);
  });
});

describe('PUT /departments/{id}: fields and state', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('replaces the fields (omitted ones cleared), upper-cases the code and keeps the state, with an audit row', async () => {
    const department = await buildDepartment(app.models, world.organization, {
      description: 'Old',
      department_head_id: world.manager.user.id,
    });
    const response = await update(world, department.id, { name: 'Procurement', code: 'proc-1' });
    expect(response.statusCode, response.payload).toBe(200);
    expect(body(response).department).toMatchObject({
      name: 'Procurement',
      code: 'PROC-1',
      description: null,
      department_head: null,
      is_active: true,
    });
    expect(await auditOf(department.id)).toEqual([
      { action: 'update', from_status: 'active', to_status: 'active' },
    ]);
  });

  it('writes no audit row when nothing changes', async () => {
    const department = await buildDepartment(app.models, world.organization);
    const response = await update(world, department.id, formOf(department));
    expect(response.statusCode).toBe(200);
    expect(await auditOf(department.id)).toEqual([]);
  });

  it('reactivates an inactive department with is_active true', async () => {
    const department = await buildDepartment(app.models, world.organization, { is_active: false });
    const response = await update(world, department.id, formOf(department, { is_active: true }));
    expect(body(response).department.is_active).toBe(true);
    expect(await auditOf(department.id)).toEqual([
      { action: 'reactivate', from_status: 'inactive', to_status: 'active' },
    ]);
  });

  it('keeps a head who has since become inactive when the edit does not change the head', async () => {
    const head = await buildUser(app.models);
    const membership = await buildMembership(app.models, { user: head, organization: world.organization });
    const department = await buildDepartment(app.models, world.organization, { department_head_id: head.id });
    await membership.update({ is_active: false });
    const kept = await update(world, department.id, formOf(department, { name: 'Renamed' }));
    expect(kept.statusCode, kept.payload).toBe(200);
    expect(body(kept).department.department_head.id).toBe(head.id);
    const other = await buildDepartment(app.models, world.organization);
    const refused = await update(world, other.id, formOf(other, { department_head_id: head.id }));
    expect(refused.statusCode).toBe(400);
    expect(body(refused).details.map((d: { field: string }) => d.field)).toEqual(['department_head_id']);
  });

  it('refuses a code another department has with 409, and accepts its own code', async () => {
    const [one, two] = await Promise.all([
      buildDepartment(app.models, world.organization),
      buildDepartment(app.models, world.organization),
    ]);
    const clash = await update(world, one.id, formOf(one, { code: two.code.toLowerCase() }));
    expect(clash.statusCode).toBe(409);
    expect(body(clash).details[0].field).toBe('code');
    const same = await update(world, one.id, formOf(one, { code: one.code.toLowerCase() }));
    expect(same.statusCode).toBe(200);
  });

  it('refuses a head of another organisation with 400 naming department_head_id', async () => {
    const other = await buildWorld();
    const department = await buildDepartment(app.models, world.organization);
    const response = await update(
      world,
      department.id,
      formOf(department, { department_head_id: other.admin.user.id }),
    );
    expect(response.statusCode).toBe(400);
    expect(body(response).details.map((d: { field: string }) => d.field)).toEqual(['department_head_id']);
  });
});

describe('DELETE /departments/{id}', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('deactivates: still listed as inactive, members and sub-departments keep it, one audit row', async () => {
    const department = await buildDepartment(app.models, world.organization);
    const child = await buildDepartment(app.models, world.organization, {
      parent_department_id: department.id,
    });
    const user = await buildUser(app.models);
    const membership = await buildMembership(app.models, {
      user,
      organization: world.organization,
      department,
    });
    const response = await api(world, 'deactivateDepartment', 'DELETE', `/api/departments/${department.id}`);
    expect(response.statusCode).toBe(204);
    const again = await api(world, 'deactivateDepartment', 'DELETE', `/api/departments/${department.id}`);
    expect(again.statusCode).toBe(204);
    const list = await api(world, 'listDepartments', 'GET', '/api/departments');
    expect(body(list).departments.find((d: { id: string }) => d.id === department.id).is_active).toBe(false);
    expect((await membership.reload()).department_id).toBe(department.id);
    expect((await child.reload()).parent_department_id).toBe(department.id);
    expect(await auditOf(department.id)).toEqual([
      { action: 'deactivate', from_status: 'active', to_status: 'inactive' },
    ]);
  });
});

describe('reading departments', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('lists active and inactive departments by name with head and parent', async () => {
    const parent = await buildDepartment(app.models, world.organization, { name: 'b Operations' });
    await buildDepartment(app.models, world.organization, {
      name: 'C Warehouse',
      is_active: false,
      parent_department_id: parent.id,
      department_head_id: world.manager.user.id,
    });
    await buildDepartment(app.models, world.organization, { name: 'A Finance' });
    const other = await buildOrganization(app.models);
    await buildDepartment(app.models, other, { name: 'Elsewhere' });
    const response = await api(world, 'listDepartments', 'GET', '/api/departments');
    expect(response.statusCode).toBe(200);
    const departments = body(response).departments;
    expect(departments.map((d: { name: string }) => d.name)).toEqual([
      'A Finance',
      'b Operations',
      'C Warehouse',
    ]);
    expect(departments[2]).toMatchObject({
      is_active: false,
      parent_department: { id: parent.id, name: 'b Operations' },
      department_head: { id: world.manager.user.id },
    });
  });

  it('gets one department', async () => {
    const department = await buildDepartment(app.models, world.organization, { description: 'Stock' });
    const response = await api(world, 'getDepartment', 'GET', `/api/departments/${department.id}`);
    expect(response.statusCode).toBe(200);
    expect(body(response).department).toMatchObject({
      id: department.id,
      code: department.code,
      description: 'Stock',
    });
  });

  it('lets a holder of user.create alone read departments (the user forms) but not change them', async () => {
    const roles = await app.models.Role.findOne({
      where: { organization_id: world.organization.id, name: 'User' },
    });
    const recruiterRole = await app.models.Role.create({
      organization_id: world.organization.id,
      name: 'Recruiter',
    });
    const userCreate = await app.models.Permission.findOne({ where: { name: 'user.create' } });
    await app.models.RolePermission.create({ role_id: recruiterRole.id, permission_id: userCreate!.id });
    expect(roles).not.toBeNull();
    const recruiter = await member(world.organization, 'Recruiter');
    const department = await buildDepartment(app.models, world.organization);
    const list = await api(world, 'listDepartments', 'GET', '/api/departments', undefined, recruiter);
    const one = await api(
      world,
      'getDepartment',
      'GET',
      `/api/departments/${department.id}`,
      undefined,
      recruiter,
    );
    const users = await api(
      world,
      'listDepartmentUsers',
      'GET',
      `/api/departments/${department.id}/users`,
      undefined,
      recruiter,
    );
    const created = await api(
      world,
      'createDepartment',
      'POST',
      '/api/departments',
      { name: 'N', code: 'N1' },
      recruiter,
    );
    expect([list.statusCode, one.statusCode, users.statusCode, created.statusCode]).toEqual([
      200, 200, 403, 403,
    ]);
  });

  it("lists a department's members by last name with role, manager and whether they are active", async () => {
    const department = await buildDepartment(app.models, world.organization);
    const elsewhere = await buildDepartment(app.models, world.organization);
    const boss = world.manager.user;
    const zed = await buildUser(app.models, { first_name: 'Zed', last_name: 'Zimmer' });
    const amy = await buildUser(app.models, { first_name: 'Amy', last_name: 'Adams' });
    const away = await buildUser(app.models, { first_name: 'Max', last_name: 'Moved' });
    await buildMembership(app.models, {
      user: zed,
      organization: world.organization,
      department,
      roleName: 'Finance Manager',
    });
    await buildMembership(app.models, {
      user: amy,
      organization: world.organization,
      department,
      manager: boss,
      is_active: false,
    });
    await buildMembership(app.models, {
      user: away,
      organization: world.organization,
      department: elsewhere,
    });
    const response = await api(
      world,
      'listDepartmentUsers',
      'GET',
      `/api/departments/${department.id}/users`,
    );
    expect(response.statusCode).toBe(200);
    expect(body(response).users).toEqual([
      {
        user: { id: amy.id, first_name: 'Amy', last_name: 'Adams', email: amy.email },
        role: { id: expect.any(String), name: 'User' },
        manager: { id: boss.id, first_name: boss.first_name, last_name: boss.last_name },
        is_active: false,
      },
      {
        user: { id: zed.id, first_name: 'Zed', last_name: 'Zimmer', email: zed.email },
        role: { id: expect.any(String), name: 'Finance Manager' },
        manager: null,
        is_active: true,
      },
    ]);
  });
});

describe('other organisations and unauthorised callers', () => {
  let world: World;
  let foreign: Department;
  let own: Department;
  beforeAll(async () => {
    world = await buildWorld();
    const other = await buildOrganization(app.models);
    foreign = await buildDepartment(app.models, other, { name: 'Theirs' });
    own = await buildDepartment(app.models, world.organization);
  });

  it("answers 404 'Department not found.' for another organisation's department on every call, changing nothing", async () => {
    const calls = [
      ['getDepartment', 'GET', `/api/departments/${foreign.id}`, undefined],
      ['updateDepartment', 'PUT', `/api/departments/${foreign.id}`, { name: 'Mine now', code: 'MINE' }],
      ['deactivateDepartment', 'DELETE', `/api/departments/${foreign.id}`, undefined],
      ['listDepartmentUsers', 'GET', `/api/departments/${foreign.id}/users`, undefined],
    ] as const;
    for (const [operationId, method, url, payload] of calls) {
      const response = await api(world, operationId, method, url, payload);
      expect(response.statusCode, operationId).toBe(404);
      expect(body(response)).toEqual({ message: 'Department not found.', code: 'NOT_FOUND', details: [] });
    }
    expect(await foreign.reload()).toMatchObject({ name: 'Theirs', is_active: true });
  });

  it('refuses a Manager every department call with 403', async () => {
    const calls = [
      ['listDepartments', 'GET', '/api/departments', undefined],
      ['createDepartment', 'POST', '/api/departments', { name: 'New', code: 'NEW' }],
      ['getDepartment', 'GET', `/api/departments/${own.id}`, undefined],
      ['updateDepartment', 'PUT', `/api/departments/${own.id}`, { name: 'Changed', code: own.code }],
      ['deactivateDepartment', 'DELETE', `/api/departments/${own.id}`, undefined],
      ['listDepartmentUsers', 'GET', `/api/departments/${own.id}/users`, undefined],
    ] as const;
    for (const [operationId, method, url, payload] of calls) {
      const response = await api(world, operationId, method, url, payload, world.manager);
      expect(response.statusCode, `${operationId}: ${response.payload}`).toBe(403);
    }
    expect(await own.reload()).toMatchObject({ is_active: true });
  });
});
