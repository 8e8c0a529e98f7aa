import { describe, expect, it } from 'vitest';
import { Conflict, ValidationFailed } from './errors.js';
import {
  checkCurrencyChange,
  fiscalYearEndOf,
  formatAddress,
  normalizeAddress,
  normalizeWebsite,
  readSettingsChange,
} from './organization-settings.js';

describe('organisation settings rules', () => {
  it('ends the fiscal year the month before it starts', () => {
    expect(fiscalYearEndOf(1)).toBe(12);
    expect(fiscalYearEndOf(7)).toBe(6);
    expect(fiscalYearEndOf(12)).toBe(11);
  });

  it('writes an address on one line as orders print it, leaving out the empty parts', () => {
    expect(
      formatAddress({
        lines: ['Level 2', '100 Collins St'],
        city: 'Melbourne',
        region: 'VIC',
        postcode: '3000',
        country: 'Australia',
      }),
    ).toBe('Level 2, 100 Collins St, Melbourne VIC 3000, Australia');
    expect(
      formatAddress({ lines: ['1 Main Rd'], city: null, region: null, postcode: null, country: 'NZ' }),
    ).toBe('1 Main Rd, NZ');
    expect(formatAddress(null)).toBeNull();
  });

  it('trims an address, drops blank lines and parts, and refuses one with no street', () => {
    expect(
      normalizeAddress('billing_address', {
        lines: [' 1 Main Rd ', ' '],
        city: ' ',
        region: null,
        postcode: '2000 ',
        country: null,
      }),
    ).toEqual({ lines: ['1 Main Rd'], city: null, region: null, postcode: '2000', country: null });
    expect(() =>
      normalizeAddress('billing_address', {
        lines: ['  '],
        city: 'Sydney',
        region: null,
        postcode: null,
        country: null,
      }),
    ).toThrow(ValidationFailed);
    try {
      normalizeAddress('billing_address', {
        lines: [''],
        city: null,
        region: null,
        postcode: null,
        country: null,
      });
    } catch (error) {
      expect((error as ValidationFailed).details[0]?.field).toBe('billing_address.lines');
    }
  });

  it('adds https:// to a bare website and refuses what is not one', () => {
    expect(normalizeWebsite('acme.example')).toBe('https://acme.example');
    expect(normalizeWebsite(' http://acme.example/x ')).toBe('http://acme.example/x');
    expect(normalizeWebsite('  ')).toBeNull();
    expect(() => normalizeWebsite('not a site')).toThrow(ValidationFailed);
  });

  it('reads only the fields a change names, and refuses a blank name', () => {
    expect(readSettingsChange({ version: 2, phone: ' ', fiscal_year_start: 4 })).toEqual({
      phone: null,
      fiscal_year_start: 4,
    });
    expect(() => readSettingsChange({ version: 2, name: '  ' })).toThrow(ValidationFailed);
  });

  it('lets the base currency change only while nothing is recorded in it', () => {
    expect(() => checkCurrencyChange('AUD', 'EUR', false)).not.toThrow();
    expect(() => checkCurrencyChange('AUD', 'AUD', true)).not.toThrow();
    expect(() => checkCurrencyChange('AUD', undefined, true)).not.toThrow();
    expect(() => checkCurrencyChange('AUD', 'EUR', true)).toThrow(Conflict);
  });
});
