import type { Transaction } from 'sequelize';
import { execute, selectOne } from '../../db-query.js';
import type { Db } from '../../http/context.js';
import { startPeriodicJob } from '../../lib/periodic.js';
import type { DecisionMailContext } from '../approvals/decision-mail.js';
import { ABSENCE_COLUMNS, type AbsenceRow, returnSteps, startAbsence } from './absence-moves.js';

/**
 * The out-of-office job (docs/decisions.md "Out of office"): at an absence's end the steps its
 * delegate still holds because of it come back, at its start the absent user's open steps move to the
 * delegate. Like the mail dispatcher (api/src/features/mail/mailer.ts) it runs in the API process on
 * a timer with the plain handle (every organisation), claims one absence at a time `FOR UPDATE SKIP
 * LOCKED` (two API instances never move the same one) and marks it done (`ended_at` / `started_at`)
 * in the transaction of its moves and their history entries: a pass is idempotent.
 */

export interface AbsencePassReport {
  started: number;
  ended: number;
  moved: number;
}

export interface AbsenceJob {
  /** One pass now (tests drive the job with it and an injected clock). */
  runOnce(): Promise<AbsencePassReport>;
  stop(): Promise<void>;
}

export interface AbsenceJobOptions {
  /** Milliseconds between passes (default a minute). */
  intervalMs?: number;
  /** The clock (default the machine's). */
  now?: () => Date;
  log?: (line: string) => void;
  /** The links of the decision mail a step's new holder gets (none without). */
  mail?: DecisionMailContext;
}

type Claim = (transaction: Transaction, now: Date) => Promise<AbsenceRow | null>;

const claim =
  (db: Db, where: string): Claim =>
  (transaction, now) =>
    selectOne<AbsenceRow>(
      db,
      `SELECT ${ABSENCE_COLUMNS} FROM user_absences a WHERE ${where}
        ORDER BY a.starts_at, a.id LIMIT 1 FOR UPDATE SKIP LOCKED`,
      [now],
      transaction,
    );

/** One pass at `now`: every due end, then every due start, each absence in its own transaction. */
export async function runAbsencePass(
  db: Db,
  now: Date,
  mail?: DecisionMailContext,
): Promise<AbsencePassReport> {
  const report: AbsencePassReport = { started: 0, ended: 0, moved: 0 };
  const dueEnd = claim(db, 'a.ended_at IS NULL AND a.ends_at <= $1');
  const dueStart = claim(
    db,
    'a.started_at IS NULL AND a.ended_at IS NULL AND a.starts_at <= $1 AND a.ends_at > $1',
  );
  for (const [next, kind] of [
    [dueEnd, 'ended'],
    [dueStart, 'started'],
  ] as const) {
    for (;;) {
      const done = await db.sequelize.transaction(async (transaction) => {
        const absence = await next(transaction, now);
        if (!absence) return false;
        if (kind === 'ended') {
          // One that started and ended between two passes moved nothing: nothing comes back.
          report.moved += absence.started_at ? await returnSteps(db, absence, 'ended', transaction, mail) : 0;
        } else {
          report.moved += await startAbsence(db, absence, transaction, mail);
        }
        await execute(
          db,
          `UPDATE user_absences SET ${kind === 'ended' ? 'ended_at = $3, started_at = COALESCE(started_at, $3)' : 'started_at = $3'}
            WHERE organization_id = $1 AND id = $2`,
          [absence.organization_id, absence.id, now],
          transaction,
        );
        report[kind] += 1;
        return true;
      });
      if (!done) break;
    }
  }
  return report;
}

/** Starts the periodic job; `stop` waits for a pass under way. */
export function startAbsenceJob(db: Db, options: AbsenceJobOptions = {}): AbsenceJob {
  const now = options.now ?? (() => new Date());
  return startPeriodicJob({
    name: 'absences',
    intervalMs: options.intervalMs ?? 60_000,
    pass: () => runAbsencePass(db, now(), options.mail),
    log: options.log ?? ((line: string) => console.info(line)),
  });
}
