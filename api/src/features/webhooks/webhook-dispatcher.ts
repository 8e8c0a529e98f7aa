import http from 'node:http';
import https from 'node:https';
import type { Config } from '../../config.js';
import { execute, selectOne } from '../../db-query.js';
import type { Db } from '../../http/context.js';
import { type PeriodicJob, startPeriodicJob } from '../../lib/periodic.js';
import { SIGNATURE_HEADER, signPayload } from './signature.js';
import { guardedLookup, isBlockedAddress } from './url-guard.js';

/**
 * Delivers the webhook outbox (`webhook_deliveries`), like the mail dispatcher
 * (`features/mail/mailer.ts`): one due delivery claimed at a time with `FOR UPDATE SKIP LOCKED`
 * under a lease, so several API instances deliver each once; POSTed signed with a 10 s timeout,
 * no redirect followed and at most {@link MAX_RESPONSE_BYTES} of the answer read; every attempt
 * recorded in `webhook_attempts`; a failed one retried with exponential back-off and jitter until
 * `config.webhooks.maxAttempts`, then `failed`.
 */

/** A claimed delivery stays this dispatcher's for this long (well over one attempt's timeout). */
export const LEASE_SECONDS = 120;
/** The most of an answer's body read (it is then dropped: only the status counts). */
export const MAX_RESPONSE_BYTES = 64 * 1024;

/** Seconds before the next attempt after `attempts` failed ones: 30 s doubling up to 6 h, ±20 % jitter. */
export function webhookRetryDelaySeconds(attempts: number, random = Math.random): number {
  const base = Math.min(30 * 2 ** Math.max(0, attempts - 1), 6 * 3600);
  return Math.round(base * (0.8 + 0.4 * random()));
}

interface DueDelivery {
  id: string;
  organization_id: string;
  lease_token: string;
  event_type: string;
  payload: unknown;
  attempts: number;
  url: string | null;
  secret: string | null;
}

/** What one attempt came to. */
export interface AttemptOutcome {
  status: number | null;
  durationMs: number;
  error: string | null;
}

/** Claims the next due delivery (pending and due, or `sending` with an expired lease); null when none. */
export async function claimNextDelivery(db: Db, leaseSeconds = LEASE_SECONDS): Promise<DueDelivery | null> {
  return selectOne<DueDelivery>(
    db,
    `WITH claimed AS (
       UPDATE webhook_deliveries
          SET status = 'sending', lease_token = gen_random_uuid(), attempts = attempts + 1,
              next_attempt_at = now() + make_interval(secs => $1)
        WHERE (organization_id, id) = (
          SELECT organization_id, id FROM webhook_deliveries
           WHERE status IN ('pending', 'sending') AND next_attempt_at <= now()
           ORDER BY next_attempt_at, created_at
           LIMIT 1
           FOR UPDATE SKIP LOCKED)
        RETURNING id, organization_id, endpoint_id, lease_token, event_type, payload, attempts)
     SELECT c.id, c.organization_id, c.lease_token, c.event_type, c.payload, c.attempts, e.url, e.secret
       FROM claimed c
       LEFT JOIN webhook_endpoints e ON e.organization_id = c.organization_id AND e.id = c.endpoint_id`,
    [leaseSeconds],
  );
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);

/**
 * POSTs `body` to `url` once: no redirect followed (a 3xx is a failure), the connection made only
 * to an allowed address, the answer read up to {@link MAX_RESPONSE_BYTES}, all within `timeoutMs`.
 */
export function postOnce(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: { timeoutMs: number; allowPrivateUrls: boolean },
): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  return new Promise((resolve) => {
    let settled = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (status: number | null, error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ status, durationMs: elapsed(), error });
    };
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      finish(null, 'The URL is not valid');
      return;
    }
    const secure = target.protocol === 'https:';
    if (!secure && !(target.protocol === 'http:' && options.allowPrivateUrls)) {
      finish(null, 'Only https URLs are allowed');
      return;
    }
    const request = (secure ? https : http).request(target, {
      method: 'POST',
      agent: false,
      lookup: guardedLookup(options.allowPrivateUrls) as never,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    timer = setTimeout(() => {
      request.destroy(new Error(`No answer within ${options.timeoutMs / 1000} s`));
    }, options.timeoutMs);
    request.on('socket', (socket) => {
      socket.on('connect', () => {
        // The address actually connected to, checked again (a literal IP skips `lookup`).
        const address = socket.remoteAddress ?? '';
        if (!options.allowPrivateUrls && isBlockedAddress(address)) {
          request.destroy(new Error('The URL points to a private or local address'));
        }
      });
    });
    request.on('error', (error) => finish(null, message(error)));
    request.on('response', (response) => {
      const status = response.statusCode ?? null;
      let read = 0;
      response.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_RESPONSE_BYTES) response.destroy();
      });
      const done = () => {
        const ok = status !== null && status >= 200 && status < 300;
        const error = ok
          ? null
          : status !== null && status >= 300 && status < 400
            ? `The endpoint answered ${status} (redirects are not followed)`
            : `The endpoint answered ${status}`;
        finish(status, error);
      };
      response.on('end', done);
      response.on('close', done);
      response.on('error', done);
    });
    request.end(body);
  });
}

