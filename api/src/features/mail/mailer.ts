import nodemailer, { type Transporter } from 'nodemailer';
import type { Transaction } from 'sequelize';
import type { Config } from '../../config.js';
import { select, selectOne } from '../../db-query.js';
import type { Db } from '../../http/context.js';
import { type PeriodicJob, startPeriodicJob } from '../../lib/periodic.js';

/** A mail to send. `to` is one address; attachments travel base64-encoded in the outbox. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; content: Buffer }[];
  /**
   * Set when the body carries a secret (a single-use link): how many minutes the secret stays valid.
   * Such a body is redacted once delivered over SMTP, or, without SMTP, once the secret has expired,
   * and it is never written to the log.
   */
  secretValidMinutes?: number;
}

/** What a redacted body says instead of the secret it held. */
export const REDACTED_BODY =
  '[redacted: this mail held a single-use link, removed once delivered or expired]';

/** How an attachment is kept in `email_outbox.attachments`. */
interface StoredAttachment {
  filename: string;
  content_type: string;
  content_base64: string;
}

/**
 * Queues a mail in `email_outbox`. Pass the caller's transaction so that the mail exists only if the
 * change that caused it commits: a rolled-back change sends nothing. The dispatcher delivers it
 * after commit.
 */
export async function enqueueMail(
  db: Db,
  mail: OutgoingMail,
  transaction?: Transaction,
): Promise<{ id: string }> {
  const attachments: StoredAttachment[] = (mail.attachments ?? []).map((attachment) => ({
    filename: attachment.filename,
    content_type: attachment.contentType,
    content_base64: attachment.content.toString('base64'),
  }));
  const row = await selectOne<{ id: string }>(
    db,
    `INSERT INTO email_outbox (to_address, subject, text_body, html_body, attachments, secret_expires_at)
     VALUES ($1, $2, $3, $4, $5::jsonb,
             CASE WHEN $6::int IS NULL THEN NULL ELSE now() + make_interval(mins => $6::int) END)
     RETURNING id`,
    [
      mail.to.trim(),
      mail.subject,
      mail.text,
      mail.html ?? null,
      JSON.stringify(attachments),
      mail.secretValidMinutes ?? null,
    ],
    transaction,
  );
  if (!row) throw new Error('email_outbox insert returned no row');
  return { id: row.id };
}

/** A running dispatcher. */
export interface MailDispatcher {
  /** Stops polling, waits for the pass under way and closes the SMTP connection. */
  stop(): Promise<void>;
  /** Delivers what is due now (also what the timer does); answers what happened. */
  runOnce(): Promise<DeliveryReport>;
}

/** Outcome of one dispatcher pass. */
export interface DeliveryReport {
  sent: number;
  logged: number;
  retried: number;
  failed: number;
}

/** Options mostly for tests and embedding: a ready transport, a logger, the lease. */
export interface DispatcherOptions {
  /** Overrides the transport built from `config.mail.smtp` (`null`: no SMTP, log only). */
  transport?: Transporter | null;
  /** Where the one-line notes go (console.info by default). */
  log?: (line: string) => void;
  /** How long a claimed mail is this dispatcher's alone ({@link LEASE_SECONDS} by default). */
  leaseSeconds?: number;
}

interface DueMail {
  id: string;
  /** Proves the claim: the mail is marked done only while it still carries this token. */
  lease_token: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  attachments: StoredAttachment[];
  /** Attempts including this one. */
  attempts: number;
  /** When the secret of the body expires; null: the body holds none. */
  secret_expires_at: Date | null;
}

/**
 * A claimed mail (`sending`) is not claimed again by another dispatcher, in this process or another
 * instance, for this long. It must outlast one SMTP exchange, which {@link SMTP_TIMEOUTS} bound to
 * less; a dispatcher that died while sending leaves the mail `sending`, and it is claimed again (and
 * sent, once) when the lease has run out.
 */
export const LEASE_SECONDS = 300;

/** nodemailer's timeouts (ms), well inside {@link LEASE_SECONDS}: its default socket timeout is 10 minutes. */
export const SMTP_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/** Seconds to wait before the next attempt after `attempts` failed ones: 30 s doubling, at most 1 h. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** Builds the nodemailer SMTP transport of the configuration, or `null` when SMTP is not configured. */
export function createSmtpTransport(mail: Config['mail']): Transporter | null {
  const smtp = mail.smtp;
  if (!smtp) return null;
  if ('url' in smtp) return nodemailer.createTransport({ url: smtp.url, ...SMTP_TIMEOUTS });
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...SMTP_TIMEOUTS,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.pass ?? '' } } : {}),
  });
}

/**
 * Claims the next due mail: a pending one whose time has come, or one left `sending` by a dispatcher
 * whose lease ran out (it died mid-send). One committed statement marks it `sending` with a fresh
 * lease token, so two dispatchers never hold the same mail, and the claim outlives the SMTP call.
 * Answers null when nothing is due.
 */
export async function claimNextMail(db: Db, leaseSeconds = LEASE_SECONDS): Promise<DueMail | null> {
  return selectOne<DueMail>(
    db,
    `UPDATE email_outbox
        SET status = 'sending', lease_token = gen_random_uuid(), attempts = attempts + 1,
            next_attempt_at = now() + make_interval(secs => $1)
      WHERE id = (
        SELECT id FROM email_outbox
         WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
         ORDER BY next_attempt_at, created_at
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
      RETURNING id, lease_token, to_address, subject, text_body, html_body, attachments, attempts,
                secret_expires_at`,
    [leaseSeconds],
  );
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 1000);
}

/**
 * Blanks the bodies of secret-bearing mails whose secret has expired (whatever their status: an
 * expired link is of no use to anyone), and gives up on those still pending. Answers how many.
 */
