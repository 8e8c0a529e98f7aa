// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adminKeys, departmentQueries, roleQueries, userQueries } from './admin-queries';
import { createPurchasingClient, type PurchasingClient } from './client';
import { ApiError } from './errors';
import { queryKeys } from './queries';
import { createMemoryStore } from './store';
import { json, startTestServer, type TestServer } from './test/server';

const ACME = '11111111-1111-4111-8111-111111111111';
const GLOBEX = '22222222-2222-4222-8222-222222222222';
const USER = '33333333-3333-4333-8333-333333333333';
const DEPARTMENT = '44444444-4444-4444-8444-444444444444';

let server: TestServer;
let client: PurchasingClient;
let queryClient: QueryClient;

beforeEach(async () => {
  server = await startTestServer();
  server.handle((call, res) => {
    if (call.path === `/api/users/${USER}`) {
      return json(res, 404, { message: 'User not found', code: 'NOT_FOUND', details: [] });
    }
    if (call.path === '/api/users') return json(res, 200, { users: [] });
    if (call.path === '/api/roles') return json(res, 200, { data: [] });
    if (call.path === '/api/roles/permissions') return json(res, 200, { permissions: [] });
    if (call.path.endsWith('/users')) return json(res, 200, { users: [] });
    if (call.path === '/api/departments') return json(res, 200, { departments: [] });
    return json(res, 200, {
      department: {
        id: DEPARTMENT,
        name: 'Finance',
        code: 'FIN',
        description: null,
        department_head: null,
        parent_department: null,
        is_active: true,
      },
    });
  });
  client = createPurchasingClient({
    baseUrl: server.baseUrl,
    store: createMemoryStore({ access_token: 'access-1', refresh_token: 'refresh-1' }),
  });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(async () => {
  queryClient.clear();
  await server.close();
});

describe('adminKeys', () => {
  it('put users, roles and departments under their organisation', () => {
    for (const key of [
      adminKeys.all(ACME),
      adminKeys.userList(ACME),
      adminKeys.userDetail(ACME, USER),
      adminKeys.roleList(ACME),
      adminKeys.permissions(ACME),
      adminKeys.departmentList(ACME),
      adminKeys.departmentDetail(ACME, DEPARTMENT),
      adminKeys.departmentUsers(ACME, DEPARTMENT),
    ]) {
      expect(key.slice(0, 2)).toEqual(queryKeys.organization(ACME));
    }
    expect(adminKeys.userList(ACME)).not.toEqual(adminKeys.userList(GLOBEX));
  });

  it('group lists and details, so one invalidation refreshes a whole area', () => {
    const users = adminKeys.users(ACME);
    expect(adminKeys.userDetail(ACME, USER).slice(0, users.length)).toEqual(users);
    const departments = adminKeys.departments(ACME);
    expect(adminKeys.departmentUsers(ACME, DEPARTMENT).slice(0, departments.length)).toEqual(departments);
    const all = adminKeys.all(ACME);
    for (const key of [users, adminKeys.roles(ACME), departments]) {
      expect(key.slice(0, all.length)).toEqual(all);
    }
  });
});

describe('admin queries', () => {
  it('call each list with the organisation header', async () => {
    await queryClient.fetchQuery(userQueries.list(client, ACME));
    await queryClient.fetchQuery(roleQueries.list(client, ACME));
    await queryClient.fetchQuery(roleQueries.permissions(client, ACME));
    await queryClient.fetchQuery(departmentQueries.list(client, ACME));
    await queryClient.fetchQuery(departmentQueries.users(client, ACME, DEPARTMENT));
    expect(server.calls.map((call) => call.path)).toEqual([
      '/api/users',
      '/api/roles',
      '/api/roles/permissions',
      '/api/departments',
      `/api/departments/${DEPARTMENT}/users`,
    ]);
    expect(server.calls.every((call) => call.headers['x-organization-id'] === ACME)).toBe(true);
  });

  it('answer a department by id', async () => {
    const data = await queryClient.fetchQuery(departmentQueries.detail(client, ACME, DEPARTMENT));
    expect(data.department.code).toBe('FIN');
  });

  it('reject a user who is not a member with the server message and a 404 status', async () => {
    const failure = await queryClient
      .fetchQuery(userQueries.detail(client, ACME, USER))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 404, message: 'User not found' });
  });
});
