/**
 * The approval policy of DECISIONS §4 as pure functions: which levels apply to a total, who approves
 * each, which levels pass (and why), and whether an actor may decide a step. The requisition service
 * loads the facts (manager, department head, group members, earlier approvers), asks these functions,
 * and writes the steps; nothing here touches the database.
 */

/** Who approves a level (`approver` of a policy level in `openapi.yaml`). */
export type ApproverKind =
  | 'manager'
  | 'department_head'
  | 'finance_manager'
  | 'general_manager'
  /** Every active member of `role_name` holding `approval.act`; the first to act decides. */
  | 'role'
  /**
   * The named `user_ids`: every eligible named user gets a seat at once and `required_approvals` N
   * (default 1) approvals decide the level (N > 1: a committee; N = 1: the first to act decides). A
   * level with one eligible named user gives them a plain person step.
   */
  | 'users';

/** One level of an organisation's approval policy. */
export interface PolicyLevel {
  level: number;
  title: string;
  /** The level applies when the requisition total is at least this (major units). */
  min_total: number;
  approver: ApproverKind;
  /** For `approver: 'role'`: the role whose approvers form the group. */
  role_name?: string | undefined;
  /** For `approver: 'users'`: the named approvers, in order. */
  user_ids?: string[] | undefined;
  /** For `approver: 'users'`: how many named users must approve (N of M; absent: 1). */
  required_approvals?: number | undefined;
  /** Working days an approver has to decide a step of this level; null or absent: no due time. */
  due_in_working_days?: number | null | undefined;
}

/** `organizations.settings.approval_policy`. */
export interface ApprovalPolicy {
  /** Totals below this are approved at once; 0 turns auto-approval off. */
  auto_approve_below: number;
  levels: PolicyLevel[];
  /**
   * Role names, in order, whose active approvers decide a requisition that no level gave to a person
   * or group other than the requestor (absent: {@link DEFAULT_FALLBACK_APPROVER_ROLES}).
   */
  fallback_approver_roles?: string[] | undefined;
}

/** The fallback approver group of an organisation that did not set one: Finance Managers, then Super Admins. */
export const DEFAULT_FALLBACK_APPROVER_ROLES: readonly string[] = ['Finance Manager', 'Super Admin'];

/** Title of the step opened to the fallback approver group. */
export const FALLBACK_TITLE = 'Fallback Approval';

/** The organisation's fallback approver roles, or the default when its policy has none. */
export function fallbackRoles(policy: ApprovalPolicy): readonly string[] {
  return policy.fallback_approver_roles ?? DEFAULT_FALLBACK_APPROVER_ROLES;
}

/** Role names whose active members form the group of a group level. */
export const GROUP_ROLES = {
  finance_manager: 'Finance Manager',
  general_manager: 'General Manager',
} as const satisfies Partial<Record<ApproverKind, string>>;

/** The facts about a requisition and its organisation that routing needs. */
export interface RoutingFacts {
  total: number;
  requestorId: string;
  /** The requestor's manager in this organisation, if an active member who holds `approval.act`. */
  managerId: string | null;
  /** The head of the requestor's department, if an active member who holds `approval.act`. */
  departmentHeadId: string | null;
  /**
   * Active members holding `approval.act`, by role name (at least the group roles and the fallback
   * roles; a role nobody holds may be absent).
   */
  groups: Readonly<Record<string, readonly string[]>>;
  /** Users who already approved this requisition (earlier levels or rounds): nobody decides twice. */
  approvedBy: readonly string[];
}

/** Why a level is recorded as passed instead of waiting for someone. */
export type PassReason =
  | 'approver_is_requestor'
  | 'approver_not_found'
  | 'already_approved'
  /** A committee has fewer eligible members than the approvals it needs. */
  | 'committee_too_small';

/** What routing decided for one level. */
export type LevelOutcome =
  | { level: number; title: string; kind: 'person'; approverId: string }
  | {
      level: number;
      title: string;
      kind: 'group';
      roleName: string;
      members: string[];
      /** True for the fallback approver group (no level found anyone other than the requestor). */
      fallback?: true;
    }
  | {
      level: number;
      title: string;
      /**
       * N of M: every member gets a step; `required` distinct approvals decide the level (1: any one
       * of the named users decides).
       */
      kind: 'committee';
      members: string[];
      required: number;
    }
  | { level: number; title: string; kind: 'passed'; reason: PassReason; comment: string };

/** The comment recorded on a passed level, so a pass is never silent. */
export const PASS_COMMENTS: Record<PassReason, string> = {
  approver_is_requestor: 'Passed to the next level: the approver is the requestor.',
  approver_not_found: 'Passed to the next level: no approver was found for this level.',
  already_approved: 'Passed to the next level: the approver already approved this requisition.',
  committee_too_small:
    'Passed to the next level: fewer committee members can decide this requisition than the approvals it needs.',
};

/** The comment of the last passed level when the requisition goes to the fallback approver group. */
export function fallbackPassComment(reason: PassReason, roleName: string): string {
  const why = PASS_COMMENTS[reason].slice(PASS_COMMENTS[reason].indexOf(':') + 2);
  return `Passed to the fallback approvers (${roleName}): ${why}`;
}

