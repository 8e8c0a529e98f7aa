import { describe, expect, it } from 'vitest';
import { checkRateInput, hasRatePrecision, missingRateMessage } from './currency.js';

describe('exchange rates', () => {
  it('keeps at most eight decimal places', () => {
    expect(hasRatePrecision(1.53)).toBe(true);
    expect(hasRatePrecision(0.00000001)).toBe(true);
    expect(hasRatePrecision(1.123456789)).toBe(false);
    expect(hasRatePrecision(Number.NaN)).toBe(false);
  });

  it('refuses a rate for the base currency and names each field', () => {
    expect(() => checkRateInput({ currency: 'AUD', rate: 1.123456789 }, 'AUD')).toThrow(
      expect.objectContaining({
        status: 400,
        details: [expect.objectContaining({ field: 'currency' }), expect.objectContaining({ field: 'rate' })],
      }),
    );
    expect(() => checkRateInput({ currency: 'EUR', rate: 1.65 }, 'AUD')).not.toThrow();
    expect(() => checkRateInput({ rate: 1.65 }, 'AUD')).not.toThrow();
  });

  it('tells the requestor what is missing and who can fix it', () => {
    expect(missingRateMessage('EUR', 'AUD', '2026-11-25')).toBe(
      'No exchange rate from EUR to AUD is in effect on 2026-11-25, so this requisition cannot be ' +
        'submitted. Ask an administrator to add one under Exchange rates, or raise it in AUD.',
    );
  });
});
