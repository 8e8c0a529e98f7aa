import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../src/db/models/index.js';
import { call, expectContract } from './app.js';
import { buildUser } from './factories.js';
import { openStep, raise, requisitionDetail, requisitionForm } from './support/approval-calls.js';
import {
  body,
  buildApprovalChain,
  buildOrganizationWorld,
  type Member,
  type OrganizationWorld,
  useTestApp,
} from './support/approval-world.js';

/** The approval policy editor (issue 15 item 8): read, validated versioned saves, pinning, preview. */

const app = useTestApp();

let world: OrganizationWorld;
let organization: Organization;
let admin: Member;
let head: Member;
let manager: Member;
let requestor: Member;
let finance: Member;
let staff: Member;

beforeAll(async () => {
  world = await buildOrganizationWorld(app);
  ({ organization } = world);
  admin = await world.member('Admin');
  ({ head, manager, requestor } = await buildApprovalChain(world));
  finance = await world.member('Finance Manager');
  staff = await world.member('User');
});

const url = (suffix = '') => `/api/organizations/${organization.id}/approval-policy${suffix}`;

async function read(as: Member = admin) {
  const response = await call(app.server, 'GET', url(), { token: as.token, organizationId: organization.id });
  expectContract(response, 'getApprovalPolicy');
  return response;
}

async function save(payload: object, as: Member = admin) {
  const response = await call(app.server, 'PUT', url(), {
    token: as.token,
    organizationId: organization.id,
    payload,
  });
  expectContract(response, 'updateApprovalPolicy');
  return response;
}

async function preview(payload: object, as: Member = admin) {
  const response = await call(app.server, 'POST', url('/preview'), {
    token: as.token,
    organizationId: organization.id,
    payload,
  });
  expectContract(response, 'previewApprovalPolicy');
  return response;
}

async function versions() {
  const response = await call(app.server, 'GET', url('/versions'), {
    token: admin.token,
    organizationId: organization.id,
  });
  expectContract(response, 'listApprovalPolicyVersions');
  expect(response.statusCode).toBe(200);
  return body(response).versions as { version: number; saved_by: { id: string } | null }[];
}

const current = async () => body(await read()).approval_policy;

/** A requisition of `total` raised and submitted by the requestor; its detail. */
async function submitted(total: number) {
  const line = { description: 'Laptop', unit_price: total };
  const { id } = await raise(
    world,
    requestor,
    requisitionForm(world, `Laptops ${total}`, line, { submit: true }),
  );
  return detail(id);
}

const detail = (id: string) => requisitionDetail(world, admin, id);

const namedLevel = () => ({
  auto_approve_below: 0,
  fallback_approver_roles: ['Finance Manager', 'Super Admin'],
  levels: [
    {
      level: 1,
      title: 'Named Approval',
      min_total: 0,
      approver: 'users',
      user_ids: [finance.user.id],
      due_in_working_days: 3,
    },
  ],
});

describe('reading the approval policy', () => {
  it('shows the default policy as version 1 to an administrator and to an approver', async () => {
    const policy = await current();
    expect(policy).toMatchObject({ version: 1, saved_by: null });
    expect(policy.policy.levels.map((l: { title: string }) => l.title)).toEqual([
      'Manager Approval',
      'Department Head Approval',
      'Finance Manager Approval',
      'General Manager Approval',
    ]);
    expect((await read(manager)).statusCode).toBe(200);
  });

  it('offers the roles and the approving members a policy may name', async () => {
    const { choices } = body(await read());
    expect(choices.roles).toEqual(
      expect.arrayContaining([
        { name: 'Finance Manager', approves: true },
        { name: 'User', approves: false },
      ]),
    );
    const ids = choices.approvers.map((p: { id: string }) => p.id);
    expect(ids).toEqual(expect.arrayContaining([finance.user.id, manager.user.id, admin.user.id]));
    expect(ids).not.toContain(staff.user.id);
    expect(choices.members.map((p: { id: string }) => p.id)).toContain(staff.user.id);
  });

  it('refuses a member who neither sets nor approves', async () => {
    expect((await read(staff)).statusCode).toBe(403);
  });
});

describe('saving the approval policy', () => {
  it('refuses a save without org.settings, whatever the body', async () => {
    expect((await save({ version: 1, policy: namedLevel() }, manager)).statusCode).toBe(403);
    expect((await save({}, manager)).statusCode).toBe(403);
  });

  it('refuses an invalid policy naming every field, and changes nothing', async () => {
    const response = await save({
      version: 1,
      policy: {
        auto_approve_below: 0,
        fallback_approver_roles: ['Pilots'],
        levels: [
          { level: 1, title: 'A', min_total: 100, approver: 'users', user_ids: [staff.user.id] },
          { level: 2, title: 'a', min_total: 50, approver: 'role', role_name: 'User' },
          { level: 3, title: 'C', min_total: 60, approver: 'manager', required_approvals: 2 },
        ],
      },
    });
    expect(response.statusCode).toBe(400);
    expect(body(response).details.map((d: { field: string }) => d.field)).toEqual([
      'levels.0.user_ids.0',
      'levels.1.title',
      'levels.1.min_total',
      'levels.1.role_name',
      'levels.2.required_approvals',
      'fallback_approver_roles.0',
    ]);
    expect((await current()).version).toBe(1);
  });

  it('saves a new version, lists who saved it, and refuses a stale save naming version', async () => {
    const saved = await save({ version: 1, policy: namedLevel() });
    expect(saved.statusCode, saved.payload).toBe(200);
    expect(body(saved).approval_policy).toMatchObject({
      version: 2,
      saved_by: { id: admin.user.id },
      policy: {
        levels: [{ level: 1, approver: 'users', user_ids: [finance.user.id], due_in_working_days: 3 }],
      },
    });
    const list = await versions();
    expect(list.map((v) => v.version)).toEqual([2, 1]);
    expect(list[0]?.saved_by?.id).toBe(admin.user.id);

    const stale = await save({ version: 1, policy: { ...namedLevel(), auto_approve_below: 10 } });
    expect(stale.statusCode).toBe(409);
    expect(body(stale).details).toEqual([expect.objectContaining({ field: 'version' })]);
    // The same policy again writes nothing.
    expect(body(await save({ version: 2, policy: namedLevel() })).approval_policy.version).toBe(2);
    expect((await versions()).length).toBe(2);
  });
});

