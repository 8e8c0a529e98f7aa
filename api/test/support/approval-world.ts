import { QueryTypes } from 'sequelize';
import { expect } from 'vitest';
import type { Department, Organization, User } from '../../src/db/models/index.js';
import { accessTokenFor, call } from '../app.js';
import {
  buildCostCenter,
  buildDepartment,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildUser,
} from '../factories.js';
import { body, type Member, type TestApp } from './test-app.js';

export { body, type Member, type TestApp, useTestApp } from './test-app.js';

/**
 * The approval tests' shared world: an organisation with its books, its people signed in, and the
 * usual approval chain (requestor → manager → department head); the file's app comes from
 * `test-app.ts`. Each test file still says which people it needs; what they do lives in
 * `approval-calls.ts`.
 */

/** The configured public URL the mail tests build their links on. */
export const PUBLIC_URL = 'https://purchasing.example';

/** The link settings the reminder and escalation job is given in tests. */
export const MAIL = { linkBase: PUBLIC_URL, validHours: 72 };

/** One hour in milliseconds. */
export const HOUR = 3_600_000;

/** Where a new member sits: their manager and department (none by default). */
export interface Placement {
  manager?: User | null;
  department?: Department | null;
}

/** What every approval call needs: the app and the organisation it acts in. */
export interface Scope {
  app: TestApp;
  organization: Organization;
}

/** An organisation with a cost centre and a GL account, and `member` to add signed-in people to it. */
export interface OrganizationWorld extends Scope {
  costCenter: Awaited<ReturnType<typeof buildCostCenter>>;
  glAccount: Awaited<ReturnType<typeof buildGlAccount>>;
  /** A new user (columns as `person`) with `roleName` in the organisation, placed as told, signed in. */
  member(roleName: string, placement?: Placement, person?: Parameters<typeof buildUser>[1]): Promise<Member>;
}

/** Builds an organisation (columns as `overrides`) with its books; people come with `member`. */
export async function buildOrganizationWorld(
  app: TestApp,
  overrides: Parameters<typeof buildOrganization>[1] = {},
): Promise<OrganizationWorld> {
  const organization = await buildOrganization(app.models, overrides);
  const costCenter = await buildCostCenter(app.models, organization);
  const glAccount = await buildGlAccount(app.models, organization);
  const member = async (
    roleName: string,
    placement: Placement = {},
    person: Parameters<typeof buildUser>[1] = {},
  ): Promise<Member> => {
    const user = await buildUser(app.models, person);
    await buildMembership(app.models, { user, organization, roleName, ...placement });
    return { user, token: await accessTokenFor(app.server, user) };
  };
  return { app, organization, costCenter, glAccount, member };
}

/** A Department Head and the department they head. */
export async function buildHeadedDepartment(world: OrganizationWorld) {
  const head = await world.member('Department Head');
  const department = await buildDepartment(world.app.models, world.organization, {
    department_head_id: head.user.id,
  });
  return { head, department };
}

/**
 * The usual chain: a department headed by `head`, `manager` in it, and `requestor` (a User in it
 * managed by `manager`), made in that order.
 */
export async function buildApprovalChain(world: OrganizationWorld) {
  const { head, department } = await buildHeadedDepartment(world);
  const manager = await world.member('Manager', { department });
  const requestor = await world.member('User', { manager: manager.user, department });
  return { head, department, manager, requestor };
}

/**
 * A world for due times: level 1 (the requestor's manager, or with `group` the Finance Managers)
 * due in `dueDays` working days. The manager's own manager is `boss`, nobody (`none`), or the
 * requestor; with `secondFinance` a second Finance Manager (`finance2`) joins the group.
 */
export async function buildDueWorld(
  app: TestApp,
  options: {
    dueDays: number | null;
    managerHasBoss?: 'boss' | 'none' | 'requestor';
    group?: boolean;
    secondFinance?: boolean;
  },
) {
  const world = await buildOrganizationWorld(app);
  const admin = await world.member('Admin');
  await buildHeadedDepartment(world);
  const boss = await world.member('Manager');
  const finance = await world.member('Finance Manager');
  const finance2 = options.secondFinance ? await world.member('Finance Manager') : undefined;
  const which = options.managerHasBoss ?? 'boss';
  const manager = await world.member('Manager', { manager: which === 'boss' ? boss.user : null });
  const requestor = await world.member('User', { manager: manager.user });
  if (which === 'requestor') {
    await app.models.UserOrganization.update(
      { manager_id: requestor.user.id },
      { where: { organization_id: world.organization.id, user_id: manager.user.id } },
    );
  }
  await saveApprovalPolicy(world, admin, oneLevelPolicy(options.dueDays, options.group ?? false));
  return { ...world, admin, boss, finance, finance2, manager, requestor };
}

/** Replaces the organisation's approval policy as `admin`, at its current version (200 expected). */
export async function saveApprovalPolicy(scope: Scope, admin: Member, policy: object) {
  const url = `/api/organizations/${scope.organization.id}/approval-policy`;
  const headers = { token: admin.token, organizationId: scope.organization.id };
  const current = await call(scope.app.server, 'GET', url, headers);
  expect(current.statusCode, current.payload).toBe(200);
  const saved = await call(scope.app.server, 'PUT', url, {
    ...headers,
    payload: { version: body(current).approval_policy.version, policy },
  });
  expect(saved.statusCode, saved.payload).toBe(200);
  return saved;
}

/**
 * A policy of one level (any total) due in `dueDays` working days: the requestor's manager, or with
 * `group` every approving Finance Manager; Finance Managers are the fallback.
 */
export const oneLevelPolicy = (dueDays: number | null, group = false) => ({
  auto_approve_below: 0,
  fallback_approver_roles: ['Finance Manager'],
  levels: [
    {
      level: 1,
      min_total: 0,
      due_in_working_days: dueDays,
      ...(group
        ? { title: 'Finance Approval', approver: 'role', role_name: 'Finance Manager' }
        : { title: 'Manager Approval', approver: 'manager' }),
    },
  ],
});

/**
 * A committee policy: level 1 the named `board` (`required` of them when more than one), level 2
 * the Finance Managers; Super Admins are the fallback.
 */
export const boardPolicy = (board: Member[], required: number) => ({
  auto_approve_below: 0,
  fallback_approver_roles: ['Super Admin'],
  levels: [
    {
      level: 1,
      title: 'Board Approval',
      min_total: 0,
      approver: 'users',
      user_ids: board.map((b) => b.user.id),
      ...(required > 1 ? { required_approvals: required } : {}),
    },
    { level: 2, title: 'Finance Approval', min_total: 0, approver: 'role', role_name: 'Finance Manager' },
  ],
});

/** Rows of a read-only query with positional parameters. */
export const select = <T extends object>(app: TestApp, sql: string, bind: unknown[]) =>
  app.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT });
