import { loadConfig } from './config.js';
import { openDatabase } from './db/index.js';
import { startAbsenceJob } from './features/absences/absence-job.js';
import { decisionMailOf } from './features/approvals/decision-mail.js';
import { startEscalationJob } from './features/approvals/escalation-job.js';
import { publicBaseUrl } from './features/mail/links.js';
import { startMailDispatcher } from './features/mail/mailer.js';
import { startDigestJob } from './features/notifications/digest-job.js';
import { startCycleFoldJob } from './features/reports/cycle-fold-job.js';
import { startWebhookDispatcher } from './features/webhooks/webhook-dispatcher.js';
import { createServer } from './server.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * Starts the API: opens PostgreSQL (DATABASE_URL: migrated, never seeded) or the embedded database
 * (migrated and seeded with demo data on first start; listening on 127.0.0.1 unless HOST says
 * otherwise), then listens. Stops gracefully on SIGINT/SIGTERM.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    role: config.databaseRole,
  });
  const server = await createServer(config, database);
  await server.start();
  // Delivers the outbox over SMTP (or marks it logged without SMTP) once changes have committed.
  const mailDispatcher = startMailDispatcher(database, config);
  // Moves approval steps when an absence starts or ends (docs/decisions.md "Out of office").
  const absenceJob = startAbsenceJob(database, { mail: decisionMailOf(config) });
  // Delivers the webhook outbox, signed, with retries (features/webhooks).
  const webhookDispatcher = startWebhookDispatcher(database, config);
  // Mails the daily digest of unread notifications to members who chose it (docs/decisions.md "The bell").
  const digestJob = startDigestJob(database, { linkBase: publicBaseUrl(config) });
  // Reminds before a step's due time and escalates after it (docs/decisions.md "Reminders and escalation").
  const escalationJob = startEscalationJob(database, { mail: decisionMailOf(config) });
  // Packs the approval cycle time's new cells into their months (docs/decisions.md "Approval cycle time by approver").
  const cycleFoldJob = startCycleFoldJob(database);
  if (!config.mail.smtp) console.info('[api] no SMTP configured: mail is kept in email_outbox and logged');
  if (database.embedded && !LOOPBACK.has(config.host)) {
    console.warn(
      `[api] HOST=${config.host}: the embedded demo database is reachable from other machines, and its demo accounts share a published password. Use DATABASE_URL and \`npm run create-admin -w api\` for real use.`,
    );
  }
  const [organizations] = await database.sequelize.query('SELECT 1 FROM organizations LIMIT 1');
  if (organizations.length === 0) {
    console.info(
      '[api] the database has no organisation yet: create the first one and its Super Admin with `npm run create-admin -w api -- --organization "<name>" --email <email>`',
    );
  }
  console.info(
    `[api] listening on ${server.info.uri} (${config.env}, ${database.embedded ? `embedded PostgreSQL in ${config.dataDir}` : 'PostgreSQL from DATABASE_URL'}${config.staticDir ? ', serving the host app' : ''})`,
  );

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.info(`[api] ${signal}: stopping`);
    await server.stop({ timeout: 10_000 });
    await mailDispatcher.stop();
    await absenceJob.stop();
    await webhookDispatcher.stop();
    await digestJob.stop();
    await escalationJob.stop();
    await cycleFoldJob.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error('[api] failed to start:', error);
  process.exit(1);
});
