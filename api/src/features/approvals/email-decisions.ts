import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { validationError } from '../../contract/validation.js';
import { inOrganization } from '../../db/tenant-context.js';
import { execute, selectOne } from '../../db-query.js';
import { Conflict, DomainError, Forbidden } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { countRequest } from '../auth/password-flows.js';
import { hashToken } from '../auth/tokens.js';
import { resolveScope } from '../organizations/scope.service.js';
import { formatDay } from '../purchase-orders/po-document.js';
import { actOnRequisitionIn } from './approvals.service.js';
import { closedSeatOutcome } from './committee-steps.js';
import type { DecisionMailContext } from './decision-mail.js';

export type EmailDecisionView = components['schemas']['EmailDecision'];
type DecisionState = EmailDecisionView['state'];

/** Link checks and decisions allowed per client address per window (like the password links' checks). */
export const EMAIL_DECISION_LIMITS = { perClient: 60, windowMinutes: 15 } as const;

/** Messages of the link's states (own wording; the specification has none). */
export const EMAIL_DECISION_MESSAGES = {
  invalid: 'This link is not valid.',
  expired: 'This link has expired. You can still decide in the app.',
  closed: 'This requisition is no longer awaiting this decision.',
  noLongerApprover: 'You can no longer decide on requisitions of this organisation.',
  commentRequired: 'Say why you reject it.',
} as const;

interface TokenRow {
  id: string;
  organization_id: string;
  requisition_id: string;
  step_id: string;
  approver_id: string;
  action: 'approve' | 'reject';
  expires_at: Date;
  used: boolean;
  expired: boolean;
  requisition_number: string;
  justification: string | null;
  total_amount: string;
  currency: EmailDecisionView['requisition']['currency'];
  status: string;
  requestor_name: string;
  approver_name: string;
  level_title: string;
  step_action: string | null;
  step_approver_id: string | null;
  actioned_at: Date | null;
  actioned_by_name: string | null;
  delegate_name: string | null;
  assignee_name: string | null;
  latest_round: boolean;
  step_round: number;
  step_level: number;
  step_required: number | null;
  /** For a committee seat the others' decision closed: what they decided (a sentence). */
  seat_outcome?: string | null;
}

const NAME = (alias: string) => `concat_ws(' ', ${alias}.first_name, ${alias}.last_name)`;

/** The link of `token` with its requisition, step and what became of them; in a transaction, its row locked. */
function selectTokenRow(db: Db, token: string, transaction?: Transaction): Promise<TokenRow | null> {
  return selectOne<TokenRow>(
    db,
    `SELECT t.id::text AS id, t.organization_id::text AS organization_id, t.requisition_id::text AS requisition_id,
            t.step_id::text AS step_id, t.approver_id::text AS approver_id, t.action, t.expires_at,
            t.used_at IS NOT NULL AS used, t.expires_at <= now() AS expired,
            r.requisition_number, r.justification, r.total_amount::text AS total_amount, r.currency, r.status,
            ${NAME('rq')} AS requestor_name, ${NAME('ap')} AS approver_name, s.level_title,
            s.action AS step_action, s.approver_id::text AS step_approver_id, s.actioned_at,
            s.round AS step_round, s.approval_level AS step_level, s.required_approvals AS step_required,
            ${NAME('ab')} AS actioned_by_name, ${NAME('asg')} AS assignee_name,
            (SELECT ${NAME('d')} FROM approval_steps n JOIN users d ON d.id = n.approver_id
              WHERE n.requisition_id = s.requisition_id AND n.organization_id = s.organization_id
                AND n.round = s.round AND n.approval_level = s.approval_level
                AND n.delegated_from_id = s.actioned_by_id AND n.id <> s.id
              ORDER BY n.created_at DESC LIMIT 1) AS delegate_name,
            s.round = (SELECT max(x.round) FROM approval_steps x
                        WHERE x.requisition_id = s.requisition_id AND x.organization_id = s.organization_id)
              AS latest_round
       FROM email_decision_tokens t
       JOIN requisitions r ON r.id = t.requisition_id AND r.organization_id = t.organization_id
       JOIN users rq ON rq.id = r.requestor_id
       JOIN users ap ON ap.id = t.approver_id
       JOIN approval_steps s ON s.id = t.step_id AND s.organization_id = t.organization_id
       LEFT JOIN users ab ON ab.id = s.actioned_by_id
       LEFT JOIN users asg ON asg.id = s.approver_id
      WHERE t.token_hash = $1
      ${transaction ? 'FOR UPDATE OF t' : ''}`,
    [hashToken(token)],
    transaction,
  );
}

/** What became of the link's step, as a sentence: who decided it how and when; `already` for another way. */
function outcomeMessage(row: TokenRow, already: boolean): string {
  const by = row.actioned_by_name ?? 'someone';
  const on = formatDay(row.actioned_at);
  if (row.step_action === 'delegate')
    return `This step was delegated to ${row.delegate_name ?? 'someone else'}.`;
  if (row.step_action === 'request_info') return `${by} asked for more information on ${on}.`;
  const verb = row.step_action === 'reject' ? 'rejected' : 'approved';
  return already
    ? `Already ${verb} by ${by} on ${on}.`
    : `${verb[0]!.toUpperCase()}${verb.slice(1)} by ${by} on ${on}.`;
}

/**
 * The state of a link, in the order that tells the most: spent (what it did), the step decided
 * another way (who, how, when) or moved to someone else, the requisition no longer awaiting it,
 * expired; otherwise valid.
 */
