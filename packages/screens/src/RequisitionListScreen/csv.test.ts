import { describe, expect, it } from 'vitest';
import { requisitionsCsvFileName } from './csv';

// The file's rows are built by the server (`GET /requisitions/export`, api/test/exports.test.ts).
describe('requisitionsCsvFileName', () => {
  it("names the file after the reader's day", () => {
    expect(requisitionsCsvFileName(new Date(2026, 0, 5, 23, 59))).toBe('requisitions-2026-01-05.csv');
    expect(requisitionsCsvFileName(new Date(2026, 0, 5), 'xlsx')).toBe('requisitions-2026-01-05.xlsx');
  });
});
