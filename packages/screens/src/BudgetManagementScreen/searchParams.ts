import { z } from 'zod/mini';
import { lenient } from '../kit/list/listSearch';

/** The fiscal years the contract accepts (`fiscal_year`: 2000–2200). */
const FIRST_FISCAL_YEAR = 2000;
const LAST_FISCAL_YEAR = 2200;

/**
 * Budget Management's state as it lives in the URL, so a reload or a shared link shows the same fiscal
 * year. An absent `fiscal_year` means the current fiscal year (the server's default).
 */
export interface BudgetManagementSearch {
  /** The fiscal year shown: the calendar year in which it starts. */
  fiscal_year?: number;
}

/** A fiscal year the contract accepts (from the URL's text or a number), or `undefined`. */
export function fiscalYear(value: unknown): number | undefined {
  const year = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof year === 'number' &&
    Number.isInteger(year) &&
    year >= FIRST_FISCAL_YEAR &&
    year <= LAST_FISCAL_YEAR
    ? year
    : undefined;
}

/**
 * Validates Budget Management's URL search (`?fiscal_year=2025`) into a {@link BudgetManagementSearch}.
 * It never fails: a year outside 2000–2200, a non-number and unknown keys are dropped, so an old or
 * hand-edited link still opens the screen, on the current fiscal year.
 *
 * @example
 * // TanStack Router
 * createRoute({ path: 'budgets', validateSearch: budgetManagementSearchSchema, … })
 */
export const budgetManagementSearchSchema = z.pipe(
  z.catch(z.object({ fiscal_year: lenient(fiscalYear) }), { fiscal_year: undefined }),
  z.transform(
    (search): BudgetManagementSearch =>
      search.fiscal_year === undefined ? {} : { fiscal_year: search.fiscal_year },
  ),
);
