import { describe, expect, it } from 'vitest';
import { checkApprovalPolicy, type PolicyContext, samePolicy } from './approval-policy.js';
import type { ApprovalPolicy } from './approval-routing.js';
import { ValidationFailed } from './errors.js';

const context: PolicyContext = {
  roles: new Map([
    ['Finance Manager', { approves: true }],
    ['Super Admin', { approves: true }],
    ['User', { approves: false }],
  ]),
  approvers: new Set(['ann', 'bob']),
};

const valid: ApprovalPolicy = {
  auto_approve_below: 0,
  fallback_approver_roles: ['Finance Manager'],
  levels: [
    { level: 1, title: 'Manager Approval', min_total: 0, approver: 'manager', due_in_working_days: 2 },
    { level: 2, title: 'Named', min_total: 5000, approver: 'users', user_ids: ['ann', 'bob'] },
    { level: 3, title: 'Finance', min_total: 25000, approver: 'role', role_name: 'Finance Manager' },
  ],
};

/** The fields a policy is refused for. */
function fieldsOf(policy: ApprovalPolicy): string[] {
  try {
    checkApprovalPolicy(policy, context);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationFailed);
    return (error as ValidationFailed).details.map((detail) => detail.field);
  }
  return [];
}

const withLevel = (index: number, change: object): ApprovalPolicy => ({
  ...valid,
  levels: valid.levels.map((level, i) => (i === index ? { ...level, ...change } : level)),
});

describe('checkApprovalPolicy', () => {
  it('accepts a valid policy, renumbers its levels and trims its texts', () => {
    const policy = checkApprovalPolicy(
      { ...valid, levels: valid.levels.map((level) => ({ ...level, level: 7, title: ` ${level.title} ` })) },
      context,
    );
    expect(policy.levels.map((level) => [level.level, level.title])).toEqual([
      [1, 'Manager Approval'],
      [2, 'Named'],
      [3, 'Finance'],
    ]);
  });

  it('drops the fields of another approver kind', () => {
    const policy = checkApprovalPolicy(
      withLevel(0, { role_name: 'Finance Manager', user_ids: ['ann'] }),
      context,
    );
    expect(policy.levels[0]).toEqual({
      level: 1,
      title: 'Manager Approval',
      min_total: 0,
      approver: 'manager',
      due_in_working_days: 2,
    });
  });

  it.each([
    ['a level below the one before it', withLevel(2, { min_total: 10 }), ['levels.2.min_total']],
    ['an empty title', withLevel(1, { title: '  ' }), ['levels.1.title']],
    ['a repeated title (case ignored)', withLevel(2, { title: 'named' }), ['levels.2.title']],
    ['an unknown role', withLevel(2, { role_name: 'Pilot' }), ['levels.2.role_name']],
    ['a role without approval.act', withLevel(2, { role_name: 'User' }), ['levels.2.role_name']],
    ['a role level without a role', withLevel(2, { role_name: undefined }), ['levels.2.role_name']],
    ['no named users', withLevel(1, { user_ids: [] }), ['levels.1.user_ids']],
    ['a named user who cannot approve', withLevel(1, { user_ids: ['ann', 'zed'] }), ['levels.1.user_ids.1']],
    ['a named user twice', withLevel(1, { user_ids: ['ann', 'ann'] }), ['levels.1.user_ids.1']],
    [
      'a committee on a manager level',
      withLevel(0, { required_approvals: 2 }),
      ['levels.0.required_approvals'],
    ],
    ['a committee on a role level', withLevel(2, { required_approvals: 2 }), ['levels.2.required_approvals']],
    [
      'a committee needing more approvals than it has members',
      withLevel(1, { required_approvals: 3 }),
      ['levels.1.required_approvals'],
    ],
    [
      'a committee needing 0 approvals',
      withLevel(1, { required_approvals: 0 }),
      ['levels.1.required_approvals'],
    ],
    ['a due time of 0 days', withLevel(0, { due_in_working_days: 0 }), ['levels.0.due_in_working_days']],
    ['a due time of 61 days', withLevel(0, { due_in_working_days: 61 }), ['levels.0.due_in_working_days']],
    ['a negative auto-approval', { ...valid, auto_approve_below: -1 }, ['auto_approve_below']],
    ['no levels', { ...valid, levels: [] }, ['levels']],
    [
      'more than 10 levels',
      {
        ...valid,
        levels: Array.from({ length: 11 }, (_, i) => ({
          level: i + 1,
          title: `L${i}`,
          min_total: i,
          approver: 'manager' as const,
        })),
      },
      ['levels'],
    ],
    [
      'an unknown fallback role',
      { ...valid, fallback_approver_roles: ['Pilot'] },
      ['fallback_approver_roles.0'],
    ],
    ['no fallback role', { ...valid, fallback_approver_roles: [] }, ['fallback_approver_roles']],
  ])('refuses %s, naming the field', (_why, policy, fields) => {
    expect(fieldsOf(policy as ApprovalPolicy)).toEqual(fields);
  });

  it('accepts a committee of named users (2 of 2) and stores N only above 1', () => {
    expect(fieldsOf(withLevel(1, { required_approvals: 2 }))).toEqual([]);
    const policy = checkApprovalPolicy(withLevel(1, { required_approvals: 2 }), context);
    expect(policy.levels[1]?.required_approvals).toBe(2);
    expect(
      checkApprovalPolicy(withLevel(1, { required_approvals: 1 }), context).levels[1],
    ).not.toHaveProperty('required_approvals');
  });

  it('accepts one approval on a level and equal thresholds', () => {
    expect(fieldsOf(withLevel(1, { required_approvals: 1, min_total: 0 }))).toEqual([]);
  });
});

describe('samePolicy', () => {
  it('ignores key order and absent keys', () => {
    const a: ApprovalPolicy = { auto_approve_below: 0, levels: [] };
    expect(samePolicy(a, { levels: [], auto_approve_below: 0, fallback_approver_roles: undefined })).toBe(
      true,
    );
    expect(samePolicy(a, { ...a, auto_approve_below: 1 })).toBe(false);
  });
});
