import { describe, expect, it } from 'vitest';
import { purchaseOrdersCsvFileName } from './csv';

// The file's rows are built by the server (`GET /purchase-orders/export`, api/test/exports.test.ts).
describe('purchaseOrdersCsvFileName', () => {
  it("names the file after the reader's day", () => {
    expect(purchaseOrdersCsvFileName(new Date(2026, 10, 21, 23, 30))).toBe('purchase-orders-2026-11-21.csv');
  });
});
