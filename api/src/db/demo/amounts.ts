/** Money arithmetic of the demo loader, in integer cents. */
import type { LineFixture } from './types.js';

/** Integer cents → "1234.56". */
export function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 10% GST on `cents`, rounded half-up to the cent. */
export function gst(cents: number): number {
  return Math.floor((cents + 5) / 10);
}

/** The GST rate in percent, stated on the lines that carry it (docs/decisions.md "Line tax"). */
export const GST_RATE = 10;

/**
 * A line with its price and tax settled: the product's price and 10% GST unless the line says. A
 * GST line states its rate (`taxRate` 10); a line whose fixture gives the tax as an amount has none.
 */
export interface PricedLine {
  fixture: LineFixture;
  priceCents: number;
  taxCents: number;
  taxRate: number | null;
  totalCents: number;
}

/** Settles each line's price (`productPrice` of its SKU when it gives none), tax and total. */
export function priceLines(lines: LineFixture[], productPrice: (sku: string) => number): PricedLine[] {
  return lines.map((fixture) => {
    const priceCents = fixture.priceCents ?? (fixture.product ? productPrice(fixture.product) : 0);
    const subtotal = fixture.quantity * priceCents;
    const taxCents = fixture.taxCents ?? gst(subtotal);
    const taxRate = fixture.taxCents === undefined ? GST_RATE : null;
    return { fixture, priceCents, taxCents, taxRate, totalCents: subtotal + taxCents };
  });
}
