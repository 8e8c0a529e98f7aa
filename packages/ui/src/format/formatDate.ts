/*
 * Dates for reading, in one notation everywhere: '14 Nov 2026' and '14 Nov 2026, 9:00 am'. The month is
 * always its three-letter abbreviation: en-AU's own abbreviations mix lengths ('15 Dec 2026' beside
 * '30 June 2099' and '1 Sept 2026'), so the months are named here rather than by `Intl`.
 */

/** The months as every date shows them (also the DatePicker's display format, `d MMM yyyy`). */
export const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const timeFormat = new Intl.DateTimeFormat('en-AU', { hour: 'numeric', minute: '2-digit' });

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function localDay(date: Date): string {
  return `${date.getDate()} ${MONTH_ABBREVIATIONS[date.getMonth()]} ${date.getFullYear()}`;
}

/**
 * A date ('14 Nov 2026') from an ISO timestamp (in the viewer's time zone) or a calendar date
 * (`YYYY-MM-DD`, never shifted by the viewer's time zone); `fallback` when there is none or it cannot
 * be read.
 */
export function formatDate(value: string | null | undefined, fallback = '—'): string {
  if (!value) return fallback;
  const date = parse(value);
  if (!date) return fallback;
  // A calendar date has no time zone: read it in UTC so it never shifts a day.
  return CALENDAR_DATE.test(value)
    ? `${date.getUTCDate()} ${MONTH_ABBREVIATIONS[date.getUTCMonth()]} ${date.getUTCFullYear()}`
    : localDay(date);
}

/** A date and time ('16 Nov 2026, 9:00 am') in the viewer's time zone; `fallback` when there is none. */
export function formatDateTime(value: string | null | undefined, fallback = '—'): string {
  if (!value) return fallback;
  const date = parse(value);
  return date ? `${localDay(date)}, ${timeFormat.format(date)}` : fallback;
}
