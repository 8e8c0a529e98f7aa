import type { Sequelize } from 'sequelize';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { migrateUp } from '../src/db/migrator.js';
import { createSequelize } from '../src/db/sequelize.js';
import { selectOne } from '../src/db-query.js';
import {
  enqueueMail,
  type MailDispatcher,
  retryDelaySeconds,
  startMailDispatcher,
} from '../src/features/mail/mailer.js';
import type { Db } from '../src/http/context.js';
import { uniqueSuffix } from './factories.js';
import { createDatabase, databaseUrlFor, dropDatabase } from './global-setup.js';
import { startSmtpServer } from './support/smtp-sink.js';

/**
 * The outbox and its dispatcher. The dispatcher delivers every due mail of a database, so these
 * tests run on a scratch database of their own (other test files queue mail in the shared one).
 */

let scratchName: string;
let sequelize: Sequelize;
let db: Db;

beforeAll(async () => {
  scratchName = await createDatabase('mail_test', inject('pgAdminUrl'));
  sequelize = createSequelize(databaseUrlFor(scratchName, inject('pgAdminUrl')), { poolMax: 4 });
  await migrateUp(sequelize);
  db = { sequelize };
});
afterAll(async () => {
  await sequelize?.close();
  if (scratchName) await dropDatabase(scratchName, inject('pgAdminUrl'));
});

interface OutboxRow {
  status: string;
  attempts: number;
  error: string | null;
  sent_at: Date | null;
  due_in_seconds: number;
  to_address: string;
  attachments: { filename: string; content_type: string; content_base64: string }[];
}

const outboxRow = (id: string) =>
  selectOne<OutboxRow>(
    db,
    `SELECT status, attempts, error, sent_at, to_address, attachments,
            EXTRACT(EPOCH FROM (next_attempt_at - now()))::int AS due_in_seconds
       FROM email_outbox WHERE id = $1`,
    [id],
  );

const address = () => `someone-${uniqueSuffix().toLowerCase()}@example.test`;

const dispatchers: MailDispatcher[] = [];
afterEach(async () => {
  while (dispatchers.length) await dispatchers.pop()!.stop();
});

/** A dispatcher that only runs when told (long poll interval), on `env` configuration. */
function dispatcher(env: NodeJS.ProcessEnv, log: string[] = []): MailDispatcher {
  const config = loadConfig({ NODE_ENV: 'test', MAIL_POLL_INTERVAL_MS: '3600000', ...env });
  const started = startMailDispatcher(db, config, { log: (line) => log.push(line) });
  dispatchers.push(started);
  return started;
}

