/**
 * The budget policy of issue 13 as pure functions (docs/decisions.md "Budgets (issue 13)"): what an
 * organisation does with a requisition that exceeds its cost centre's available budget, and which
 * approval level a `require_finance` overrun adds. Amounts are integer cents; nothing here touches
 * the database.
 */
import type { ApprovalPolicy, PolicyLevel } from './approval-routing.js';

/** `organizations.settings.budget_policy` (contract `BudgetPolicy`). */
export type BudgetPolicy = 'warn' | 'require_finance' | 'block';

/** The policies, in the order screens offer them. */
export const BUDGET_POLICIES: readonly BudgetPolicy[] = ['warn', 'require_finance', 'block'];

/** The policy of an organisation that never chose one (new and existing organisations alike). */
export const DEFAULT_BUDGET_POLICY: BudgetPolicy = 'require_finance';

/** The policy kept in an organisation's settings, or the default when it has none (or a bad one). */
export function budgetPolicyOf(settings: { budget_policy?: unknown } | null | undefined): BudgetPolicy {
  const value = settings?.budget_policy;
  return BUDGET_POLICIES.includes(value as BudgetPolicy) ? (value as BudgetPolicy) : DEFAULT_BUDGET_POLICY;
}

/** What a budget check decided. */
export type BudgetOutcome =
  | { kind: 'ok' }
  | { kind: 'finance_required'; availableCents: number; overrunCents: number }
  | { kind: 'blocked'; availableCents: number; overrunCents: number };

/**
 * Decides a requisition of `totalCents` against what its budget has available (`availableCents`;
 * null when the cost centre has no budget for the fiscal year, which the policy does not control):
 * within it (total ≤ available) or under `warn` → ok; otherwise a Finance level with the overrun
 * (`require_finance`) or a refusal naming the available amount (`block`).
 */
export function decideBudget(input: {
  policy: BudgetPolicy;
  availableCents: number | null;
  totalCents: number;
}): BudgetOutcome {
  const { policy, availableCents, totalCents } = input;
  if (policy === 'warn' || availableCents === null || totalCents <= availableCents) return { kind: 'ok' };
  const overrunCents = totalCents - availableCents;
  return policy === 'block'
    ? { kind: 'blocked', availableCents, overrunCents }
    : { kind: 'finance_required', availableCents, overrunCents };
}

/** Title of the Finance level an overrun adds when the approval policy has none (DECISIONS §4 level 3). */
export const FINANCE_LEVEL_TITLE = 'Finance Manager Approval';

/**
 * The approval policy for an over-budget requisition under `require_finance`: its Finance Manager
 * level (the lowest level whose approver is `finance_manager`) applies whatever the total; a policy
 * without one gets one after its last level. `addedLevel` is the level the overrun put in the
 * workflow, or null when the total reaches the Finance threshold anyway.
 */
export function withBudgetFinanceLevel(
  policy: ApprovalPolicy,
  total: number,
): { policy: ApprovalPolicy; addedLevel: number | null } {
  const finance = policy.levels
    .filter((level) => level.approver === 'finance_manager')
    .sort((a, b) => a.level - b.level)[0];
  if (finance && total >= finance.min_total) return { policy, addedLevel: null };
  const level: PolicyLevel = finance
    ? { ...finance, min_total: 0 }
    : {
        level: Math.max(0, ...policy.levels.map((l) => l.level)) + 1,
        title: FINANCE_LEVEL_TITLE,
        min_total: 0,
        approver: 'finance_manager',
      };
  const levels = [...policy.levels.filter((l) => l !== finance), level].sort((a, b) => a.level - b.level);
  return { policy: { ...policy, levels }, addedLevel: level.level };
}
