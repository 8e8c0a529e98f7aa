import { describe, expect, it } from 'vitest';
import {
  type ApprovalPolicy,
  advance,
  applicableLevels,
  checkAction,
  DEFAULT_FALLBACK_APPROVER_ROLES,
  FALLBACK_TITLE,
  fallbackPassComment,
  fallbackRoles,
  levelTitle,
  PASS_COMMENTS,
  type RoutingFacts,
  resolveLevel,
  routeSubmission,
} from './approval-routing.js';

const policy: ApprovalPolicy = {
  auto_approve_below: 0,
  levels: [
    { level: 1, title: 'Manager Approval', min_total: 0, approver: 'manager' },
    { level: 2, title: 'Department Head Approval', min_total: 5000, approver: 'department_head' },
    { level: 3, title: 'Finance Manager Approval', min_total: 25000, approver: 'finance_manager' },
    { level: 4, title: 'General Manager Approval', min_total: 100000, approver: 'general_manager' },
  ],
};

const facts = (overrides: Partial<RoutingFacts> = {}): RoutingFacts => ({
  total: 1000,
  requestorId: 'requestor',
  managerId: 'manager',
  departmentHeadId: 'head',
  groups: {
    'Finance Manager': ['finance-1', 'finance-2'],
    'General Manager': ['gm'],
    'Super Admin': ['super'],
  },
  approvedBy: [],
  ...overrides,
});

describe('applicableLevels', () => {
  it.each([
    [0, [1]],
    [4999.99, [1]],
    [5000, [1, 2]],
    [24999.99, [1, 2]],
    [25000, [1, 2, 3]],
    [30000, [1, 2, 3]],
    [100000, [1, 2, 3, 4]],
  ])('a total of %d needs levels %j', (total, levels) => {
    expect(applicableLevels(policy, total).map((l) => l.level)).toEqual(levels);
  });
});

describe('resolveLevel', () => {
  const [manager, head, finance, general] = policy.levels as [
    (typeof policy.levels)[0],
    (typeof policy.levels)[0],
    (typeof policy.levels)[0],
    (typeof policy.levels)[0],
  ];
  it.each([
    ['the manager approves level 1', manager, facts(), { kind: 'person', approverId: 'manager' }],
    [
      'the department head stands in for a missing manager',
      manager,
      facts({ managerId: null }),
      { kind: 'person', approverId: 'head' },
    ],
    [
      'level 1 passes when neither manager nor head exists',
      manager,
      facts({ managerId: null, departmentHeadId: null }),
      { kind: 'passed', reason: 'approver_not_found' },
    ],
    [
      'level 1 passes when the manager is the requestor',
      manager,
      facts({ managerId: 'requestor' }),
      { kind: 'passed', reason: 'approver_is_requestor' },
    ],
    ['the head approves level 2', head, facts(), { kind: 'person', approverId: 'head' }],
    [
      'level 2 passes when the head is the requestor',
      head,
      facts({ requestorId: 'head' }),
      { kind: 'passed', reason: 'approver_is_requestor' },
    ],
    [
      'level 2 passes when the head already approved at level 1',
      head,
      facts({ approvedBy: ['head'] }),
      { kind: 'passed', reason: 'already_approved' },
    ],
    [
      'level 3 is open to every Finance Manager',
      finance,
      facts(),
      { kind: 'group', roleName: 'Finance Manager', members: ['finance-1', 'finance-2'] },
    ],
    [
      'a Finance Manager who raised the requisition is left out of the group',
      finance,
      facts({ requestorId: 'finance-1' }),
      { kind: 'group', members: ['finance-2'] },
    ],
    [
      'level 3 passes when the only Finance Manager is the requestor',
      finance,
      facts({
        requestorId: 'finance-1',
        groups: { 'Finance Manager': ['finance-1'], 'General Manager': [] },
      }),
      { kind: 'passed', reason: 'approver_is_requestor' },
    ],
    [
      'level 4 passes when there is no General Manager',
      general,
      facts({ groups: { 'Finance Manager': [], 'General Manager': [] } }),
      { kind: 'passed', reason: 'approver_not_found' },
    ],
    [
      'level 4 passes when the only General Manager already approved',
      general,
      facts({ approvedBy: ['gm'] }),
      { kind: 'passed', reason: 'already_approved' },
    ],
  ])('%s', (_name, level, input, expected) => {
    expect(resolveLevel(level, input)).toMatchObject(expected);
  });

  it('records why a level passed', () => {
    const outcome = resolveLevel(manager, facts({ managerId: null, departmentHeadId: null }));
    expect(outcome).toMatchObject({ comment: PASS_COMMENTS.approver_not_found });
  });
});

