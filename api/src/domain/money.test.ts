import { describe, expect, it } from 'vitest';
import {
  documentTotalCents,
  fromCents,
  isTaxRate,
  lineTotalCents,
  taxFromRateCents,
  toCents,
} from './money.js';

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

describe('tax from a rate', () => {
  it.each([
    // quantity, unit price, rate %, tax in cents
    [1, 2199, 10, 21990],
    [1, 0.05, 10, 1], // 0.5 cent rounds half up
    [1, 0.04, 10, 0], // 0.4 cent rounds down
    [3, 33.33, 7.5, 750], // 7.49925 → 7.50
    [7, 1234.57, 12.125, 104784], // 1047.836... → 1047.84
    [1, 100, 0, 0],
    [2, 50, 100, 10000],
    [1_000_000, 999_999.99, 100, 99_999_999_000_000], // beyond 2^53 before the division: exact in BigInt
  ])('%i × %s at %s %% is %i cents, half up', (quantity, unitPrice, rate, cents) => {
    expect(taxFromRateCents({ quantity, unit_price: unitPrice, tax_rate: rate })).toBe(cents);
  });

  it('accepts 0 to 100 with at most three decimals, nothing else', () => {
    expect([0, 10, 12.125, 100].every(isTaxRate)).toBe(true);
    expect([-0.001, 100.001, 10.0005, Number.NaN].some(isTaxRate)).toBe(false);
    expect(() => taxFromRateCents({ quantity: 1, unit_price: 1, tax_rate: 101 })).toThrow(RangeError);
  });
});
