import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatFileSize,
  formatMoney,
  formatPercent,
  formatRelativeTime,
} from './index';

describe('formatMoney', () => {
  it('formats AUD by default as dollars with two decimals and grouping', () => {
    expect(formatMoney(12345.5)).toBe('$12,345.50');
  });

  it('accepts decimal strings from the API', () => {
    expect(formatMoney('980.1')).toBe('$980.10');
  });

  it('formats another currency with its code and its own decimals', () => {
    expect(formatMoney(10, 'EUR')).toBe('EUR\u00a010.00');
    expect(formatMoney(10, 'JPY')).toBe('JPY\u00a010');
  });

  it('formats missing or invalid amounts as zero', () => {
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatMoney('abc')).toBe('$0.00');
  });

  it('keeps each locale and currency apart when it reuses its formatters', () => {
    expect(formatMoney(1.5, 'JPY')).toBe('JPY 2');
    expect(formatMoney(1.5, 'EUR')).toBe('EUR 1.50');
    expect(formatMoney(1.5, 'EUR', 'de-DE')).toBe('1,50 €');
    expect(formatMoney(1.5)).toBe('$1.50');
    expect(formatMoney(1.5, 'JPY')).toBe('JPY 2');
  });

  it('refuses an unknown currency code every time', () => {
    expect(() => formatMoney(1, 'not a code')).toThrow(RangeError);
    expect(() => formatMoney(1, 'not a code')).toThrow(RangeError);
  });
});

describe('formatPercent', () => {
  it('shows one decimal', () => {
    expect(formatPercent(63.45)).toBe('63.5%');
    expect(formatPercent(0)).toBe('0.0%');
    expect(formatPercent(100)).toBe('100.0%');
    expect(formatPercent('12.34')).toBe('12.3%');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [512, '512 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1234567, '1.18 MB'],
    [10 * 1024 * 1024, '10 MB'],
    [3.256 * 1024 ** 3, '3.26 GB'],
    [5 * 1024 ** 4, '5120 GB'],
  ])('formats %d bytes as %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-06-15T12:00:00Z');
  const before = (seconds: number) => new Date(now.getTime() - seconds * 1000);

  it.each([
    [10, 'just now'],
    [60, '1 minute ago'],
    [5 * 60, '5 minutes ago'],
    [3600, '1 hour ago'],
    [23 * 3600, '23 hours ago'],
    [86400, '1 day ago'],
    [29 * 86400, '29 days ago'],
    [30 * 86400, '1 month ago'],
    [200 * 86400, '6 months ago'],
    [364 * 86400, '11 months ago'],
    [365 * 86400, '1 year ago'],
    [3 * 365 * 86400, '3 years ago'],
  ])('describes %d seconds ago as %s', (seconds, expected) => {
    expect(formatRelativeTime(before(seconds), now)).toBe(expected);
  });

  it('accepts ISO strings and treats future moments as just now', () => {
    expect(formatRelativeTime('2026-06-15T11:58:00Z', now)).toBe('2 minutes ago');
    expect(formatRelativeTime('2026-06-16T00:00:00Z', now)).toBe('just now');
  });
});

describe('formatDate and formatDateTime', () => {
  it('reads a timestamp as a day, and a calendar date without shifting it by the time zone', () => {
    expect(formatDate('2026-11-14T09:00:00.000Z')).toMatch(/^1[45] Nov 2026$/);
    expect(formatDate('2026-12-15')).toBe('15 Dec 2026');
    expect(formatDate('2026-01-01')).toBe('1 Jan 2026');
  });

  it('answers the fallback for a missing or unreadable value', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate(undefined, 'Not specified')).toBe('Not specified');
    expect(formatDate('not a date', 'n/a')).toBe('n/a');
    expect(formatDateTime('')).toBe('—');
  });

  it('writes every month as its three-letter abbreviation, so one column reads alike (issue 19, item 8)', () => {
    expect(formatDate('2099-06-30')).toBe('30 Jun 2099');
    expect(formatDate('2026-07-01')).toBe('1 Jul 2026');
    expect(formatDate('2026-09-15')).toBe('15 Sep 2026');
    expect(formatDate('2026-06-15T12:00:00.000Z')).toBe('15 Jun 2026');
    expect(formatDateTime('2026-09-16T12:05:00.000Z')).toMatch(/^1[67] Sep 2026, \d{1,2}:05\s?[ap]m$/);
  });

  it('adds the time of day', () => {
    expect(formatDateTime('2026-11-16T09:05:00.000Z')).toMatch(/^1[67] Nov 2026, \d{1,2}:05\s?[ap]m$/);
  });
});