describe('routeSubmission and advance', () => {
  it('opens level 1 for a small requisition', () => {
    expect(routeSubmission(policy, facts())).toEqual({
      autoApproved: false,
      passed: [],
      next: { level: 1, title: 'Manager Approval', kind: 'person', approverId: 'manager' },
    });
  });

  it('approves at once below the auto-approval threshold, and not at or above it', () => {
    const auto = { ...policy, auto_approve_below: 500 };
    expect(routeSubmission(auto, facts({ total: 499.99 }))).toEqual({ autoApproved: true });
    expect(routeSubmission(auto, facts({ total: 500 }))).toMatchObject({ autoApproved: false });
  });

  it('never auto-approves when the threshold is 0', () => {
    expect(routeSubmission(policy, facts({ total: 0 }))).toMatchObject({ autoApproved: false });
  });

  it('passes levels nobody can decide and opens the first that someone can', () => {
    const route = routeSubmission(
      policy,
      facts({
        total: 30000,
        managerId: 'requestor',
        departmentHeadId: 'requestor',
        requestorId: 'requestor',
      }),
    );
    expect(route).toMatchObject({
      autoApproved: false,
      passed: [
        { level: 1, reason: 'approver_is_requestor' },
        { level: 2, reason: 'approver_is_requestor' },
      ],
      next: { level: 3, kind: 'group', roleName: 'Finance Manager' },
    });
  });

  it('climbs Manager → Department Head → Finance Manager for 30,000 and then approves', () => {
    const base = facts({ total: 30000 });
    expect(advance(policy, base, 1).next).toMatchObject({ level: 1, approverId: 'manager' });
    expect(advance(policy, { ...base, approvedBy: ['manager'] }, 2).next).toMatchObject({
      level: 2,
      approverId: 'head',
    });
    expect(advance(policy, { ...base, approvedBy: ['manager', 'head'] }, 3).next).toMatchObject({ level: 3 });
    expect(advance(policy, { ...base, approvedBy: ['manager', 'head', 'finance-2'] }, 4)).toEqual({
      passed: [],
      next: null,
    });
  });

  it('approves when every remaining level passes after someone approved', () => {
    const route = advance(policy, facts({ approvedBy: ['manager'], departmentHeadId: null, total: 6000 }), 2);
    expect(route).toEqual({
      passed: [expect.objectContaining({ level: 2, reason: 'approver_not_found' })],
      next: null,
    });
  });

  it('restarts a resubmission at the level that asked, recomputing levels for the new total', () => {
    // Level 3 asked for information; the requestor lowered the total below 25,000: nothing is left.
    const lowered = routeSubmission(policy, facts({ total: 20000, approvedBy: ['manager', 'head'] }), 3);
    expect(lowered).toMatchObject({ autoApproved: false, passed: [], next: null });
    // Raised above 100,000 instead: level 3 again, then level 4 later.
    const raised = routeSubmission(policy, facts({ total: 150000, approvedBy: ['manager', 'head'] }), 3);
    expect(raised).toMatchObject({ next: { level: 3 } });
  });
});

describe('fallback approvers: every approval holds a human decision', () => {
  it('sends a requisition with no manager nor head to the Finance Managers, recording why', () => {
    const route = routeSubmission(policy, facts({ managerId: null, departmentHeadId: null, total: 100 }));
    expect(route).toEqual({
      autoApproved: false,
      passed: [
        expect.objectContaining({
          level: 1,
          reason: 'approver_not_found',
          comment: fallbackPassComment('approver_not_found', 'Finance Manager'),
        }),
      ],
      next: {
        level: 1,
        title: FALLBACK_TITLE,
        kind: 'group',
        roleName: 'Finance Manager',
        members: ['finance-1', 'finance-2'],
        fallback: true,
      },
    });
  });

  it('sends a department head who heads their own department (24,999.99) to the fallback group', () => {
    const route = routeSubmission(
      policy,
      facts({ requestorId: 'gm', managerId: null, departmentHeadId: 'gm', total: 24999.99 }),
    );
    expect(route).toMatchObject({
      passed: [
        { level: 1, reason: 'approver_is_requestor', comment: PASS_COMMENTS.approver_is_requestor },
        {
          level: 2,
          reason: 'approver_is_requestor',
          comment: expect.stringMatching(/^Passed to the fallback/),
        },
      ],
      next: { level: 2, kind: 'group', roleName: 'Finance Manager', fallback: true },
    });
  });

  it('escalates a level with no approver to the next level that has one, without the fallback', () => {
    const route = routeSubmission(policy, facts({ managerId: null, departmentHeadId: null, total: 30000 }));
    expect(route).toMatchObject({
      passed: [{ level: 1 }, { level: 2 }],
      next: { level: 3, kind: 'group', roleName: 'Finance Manager' },
    });
    expect(route).not.toHaveProperty('next.fallback');
  });

  it('takes the next fallback role when the only member of the first is the requestor', () => {
    const route = routeSubmission(
      policy,
      facts({
        requestorId: 'finance-1',
        managerId: null,
        departmentHeadId: null,
        groups: { 'Finance Manager': ['finance-1'], 'Super Admin': ['super'] },
      }),
    );
    expect(route).toMatchObject({ next: { kind: 'group', roleName: 'Super Admin', members: ['super'] } });
  });

  it('follows the organisation’s own fallback roles', () => {
    const custom = { ...policy, fallback_approver_roles: ['General Manager'] };
    const route = routeSubmission(custom, facts({ managerId: null, departmentHeadId: null }));
    expect(route).toMatchObject({ next: { kind: 'group', roleName: 'General Manager', members: ['gm'] } });
    expect(fallbackRoles(policy)).toEqual(DEFAULT_FALLBACK_APPROVER_ROLES);
  });

  it('finds no approver when the only Super Admin submits and nobody else can decide', () => {
    const route = routeSubmission(
      policy,
      facts({
        requestorId: 'super',
        managerId: null,
        departmentHeadId: null,
        groups: { 'Super Admin': ['super'] },
      }),
    );
    expect(route).toEqual({
      autoApproved: false,
      passed: [expect.objectContaining({ level: 1 })],
      next: null,
      noApprover: true,
    });
  });

  it('keeps auto_approve_below: the only approval without a person', () => {
    const auto = { ...policy, auto_approve_below: 500 };
    const lonely = facts({ requestorId: 'super', managerId: null, departmentHeadId: null, groups: {} });
    expect(routeSubmission(auto, { ...lonely, total: 100 })).toEqual({ autoApproved: true });
    expect(routeSubmission(auto, { ...lonely, total: 600 })).toMatchObject({ noApprover: true });
  });

  it('restarts a fallback step that asked for information at its level', () => {
    const route = routeSubmission(policy, facts({ managerId: null, departmentHeadId: null }), 1);
    expect(route).toMatchObject({ next: { level: 1, fallback: true } });
  });
});

