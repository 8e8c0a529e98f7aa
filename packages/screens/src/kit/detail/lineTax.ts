/** A line's tax as the detail screens write it (docs/decisions.md "Line tax"). */

/** A tax rate in percent as text: 10 → '10%', 12.125 → '12.125%'. */
export function formatTaxRate(rate: number): string {
  return `${new Intl.NumberFormat('en-AU', { maximumFractionDigits: 3 }).format(rate)}%`;
}

/**
 * The note under a taxed line's total: 'incl. $219.90 tax at 10%', the rate only when the line has
 * one (shown with `white-space: normal` so it wraps under the amount and never widens the total
 * column out of view); null when the line carries no tax.
 */
export function lineTaxNote(
  line: { tax_amount: number; tax_rate: number | null },
  money: (amount: number) => string,
): string | null {
  if (!(line.tax_amount > 0)) return null;
  const rate = line.tax_rate === null ? '' : ` at ${formatTaxRate(line.tax_rate)}`;
  return `incl. ${money(line.tax_amount)} tax${rate}`;
}