/** Title of a level without a policy title: the specification's 'Level N Approval'. */
export function levelTitle(level: number, policy?: ApprovalPolicy): string {
  return policy?.levels.find((l) => l.level === level)?.title ?? `Level ${level} Approval`;
}

/** The policy levels that apply to a total, in order. */
export function applicableLevels(policy: ApprovalPolicy, total: number): PolicyLevel[] {
  return policy.levels.filter((level) => total >= level.min_total).sort((a, b) => a.level - b.level);
}

function passed(level: PolicyLevel, reason: PassReason): LevelOutcome {
  return { level: level.level, title: level.title, kind: 'passed', reason, comment: PASS_COMMENTS[reason] };
}

/** The role whose approvers form a group level's group, or null for a level given to a person. */
export function groupRoleOf(level: PolicyLevel): string | null {
  if (level.approver === 'finance_manager' || level.approver === 'general_manager')
    return GROUP_ROLES[level.approver];
  if (level.approver === 'role') return level.role_name ?? null;
  return null;
}

/** Every user holding `approval.act` in the organisation (the members of every approving role). */
function approvers(facts: RoutingFacts): Set<string> {
  return new Set(Object.values(facts.groups).flat());
}

/**
 * A named-users level needing one approval: every named user who is eligible (an active member
 * holding `approval.act`, not the requestor, not an earlier approver) gets a seat, the first to act
 * deciding (a committee needing 1); a single eligible one gets a person step; with nobody it passes,
 * saying why (an earlier approver, then the requestor, before "not found").
 */
function resolveNamedUsers(level: PolicyLevel, facts: RoutingFacts): LevelOutcome {
  const eligible = approvers(facts);
  const named = (level.user_ids ?? []).filter((id) => eligible.has(id));
  const required = level.required_approvals ?? 1;
  if (required > 1) return resolveCommittee(level, facts, named, required);
  const members = named.filter((id) => id !== facts.requestorId && !facts.approvedBy.includes(id));
  if (members.length > 1) {
    return { level: level.level, title: level.title, kind: 'committee', members, required: 1 };
  }
  const first = members[0];
  if (first) return { level: level.level, title: level.title, kind: 'person', approverId: first };
  if (named.some((id) => facts.approvedBy.includes(id))) return passed(level, 'already_approved');
  if (named.includes(facts.requestorId)) return passed(level, 'approver_is_requestor');
  return passed(level, 'approver_not_found');
}

/**
 * A committee (N of M): every named user who is eligible (active approver, not the requestor, not an
 * earlier approver) gets a step; with fewer than N of them the level passes, saying why.
 */
function resolveCommittee(
  level: PolicyLevel,
  facts: RoutingFacts,
  named: readonly string[],
  required: number,
): LevelOutcome {
  const members = named.filter((id) => id !== facts.requestorId && !facts.approvedBy.includes(id));
  if (members.length >= required) {
    return { level: level.level, title: level.title, kind: 'committee', members, required };
  }
  return passed(level, 'committee_too_small');
}

/** Decides one level: a person, a group, a committee, or a pass with its reason. */
export function resolveLevel(level: PolicyLevel, facts: RoutingFacts): LevelOutcome {
  if (level.approver === 'users') return resolveNamedUsers(level, facts);
  const roleName = groupRoleOf(level);
  if (roleName !== null || level.approver === 'role') {
    const all = roleName === null ? [] : (facts.groups[roleName] ?? []);
    const members = all.filter((id) => id !== facts.requestorId && !facts.approvedBy.includes(id));
    if (members.length > 0 && roleName !== null) {
      return { level: level.level, title: level.title, kind: 'group', roleName, members };
    }
    if (all.some((id) => facts.approvedBy.includes(id))) return passed(level, 'already_approved');
    if (all.includes(facts.requestorId)) return passed(level, 'approver_is_requestor');
    return passed(level, 'approver_not_found');
  }
  const approverId =
    level.approver === 'manager' ? (facts.managerId ?? facts.departmentHeadId) : facts.departmentHeadId;
  if (!approverId) return passed(level, 'approver_not_found');
  if (approverId === facts.requestorId) return passed(level, 'approver_is_requestor');
  if (facts.approvedBy.includes(approverId)) return passed(level, 'already_approved');
  return { level: level.level, title: level.title, kind: 'person', approverId };
}

/** Where routing stands after submission, an approval or a resubmission. */
export interface RouteStep {
  /** Levels passed on the way, in order, to be recorded with their comments. */
  passed: Extract<LevelOutcome, { kind: 'passed' }>[];
  /**
   * The level to open next, or null: every applicable level is done and the requisition is approved
   * (only when someone other than the requestor approved it; see `noApprover`).
   */
  next: Exclude<LevelOutcome, { kind: 'passed' }> | null;
  /**
   * True when nobody approved the requisition yet, no level gives it to anyone, and no fallback role
   * has an eligible member: it cannot be approved, and must not be approved without a person.
   */
  noApprover?: true;
}

