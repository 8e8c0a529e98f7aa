import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { localDay } from '../shared/csv';
import { buildPurchaseOrder, toPurchaseOrderSummary } from '../test/purchaseOrderHandlers';
import { buildPurchaseOrdersCsv, PURCHASE_ORDER_CSV_COLUMNS, purchaseOrdersCsvFileName } from './csv';

const HEADER = 'PO Number,Vendor,Requisition,Status,Total,Currency,Payment Terms,Due Date,Line Items,Created';

function parse(csv: string): string[][] {
  return Papa.parse<string[]>(csv, { newline: '\r\n' }).data;
}

describe('buildPurchaseOrdersCsv', () => {
  it('writes the header and one readable row per order', () => {
    const created = '2026-11-14T09:00:00.000Z';
    const csv = buildPurchaseOrdersCsv([
      toPurchaseOrderSummary(
        buildPurchaseOrder(7, {
          status: 'sent',
          total_amount: 12_345.5,
          currency: 'EUR',
          payment_terms: 'COD',
          delivery_date: '2026-12-01',
          created_at: created,
        }),
      ),
    ]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(HEADER);
    expect(row).toBe(
      `PO-2026-00007,Tech Supplies Pty Ltd,REQ-2026-00007,Sent,12345.50,EUR,Cash on Delivery,2026-12-01,2,${localDay(created)}`,
    );
    expect(PURCHASE_ORDER_CSV_COLUMNS.join(',')).toBe(HEADER);
  });

  it('leaves the vendor and due date blank when an order has none', () => {
    const rows = parse(
      buildPurchaseOrdersCsv([
        toPurchaseOrderSummary(buildPurchaseOrder(1, { vendor: null, delivery_date: null })),
      ]),
    );
    expect(rows[1]?.[1]).toBe('');
    expect(rows[1]?.[7]).toBe('');
  });

  it('keeps a spreadsheet from running a vendor name as a formula', () => {
    const order = buildPurchaseOrder(1);
    const csv = buildPurchaseOrdersCsv([
      toPurchaseOrderSummary({ ...order, vendor: { ...order.vendor!, name: '=HYPERLINK("http://x.test")' } }),
    ]);
    expect(parse(csv)[1]?.[1]).toBe(`'=HYPERLINK("http://x.test")`);
  });

  it('writes totals with the currency decimals', () => {
    const rows = parse(
      buildPurchaseOrdersCsv([
        toPurchaseOrderSummary(buildPurchaseOrder(1, { total_amount: 150_000, currency: 'JPY' })),
      ]),
    );
    expect(rows[1]?.[4]).toBe('150000');
  });
});

describe('purchaseOrdersCsvFileName', () => {
  it("names the file after the reader's day", () => {
    expect(purchaseOrdersCsvFileName(new Date(2026, 10, 21, 23, 30))).toBe('purchase-orders-2026-11-21.csv');
  });
});
