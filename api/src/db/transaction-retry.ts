import type { Sequelize, Transaction, TransactionOptions } from 'sequelize';

/**
 * Retries of transactions that PostgreSQL aborted to keep concurrent transactions correct (issue 13):
 * a serialization failure (SQLSTATE 40001, e.g. a REPEATABLE READ or SERIALIZABLE transaction that
 * read a row another one changed) or a deadlock (40P01, one of two transactions that wait on each
 * other). Such a transaction changed nothing; running the whole callback again on a fresh
 * transaction is the cure PostgreSQL's documentation prescribes, instead of answering 500.
 *
 * A callback that is retried runs again from its start, so it must keep every effect inside the
 * transaction (the services do: mail goes to the outbox, files to the database, in the same
 * transaction).
 */

/** SQLSTATEs after which the whole transaction may run again. */
export const RETRYABLE_SQLSTATES: ReadonlySet<string> = new Set(['40001', '40P01']);

/** Attempts in all (the first included) and the base of the jittered backoff; tests may change them. */
export const transactionRetry = { attempts: 4, baseDelayMs: 15 };

/** The SQLSTATE of a driver error, as Sequelize wraps it (`parent`/`original`) or as it is. */
function sqlStateOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const wrapped = error as { code?: unknown; parent?: { code?: unknown }; original?: { code?: unknown } };
  const code = wrapped.parent?.code ?? wrapped.original?.code ?? wrapped.code;
  return typeof code === 'string' ? code : undefined;
}

/** Whether `error` is a serialization failure or a deadlock, after which a retry may succeed. */
export function isRetryableTransactionError(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code !== undefined && RETRYABLE_SQLSTATES.has(code);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` (one whole transaction, begun and ended inside it) and runs it again, after a short
 * random pause that doubles each time, while it fails with a retryable SQLSTATE, up to
 * {@link transactionRetry}`.attempts` in all; the last failure is thrown as it is.
 */
export async function withTransactionRetry<T>(attempt: (attemptNumber: number) => Promise<T>): Promise<T> {
  for (let n = 1; ; n += 1) {
    try {
      return await attempt(n);
    } catch (error) {
      if (n >= transactionRetry.attempts || !isRetryableTransactionError(error)) throw error;
      const ceiling = transactionRetry.baseDelayMs * 2 ** (n - 1);
      await sleep(ceiling / 2 + Math.random() * ceiling);
    }
  }
}

/**
 * `sequelize.transaction(options, callback)` on a handle without an organisation (sign-in, the
 * command line), retried as {@link withTransactionRetry} says. Transactions of an organisation's
 * handle (api/src/db/tenant-context.ts) retry by themselves.
 */
export function retryingTransaction<T>(
  sequelize: Sequelize,
  callback: (transaction: Transaction) => Promise<T>,
  options: TransactionOptions = {},
): Promise<T> {
  return withTransactionRetry(() => sequelize.transaction(options, callback));
}
