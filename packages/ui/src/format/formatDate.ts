/*
 * Dates for reading, in Australian English like `formatMoney`: '14 Nov 2026' and '14 Nov 2026, 9:00 am'.
 */

const LOCALE = 'en-AU';

const dateFormat = new Intl.DateTimeFormat(LOCALE, { day: 'numeric', month: 'short', year: 'numeric' });
// A calendar date ('2026-12-15') has no time zone: read and print it in UTC so it never shifts a day.
const calendarDateFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A date ('14 Nov 2026') from an ISO timestamp or a calendar date (`YYYY-MM-DD`, never shifted by the
 * viewer's time zone); `fallback` when there is none or it cannot be read.
 */
export function formatDate(value: string | null | undefined, fallback = '—'): string {
  if (!value) return fallback;
  const date = parse(value);
  if (!date) return fallback;
  return (CALENDAR_DATE.test(value) ? calendarDateFormat : dateFormat).format(date);
}

/** A date and time ('16 Nov 2026, 9:00 am') in the viewer's time zone; `fallback` when there is none. */
export function formatDateTime(value: string | null | undefined, fallback = '—'): string {
  if (!value) return fallback;
  const date = parse(value);
  return date ? dateTimeFormat.format(date) : fallback;
}
