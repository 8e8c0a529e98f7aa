/**
 * Exact money arithmetic (DECISIONS §3): amounts are handled as integer cents and rounded half-up,
 * so `NUMERIC(14,2)` in the database and the numbers in JSON always agree to the cent.
 */

/** The largest amount a `NUMERIC(14,2)` column holds, in cents. */
export const MAX_CENTS = 999_999_999_999_99;

/** Converts an amount in major units (a JSON number or a NUMERIC string) to integer cents, half-up. */
export function toCents(amount: number | string): number {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  if (!Number.isFinite(value)) throw new RangeError(`not an amount: ${String(amount)}`);
  // Shift by 100 through the decimal string to avoid binary artefacts (1.005 * 100 = 100.49999…).
  const [whole, fraction = ''] = Math.abs(value).toFixed(6).split('.');
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2));
  const rest = Number(fraction.slice(2));
  const rounded = cents + (rest >= 5000 ? 1 : 0);
  return value < 0 ? -rounded : rounded;
}

/** Converts integer cents back to a JSON number in major units. */
export function fromCents(cents: number): number {
  return cents / 100;
}

/** A line's total in cents: quantity × unit price + tax, half-up to the cent. */
export function lineTotalCents(line: {
  quantity: number;
  unit_price: number | string;
  tax_amount?: number | string | null;
}): number {
  if (!Number.isInteger(line.quantity) || line.quantity < 1)
    throw new RangeError('quantity must be an integer of at least 1');
  const total = line.quantity * toCents(line.unit_price) + toCents(line.tax_amount ?? 0);
  if (total > MAX_CENTS) throw new RangeError('line total is too large');
  return total;
}

/** Sum of line totals in cents. */
export function documentTotalCents(lines: readonly Parameters<typeof lineTotalCents>[0][]): number {
  const total = lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
  if (total > MAX_CENTS) throw new RangeError('document total is too large');
  return total;
}

/** Decimal places a tax rate keeps (`numeric(6,3)`: 12.125 %). */
export const TAX_RATE_DECIMALS = 3;

/** Whether `rate` is a percentage from 0 to 100 with at most {@link TAX_RATE_DECIMALS} decimal places. */
export function isTaxRate(rate: number): boolean {
  return (
    Number.isFinite(rate) && rate >= 0 && rate <= 100 && Number(rate.toFixed(TAX_RATE_DECIMALS)) === rate
  );
}

/**
 * The tax of a line at `rate` percent in cents: quantity × unit price × rate / 100, rounded half up
 * to the cent (docs/decisions.md "Line tax"). Exact: the rate is taken in thousandths of a percent and
 * the product computed in BigInt, as the database's check (`round(quantity * unit_price * tax_rate *
 * 0.01, 2)` on numeric) does.
 */
export function taxFromRateCents(line: {
  quantity: number;
  unit_price: number | string;
  tax_rate: number;
}): number {
  if (!isTaxRate(line.tax_rate)) throw new RangeError(`not a tax rate: ${line.tax_rate}`);
  const milli = BigInt(Math.round(line.tax_rate * 10 ** TAX_RATE_DECIMALS));
  const exact = BigInt(line.quantity) * BigInt(toCents(line.unit_price)) * milli; // cents × 100,000
  const tax = (exact + 50_000n) / 100_000n;
  if (tax > BigInt(MAX_CENTS)) throw new RangeError('tax is too large');
  return Number(tax);
}

/** Subtotal (before tax) and tax of a record from its total and the sum of its lines' tax, exact to the cent. */
export function taxBreakdown(
  total: string | number,
  tax: string | number,
): { subtotal_amount: number; tax_amount: number } {
  const taxCents = toCents(tax);
  return { subtotal_amount: fromCents(toCents(total) - taxCents), tax_amount: fromCents(taxCents) };
}
