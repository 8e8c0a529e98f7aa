import { describe, expect, it } from 'vitest';
import { documentTotalCents, fromCents, lineTotalCents, toCents } from './money.js';

describe('toCents', () => {
  it.each([
    [0, 0],
    [1, 100],
    [19.99, 1999],
    ['1234.56', 123456],
    [1.005, 101], // half-up, despite 1.005 being 1.00499999… in binary
    [2.675, 268],
    [0.004, 0],
    [0.005, 1],
    [-1.005, -101],
  ])('turns %s into %i cents', (amount, cents) => {
    expect(toCents(amount)).toBe(cents);
  });

  it('refuses what is not a number', () => {
    expect(() => toCents('abc')).toThrow(RangeError);
  });
});

describe('line and document totals', () => {
  it('is quantity × unit price + tax, exact to the cent', () => {
    expect(lineTotalCents({ quantity: 3, unit_price: 0.1, tax_amount: 0 })).toBe(30);
    expect(lineTotalCents({ quantity: 7, unit_price: '1234.57', tax_amount: '12.34' })).toBe(865433);
  });

  it('refuses a quantity below 1 or not whole', () => {
    expect(() => lineTotalCents({ quantity: 0, unit_price: 1 })).toThrow(RangeError);
    expect(() => lineTotalCents({ quantity: 1.5, unit_price: 1 })).toThrow(RangeError);
  });

  it('adds the lines of a document and converts back to major units', () => {
    const total = documentTotalCents([
      { quantity: 2, unit_price: 15000 },
      { quantity: 1, unit_price: 0.01, tax_amount: 0.005 },
    ]);
    expect(fromCents(total)).toBe(30000.02);
  });

  it('refuses a total beyond NUMERIC(14,2)', () => {
    expect(() => documentTotalCents([{ quantity: 1000, unit_price: 999_999_999_999 }])).toThrow(RangeError);
  });
});
