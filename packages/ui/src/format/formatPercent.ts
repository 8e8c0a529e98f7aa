/**
 * Formats a percentage value (already in percent: 63.45 means 63.45 %) with one decimal: '63.5%'.
 * Accepts decimal strings; a value that is not a number formats as '0.0%'.
 */
export function formatPercent(value: number | string | null | undefined): string {
  const number = typeof value === 'string' ? Number.parseFloat(value) : (value ?? 0);
  return `${(Number.isFinite(number) ? number : 0).toFixed(1)}%`;
}
