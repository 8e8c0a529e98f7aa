/**
 * One formatter per locale and currency, made on first use: building an `Intl.NumberFormat` costs far
 * more than formatting with it (a list or queue formats several amounts per row on every render).
 * An unknown currency code throws from the constructor, as before, and is not remembered.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}\u0000${currency}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats an amount of money with `Intl.NumberFormat` in the given currency (default AUD), with
 * that currency's decimals, in Australian English so AUD reads as dollars ('$1,234.50'). Accepts the decimal strings
 * the API sends for NUMERIC columns. A value that is not a number formats as zero.
 */
export function formatMoney(
  amount: number | string | null | undefined,
  currency = 'AUD',
  locale = 'en-AU',
): string {
  const value = typeof amount === 'string' ? Number.parseFloat(amount) : (amount ?? 0);
  return moneyFormat(currency, locale).format(Number.isFinite(value) ? value : 0);
}

/**
 * The sign {@link formatMoney} writes before an amount of `currency`: '$' for AUD in Australian
 * English, the code ('USD', 'EUR') for the others, so a money input shows the notation of the totals
 * beside it (issue 19, item 9).
 */
export function currencySymbol(currency = 'AUD', locale = 'en-AU'): string {
  try {
    const parts = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0);
    return parts.find((part) => part.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}