function stateOf(row: TokenRow): { state: DecisionState; message: string | null } {
  if (row.used) return { state: 'used', message: outcomeMessage(row, false) };
  if (row.step_action === 'delegate') return { state: 'delegated', message: outcomeMessage(row, false) };
  if (row.step_action === 'closed') {
    return { state: 'decided', message: row.seat_outcome ?? EMAIL_DECISION_MESSAGES.closed };
  }
  if (row.step_action) return { state: 'decided', message: outcomeMessage(row, true) };
  if (row.step_approver_id && row.step_approver_id !== row.approver_id) {
    return { state: 'delegated', message: `This step was passed to ${row.assignee_name ?? 'someone else'}.` };
  }
  if (row.status !== 'under_review' || !row.latest_round) {
    return { state: 'closed', message: EMAIL_DECISION_MESSAGES.closed };
  }
  if (row.expired) return { state: 'expired', message: EMAIL_DECISION_MESSAGES.expired };
  return { state: 'valid', message: null };
}

function present(row: TokenRow): EmailDecisionView {
  return {
    action: row.action,
    ...stateOf(row),
    approver_name: row.approver_name,
    level_title: row.level_title,
    expires_at: new Date(row.expires_at).toISOString(),
    requisition: {
      requisition_number: row.requisition_number,
      justification: row.justification,
      total_amount: Number(row.total_amount),
      currency: row.currency,
      requestor_name: row.requestor_name,
    },
  };
}

async function throttle(db: Db, clientAddress: string | undefined): Promise<void> {
  const { perClient, windowMinutes } = EMAIL_DECISION_LIMITS;
  await countRequest(
    db,
    `email-decision:address:${clientAddress ?? 'unknown'}`,
    perClient,
    windowMinutes,
    'decision link requests',
  );
}

async function findOrFail(db: Db, token: string, transaction?: Transaction): Promise<TokenRow> {
  const row = await selectTokenRow(db, token, transaction);
  if (!row) throw new DomainError(404, 'INVALID_TOKEN', EMAIL_DECISION_MESSAGES.invalid);
  if (row.step_action === 'closed') {
    // The link's own seat (a link is bound to its member and seat): what the others decided.
    const seat = {
      round: row.step_round,
      approval_level: row.step_level,
      required_approvals: row.step_required ?? 2,
    };
    row.seat_outcome = await closedSeatOutcome(
      db,
      row.organization_id,
      row.requisition_id,
      seat,
      transaction,
    );
  }
  return row;
}

/** Refuses a link that can no longer decide, saying what happened (409; 410 when only its time ran out). */
function refuseUnlessValid(row: TokenRow): void {
  const { state, message } = stateOf(row);
  if (state === 'valid') return;
  if (state === 'expired')
    throw new DomainError(410, 'TOKEN_EXPIRED', message ?? EMAIL_DECISION_MESSAGES.expired);
  throw new Conflict(message ?? EMAIL_DECISION_MESSAGES.closed);
}

/**
 * What an emailed link is for and its state (`getEmailDecision`): read only, never decides. 404
 * `INVALID_TOKEN` for an unknown token. Throttled per client address, whether or not it exists.
 */
export async function describeEmailDecision(
  db: Db,
  input: { token: string; clientAddress: string | undefined },
): Promise<EmailDecisionView> {
  await throttle(db, input.clientAddress);
  return present(await findOrFail(db, input.token));
}

/**
 * Carries out an emailed link's action (`decideByEmail`) as the approver it was sent to, through
 * {@link actOnRequisitionIn} (the same rules, budget check, routing, audit and mail as deciding in
 * the app), and spends the token, in one transaction of the link's organisation. The requisition
 * and the token are locked first and the link's step must still be the open one; otherwise the
 * answer says what happened (409, or 410 past its time). A rejection needs a comment (400 naming
 * `comment`). The approver must still be an active member allowed to approve (403).
 */
export async function decideByEmail(
  db: Db,
  input: {
    token: string;
    comment?: string | null | undefined;
    clientAddress: string | undefined;
    mail: DecisionMailContext;
  },
): Promise<EmailDecisionView> {
  await throttle(db, input.clientAddress);
  const first = await findOrFail(db, input.token);
  refuseUnlessValid(first);
  const comment = input.comment?.trim() ? input.comment.trim() : null;
  if (first.action === 'reject' && !comment) {
    throw validationError([{ field: 'comment', message: EMAIL_DECISION_MESSAGES.commentRequired }]);
  }
  const scope = await resolveScope(db, first.approver_id, first.organization_id);
  if (!scope?.permissions.has('approval.act')) throw new Forbidden(EMAIL_DECISION_MESSAGES.noLongerApprover);

  const tenant = inOrganization(db, first.organization_id);
  await tenant.sequelize.transaction(async (transaction) => {
    // The requisition first, as actOnRequisition locks it, then the link: no lock-order inversion.
    await execute(
      tenant,
      'SELECT 1 FROM requisitions WHERE id = $1 AND organization_id = $2 FOR UPDATE',
      [first.requisition_id, first.organization_id],
      transaction,
    );
    const row = await findOrFail(tenant, input.token, transaction);
    refuseUnlessValid(row);
    await actOnRequisitionIn(
      tenant,
      { userId: row.approver_id, scope, mail: input.mail },
      row.requisition_id,
      { action: row.action, comments: comment },
      transaction,
    );
    await execute(
      tenant,
      'UPDATE email_decision_tokens SET used_at = now() WHERE id = $1',
      [row.id],
      transaction,
    );
  });
  return present(await findOrFail(db, input.token));
}
