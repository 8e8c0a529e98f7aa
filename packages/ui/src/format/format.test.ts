import { describe, expect, it } from 'vitest';
import { formatFileSize, formatMoney, formatPercent, formatRelativeTime } from './index';

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
