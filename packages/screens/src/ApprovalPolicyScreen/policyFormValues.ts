import type { ApprovalPolicy, ApprovalPolicyLevel } from './approvalPolicyQueries';

/** One level as the form holds it (empty inputs are null or ''). */
export interface LevelValues {
  title: string;
  min_total: number | null;
  approver: ApprovalPolicyLevel['approver'];
  role_name: string;
  user_ids: string[];
  /** For named users: how many must approve (above 1, a committee); null or 1: one decides. */
  required_approvals: number | null;
  due_in_working_days: number | null;
}

/** The policy as the form holds it. */
export interface PolicyFormValues {
  auto_approve_below: number | null;
  fallback_approver_roles: string[];
  levels: LevelValues[];
}

/** A new level, after the last one. */
export function newLevel(after: LevelValues | undefined, index: number): LevelValues {
  return {
    title: `Level ${index + 1} Approval`,
    min_total: after?.min_total ?? 0,
    approver: 'manager',
    role_name: '',
    user_ids: [],
    required_approvals: 1,
    due_in_working_days: null,
  };
}

/** The stored policy as form values. */
export function toFormValues(policy: ApprovalPolicy): PolicyFormValues {
  return {
    auto_approve_below: policy.auto_approve_below,
    fallback_approver_roles: policy.fallback_approver_roles ?? ['Finance Manager', 'Super Admin'],
    levels: policy.levels.map((level) => ({
      title: level.title,
      min_total: level.min_total,
      approver: level.approver,
      role_name: level.role_name ?? '',
      user_ids: level.user_ids ?? [],
      required_approvals: level.required_approvals ?? 1,
      due_in_working_days: level.due_in_working_days ?? null,
    })),
  };
}

/** The form as the contract's policy (levels numbered in order; each kind's own fields only). */
export function toPolicy(values: PolicyFormValues): ApprovalPolicy {
  return {
    auto_approve_below: values.auto_approve_below ?? 0,
    fallback_approver_roles: values.fallback_approver_roles,
    levels: values.levels.map((level, index) => ({
      level: index + 1,
      title: level.title,
      min_total: level.min_total ?? 0,
      approver: level.approver,
      ...(level.approver === 'role' ? { role_name: level.role_name } : {}),
      ...(level.approver === 'users' ? { user_ids: level.user_ids } : {}),
      ...(level.approver === 'users' && (level.required_approvals ?? 1) !== 1
        ? { required_approvals: level.required_approvals ?? 1 }
        : {}),
      due_in_working_days: level.due_in_working_days,
    })),
  };
}

/** The levels ordered by threshold (equal thresholds keep their order); null when already in order. */
export function sortedByThreshold(levels: readonly LevelValues[]): LevelValues[] | null {
  const sorted = levels
    .map((level, index) => ({ level, index }))
    .sort((a, b) => (a.level.min_total ?? 0) - (b.level.min_total ?? 0) || a.index - b.index);
  return sorted.every((entry, i) => entry.index === i) ? null : sorted.map((entry) => entry.level);
}

const LEVEL_FIELDS = new Set([
  'title',
  'min_total',
  'approver',
  'role_name',
  'user_ids',
  'required_approvals',
  'due_in_working_days',
]);

/** The form field a server detail names (`levels.2.user_ids.0` → `levels.2.user_ids`), or null. */
export function formFieldOf(field: string): string | null {
  const parts = field.split('.');
  if (parts[0] === 'auto_approve_below') return 'auto_approve_below';
  if (parts[0] === 'fallback_approver_roles') return 'fallback_approver_roles';
  if (parts[0] === 'levels' && parts.length >= 3 && LEVEL_FIELDS.has(parts[2] ?? '')) {
    return `levels.${parts[1]}.${parts[2]}`;
  }
  return null;
}