describe('levelTitle', () => {
  it('uses the policy title, else the specification’s Level N Approval', () => {
    expect(levelTitle(2, policy)).toBe('Department Head Approval');
    expect(levelTitle(5, policy)).toBe('Level 5 Approval');
  });
});

describe('checkAction', () => {
  const personStep = { approval_level: 1, approverId: 'manager', group: null };
  const groupStep = {
    approval_level: 3,
    approverId: null,
    group: { roleName: 'Finance Manager', members: ['f1', 'f2'] },
  };
  const base = { actorId: 'manager', requestorId: 'requestor', step: personStep };

  it.each([
    ['the approver may approve without comments', { ...base, action: 'approve' as const }, null],
    [
      'nobody approves their own requisition',
      { ...base, actorId: 'requestor', action: 'approve' as const },
      'own_requisition',
    ],
    [
      'someone else may not act on the step',
      { ...base, actorId: 'intruder', action: 'approve' as const },
      'not_your_step',
    ],
    [
      'any member of the group may act',
      { ...base, step: groupStep, actorId: 'f2', action: 'approve' as const },
      null,
    ],
    [
      'a non-member may not act on a group step',
      { ...base, step: groupStep, actorId: 'manager', action: 'approve' as const },
      'not_your_step',
    ],
    ['reject needs a comment', { ...base, action: 'reject' as const, comments: '   ' }, 'comment_required'],
    ['request_info needs a comment', { ...base, action: 'request_info' as const }, 'comment_required'],
    ['reject with a comment is fine', { ...base, action: 'reject' as const, comments: 'Over budget' }, null],
    ['delegate needs a user', { ...base, action: 'delegate' as const }, 'delegate_required'],
    [
      'a delegate may not be the actor',
      { ...base, action: 'delegate' as const, delegateToUserId: 'manager', eligibleDelegates: ['manager'] },
      'delegate_is_actor',
    ],
    [
      'a delegate may not be the requestor',
      {
        ...base,
        action: 'delegate' as const,
        delegateToUserId: 'requestor',
        eligibleDelegates: ['requestor'],
      },
      'delegate_is_requestor',
    ],
    [
      'a delegate must hold approval.act as an active member',
      { ...base, action: 'delegate' as const, delegateToUserId: 'stranger', eligibleDelegates: ['head'] },
      'delegate_not_eligible',
    ],
    [
      'a delegate may not be someone who already approved a level',
      {
        ...base,
        action: 'delegate' as const,
        delegateToUserId: 'head',
        eligibleDelegates: ['head'],
        decidedBy: ['head'],
      },
      'delegate_already_decided',
    ],
    [
      'a step delegated to someone who already approved a level cannot be decided by them',
      { ...base, action: 'approve' as const, decidedBy: ['manager'] },
      'already_decided',
    ],
    [
      'an eligible delegate is accepted',
      { ...base, action: 'delegate' as const, delegateToUserId: 'head', eligibleDelegates: ['head'] },
      null,
    ],
  ])('%s', (_name, input, expected) => {
    expect(checkAction(input)).toBe(expected);
  });
});
