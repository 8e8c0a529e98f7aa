import type { Transaction } from 'sequelize';
import { selectOne } from '../../db-query.js';
import { missingRateMessage } from '../../domain/currency.js';
import { Conflict, NotFound } from '../../domain/errors.js';
import { MAX_CENTS } from '../../domain/money.js';
import type { Db } from '../../http/context.js';

/** The rate a submission freezes and the requisition's total at that rate. */
export interface SubmissionRate {
  /** `NUMERIC(18,8)` as PostgreSQL prints it; written to `requisitions.exchange_rate`. */
  rate: string;
  /** The total in the base currency, in integer cents (what `base_total_amount` will hold). */
  baseCents: number;
}

/**
 * The rate a requisition being submitted (or resubmitted) freezes: of its currency into the
 * organisation's base currency, in effect today (UTC): 1 in the base currency, else the rate with the
 * latest `effective_from` not after today; and its total at that rate, rounded half up to the cent
 * as the generated `base_total_amount` will be. The submission writes the rate with its status, so
 * routing, budgets and the counters read the base amount from then on. Runs in the submission's
 * transaction, on the locked requisition. 409 `EXCHANGE_RATE_MISSING` when no rate is in effect, and
 * 409 `BASE_AMOUNT_TOO_LARGE` when the converted total does not fit an amount.
 */
export async function submissionRate(
  db: Db,
  organizationId: string,
  requisitionId: string,
  transaction: Transaction,
): Promise<SubmissionRate> {
  const row = await selectOne<{
    currency: string;
    base: string;
    today: string;
    rate: string | null;
    base_cents: string | null;
  }>(
    db,
    `SELECT r.currency, o.currency AS base, to_char(t.today, 'YYYY-MM-DD') AS today, x.rate,
            round(r.total_amount * x.rate * 100) AS base_cents
       FROM requisitions r
       JOIN organizations o ON o.id = r.organization_id
      CROSS JOIN LATERAL (SELECT (now() AT TIME ZONE 'UTC')::date AS today) t
       LEFT JOIN LATERAL (
         SELECT 1::numeric AS rate WHERE r.currency = o.currency
         UNION ALL
         (SELECT e.rate FROM exchange_rates e
           WHERE e.organization_id = r.organization_id AND e.currency = r.currency
             AND e.effective_from <= t.today AND r.currency <> o.currency
           ORDER BY e.effective_from DESC LIMIT 1)
       ) x ON true
      WHERE r.id = $1 AND r.organization_id = $2`,
    [requisitionId, organizationId],
    transaction,
  );
  if (!row) throw new NotFound('Requisition');
  if (row.rate === null) {
    throw new Conflict(missingRateMessage(row.currency, row.base, row.today), 'EXCHANGE_RATE_MISSING', [
      { field: 'currency', message: `No ${row.currency} to ${row.base} rate is in effect on ${row.today}` },
    ]);
  }
  if (Number(row.base_cents) > MAX_CENTS) {
    throw new Conflict(
      `This requisition's total is too large once converted to ${row.base}.`,
      'BASE_AMOUNT_TOO_LARGE',
      [{ field: 'total_amount', message: `The total in ${row.base} exceeds the largest amount` }],
    );
  }
  return { rate: row.rate, baseCents: Number(row.base_cents) };
}
