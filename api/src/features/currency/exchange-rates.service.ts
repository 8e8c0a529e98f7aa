import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { execute, select, selectOne } from '../../db-query.js';
import { checkRateInput } from '../../domain/currency.js';
import { Conflict, NotFound } from '../../domain/errors.js';
import type { Db } from '../../http/context.js';
import { isUniqueViolation } from '../roles/access.js';

type ExchangeRateView = components['schemas']['ExchangeRate'];
type ExchangeRateList = components['schemas']['ExchangeRateList'];
type CurrencyCode = components['schemas']['CurrencyCode'];

/** Who changes rates: the organisation and the member acting (for the audit trail). */
export interface RateActor {
  organizationId: string;
  userId: string;
}

const DAY_KEY = 'exchange_rates_currency_day_key';

const TODAY = "(now() AT TIME ZONE 'UTC')::date";

/**
 * A rate as the contract shapes it. Its status: scheduled after today (UTC), else in effect unless a
 * later rate of the currency has started.
 */
const COLUMNS = `x.id, x.currency, x.rate::float8 AS rate, to_char(x.effective_from, 'YYYY-MM-DD') AS effective_from,
  CASE WHEN x.effective_from > ${TODAY} THEN 'scheduled'
       WHEN EXISTS (SELECT 1 FROM exchange_rates y
                     WHERE y.organization_id = x.organization_id AND y.currency = x.currency
                       AND y.effective_from > x.effective_from AND y.effective_from <= ${TODAY}) THEN 'superseded'
       ELSE 'in_effect' END AS status,
  x.created_at, x.updated_at`;

const duplicateDay = (currency: string, day: string) =>
  new Conflict(`${currency} already has a rate from ${day}: change that one instead`, 'CONFLICT', [
    { field: 'effective_from', message: `${currency} already has a rate from ${day}` },
  ]);

/** The organisation's base currency, locking the organisation's rates against concurrent changes when `transaction` is given. */
async function baseCurrency(
  db: Db,
  organizationId: string,
  transaction?: Transaction,
): Promise<CurrencyCode> {
  const row = await selectOne<{ currency: CurrencyCode }>(
    db,
    'SELECT currency FROM organizations WHERE id = $1',
    [organizationId],
    transaction,
  );
  if (!row) throw new NotFound('Organization');
  return row.currency;
}

/** The base currency and the rates, by currency then newest effective day first (`currency` narrows them). */
export async function listExchangeRates(
  db: Db,
  organizationId: string,
  filter: { currency?: CurrencyCode | undefined } = {},
): Promise<ExchangeRateList> {
  const [base, rates] = await Promise.all([
    baseCurrency(db, organizationId),
    select<ExchangeRateView>(
      db,
      `SELECT ${COLUMNS} FROM exchange_rates x
        WHERE x.organization_id = $1 AND ($2::text IS NULL OR x.currency = $2::text)
        ORDER BY x.currency, x.effective_from DESC`,
      [organizationId, filter.currency ?? null],
    ),
  ]);
  return { base_currency: base, exchange_rates: rates };
}

async function auditRate(
  db: Db,
  actor: RateActor,
  action: string,
  metadata: Record<string, unknown>,
  transaction: Transaction,
): Promise<void> {
  await execute(
    db,
    `INSERT INTO audit_logs (organization_id, entity_type, entity_id, action, actor_id, metadata, created_at)
     VALUES ($1, 'organization', $1, $2, $3, $4::jsonb, clock_timestamp())`,
    [actor.organizationId, action, actor.userId, JSON.stringify(metadata)],
    transaction,
  );
}

/** Adds a rate (400 for the base currency or a rate finer than 8 places, 409 for a second one on the same day). */
export async function createExchangeRate(
  db: Db,
  actor: RateActor,
  input: { currency: CurrencyCode; rate: number; effective_from: string },
): Promise<ExchangeRateView> {
  try {
    return await db.sequelize.transaction(async (transaction) => {
      checkRateInput(input, await baseCurrency(db, actor.organizationId, transaction));
      const row = await selectOne<ExchangeRateView>(
        db,
        `INSERT INTO exchange_rates AS x (organization_id, currency, rate, effective_from, created_by_id)
         VALUES ($1, $2, $3, $4, $5)
         RETURNING ${COLUMNS}`,
        [actor.organizationId, input.currency, input.rate, input.effective_from, actor.userId],
        transaction,
      );
      if (!row) throw new Error('INSERT … RETURNING answered no row');
      await auditRate(db, actor, 'exchange_rate.create', { ...input, id: row.id }, transaction);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, DAY_KEY)) throw duplicateDay(input.currency, input.effective_from);
    throw error;
  }
}

/** Changes a rate's value and effective day; 404 for another organisation's, 409 for a day taken. */
export async function updateExchangeRate(
  db: Db,
  actor: RateActor,
  id: string,
  input: { rate: number; effective_from: string },
): Promise<ExchangeRateView> {
  checkRateInput(input, '');
  let currency = '';
  try {
    return await db.sequelize.transaction(async (transaction) => {
      const before = await selectOne<{ currency: string; rate: number; effective_from: string }>(
        db,
        `SELECT currency, rate::float8 AS rate, to_char(effective_from, 'YYYY-MM-DD') AS effective_from
           FROM exchange_rates WHERE id = $1 AND organization_id = $2 FOR UPDATE`,
        [id, actor.organizationId],
        transaction,
      );
      if (!before) throw new NotFound('Exchange rate');
      currency = before.currency;
      const row = await selectOne<ExchangeRateView>(
        db,
        `UPDATE exchange_rates AS x SET rate = $3, effective_from = $4, updated_at = now()
          WHERE x.id = $1 AND x.organization_id = $2
         RETURNING ${COLUMNS}`,
        [id, actor.organizationId, input.rate, input.effective_from],
        transaction,
      );
      if (!row) throw new NotFound('Exchange rate');
      await auditRate(db, actor, 'exchange_rate.update', { id, before, after: input }, transaction);
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error, DAY_KEY)) throw duplicateDay(currency, input.effective_from);
    throw error;
  }
}

/** Removes a rate; requisitions already submitted keep the rate they froze. 404 for another organisation's. */
export async function deleteExchangeRate(db: Db, actor: RateActor, id: string): Promise<void> {
  await db.sequelize.transaction(async (transaction) => {
    const gone = await selectOne<{ currency: string; rate: number; effective_from: string }>(
      db,
      `DELETE FROM exchange_rates WHERE id = $1 AND organization_id = $2
       RETURNING currency, rate::float8 AS rate, to_char(effective_from, 'YYYY-MM-DD') AS effective_from`,
      [id, actor.organizationId],
      transaction,
    );
    if (!gone) throw new NotFound('Exchange rate');
    await auditRate(db, actor, 'exchange_rate.delete', { id, ...gone }, transaction);
  });
}
