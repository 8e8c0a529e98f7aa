import type { Transaction } from 'sequelize';
import { execute, select, selectOne } from '../../db-query.js';
import type { Db } from '../../http/context.js';
import { startPeriodicJob } from '../../lib/periodic.js';
import { linkTo } from '../mail/links.js';
import { enqueueMail, type OutgoingMail } from '../mail/mailer.js';
import { escapeHtml } from '../mail/templates.js';

/**
 * The daily digest (docs/decisions.md "The bell"): once per UTC day, each member who chose it gets one
 * mail listing their notifications of the last 24 hours still unread, with links to the app built on
 * the configured public URL (never a request header). Like the out-of-office job it runs on a timer
 * in the API process with the plain handle (every organisation), claims one member's preferences at a
 * time `FOR UPDATE SKIP LOCKED` and records the day (`digest_sent_on`) in the transaction that queues
 * the mail: a restart, a second pass or a second instance never sends the same day twice. A member
 * with nothing unread that day is marked done without a mail.
 */

export interface DigestPassReport {
  /** Members handled for the day. */
  members: number;
  /** Digests queued. */
  mailed: number;
}

export interface DigestJobOptions {
  /** The configured public URL of the app, for the links. */
  linkBase: string;
  /** Milliseconds between passes (default ten minutes). */
  intervalMs?: number;
  /** The clock (default the machine's). */
  now?: () => Date;
  log?: (line: string) => void;
}

interface Claimed {
  organization_id: string;
  user_id: string;
  email: string;
  first_name: string;
  organization_name: string;
}

interface Item {
  message: string;
  subject_type: 'requisition' | 'purchase_order';
  subject_id: string;
}

/** The app's page of a notification's subject. */
export function subjectPath(item: Pick<Item, 'subject_type' | 'subject_id'>): string {
  return item.subject_type === 'purchase_order'
    ? `/purchase-orders/${item.subject_id}`
    : `/requisitions/${item.subject_id}`;
}

/** The digest mail of a member's unread notifications. */
export function digestMail(
  person: Pick<Claimed, 'email' | 'first_name' | 'organization_name'>,
  items: readonly Item[],
  linkBase: string,
): OutgoingMail {
  const count = items.length === 1 ? '1 unread notification' : `${items.length} unread notifications`;
  const intro = `You have ${count} from the last day in ${person.organization_name}.`;
  const all = linkTo(linkBase, '/notifications');
  const settings = linkTo(linkBase, '/settings/notifications');
  const lines = items.map((item) => ({ text: item.message, href: linkTo(linkBase, subjectPath(item)) }));
  const text = [
    `Hello ${person.first_name},`,
    intro,
    lines.map((line) => `- ${line.text}\n  ${line.href}`).join('\n'),
    `All notifications: ${all}`,
    `Stop this digest: ${settings}`,
  ].join('\n\n');
  const html = `<!doctype html>
<html><body style="font-family:Arial,sans-serif;line-height:1.5">
<p>${escapeHtml(`Hello ${person.first_name},`)}</p>
<p>${escapeHtml(intro)}</p>
<ul>${lines.map((line) => `<li><a href="${escapeHtml(line.href)}">${escapeHtml(line.text)}</a></li>`).join('')}</ul>
<p><a href="${escapeHtml(all)}">All notifications</a> · <a href="${escapeHtml(settings)}">Notification settings</a></p>
</body></html>`;
  return { to: person.email, subject: `Your daily summary: ${count}`, text: `${text}\n`, html };
}

const day = (now: Date) => now.toISOString().slice(0, 10);

async function digestOne(
  db: Db,
  now: Date,
  linkBase: string,
  transaction: Transaction,
): Promise<boolean | null> {
  const person = await selectOne<Claimed>(
    db,
    `SELECT p.organization_id::text AS organization_id, p.user_id::text AS user_id, u.email, u.first_name,
            o.name AS organization_name
       FROM notification_preferences p
       JOIN users u ON u.id = p.user_id
       JOIN organizations o ON o.id = p.organization_id
      WHERE p.daily_digest AND (p.digest_sent_on IS NULL OR p.digest_sent_on < $1::date)
      ORDER BY p.organization_id, p.user_id LIMIT 1
        FOR UPDATE OF p SKIP LOCKED`,
    [day(now)],
    transaction,
  );
  if (!person) return null;
  const items = await select<Item>(
    db,
    `SELECT n.message, n.subject_type, n.subject_id::text AS subject_id FROM notifications n
      WHERE n.organization_id = $1 AND n.user_id = $2 AND n.read_at IS NULL
        AND n.created_at > $3::timestamptz - interval '1 day' AND n.created_at <= $3::timestamptz
        AND EXISTS (SELECT 1 FROM users u JOIN user_organizations m ON m.user_id = u.id
                     WHERE u.id = $2 AND u.is_active AND m.organization_id = $1 AND m.is_active)
      ORDER BY n.created_at DESC, n.id DESC LIMIT 50`,
    [person.organization_id, person.user_id, now],
    transaction,
  );
  if (items.length > 0) await enqueueMail(db, digestMail(person, items, linkBase), transaction);
  await execute(
    db,
    `UPDATE notification_preferences SET digest_sent_on = $3::date WHERE organization_id = $1 AND user_id = $2`,
    [person.organization_id, person.user_id, day(now)],
    transaction,
  );
  return items.length > 0;
}

/** One pass at `now`: every member with the digest on not yet handled on `now`'s UTC day. */
export async function runDigestPass(db: Db, now: Date, linkBase: string): Promise<DigestPassReport> {
  const report: DigestPassReport = { members: 0, mailed: 0 };
  for (;;) {
    const outcome = await db.sequelize.transaction((transaction) =>
      digestOne(db, now, linkBase, transaction),
    );
    if (outcome === null) break;
    report.members += 1;
    if (outcome) report.mailed += 1;
  }
  return report;
}

/** Starts the periodic digest job; `stop` waits for a pass under way. */
export function startDigestJob(db: Db, options: DigestJobOptions) {
  const now = options.now ?? (() => new Date());
  return startPeriodicJob({
    name: 'digest',
    intervalMs: options.intervalMs ?? 600_000,
    pass: () => runDigestPass(db, now(), options.linkBase),
    log: options.log ?? ((line: string) => console.info(line)),
  });
}
