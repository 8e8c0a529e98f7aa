import { describe, expect, it } from 'vitest';
import { type ApprovalPolicy, applicableLevels } from './approval-routing.js';
import {
  budgetPolicyOf,
  DEFAULT_BUDGET_POLICY,
  decideBudget,
  FINANCE_LEVEL_TITLE,
  withBudgetFinanceLevel,
} from './budget-policy.js';

const policy: ApprovalPolicy = {
  auto_approve_below: 0,
  levels: [
    { level: 1, title: 'Manager Approval', min_total: 0, approver: 'manager' },
    { level: 2, title: 'Department Head Approval', min_total: 5000, approver: 'department_head' },
    { level: 3, title: 'Finance Manager Approval', min_total: 25000, approver: 'finance_manager' },
    { level: 4, title: 'General Manager Approval', min_total: 100000, approver: 'general_manager' },
  ],
};

describe('decideBudget', () => {
  it.each([
    // policy, available, total → outcome
    ['warn', 1_000, 5_000, { kind: 'ok' }],
    ['require_finance', 5_000, 5_000, { kind: 'ok' }],
    ['block', 5_000, 5_000, { kind: 'ok' }],
    ['require_finance', 4_999, 5_000, { kind: 'finance_required', availableCents: 4_999, overrunCents: 1 }],
    ['block', 4_999, 5_000, { kind: 'blocked', availableCents: 4_999, overrunCents: 1 }],
    ['block', -2_000, 1_000, { kind: 'blocked', availableCents: -2_000, overrunCents: 3_000 }],
    ['block', 0, 0, { kind: 'ok' }],
    ['block', null, 9_999_999, { kind: 'ok' }],
    ['require_finance', null, 9_999_999, { kind: 'ok' }],
  ] as const)('%s with %j available and a total of %j → %j', (budgetPolicy, available, total, outcome) => {
    expect(decideBudget({ policy: budgetPolicy, availableCents: available, totalCents: total })).toEqual(
      outcome,
    );
  });
});

describe('budgetPolicyOf', () => {
  it('answers the stored policy, and require_finance when there is none or it is unknown', () => {
    expect(DEFAULT_BUDGET_POLICY).toBe('require_finance');
    expect(budgetPolicyOf({ budget_policy: 'block' })).toBe('block');
    expect(budgetPolicyOf({ budget_policy: 'warn' })).toBe('warn');
    expect(budgetPolicyOf({})).toBe('require_finance');
    expect(budgetPolicyOf(null)).toBe('require_finance');
    expect(budgetPolicyOf({ budget_policy: 'ignore' })).toBe('require_finance');
  });
});

describe('withBudgetFinanceLevel', () => {
  it('makes the Finance level apply below its threshold, in level order', () => {
    const { policy: changed, addedLevel } = withBudgetFinanceLevel(policy, 1000);
    expect(addedLevel).toBe(3);
    expect(applicableLevels(changed, 1000).map((l) => [l.level, l.title])).toEqual([
      [1, 'Manager Approval'],
      [3, 'Finance Manager Approval'],
    ]);
    expect(applicableLevels(changed, 6000).map((l) => l.level)).toEqual([1, 2, 3]);
    // The organisation's policy itself is untouched.
    expect(applicableLevels(policy, 1000).map((l) => l.level)).toEqual([1]);
  });

  it('adds nothing when the total reaches the Finance threshold anyway', () => {
    expect(withBudgetFinanceLevel(policy, 25000)).toEqual({ policy, addedLevel: null });
  });

  it('appends a Finance level after the last one when the policy has none', () => {
    const noFinance: ApprovalPolicy = { auto_approve_below: 0, levels: policy.levels.slice(0, 2) };
    const { policy: changed, addedLevel } = withBudgetFinanceLevel(noFinance, 100);
    expect(addedLevel).toBe(3);
    expect(changed.levels.at(-1)).toEqual({
      level: 3,
      title: FINANCE_LEVEL_TITLE,
      min_total: 0,
      approver: 'finance_manager',
    });
  });
});
