const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * Describes how long ago a moment was: 'just now' under a minute, then minutes, hours, days (under 30),
 * months (under 12) and years: '5 minutes ago', '1 hour ago', '3 days ago', '2 months ago', '1 year ago'.
 * Moments in the future read 'just now'.
 */
export function formatRelativeTime(date: Date | string | number, now: Date = new Date()): string {
  const seconds = Math.floor((now.getTime() - new Date(date).getTime()) / 1000);
  if (!Number.isFinite(seconds) || seconds < MINUTE) return 'just now';
  if (seconds < HOUR) return ago(Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return ago(Math.floor(seconds / HOUR), 'hour');
  if (seconds < MONTH) return ago(Math.floor(seconds / DAY), 'day');
  if (seconds < YEAR) return ago(Math.min(Math.floor(seconds / MONTH), 11), 'month');
  return ago(Math.floor(seconds / YEAR), 'year');
}
