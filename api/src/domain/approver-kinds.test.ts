import { describe, expect, it } from 'vitest';
import {
  type ApprovalPolicy,
  advance,
  PASS_COMMENTS,
  type PolicyLevel,
  type RoutingFacts,
  resolveLevel,
} from './approval-routing.js';

/** Routing of the approver kinds the policy editor adds (issue 15 item 8): `role` and `users`. */

const facts = (overrides: Partial<RoutingFacts> = {}): RoutingFacts => ({
  total: 1000,
  requestorId: 'requestor',
  managerId: 'manager',
  departmentHeadId: 'head',
  groups: {
    'Finance Manager': ['finance-1', 'finance-2'],
    'Board Member': ['board-1', 'board-2', 'requestor'],
    'Super Admin': ['super'],
    Manager: ['manager'],
  },
  approvedBy: [],
  ...overrides,
});

const roleLevel: PolicyLevel = {
  level: 2,
  title: 'Board Approval',
  min_total: 0,
  approver: 'role',
  role_name: 'Board Member',
};
const usersLevel: PolicyLevel = {
  level: 2,
  title: 'Named Approval',
  min_total: 0,
  approver: 'users',
  user_ids: ['board-2', 'finance-1'],
};

describe('a role level', () => {
  it('opens to every approver of the role but the requestor (the first to act decides)', () => {
    expect(resolveLevel(roleLevel, facts())).toEqual({
      level: 2,
      title: 'Board Approval',
      kind: 'group',
      roleName: 'Board Member',
      members: ['board-1', 'board-2'],
    });
  });

  it('leaves out whoever approved an earlier level', () => {
    const outcome = resolveLevel(roleLevel, facts({ approvedBy: ['board-1'] }));
    expect(outcome).toMatchObject({ kind: 'group', members: ['board-2'] });
  });

  it('passes with a reason when nobody of the role may decide', () => {
    expect(resolveLevel(roleLevel, facts({ approvedBy: ['board-1', 'board-2'] }))).toMatchObject({
      kind: 'passed',
      reason: 'already_approved',
    });
    expect(resolveLevel({ ...roleLevel, role_name: 'Nobody Holds This' }, facts())).toMatchObject({
      kind: 'passed',
      reason: 'approver_not_found',
      comment: PASS_COMMENTS.approver_not_found,
    });
  });
});

describe('a named-users level', () => {
  it('opens a seat to every eligible named user at once (any one of them decides)', () => {
    expect(resolveLevel(usersLevel, facts())).toEqual({
      level: 2,
      title: 'Named Approval',
      kind: 'committee',
      members: ['board-2', 'finance-1'],
      required: 1,
    });
  });

  it('skips the requestor, an earlier approver and anyone who cannot approve', () => {
    const level = { ...usersLevel, user_ids: ['gone', 'requestor', 'board-1', 'finance-2', 'super'] };
    expect(resolveLevel(level, facts({ approvedBy: ['board-1'] }))).toMatchObject({
      kind: 'committee',
      members: ['finance-2', 'super'],
      required: 1,
    });
  });

  it('gives a plain person step when one named user is eligible', () => {
    const level = { ...usersLevel, user_ids: ['gone', 'requestor', 'board-1', 'finance-2'] };
    expect(resolveLevel(level, facts({ approvedBy: ['board-1'] }))).toEqual({
      level: 2,
      title: 'Named Approval',
      kind: 'person',
      approverId: 'finance-2',
    });
  });

  it('passes saying why when no named user may decide', () => {
    expect(resolveLevel({ ...usersLevel, user_ids: ['requestor'] }, facts())).toMatchObject({
      kind: 'passed',
      reason: 'approver_is_requestor',
    });
    expect(
      resolveLevel({ ...usersLevel, user_ids: ['board-2'] }, facts({ approvedBy: ['board-2'] })),
    ).toMatchObject({ kind: 'passed', reason: 'already_approved' });
    expect(resolveLevel({ ...usersLevel, user_ids: ['gone'] }, facts())).toMatchObject({
      kind: 'passed',
      reason: 'approver_not_found',
    });
  });
});

describe('a chain mixing the kinds', () => {
  const policy: ApprovalPolicy = {
    auto_approve_below: 0,
    levels: [
      { level: 1, title: 'Manager Approval', min_total: 0, approver: 'manager' },
      {
        level: 2,
        title: 'Named Approval',
        min_total: 0,
        approver: 'users',
        user_ids: ['manager', 'board-1'],
      },
      { level: 3, title: 'Board Approval', min_total: 0, approver: 'role', role_name: 'Board Member' },
    ],
  };

  it('never gives two levels to the same person', () => {
    // The manager approved level 1: level 2 goes to the next named user.
    const afterManager = advance(policy, facts({ approvedBy: ['manager'] }), 2);
    expect(afterManager.next).toMatchObject({ level: 2, kind: 'person', approverId: 'board-1' });
    const afterBoard = advance(policy, facts({ approvedBy: ['manager', 'board-1'] }), 3);
    expect(afterBoard.next).toMatchObject({ level: 3, kind: 'group', members: ['board-2'] });
  });

  it('records every passed level and ends at the fallback group when nobody else can decide', () => {
    const lonely = facts({ managerId: null, departmentHeadId: null, groups: { 'Super Admin': ['super'] } });
    const route = advance({ ...policy, fallback_approver_roles: ['Super Admin'] }, lonely, 1);
    expect(route.passed.map((pass) => pass.level)).toEqual([1, 2, 3]);
    expect(route.next).toMatchObject({ kind: 'group', roleName: 'Super Admin', fallback: true });
  });
});

describe('a committee (named users, N of M)', () => {
  const committee: PolicyLevel = {
    level: 2,
    title: 'Board Approval',
    min_total: 0,
    approver: 'users',
    user_ids: ['board-1', 'board-2', 'requestor', 'finance-1'],
    required_approvals: 2,
  };

  it('opens to every eligible named user at once, never the requestor', () => {
    expect(resolveLevel(committee, facts())).toEqual({
      level: 2,
      title: 'Board Approval',
      kind: 'committee',
      members: ['board-1', 'board-2', 'finance-1'],
      required: 2,
    });
  });

  it('leaves out whoever approved a lower level, and named users who cannot approve', () => {
    const outcome = resolveLevel(
      { ...committee, user_ids: [...(committee.user_ids ?? []), 'gone'] },
      facts({ approvedBy: ['board-1'] }),
    );
    expect(outcome).toMatchObject({ kind: 'committee', members: ['board-2', 'finance-1'], required: 2 });
  });

  it('passes with its reason when fewer members than the approvals it needs are eligible', () => {
    expect(resolveLevel(committee, facts({ approvedBy: ['board-1', 'board-2'] }))).toEqual({
      level: 2,
      title: 'Board Approval',
      kind: 'passed',
      reason: 'committee_too_small',
      comment: PASS_COMMENTS.committee_too_small,
    });
  });

  it('is where advance stops after the level below', () => {
    const policy: ApprovalPolicy = {
      auto_approve_below: 0,
      levels: [{ level: 1, title: 'Manager Approval', min_total: 0, approver: 'manager' }, committee],
    };
    expect(advance(policy, facts({ approvedBy: ['manager'] }), 2).next).toMatchObject({
      kind: 'committee',
      required: 2,
    });
  });
});