export async function redactExpiredSecrets(db: Db): Promise<number> {
  const rows = await select<{ id: string }>(
    db,
    `UPDATE email_outbox
        SET text_body = $1, html_body = NULL, redacted_at = now(),
            status = CASE WHEN status IN ('pending', 'sending') THEN 'failed' ELSE status END,
            lease_token = NULL,
            error = CASE WHEN status IN ('pending', 'sending') THEN 'the link expired before the mail could be delivered'
                         ELSE error END
      WHERE secret_expires_at <= now() AND redacted_at IS NULL
        -- A mail being sent right now (a live claim) is left to its dispatcher.
        AND NOT (status = 'sending' AND next_attempt_at > now())
      RETURNING id`,
    [REDACTED_BODY],
  );
  return rows.length;
}

/** SMTP 5xx answers are permanent: retrying the same mail cannot succeed. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Delivers due mail from `email_outbox`, polling every `config.mail.pollIntervalMs`. With SMTP
 * configured (SMTP_URL or SMTP_HOST…), each mail is sent with nodemailer and marked `sent`; a failed
 * attempt is retried with a doubling delay and marked `failed` after `config.mail.maxAttempts`
 * attempts or a permanent (5xx) refusal. Without SMTP each mail is marked `logged` and noted in the
 * log: recipient and subject only, plus, in development, the text body of a mail without a secret.
 * A secret-bearing mail (a single-use link) is redacted once sent; without SMTP it stays readable
 * in `email_outbox` (where a developer or the end-to-end tests follow its link) until its secret
 * expires, then every pass redacts it. Its body never reaches the log.
 */
export function startMailDispatcher(
  db: Db,
  config: Pick<Config, 'env' | 'mail'>,
  options: DispatcherOptions = {},
): MailDispatcher {
  const transport = options.transport !== undefined ? options.transport : createSmtpTransport(config.mail);
  const log = options.log ?? ((line: string) => console.info(line));
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;

  /** Settles a claimed mail, only while the claim is still ours; answers whether it was. */
  async function settle(mail: DueMail, assignments: string, parameters: unknown[]): Promise<boolean> {
    const row = await selectOne<{ id: string }>(
      db,
      `UPDATE email_outbox SET ${assignments}, lease_token = NULL
        WHERE id = $1 AND lease_token = $2 AND status = 'sending'
        RETURNING id`,
      [mail.id, mail.lease_token, ...parameters],
    );
    if (!row)
      log(`[mail] lost the claim on mail ${mail.id} (its lease ran out): left to the dispatcher holding it`);
    return row !== null;
  }

  async function deliver(mail: DueMail, report: DeliveryReport): Promise<void> {
    const { attempts } = mail;
    if (!transport) {
      await settle(mail, `status = 'logged', error = NULL`, []);
      log(`[mail] not sent (no SMTP configured): to ${mail.to_address}, subject "${mail.subject}"`);
      if (mail.secret_expires_at) {
        log(
          `[mail] it holds a single-use link: read it in email_outbox (id ${mail.id}) until ${new Date(mail.secret_expires_at).toISOString()}`,
        );
      } else if (config.env === 'development') {
        log(mail.text_body);
      }
      report.logged += 1;
      return;
    }
    if (attempts > config.mail.maxAttempts) {
      // Claimed again after its last allowed attempt died with its dispatcher: give up rather than loop.
      await settle(mail, `status = 'failed', error = $3`, ['the dispatcher stopped while sending it']);
      report.failed += 1;
      return;
    }
    try {
      await transport.sendMail({
        from: config.mail.from,
        to: mail.to_address,
        subject: mail.subject,
        text: mail.text_body,
        ...(mail.html_body ? { html: mail.html_body } : {}),
        attachments: mail.attachments.map((attachment) => ({
          filename: attachment.filename,
          contentType: attachment.content_type,
          content: Buffer.from(attachment.content_base64, 'base64'),
        })),
      });
      await settle(
        mail,
        `status = 'sent', sent_at = now(), error = NULL,
         text_body = CASE WHEN secret_expires_at IS NULL THEN text_body ELSE $3 END,
         html_body = CASE WHEN secret_expires_at IS NULL THEN html_body END,
         redacted_at = CASE WHEN secret_expires_at IS NULL THEN NULL ELSE now() END`,
        [REDACTED_BODY],
      );
      report.sent += 1;
    } catch (error) {
      const final = attempts >= config.mail.maxAttempts || isPermanent(error);
      await settle(mail, `status = $3, error = $4, next_attempt_at = now() + make_interval(secs => $5)`, [
        final ? 'failed' : 'pending',
        errorText(error),
        retryDelaySeconds(attempts),
      ]);
      log(
        `[mail] ${final ? 'gave up on' : 'will retry'} mail to ${mail.to_address} (attempt ${attempts}): ${errorText(error)}`,
      );
      if (final) report.failed += 1;
      else report.retried += 1;
    }
  }

  async function pass(job: PeriodicJob<DeliveryReport>): Promise<DeliveryReport> {
    const report: DeliveryReport = { sent: 0, logged: 0, retried: 0, failed: 0 };
    await redactExpiredSecrets(db);
    // One mail per claim: each lease covers a single SMTP exchange, never a queue of them.
    for (;;) {
      const mail = await claimNextMail(db, leaseSeconds);
      if (!mail) return report;
      await deliver(mail, report);
      if (job.stopped) return report;
    }
  }

  const job = startPeriodicJob({ name: 'mail', intervalMs: config.mail.pollIntervalMs, pass, log });
  return {
    runOnce: job.runOnce,
    async stop() {
      await job.stop();
      transport?.close();
    },
  };
}