export interface WebhookDispatcher {
  stop(): Promise<void>;
  /** Delivers what is due now; answers how many were delivered, retried and failed. */
  runOnce(): Promise<WebhookReport>;
}

export interface WebhookReport {
  delivered: number;
  retried: number;
  failed: number;
}

/** Starts the dispatcher: polls every `config.webhooks.pollIntervalMs` on the plain (all-organisation) handle. */
export function startWebhookDispatcher(
  db: Db,
  config: Pick<Config, 'webhooks'>,
  options: { log?: (line: string) => void; random?: () => number } = {},
): WebhookDispatcher {
  const settings = config.webhooks;
  const log = options.log ?? ((line: string) => console.info(line));

  async function deliver(due: DueDelivery, report: WebhookReport): Promise<void> {
    let outcome: AttemptOutcome;
    if (!due.url || !due.secret) {
      outcome = { status: null, durationMs: 0, error: 'The endpoint no longer exists' };
    } else if (due.attempts > settings.maxAttempts) {
      outcome = { status: null, durationMs: 0, error: 'The dispatcher stopped while sending it' };
    } else {
      const body = JSON.stringify(due.payload);
      const timestamp = Math.floor(Date.now() / 1000);
      outcome = await postOnce(
        due.url,
        body,
        {
          [SIGNATURE_HEADER]: signPayload(due.secret, timestamp, body),
          'Purchasing-Event': due.event_type,
          'Purchasing-Delivery': due.id,
          'user-agent': 'Purchasing-Webhooks/1',
        },
        { timeoutMs: settings.timeoutMs, allowPrivateUrls: settings.allowPrivateUrls },
      );
    }
    const ok = outcome.error === null;
    const final = ok || due.attempts >= settings.maxAttempts || !due.url;
    const status = ok ? 'delivered' : final ? 'failed' : 'pending';
    const delay = webhookRetryDelaySeconds(due.attempts, options.random);
    const settled = await selectOne<{ id: string }>(
      db,
      `UPDATE webhook_deliveries
          SET status = $4, lease_token = NULL, response_status = $5, duration_ms = $6, last_error = $7,
              delivered_at = CASE WHEN $4 = 'delivered' THEN now() END,
              next_attempt_at = CASE WHEN $4 = 'pending' THEN now() + make_interval(secs => $8) ELSE next_attempt_at END
        WHERE organization_id = $1 AND id = $2 AND lease_token = $3 AND status = 'sending'
        RETURNING id`,
      [
        due.organization_id,
        due.id,
        due.lease_token,
        status,
        outcome.status,
        outcome.durationMs,
        outcome.error,
        delay,
      ],
    );
    if (!settled) {
      log(`[webhooks] lost the claim on delivery ${due.id} (its lease ran out)`);
      return;
    }
    if (due.url) {
      await execute(
        db,
        `INSERT INTO webhook_attempts (organization_id, delivery_id, attempt, response_status, duration_ms, error)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [due.organization_id, due.id, due.attempts, outcome.status, outcome.durationMs, outcome.error],
      );
    }
    if (ok) report.delivered += 1;
    else if (final) report.failed += 1;
    else report.retried += 1;
  }

  async function pass(job: PeriodicJob<WebhookReport>): Promise<WebhookReport> {
    const report: WebhookReport = { delivered: 0, retried: 0, failed: 0 };
    for (;;) {
      const due = await claimNextDelivery(db);
      if (!due) return report;
      await deliver(due, report);
      if (job.stopped) return report;
    }
  }

  return startPeriodicJob({ name: 'webhooks', intervalMs: settings.pollIntervalMs, pass, log });
}
