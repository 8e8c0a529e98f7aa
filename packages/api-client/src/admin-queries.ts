import type { paths } from '@purchasing/contract';
import { queryOptions } from '@tanstack/react-query';
import type { PurchasingClient } from './client';
import { unwrap } from './errors';
import { type PurchasingQueryOptions, queryKeys } from './queries';

/** The JSON body of a path's successful GET. */
type GetBody<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer Body } } } };
}
  ? Body
  : never;

const scoped = (organizationId: string) => ({ 'X-Organization-Id': organizationId });

/**
 * Query keys of the administration data (users, roles, permissions, departments), under
 * `queryKeys.organization(id)` like every organisation-scoped key. Invalidate `adminKeys.users(org)`
 * after a user change, `adminKeys.roles(org)` after a role change and `adminKeys.departments(org)`
 * after a department change; `adminKeys.all(org)` covers all three.
 *
 * @example
 * queryClient.invalidateQueries({ queryKey: adminKeys.users(organizationId) });
 */
export const adminKeys = {
  /** Root of everything about the administration of one organisation. */
  all: (organizationId: string) => [...queryKeys.organization(organizationId), 'admin'] as const,
  /** Root of the users (list and details) of one organisation. */
  users: (organizationId: string) => [...adminKeys.all(organizationId), 'users'] as const,
  /** `GET /users`. */
  userList: (organizationId: string) => [...adminKeys.users(organizationId), 'list'] as const,
  /** `GET /users/{id}`. */
  userDetail: (organizationId: string, id: string) =>
    [...adminKeys.users(organizationId), 'detail', id] as const,
  /** Root of the roles and permissions of one organisation. */
  roles: (organizationId: string) => [...adminKeys.all(organizationId), 'roles'] as const,
  /** `GET /roles`. */
  roleList: (organizationId: string) => [...adminKeys.roles(organizationId), 'list'] as const,
  /** `GET /roles/permissions` (every permission a role can hold). */
  permissions: (organizationId: string) => [...adminKeys.roles(organizationId), 'permissions'] as const,
  /** Root of the departments of one organisation. */
  departments: (organizationId: string) => [...adminKeys.all(organizationId), 'departments'] as const,
  /** `GET /departments`. */
  departmentList: (organizationId: string) => [...adminKeys.departments(organizationId), 'list'] as const,
  /** `GET /departments/{id}`. */
  departmentDetail: (organizationId: string, id: string) =>
    [...adminKeys.departments(organizationId), 'detail', id] as const,
  /** `GET /departments/{id}/users`. */
  departmentUsers: (organizationId: string, id: string) =>
    [...adminKeys.departments(organizationId), 'users', id] as const,
};

/** Shared queries about the organisation's users (needs `user.edit`), for `useQuery` and loaders. */
export const userQueries = {
  /**
   * `GET /users`: the answer `{ users }`, every member (active and inactive) by last then first name,
   * each with only this organisation's membership in `user_organizations`.
   */
  list: (
    client: PurchasingClient,
    organizationId: string,
  ): PurchasingQueryOptions<GetBody<'/users'>, ReturnType<typeof adminKeys.userList>> =>
    queryOptions({
      queryKey: adminKeys.userList(organizationId),
      queryFn: ({ signal }) =>
        unwrap(client.api.GET('/users', { params: { header: scoped(organizationId) }, signal })),
    }),

  /** `GET /users/{id}`: the answer `{ user }` with this organisation's membership. */
  detail: (
    client: PurchasingClient,
    organizationId: string,
    id: string,
  ): PurchasingQueryOptions<GetBody<'/users/{id}'>, ReturnType<typeof adminKeys.userDetail>> =>
    queryOptions({
      queryKey: adminKeys.userDetail(organizationId, id),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/users/{id}', {
            params: { path: { id }, header: scoped(organizationId) },
            signal,
          }),
        ),
    }),
};

/** Shared queries about roles and permissions (needs `user.edit` or `role.manage`). */
export const roleQueries = {
  /** `GET /roles`: the answer `{ data }`, the organisation's roles with their permissions, by name. */
  list: (
    client: PurchasingClient,
    organizationId: string,
  ): PurchasingQueryOptions<GetBody<'/roles'>, ReturnType<typeof adminKeys.roleList>> =>
    queryOptions({
      queryKey: adminKeys.roleList(organizationId),
      queryFn: ({ signal }) =>
        unwrap(client.api.GET('/roles', { params: { header: scoped(organizationId) }, signal })),
    }),

  /** `GET /roles/permissions`: the answer `{ permissions }`, every permission a role can hold. */
  permissions: (
    client: PurchasingClient,
    organizationId: string,
  ): PurchasingQueryOptions<GetBody<'/roles/permissions'>, ReturnType<typeof adminKeys.permissions>> =>
    queryOptions({
      queryKey: adminKeys.permissions(organizationId),
      queryFn: ({ signal }) =>
        unwrap(client.api.GET('/roles/permissions', { params: { header: scoped(organizationId) }, signal })),
    }),
};

/** Shared queries about departments (lists and details are open to every member). */
export const departmentQueries = {
  /** `GET /departments`: the answer `{ departments }`, active and inactive, by name. */
  list: (
    client: PurchasingClient,
    organizationId: string,
  ): PurchasingQueryOptions<GetBody<'/departments'>, ReturnType<typeof adminKeys.departmentList>> =>
    queryOptions({
      queryKey: adminKeys.departmentList(organizationId),
      queryFn: ({ signal }) =>
        unwrap(client.api.GET('/departments', { params: { header: scoped(organizationId) }, signal })),
    }),

  /** `GET /departments/{id}`: the answer `{ department }`. */
  detail: (
    client: PurchasingClient,
    organizationId: string,
    id: string,
  ): PurchasingQueryOptions<GetBody<'/departments/{id}'>, ReturnType<typeof adminKeys.departmentDetail>> =>
    queryOptions({
      queryKey: adminKeys.departmentDetail(organizationId, id),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/departments/{id}', {
            params: { path: { id }, header: scoped(organizationId) },
            signal,
          }),
        ),
    }),

  /** `GET /departments/{id}/users`: the answer `{ users }`, the memberships assigned to it (needs `org.settings`). */
  users: (
    client: PurchasingClient,
    organizationId: string,
    id: string,
  ): PurchasingQueryOptions<
    GetBody<'/departments/{id}/users'>,
    ReturnType<typeof adminKeys.departmentUsers>
  > =>
    queryOptions({
      queryKey: adminKeys.departmentUsers(organizationId, id),
      queryFn: ({ signal }) =>
        unwrap(
          client.api.GET('/departments/{id}/users', {
            params: { path: { id }, header: scoped(organizationId) },
            signal,
          }),
        ),
    }),
};
