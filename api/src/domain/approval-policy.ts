import type { ApprovalPolicy, PolicyLevel } from './approval-routing.js';
import { type ErrorDetail, ValidationFailed } from './errors.js';

/**
 * Checking an approval policy before it is saved or previewed (issue 15 item 8): pure, given what the
 * organisation holds (its roles, which approve, and its approving members). Every problem is named by
 * its field (`levels.2.min_total`), so the editor can show it beside the input.
 */

/** At most this many levels. */
export const MAX_LEVELS = 10;
/** At most this many named users on a level. */
export const MAX_NAMED_USERS = 20;
/** At most this many working days to decide. */
export const MAX_DUE_DAYS = 60;

/** What the organisation holds that a policy names. */
export interface PolicyContext {
  /** Every role of the organisation by name, with whether it holds `approval.act`. */
  roles: ReadonlyMap<string, { approves: boolean }>;
  /** Active members (active accounts) holding `approval.act`. */
  approvers: ReadonlySet<string>;
}

const MESSAGES = {
  noLevels: 'Add at least one level',
  tooManyLevels: `A policy has at most ${MAX_LEVELS} levels`,
  titleRequired: 'Enter a title',
  titleTooLong: 'The title has at most 100 characters',
  titleTaken: 'Another level has this title',
  order: 'Levels must be ordered by threshold: this one is below the level before it',
  roleRequired: 'Choose a role',
  roleUnknown: 'No role of this organisation has this name',
  roleCannotApprove: 'This role cannot approve requisitions (it lacks approval.act)',
  usersRequired: 'Choose at least one approver',
  tooManyUsers: `A level names at most ${MAX_NAMED_USERS} approvers`,
  userRepeated: 'This approver is named twice',
  userNotApprover: 'Not an active member of this organisation who can approve requisitions',
  committeeKind: 'Only a level of named users can be a committee: this level needs 1 approval',
  committeeSize: 'A committee needs from 1 approval to as many as it has members',
  due: `Enter a whole number of working days from 1 to ${MAX_DUE_DAYS}, or none`,
  autoApprove: 'Enter an amount of 0 or more',
  threshold: 'Enter an amount of 0 or more',
  fallbackRequired: 'Choose at least one fallback role',
  fallbackRepeated: 'This role is named twice',
} as const;

/** The policy as stored: texts trimmed, levels renumbered from 1, fields of other kinds dropped. */
function normalizeLevel(level: PolicyLevel, index: number): PolicyLevel {
  const out: PolicyLevel = {
    level: index + 1,
    title: level.title.trim(),
    min_total: level.min_total,
    approver: level.approver,
  };
  if (level.approver === 'role') out.role_name = level.role_name?.trim() ?? '';
  if (level.approver === 'users') out.user_ids = [...(level.user_ids ?? [])];
  // 1 is the default: kept only above it (a committee of named users; refused on other kinds).
  if (level.required_approvals !== undefined && level.required_approvals !== 1)
    out.required_approvals = level.required_approvals;
  if (level.due_in_working_days !== undefined && level.due_in_working_days !== null)
    out.due_in_working_days = level.due_in_working_days;
  return out;
}

