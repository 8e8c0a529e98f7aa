import type { Sequelize } from 'sequelize';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { migrateUp } from '../src/db/migrator.js';
import { createSequelize } from '../src/db/sequelize.js';
import { select, selectOne } from '../src/db-query.js';
import {
  claimNextMail,
  enqueueMail,
  type MailDispatcher,
  startMailDispatcher,
} from '../src/features/mail/mailer.js';
import type { Db } from '../src/http/context.js';
import { uniqueSuffix } from './factories.js';
import { createDatabase, databaseUrlFor, dropDatabase } from './global-setup.js';
import { startSmtpServer } from './support/smtp-sink.js';

/**
 * Mail sent once by several API instances (issue 13, item 5): each instance runs a dispatcher on the
 * same outbox. Two dispatchers on two connection pools of their own (as two processes have) share
 * a scratch database (the dispatcher delivers every due mail of its database) and a real SMTP server.
 */

let scratchName: string;
const pools: Sequelize[] = [];

async function pool(): Promise<Db> {
  const sequelize = createSequelize(databaseUrlFor(scratchName, inject('pgAdminUrl')), { poolMax: 2 });
  pools.push(sequelize);
  return { sequelize };
}

beforeAll(async () => {
  scratchName = await createDatabase('instances_mail', inject('pgAdminUrl'));
  const first = await pool();
  await migrateUp(first.sequelize);
});
afterAll(async () => {
  for (const sequelize of pools) await sequelize.close();
  if (scratchName) await dropDatabase(scratchName, inject('pgAdminUrl'));
});

/** A dispatcher that runs only when told, with a short lease. */
function dispatcher(db: Db, port: number, leaseSeconds: number): MailDispatcher {
  const config = loadConfig({
    NODE_ENV: 'test',
    MAIL_POLL_INTERVAL_MS: '3600000',
    SMTP_URL: `smtp://127.0.0.1:${port}`,
  });
  return startMailDispatcher(db, config, { leaseSeconds, log: () => undefined });
}

const timesReceived = (received: { to: string[] }[], to: string) =>
  received.filter((mail) => mail.to.includes(to)).length;

describe('two dispatchers (two instances) on one outbox', () => {
  it('send each of many mails exactly once, even when every send is slow and a batch outlasts the lease', async () => {
    // Each message takes 100 ms to accept; the lease is 1 s: 40 mails take 2 s for the two of them,
    // so a claim held over several sends would run out and the other dispatcher would send it again.
    const smtp = await startSmtpServer({ delayMs: 100 });
    const [dbA, dbB] = [await pool(), await pool()];
    const a = dispatcher(dbA, smtp.port, 1);
    const b = dispatcher(dbB, smtp.port, 1);
    try {
      const run = uniqueSuffix().toLowerCase();
      const addresses = Array.from({ length: 40 }, (_, index) => `many-${run}-${index}@example.test`);
      for (const to of addresses) await enqueueMail(dbA, { to, subject: 'Once', text: 'Sent once' });

      const reports = await Promise.all([a.runOnce(), b.runOnce(), a.runOnce(), b.runOnce()]);

      expect(addresses.map((to) => timesReceived(smtp.received, to))).toEqual(addresses.map(() => 1));
      // Both took part, and together they sent each mail once.
      const sent = reports.map((report) => report.sent);
      expect(sent[0]! + sent[2]!).toBeGreaterThan(0);
      expect(sent[1]! + sent[3]!).toBeGreaterThan(0);
      expect(sent.reduce((sum, n) => sum + n, 0)).toBe(40);
      const rows = await select<{ status: string; attempts: number; lease_token: string | null }>(
        dbA,
        'SELECT status, attempts, lease_token FROM email_outbox WHERE to_address = ANY($1::text[])',
        [addresses],
      );
      expect(rows).toHaveLength(40);
      expect(
        rows.every((row) => row.status === 'sent' && row.attempts === 1 && row.lease_token === null),
      ).toBe(true);
    } finally {
      await a.stop();
      await b.stop();
      await smtp.close();
    }
  });

  it('sends a mail whose dispatcher died mid-send once, by the other, when the lease has run out', async () => {
    const smtp = await startSmtpServer();
    const [dbA, dbB] = [await pool(), await pool()];
    const b = dispatcher(dbB, smtp.port, 60);
    try {
      const to = `crashed-${uniqueSuffix().toLowerCase()}@example.test`;
      const { id } = await enqueueMail(dbA, { to, subject: 'Claimed, then the sender died', text: 'Once' });
      // Instance A claims the mail for 1 s and dies before settling it.
      const claimed = await claimNextMail(dbA, 1);
      expect(claimed?.id).toBe(id);
      const status = async () =>
        selectOne<{ status: string; attempts: number }>(
          dbB,
          'SELECT status, attempts FROM email_outbox WHERE id = $1',
          [id],
        );
      expect(await status()).toEqual({ status: 'sending', attempts: 1 });

      // While A's lease lasts, B leaves the mail alone.
      expect((await b.runOnce()).sent).toBe(0);
      expect(timesReceived(smtp.received, to)).toBe(0);

      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await b.runOnce()).sent).toBe(1);
      expect(timesReceived(smtp.received, to)).toBe(1);
      expect(await status()).toEqual({ status: 'sent', attempts: 2 });
      // Nothing is claimed twice afterwards.
      expect((await b.runOnce()).sent).toBe(0);
      expect(timesReceived(smtp.received, to)).toBe(1);
    } finally {
      await b.stop();
      await smtp.close();
    }
  });
});
