import { type ErrorDetail, ValidationFailed } from './errors.js';

/**
 * Exchange rates (issue 13, docs/decisions.md "Currency"): a rate is how many units of the
 * organisation's base currency one unit of a currency buys, exact to {@link RATE_DECIMALS} places
 * (`NUMERIC(18,8)`). A requisition freezes the rate in effect on the day it is submitted; its base
 * amount is its total times that rate, rounded half up to the cent (PostgreSQL's `round`, kept by a
 * generated column, so the stored figures can never disagree).
 */

/** Decimal places a rate keeps. */
export const RATE_DECIMALS = 8;

/** Whether `rate` has at most {@link RATE_DECIMALS} decimal places. */
export function hasRatePrecision(rate: number): boolean {
  return Number.isFinite(rate) && Number(rate.toFixed(RATE_DECIMALS)) === rate;
}

/**
 * Checks a rate an administrator gives for `currency`: not for the base currency itself (whose rate
 * is 1 by definition), and exact to {@link RATE_DECIMALS} places. 400 naming the field otherwise.
 */
export function checkRateInput(input: { currency?: string; rate: number }, baseCurrency: string): void {
  const details: ErrorDetail[] = [];
  if (input.currency !== undefined && input.currency === baseCurrency) {
    details.push({
      field: 'currency',
      message: `${baseCurrency} is the organization's base currency: its rate is always 1`,
    });
  }
  if (!hasRatePrecision(input.rate)) {
    details.push({ field: 'rate', message: `A rate has at most ${RATE_DECIMALS} decimal places` });
  }
  if (details.length > 0) throw new ValidationFailed('The exchange rate is not valid', details);
}

/** Why a submission in `currency` is refused when no rate into `base` is in effect on `day`. */
export function missingRateMessage(currency: string, base: string, day: string): string {
  return (
    `No exchange rate from ${currency} to ${base} is in effect on ${day}, so this requisition cannot be ` +
    `submitted. Ask an administrator to add one under Exchange rates, or raise it in ${base}.`
  );
}