describe('requisitions keep the version they were routed with', () => {
  it('opens the later levels of a requisition routed under v1 by v1, and a new one by the newest', async () => {
    // Back to the default policy as version 3, then route a requisition of 6,000 under it.
    const defaults = (await versions()).at(-1) as unknown as { policy: object };
    const v3 = await save({ version: (await current()).version, policy: defaults.policy });
    expect(body(v3).approval_policy.version).toBe(3);
    const old = await submitted(6000);
    expect(openStep(old)).toMatchObject({ approval_level: 1, approver: { id: manager.user.id } });

    // Version 4 gives everything to the Finance Manager, in one level.
    const v4 = await save({ version: 3, policy: namedLevel() });
    expect(body(v4).approval_policy.version).toBe(4);

    // The manager approves: under version 3 the department head's level opens next.
    const approved = await call(app.server, 'POST', `/api/approvals/${old.id}/approve`, {
      token: manager.token,
      organizationId: organization.id,
      payload: { action: 'approve' },
    });
    expect(approved.statusCode, approved.payload).toBe(200);
    expect(openStep(await detail(old.id))).toMatchObject({
      approval_level: 2,
      level_title: 'Department Head Approval',
      approver: { id: head.user.id },
    });

    const fresh = await submitted(6000);
    expect(openStep(fresh)).toMatchObject({
      approval_level: 1,
      level_title: 'Named Approval',
      approver: { id: finance.user.id },
    });
    const pinned = await app.sequelize.query<{ id: string; approval_policy_version: number }>(
      'SELECT id::text AS id, approval_policy_version FROM requisitions WHERE id IN (:ids) ORDER BY approval_policy_version',
      { replacements: { ids: [old.id, fresh.id] }, type: QueryTypes.SELECT },
    );
    expect(pinned).toEqual([
      { id: old.id, approval_policy_version: 3 },
      { id: fresh.id, approval_policy_version: 4 },
    ]);
  });
});

describe('previewing a sample amount', () => {
  it('answers the chain of an unsaved policy with names, writing nothing', async () => {
    const before = (await versions()).length;
    const response = await preview({
      amount: 30000,
      requestor_id: requestor.user.id,
      policy: {
        auto_approve_below: 0,
        levels: [
          { level: 1, title: 'Manager Approval', min_total: 0, approver: 'manager' },
          {
            level: 2,
            title: 'Named',
            min_total: 0,
            approver: 'users',
            user_ids: [manager.user.id, head.user.id],
          },
          {
            level: 3,
            title: 'Finance',
            min_total: 25000,
            approver: 'role',
            role_name: 'Finance Manager',
            due_in_working_days: 2,
          },
          { level: 4, title: 'Big', min_total: 1000000, approver: 'general_manager' },
        ],
      },
    });
    expect(response.statusCode, response.payload).toBe(200);
    const chain = body(response).preview;
    expect(chain).toMatchObject({
      amount: 30000,
      requestor: { id: requestor.user.id },
      auto_approved: false,
      no_approver: false,
    });
    expect(chain.levels).toEqual([
      expect.objectContaining({
        level: 1,
        outcome: 'person',
        approvers: [expect.objectContaining({ id: manager.user.id })],
      }),
      // The manager approved level 1: the named level goes to the next named user.
      expect.objectContaining({
        level: 2,
        outcome: 'person',
        approvers: [expect.objectContaining({ id: head.user.id })],
      }),
      expect.objectContaining({
        level: 3,
        outcome: 'group',
        group: 'Finance Manager',
        approvers: [expect.objectContaining({ id: finance.user.id, first_name: finance.user.first_name })],
        due_in_working_days: 2,
      }),
    ]);
    expect((await versions()).length).toBe(before);
  });

  it('answers auto-approval below the threshold, and the current policy when none is sent', async () => {
    const auto = await preview({ amount: 5, policy: { ...namedLevel(), auto_approve_below: 10 } });
    expect(body(auto).preview).toMatchObject({ auto_approved: true, levels: [] });
    const now = await preview({ amount: 100, requestor_id: requestor.user.id });
    expect(body(now).preview.levels).toEqual([
      expect.objectContaining({ title: 'Named Approval', outcome: 'person', due_in_working_days: 3 }),
    ]);
  });

  it('refuses an invalid policy or a requestor from elsewhere, naming the field', async () => {
    const bad = await preview({ amount: 1, policy: { ...namedLevel(), auto_approve_below: 0, levels: [] } });
    expect(bad.statusCode).toBe(400);
    expect(body(bad).details[0].field).toBe('levels');
    const stranger = await buildUser(app.models);
    const elsewhere = await preview({ amount: 1, requestor_id: stranger.id });
    expect(elsewhere.statusCode).toBe(400);
    expect(body(elsewhere).details[0].field).toBe('requestor_id');
    expect((await preview({ amount: 1 }, manager)).statusCode).toBe(403);
  });
});
