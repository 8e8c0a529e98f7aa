/**
 * Typed MSW handlers for the Approval Policy screen: one `createApprovalPolicyApi()` keeps its own
 * versions, so a save shows as the new current version and in the history. A save from an older
 * version answers 409 naming `version`; a level named 'Bad' answers 400 naming its title, as the
 * server names fields.
 */
import type { Schemas } from '@purchasing/api-client';
import { delay, HttpResponse } from 'msw';
import { http } from './handlers';

type Document = Schemas['ApprovalPolicyDocument'];
type Policy = Schemas['ApprovalPolicy'];

const id = (n: number) => `00000000-0000-4000-8000-${String(9000 + n).padStart(12, '0')}`;

/** Approvers a policy may name. */
export const policyApprovers = [
  { id: id(1), first_name: 'Mia', last_name: 'Manager' },
  { id: id(2), first_name: 'Fay', last_name: 'Finance' },
  { id: id(3), first_name: 'Bo', last_name: 'Board' },
];

/** The organisation's roles. */
export const policyRoles: Schemas['ApprovalPolicyChoices']['roles'] = [
  { name: 'Board Member', approves: true },
  { name: 'Finance Manager', approves: true },
  { name: 'Super Admin', approves: true },
  { name: 'User', approves: false },
];

/** The default policy with due times on the first level. */
export function defaultPolicy(): Policy {
  return {
    auto_approve_below: 0,
    fallback_approver_roles: ['Finance Manager', 'Super Admin'],
    levels: [
      { level: 1, title: 'Manager Approval', min_total: 0, approver: 'manager', due_in_working_days: 2 },
      { level: 2, title: 'Department Head Approval', min_total: 5000, approver: 'department_head' },
      { level: 3, title: 'Finance Manager Approval', min_total: 25000, approver: 'finance_manager' },
      { level: 4, title: 'General Manager Approval', min_total: 100000, approver: 'general_manager' },
    ],
  };
}

/**
 * An in-memory policy API; `calls` records the bodies of saves and previews. `policy` replaces the
 * first version's policy.
 */
export function createApprovalPolicyApi(options: { stale?: boolean; policy?: Policy } = {}) {
  const versions: Document[] = [
    {
      version: 1,
      policy: options.policy ?? defaultPolicy(),
      saved_at: '2026-11-02T09:00:00.000Z',
      saved_by: null,
    },
  ];
  const calls: { method: string; body: unknown }[] = [];
  const current = () => versions.at(-1) as Document;
  const answer = () => ({
    approval_policy: current(),
    choices: {
      roles: policyRoles,
      approvers: policyApprovers,
      members: [...policyApprovers, { id: id(4), first_name: 'Uma', last_name: 'Patel' }],
    },
  });
  const handlers = [
    http.get('/organizations/{id}/approval-policy', () => HttpResponse.json(answer())),
    http.get('/organizations/{id}/approval-policy/versions', () =>
      HttpResponse.json({ versions: [...versions].reverse() }),
    ),
    http.put('/organizations/{id}/approval-policy', async ({ request }) => {
      const body = await request.json();
      calls.push({ method: 'PUT', body });
      if (options.stale || body.version !== current().version) {
        const message =
          'Someone else changed the approval policy since you opened it. Reload to see their changes.';
        return HttpResponse.json(
          { message, code: 'CONFLICT', details: [{ field: 'version', message }] },
          { status: 409 },
        );
      }
      const bad = body.policy.levels.findIndex((level) => level.title === 'Bad');
      if (bad >= 0) {
        const message = 'Another level has this title';
        return HttpResponse.json(
          { message, code: 'VALIDATION_FAILED', details: [{ field: `levels.${bad}.title`, message }] },
          { status: 400 },
        );
      }
      versions.push({
        version: current().version + 1,
        policy: body.policy,
        saved_at: '2026-11-27T10:00:00.000Z',
        saved_by: { id: id(9), first_name: 'Alex', last_name: 'Morgan' },
      });
      return HttpResponse.json(answer());
    }),
    http.post('/organizations/{id}/approval-policy/preview', async ({ request }) => {
      const body = await request.json();
      calls.push({ method: 'POST', body });
      const policy = body.policy ?? current().policy;
      const levels = policy.levels
        .filter((level) => body.amount >= level.min_total)
        .map((level) => ({
          level: level.level,
          title: level.title,
          // A named-users level asks every named user at once (a committee; 1 needed: any one of
          // them), a plain step when one is named.
          outcome:
            level.approver === 'users' && (level.user_ids?.length ?? 0) > 1
              ? ('committee' as const)
              : level.approver === 'users' || level.approver === 'manager'
                ? ('person' as const)
                : ('group' as const),
          required_approvals: level.required_approvals ?? 1,
          approvers:
            level.approver === 'users'
              ? policyApprovers.filter((p) => level.user_ids?.includes(p.id))
              : [policyApprovers[level.approver === 'manager' ? 0 : 1] as (typeof policyApprovers)[number]],
          group:
            level.approver === 'role'
              ? (level.role_name ?? null)
              : level.approver === 'finance_manager'
                ? 'Finance Manager'
                : null,
          comment: null,
          due_in_working_days: level.due_in_working_days ?? null,
        }));
      return HttpResponse.json({
        preview: {
          amount: body.amount,
          requestor: { id: id(9), first_name: 'Alex', last_name: 'Morgan' },
          auto_approved: body.amount < policy.auto_approve_below,
          no_approver: false,
          levels,
        },
      });
    }),
  ];
  return { handlers, calls, versions };
}

/** The policy never arrives (the Loading state). */
export function approvalPolicyPendingHandler() {
  return http.get('/organizations/{id}/approval-policy', async () => {
    await delay('infinite');
    return new HttpResponse(null, { status: 500 });
  });
}