/**
 * Walks the applicable levels from `fromLevel` (inclusive) upwards: passes every level nobody can
 * decide, and stops at the first that someone can. When every level passed and nobody has approved
 * the requisition (in any round), it goes to the first fallback role with an eligible member (active,
 * holding `approval.act`, not the requestor): an approval always holds a human decision.
 */
export function advance(policy: ApprovalPolicy, facts: RoutingFacts, fromLevel: number): RouteStep {
  const result: RouteStep = { passed: [], next: null };
  for (const level of applicableLevels(policy, facts.total)) {
    if (level.level < fromLevel) continue;
    const outcome = resolveLevel(level, facts);
    if (outcome.kind === 'passed') {
      result.passed.push(outcome);
      continue;
    }
    result.next = outcome;
    return result;
  }
  if (facts.approvedBy.length > 0) return result;
  for (const roleName of fallbackRoles(policy)) {
    const members = (facts.groups[roleName] ?? []).filter(
      (id) => id !== facts.requestorId && !facts.approvedBy.includes(id),
    );
    if (members.length === 0) continue;
    const last = result.passed.at(-1);
    if (last) last.comment = fallbackPassComment(last.reason, roleName);
    result.next = {
      level: last?.level ?? Math.max(1, fromLevel),
      title: FALLBACK_TITLE,
      kind: 'group',
      roleName,
      members,
      fallback: true,
    };
    return result;
  }
  result.noApprover = true;
  return result;
}

/** The outcome of a submission: approved at once (auto-approval), or the route from level 1. */
export type SubmissionRoute = { autoApproved: true } | ({ autoApproved: false } & RouteStep);

/** Routes a (re)submission; a resubmission restarts at the level that asked for information. */
export function routeSubmission(
  policy: ApprovalPolicy,
  facts: RoutingFacts,
  restartAtLevel = 1,
): SubmissionRoute {
  if (policy.auto_approve_below > 0 && facts.total < policy.auto_approve_below) return { autoApproved: true };
  return { autoApproved: false, ...advance(policy, facts, restartAtLevel) };
}

/** An open step as far as deciding it matters. */
export interface OpenStep {
  approval_level: number;
  approverId: string | null;
  /** For a step open to a group: the role and its current eligible members. */
  group: { roleName: string; members: readonly string[] } | null;
}

/** The actions an approver can take (document 1 §4). */
export type ApprovalAction = 'approve' | 'reject' | 'request_info' | 'delegate';

/** Why an actor may not act, or null when they may. */
export type ActionRefusal =
  | 'own_requisition'
  | 'already_decided'
  | 'not_your_step'
  | 'comment_required'
  | 'delegate_required'
  | 'delegate_is_actor'
  | 'delegate_is_requestor'
  | 'delegate_already_decided'
  | 'delegate_not_eligible';

/** Messages for each refusal, for the API's error bodies. */
export const REFUSAL_MESSAGES: Record<ActionRefusal, string> = {
  own_requisition: 'You cannot approve your own requisition',
  already_decided:
    'You already approved this requisition at another level; someone else must decide this one.',
  not_your_step: "You don't have a pending approval for this requisition.",
  comment_required: 'Comments are required to reject or request information',
  delegate_required: 'Choose a user to delegate to',
  delegate_is_actor: 'You cannot delegate to yourself',
  delegate_is_requestor: 'You cannot delegate to the requestor',
  delegate_already_decided:
    'You cannot delegate to someone who already approved this requisition at another level',
  delegate_not_eligible: 'The delegate must be an active member who can approve requisitions',
};

/** Checks an approval action against DECISIONS §4; answers the first rule it breaks, or null. */
export function checkAction(input: {
  action: ApprovalAction;
  actorId: string;
  requestorId: string;
  step: OpenStep;
  comments?: string | null;
  delegateToUserId?: string | null;
  /** Active members of the organisation who hold `approval.act`. */
  eligibleDelegates?: readonly string[];
  /** Users who already approved a level of this requisition: nobody decides two levels. */
  decidedBy?: readonly string[];
}): ActionRefusal | null {
  const { action, actorId, requestorId, step } = input;
  const decidedBy = input.decidedBy ?? [];
  if (actorId === requestorId) return 'own_requisition';
  const mayAct = step.approverId === actorId || (step.group?.members.includes(actorId) ?? false);
  if (!mayAct) return 'not_your_step';
  if (decidedBy.includes(actorId)) return 'already_decided';
  if ((action === 'reject' || action === 'request_info') && !input.comments?.trim())
    return 'comment_required';
  if (action === 'delegate') {
    const delegate = input.delegateToUserId;
    if (!delegate) return 'delegate_required';
    if (delegate === actorId) return 'delegate_is_actor';
    if (delegate === requestorId) return 'delegate_is_requestor';
    if (decidedBy.includes(delegate)) return 'delegate_already_decided';
    if (!(input.eligibleDelegates ?? []).includes(delegate)) return 'delegate_not_eligible';
  }
  return null;
}