function checkLevel(
  level: PolicyLevel,
  index: number,
  previous: PolicyLevel | undefined,
  titles: Map<string, number>,
  context: PolicyContext,
  problems: ErrorDetail[],
): void {
  const at = `levels.${index}`;
  const add = (field: string, message: string) => problems.push({ field: `${at}.${field}`, message });
  if (level.title === '') add('title', MESSAGES.titleRequired);
  else if (level.title.length > 100) add('title', MESSAGES.titleTooLong);
  else {
    const key = level.title.toLocaleLowerCase();
    if (titles.has(key)) add('title', MESSAGES.titleTaken);
    titles.set(key, index);
  }
  if (!Number.isFinite(level.min_total) || level.min_total < 0) add('min_total', MESSAGES.threshold);
  else if (previous && level.min_total < previous.min_total) add('min_total', MESSAGES.order);
  if (level.approver === 'role') {
    const role = level.role_name ? context.roles.get(level.role_name) : undefined;
    if (!level.role_name) add('role_name', MESSAGES.roleRequired);
    else if (!role) add('role_name', MESSAGES.roleUnknown);
    else if (!role.approves) add('role_name', MESSAGES.roleCannotApprove);
  }
  if (level.approver === 'users') {
    const ids = level.user_ids ?? [];
    if (ids.length === 0) add('user_ids', MESSAGES.usersRequired);
    if (ids.length > MAX_NAMED_USERS) add('user_ids', MESSAGES.tooManyUsers);
    ids.forEach((id, i) => {
      if (ids.indexOf(id) !== i) add(`user_ids.${i}`, MESSAGES.userRepeated);
      else if (!context.approvers.has(id)) add(`user_ids.${i}`, MESSAGES.userNotApprover);
    });
  }
  const required = level.required_approvals;
  if (required !== undefined && required !== 1) {
    if (level.approver !== 'users') add('required_approvals', MESSAGES.committeeKind);
    else if (!Number.isInteger(required) || required < 1 || required > (level.user_ids ?? []).length)
      add('required_approvals', MESSAGES.committeeSize);
  }
  const due = level.due_in_working_days;
  if (due !== undefined && due !== null && (!Number.isInteger(due) || due < 1 || due > MAX_DUE_DAYS))
    add('due_in_working_days', MESSAGES.due);
}

/**
 * Checks a policy whole and answers it as stored; throws 400 `ValidationFailed` listing every problem
 * by field. Rules: 1 to {@link MAX_LEVELS} levels ordered by threshold (equal thresholds allowed),
 * titles non-empty and unique (case ignored), a `role` level names a role of the organisation holding
 * `approval.act`, a `users` level names distinct active approvers, `required_approvals` is 1 except
 * on a `users` level (a committee: at most its number of named users), due times 1 to {@link MAX_DUE_DAYS} working days, `auto_approve_below` ≥ 0, and
 * fallback roles (1 or more, distinct) are roles of the organisation.
 */
export function checkApprovalPolicy(policy: ApprovalPolicy, context: PolicyContext): ApprovalPolicy {
  const problems: ErrorDetail[] = [];
  if (!Number.isFinite(policy.auto_approve_below) || policy.auto_approve_below < 0)
    problems.push({ field: 'auto_approve_below', message: MESSAGES.autoApprove });
  if (policy.levels.length === 0) problems.push({ field: 'levels', message: MESSAGES.noLevels });
  if (policy.levels.length > MAX_LEVELS) problems.push({ field: 'levels', message: MESSAGES.tooManyLevels });
  const levels = policy.levels.map(normalizeLevel);
  const titles = new Map<string, number>();
  levels.forEach((level, index) => {
    checkLevel(level, index, levels[index - 1], titles, context, problems);
  });
  const fallback = (policy.fallback_approver_roles ?? []).map((name) => name.trim());
  if (policy.fallback_approver_roles !== undefined && fallback.length === 0)
    problems.push({ field: 'fallback_approver_roles', message: MESSAGES.fallbackRequired });
  fallback.forEach((name, i) => {
    const field = `fallback_approver_roles.${i}`;
    if (fallback.indexOf(name) !== i) problems.push({ field, message: MESSAGES.fallbackRepeated });
    else if (!context.roles.has(name)) problems.push({ field, message: MESSAGES.roleUnknown });
  });
  if (problems.length > 0) {
    const first = problems[0]!;
    const message = problems.length === 1 ? first.message : 'Check the highlighted fields of the policy';
    throw new ValidationFailed(message, problems);
  }
  const out: ApprovalPolicy = { auto_approve_below: policy.auto_approve_below, levels };
  if (policy.fallback_approver_roles !== undefined) out.fallback_approver_roles = fallback;
  return out;
}

/** Whether two policies are the same (what is stored, in order). */
export function samePolicy(a: ApprovalPolicy, b: ApprovalPolicy): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}
