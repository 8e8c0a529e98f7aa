import { describe, expect, it } from 'vitest';
import { planReceipt, type ReceivableLine, receivedValueCents } from './receipt-rules.js';

const laptop: ReceivableLine = {
  id: 'l1',
  description: 'Laptop',
  quantity: 3,
  quantity_received: 0,
  unit_price: '1000.00',
  tax_amount: '300.00',
};
const dock: ReceivableLine = {
  id: 'l2',
  description: 'Dock',
  quantity: 2,
  quantity_received: 0,
  unit_price: '100.00',
  tax_amount: '15.01',
};
const order = { baseTotalCents: 351_501, exchangeRate: '1' };

describe('receivedValueCents', () => {
  it.each([
    [laptop, 0, 0],
    [laptop, 1, 110_000],
    [laptop, 3, 330_000],
    [dock, 1, 10_751], // 100 + 7.505 half up
    [dock, 2, 21_501], // the whole line: its total
  ])('%o × %i = %i cents', (line, received, cents) => {
    expect(receivedValueCents(line, received)).toBe(cents);
  });
});

describe('planReceipt', () => {
  it('answers the receipt’s worth and whether the order is complete', () => {
    expect(planReceipt([laptop, dock], [{ po_line_item_id: 'l2', quantity: 1 }], order)).toEqual({
      lines: [{ id: 'l2', quantity: 1 }],
      amountCents: 10_751,
      baseAmountCents: 10_751,
      complete: false,
    });
    const rest = planReceipt(
      [laptop, { ...dock, quantity_received: 1 }],
      [
        { po_line_item_id: 'l1', quantity: 3 },
        { po_line_item_id: 'l2', quantity: 1 },
      ],
      order,
    );
    expect(rest).toMatchObject({ amountCents: 330_000 + 10_750, baseAmountCents: 340_750, complete: true });
  });

  it('converts at the frozen rate and ends on the counted base total', () => {
    const foreign = { baseTotalCents: 527_252, exchangeRate: '1.5' };
    const first = planReceipt([laptop, dock], [{ po_line_item_id: 'l2', quantity: 1 }], foreign);
    expect(first.baseAmountCents).toBe(16_127); // 10751 × 1.5 = 16126.5, half up
    const last = planReceipt(
      [laptop, { ...dock, quantity_received: 1 }],
      [
        { po_line_item_id: 'l1', quantity: 3 },
        { po_line_item_id: 'l2', quantity: 1 },
      ],
      foreign,
    );
    expect(first.baseAmountCents + last.baseAmountCents).toBe(527_252);
  });

  it('refuses more than outstanding (422 OVER_RECEIPT naming the line), unknown and repeated lines (400)', () => {
    expect(() =>
      planReceipt([{ ...laptop, quantity_received: 2 }], [{ po_line_item_id: 'l1', quantity: 2 }], order),
    ).toThrow(
      expect.objectContaining({
        status: 422,
        code: 'OVER_RECEIPT',
        message: 'Laptop: 2 received, only 1 outstanding',
      }),
    );
    expect(() => planReceipt([laptop], [{ po_line_item_id: 'x', quantity: 1 }], order)).toThrow(
      expect.objectContaining({
        status: 400,
        details: [{ field: 'lines.0.po_line_item_id', message: 'Not a line of this purchase order' }],
      }),
    );
    expect(() =>
      planReceipt(
        [laptop],
        [
          { po_line_item_id: 'l1', quantity: 1 },
          { po_line_item_id: 'l1', quantity: 1 },
        ],
        order,
      ),
    ).toThrow(expect.objectContaining({ status: 400 }));
  });
});
