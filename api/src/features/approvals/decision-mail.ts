import type { Transaction } from 'sequelize';
import type { Config } from '../../config.js';
import { execute, select } from '../../db-query.js';
import type { Db } from '../../http/context.js';
import { hashToken, newRefreshToken } from '../auth/tokens.js';
import { linkTo, publicBaseUrl } from '../mail/links.js';
import { enqueueMail } from '../mail/mailer.js';
import { decisionRequestMail } from '../mail/templates.js';
import { claimMail } from '../notifications/notification-mail.js';
import { notify, wantingEmail } from '../notifications/notify.js';
import { formatMoney } from '../purchase-orders/po-document.js';

/**
 * Where the Approve and Reject links of an "awaiting your decision" mail lead and how long they
 * live: the configured public URL (never a request header) and `EMAIL_DECISION_LINK_HOURS`.
 */
export interface DecisionMailContext {
  linkBase: string;
  validHours: number;
}

/** The links of the configuration (never of a request header). */
export function decisionMailOf(config: Pick<Config, 'publicUrl' | 'mail'>): DecisionMailContext {
  return { linkBase: publicBaseUrl(config), validHours: config.mail.decisionLinkHours };
}

/** The app's confirmation page of a link (`/email-decision/<token>`); a GET there never decides. */
export const EMAIL_DECISION_PATH = '/email-decision';

/** The link of a decision token. */
export function emailDecisionLink(base: string, token: string): string {
  return linkTo(base, `${EMAIL_DECISION_PATH}/${encodeURIComponent(token)}`);
}

interface Recipient {
  step_id: string;
  level_title: string;
  user_id: string;
  email: string;
  first_name: string;
  requisition_number: string;
  justification: string | null;
  total_amount: string;
  currency: string;
  requestor_name: string;
}

/**
 * Queues an "awaiting your decision" mail, with its own single-use Approve and Reject links, to each
 * person who can decide the open step of requisition `requisitionId`'s latest round: its approver,
 * or each eligible member of its group (active holders of the role with `approval.act`, except the
 * requestor and whoever approved a level of it already; DECISIONS §4). Only the tokens' SHA-256
 * hashes are stored. Each of them also gets a notification in the bell (`kind`: the step awaits
 * them, was delegated to them, or was escalated to them when overdue) if they keep that kind in the
 * app, and the mail only if they keep it by email: this decision mail is the kind's only mail (no
 * plain notification mail besides it), once per person, kind and requisition in the transaction.
 * Inside the caller's transaction: a rolled-back decision sends nothing. Without `mail` (a caller
 * with no link base, such as a script) no mail is sent; the notifications are written all the same.
 * `stepIds` limits it to those open steps: a hand-over (a delegation, an out-of-office move) asks only
 * the new holder, never the other members of a committee who were asked when their seats opened.
 */
export async function mailOpenStep(
  db: Db,
  organizationId: string,
  requisitionId: string,
  mail: DecisionMailContext | undefined,
  transaction: Transaction,
  kind: 'approval_requested' | 'step_delegated' | 'escalation' = 'approval_requested',
  stepIds: readonly string[] | null = null,
): Promise<number> {
  const recipients = await select<Recipient>(
    db,
    `WITH step AS (
       SELECT s.id, s.level_title, s.approver_id, s.approver_role_name FROM approval_steps s
        WHERE s.requisition_id = $1 AND s.organization_id = $2 AND s.action IS NULL
          AND ($3::uuid[] IS NULL OR s.id = ANY($3::uuid[]))
          AND s.round = (SELECT max(x.round) FROM approval_steps x
                          WHERE x.requisition_id = $1 AND x.organization_id = $2)
     ), req AS (
       SELECT r.requisition_number, r.justification, r.total_amount::text AS total_amount, r.currency,
              r.requestor_id, concat_ws(' ', q.first_name, q.last_name) AS requestor_name
         FROM requisitions r JOIN users q ON q.id = r.requestor_id
        WHERE r.id = $1 AND r.organization_id = $2
     )
     SELECT step.id::text AS step_id, step.level_title, u.id::text AS user_id, u.email, u.first_name,
            req.requisition_number, req.justification, req.total_amount, req.currency, req.requestor_name
       FROM step CROSS JOIN req
       JOIN users u ON u.is_active AND u.id <> req.requestor_id
        AND (u.id = step.approver_id
             OR (step.approver_id IS NULL AND EXISTS (
                   SELECT 1 FROM user_organizations m
                     JOIN roles ro ON ro.id = m.role_id AND ro.organization_id = $2
                     JOIN role_permissions rp ON rp.role_id = ro.id AND rp.organization_id = $2
                     JOIN permissions p ON p.id = rp.permission_id AND p.name = 'approval.act'
                    WHERE m.user_id = u.id AND m.organization_id = $2 AND m.is_active
                      AND ro.name = step.approver_role_name)))
      WHERE NOT EXISTS (SELECT 1 FROM approval_steps a
                         WHERE a.requisition_id = $1 AND a.organization_id = $2 AND a.action = 'approve' AND a.superseded_at IS NULL
                           AND COALESCE(a.actioned_by_id, a.approver_id) = u.id)
      ORDER BY u.email`,
    [requisitionId, organizationId, stepIds ? `{${stepIds.join(',')}}` : null],
    transaction,
  );
  const first = recipients[0];
  if (first) {
    const message =
      kind === 'step_delegated'
        ? `${first.requisition_number} from ${first.requestor_name} was delegated to you (${first.level_title}).`
        : kind === 'escalation'
          ? `${first.requisition_number} from ${first.requestor_name} is overdue and was escalated to you (${first.level_title}).`
          : `${first.requisition_number} from ${first.requestor_name} awaits your decision (${first.level_title}).`;
    await notify(
      db,
      { organizationId, kind, message, subjectType: 'requisition', subjectId: requisitionId, requisitionId },
      recipients.map((person) => person.user_id),
      transaction,
    );
  }
  if (!mail) return 0;
  const mailed = await wantingEmail(
    db,
    organizationId,
    kind,
    recipients.map((person) => person.user_id),
    transaction,
  );
  let sent = 0;
  for (const person of recipients) {
    // Once per person, kind and record in the event's transaction, as the other mails.
    if (!mailed.has(person.user_id) || !claimMail(transaction, person.user_id, kind, requisitionId)) continue;
    const links: Record<'approve' | 'reject', string> = { approve: '', reject: '' };
    for (const action of ['approve', 'reject'] as const) {
      const { token } = newRefreshToken();
      await execute(
        db,
        `INSERT INTO email_decision_tokens (organization_id, token_hash, requisition_id, step_id, approver_id,
                                            action, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(hours => $7))`,
        [
          organizationId,
          hashToken(token),
          requisitionId,
          person.step_id,
          person.user_id,
          action,
          mail.validHours,
        ],
        transaction,
      );
      links[action] = emailDecisionLink(mail.linkBase, token);
    }
    await enqueueMail(
      db,
      decisionRequestMail({
        to: person.email,
        firstName: person.first_name,
        requestorName: person.requestor_name,
        requisitionNumber: person.requisition_number,
        justification: person.justification,
        amount: formatMoney(Number(person.total_amount), person.currency),
        levelTitle: person.level_title,
        approveLink: links.approve,
        rejectLink: links.reject,
        validHours: mail.validHours,
      }),
      transaction,
    );
    sent += 1;
  }
  return sent;
}
