import type { Transaction } from 'sequelize';
import { select } from '../../db-query.js';
import { type NotificationKind, wantsSql } from '../../domain/notification-kinds.js';
import type { Db } from '../../http/context.js';
import { linkTo } from '../mail/links.js';
import { enqueueMail } from '../mail/mailer.js';
import { notificationMail } from '../mail/templates.js';

/**
 * Where the links of a notification's mail lead: the configured public URL (`config.publicUrl`, never
 * a request header). A caller without one (a script, a test of the bell alone) mails nobody.
 */
export interface NotificationMailContext {
  linkBase: string;
}

/** What the mail of a notification is about. */
export interface MailedNotification {
  organizationId: string;
  kind: NotificationKind;
  message: string;
  subjectType: 'requisition' | 'purchase_order';
  subjectId: string;
  requisitionId: string;
  /** The requisition or order number the subject line names. */
  reference: string;
}

/**
 * Who has been mailed what in a transaction: `user:kind:record`. One event is one transaction, and
 * nobody gets two mails of one kind about one record from it (the bell's rule, docs/decisions.md
 * "The bell"), whichever way the event reaches them. Kept per root transaction, forgotten with it.
 */
const mailedIn = new WeakMap<object, Set<string>>();

/**
 * Claims the mail of `kind` about `subjectId` for `userId` in `transaction`: true the first time,
 * false after. Also used by the decision mail.
 */
export function claimMail(
  transaction: Transaction,
  userId: string,
  kind: NotificationKind,
  subjectId: string,
): boolean {
  const root = (transaction as Transaction & { parent?: Transaction }).parent ?? transaction;
  let claimed = mailedIn.get(root);
  if (!claimed) {
    claimed = new Set();
    mailedIn.set(root, claimed);
  }
  const key = `${userId}:${kind}:${subjectId}`;
  if (claimed.has(key)) return false;
  claimed.add(key);
  return true;
}

/** The subject line of a kind's mail. */
export function notificationSubject(kind: NotificationKind, reference: string): string {
  switch (kind) {
    case 'approval_requested':
      return `Awaiting your decision: ${reference}`;
    case 'step_delegated':
      return `Delegated to you: ${reference}`;
    case 'requisition_approved':
      return `Requisition ${reference} approved`;
    case 'requisition_rejected':
      return `Requisition ${reference} rejected`;
    case 'requisition_info_requested':
      return `More information requested: ${reference}`;
    case 'order_received':
      return `Order ${reference} received`;
    case 'reminder':
      return `Reminder: ${reference} is due`;
    case 'escalation':
      return `Overdue: ${reference}`;
  }
}

/**
 * Where a notification's mail leads, as the bell does (`notificationHref` of the screens): the
 * approval review for a step to decide (a reminder), else the record's page.
 */
export function notificationLink(
  input: Pick<MailedNotification, 'kind' | 'subjectType' | 'subjectId' | 'requisitionId'>,
): { path: string; label: string } {
  if (input.kind === 'approval_requested' || input.kind === 'step_delegated' || input.kind === 'reminder')
    return { path: `/approvals/${input.requisitionId}`, label: 'Review and decide' };
  if (input.subjectType === 'purchase_order')
    return { path: `/purchase-orders/${input.subjectId}`, label: 'Open the order' };
  return { path: `/requisitions/${input.subjectId}`, label: 'Open the requisition' };
}

/**
 * Queues, inside the caller's transaction, the mail of a notification to each of `userIds` who keeps
 * its kind by email (the default) and can sign in to the organisation (an active account and
 * membership), once per person, kind and record in the transaction. Independent of the bell: a member
 * who turned the app off for the kind still gets the mail. Answers the recipients mailed.
 */
export async function mailNotification(
  db: Db,
  input: MailedNotification,
  userIds: readonly string[],
  mail: NotificationMailContext,
  transaction: Transaction,
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const people = await select<{ id: string; email: string; first_name: string }>(
    db,
    `SELECT u.id::text AS id, u.email, u.first_name
       FROM unnest($3::uuid[]) AS x(id)
       JOIN users u ON u.id = x.id AND u.is_active
       JOIN user_organizations m ON m.organization_id = $1 AND m.user_id = u.id AND m.is_active
       LEFT JOIN notification_preferences p ON p.organization_id = $1 AND p.user_id = u.id
      WHERE ${wantsSql('email', '$2')}
      ORDER BY u.email`,
    [input.organizationId, input.kind, `{${[...new Set(userIds)].join(',')}}`],
    transaction,
  );
  const link = notificationLink(input);
  const mailed: string[] = [];
  for (const person of people) {
    if (!claimMail(transaction, person.id, input.kind, input.subjectId)) continue;
    await enqueueMail(
      db,
      notificationMail({
        to: person.email,
        firstName: person.first_name,
        subject: notificationSubject(input.kind, input.reference),
        message: input.message,
        link: { href: linkTo(mail.linkBase, link.path), label: link.label },
        settingsLink: linkTo(mail.linkBase, '/settings/notifications'),
      }),
      transaction,
    );
    mailed.push(person.id);
  }
  return mailed;
}