describe('enqueueMail', () => {
  it('queues nothing when the transaction that queued the mail rolls back', async () => {
    const to = address();
    await expect(
      sequelize.transaction(async (transaction) => {
        await enqueueMail(db, { to, subject: 'Rolled back', text: 'Never sent' }, transaction);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const row = await selectOne(db, 'SELECT id FROM email_outbox WHERE to_address = $1', [to]);
    expect(row).toBeNull();
  });

  it('keeps a committed mail pending with its attachments base64-encoded', async () => {
    const to = address();
    const { id } = await sequelize.transaction((transaction) =>
      enqueueMail(
        db,
        {
          to,
          subject: 'Purchase order PO-2026-00001',
          text: 'Please find the order attached.',
          attachments: [
            {
              filename: 'PO-2026-00001.pdf',
              contentType: 'application/pdf',
              content: Buffer.from('%PDF-1.4'),
            },
          ],
        },
        transaction,
      ),
    );
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 0, to_address: to });
    expect(row!.attachments).toEqual([
      {
        filename: 'PO-2026-00001.pdf',
        content_type: 'application/pdf',
        content_base64: Buffer.from('%PDF-1.4').toString('base64'),
      },
    ]);
  });
});

describe('startMailDispatcher', () => {
  it('delivers pending mail to the configured SMTP server (with authentication) and marks it sent', async () => {
    const smtp = await startSmtpServer({
      allowInsecureAuth: true,
      authOptional: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'mailer' && auth.password === 'secret-pass')
          callback(null, { user: auth.username });
        else callback(new Error('Invalid username or password'));
      },
    });
    try {
      const to = address();
      const { id } = await enqueueMail(db, {
        to,
        subject: 'Purchase order PO-2026-00042',
        text: 'Please find the order attached.',
        html: '<p>Please find the order attached.</p>',
        attachments: [
          {
            filename: 'PO-2026-00042.pdf',
            contentType: 'application/pdf',
            content: Buffer.from('%PDF-1.4 test'),
          },
        ],
      });
      const report = await dispatcher({
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_SECURE: 'false',
        SMTP_USER: 'mailer',
        SMTP_PASS: 'secret-pass',
        MAIL_FROM: 'Purchasing <purchasing@acme.example>',
      }).runOnce();

      expect(report.sent).toBeGreaterThanOrEqual(1);
      const mail = smtp.received.find((m) => m.to.includes(to));
      expect(mail).toBeDefined();
      expect(mail!.from).toBe('purchasing@acme.example');
      expect(mail!.user).toBe('mailer');
      expect(mail!.raw).toContain('Subject: Purchase order PO-2026-00042');
      expect(mail!.raw).toContain('filename=PO-2026-00042.pdf');
      expect(mail!.raw).toContain(Buffer.from('%PDF-1.4 test').toString('base64'));
      const row = await outboxRow(id);
      expect(row).toMatchObject({ status: 'sent', attempts: 1, error: null });
      expect(row!.sent_at).toBeInstanceOf(Date);
    } finally {
      await smtp.close();
    }
  });

  it('delivers on its own timer once the change has committed, and stops when told', async () => {
    const smtp = await startSmtpServer();
    try {
      const config = loadConfig({
        NODE_ENV: 'test',
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        MAIL_POLL_INTERVAL_MS: '50',
      });
      const running = startMailDispatcher(db, config, { log: () => undefined });
      dispatchers.push(running);
      const to = address();
      const { id } = await sequelize.transaction((transaction) =>
        enqueueMail(db, { to, subject: 'Timer', text: 'Sent by the timer' }, transaction),
      );
      await expect
        .poll(async () => (await outboxRow(id))?.status, { timeout: 5000, interval: 50 })
        .toBe('sent');
      expect(smtp.received.some((m) => m.to.includes(to))).toBe(true);

      await running.stop();
      const later = await enqueueMail(db, { to: address(), subject: 'After stop', text: 'Stays pending' });
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await outboxRow(later.id))?.status).toBe('pending');
    } finally {
      await smtp.close();
    }
  });

  it('keeps a mail pending for a later attempt when the server refuses it for now, and gives up on a permanent refusal', async () => {
    const busy = await startSmtpServer({ reject: { code: 451, message: 'Try again later' } });
    try {
      const { id } = await enqueueMail(db, { to: address(), subject: 'Busy', text: 'Retried' });
      const report = await dispatcher({ SMTP_URL: `smtp://127.0.0.1:${busy.port}` }).runOnce();
      expect(report.retried).toBeGreaterThanOrEqual(1);
      const row = await outboxRow(id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row!.error).toContain('Try again later');
      // Not due again before the back-off delay.
      expect(row!.due_in_seconds).toBeGreaterThan(retryDelaySeconds(1) - 5);
    } finally {
      await busy.close();
    }

    const refusing = await startSmtpServer({ reject: { code: 550, message: 'No such mailbox' } });
    try {
      const { id } = await enqueueMail(db, { to: address(), subject: 'Refused', text: 'Given up' });
      await dispatcher({ SMTP_URL: `smtp://127.0.0.1:${refusing.port}` }).runOnce();
      const row = await outboxRow(id);
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row!.error).toContain('No such mailbox');
    } finally {
      await refusing.close();
    }
  });

  it('marks a mail failed after the last allowed attempt', async () => {
    const busy = await startSmtpServer({ reject: { code: 421, message: 'Service not available' } });
    try {
      const { id } = await enqueueMail(db, { to: address(), subject: 'Flaky', text: 'Last try' });
      await sequelize.query('UPDATE email_outbox SET attempts = 2 WHERE id = $1', { bind: [id] });
      await dispatcher({ SMTP_URL: `smtp://127.0.0.1:${busy.port}`, MAIL_MAX_ATTEMPTS: '3' }).runOnce();
      expect(await outboxRow(id)).toMatchObject({ status: 'failed', attempts: 3 });
    } finally {
      await busy.close();
    }
  });

  it('without SMTP marks mail logged and logs recipient and subject, not the body', async () => {
    const to = address();
    const { id } = await enqueueMail(db, {
      to,
      subject: 'Reset your password',
      text: 'Open https://app.example/reset-password?token=secret-token-value',
    });
    const log: string[] = [];
    const report = await dispatcher({}, log).runOnce();
    expect(report.logged).toBeGreaterThanOrEqual(1);
    expect(await outboxRow(id)).toMatchObject({ status: 'logged', attempts: 1 });
    const line = log.find((entry) => entry.includes(to));
    expect(line).toContain('Reset your password');
    expect(log.join('\n')).not.toContain('secret-token-value');
  });

  it('in development also logs the body of a mail without a secret; never one with a single-use link', async () => {
    const to = address();
    await enqueueMail(db, {
      to,
      subject: 'Requisition approved',
      text: 'Open https://app.example/requisitions/42 (dev-body-value)',
    });
    const { id } = await enqueueMail(db, {
      to,
      subject: 'Reset your password',
      text: 'Open https://app.example/reset-password?token=dev-token-value',
      secretValidMinutes: 60,
    });
    const log: string[] = [];
    await dispatcher({ NODE_ENV: 'development' }, log).runOnce();
    expect(log.join('\n')).toContain('dev-body-value');
    expect(log.join('\n')).not.toContain('dev-token-value');
    expect(log.join('\n')).toContain(`email_outbox (id ${id})`);
  });
});
