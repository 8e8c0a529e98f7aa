import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { buildRequisition, financeRef, toSummary } from '../test/requisitionHandlers';
import { buildRequisitionsCsv, localDay, REQUISITION_CSV_COLUMNS, requisitionsCsvFileName } from './csv';

const HEADER =
  'Requisition Number,Justification,Requestor,Requestor Email,Category,Status,Amount,Currency,Cost Center,Created';

function parse(csv: string): string[][] {
  return Papa.parse<string[]>(csv, { newline: '\r\n' }).data;
}

describe('buildRequisitionsCsv', () => {
  it('writes the header and one row per requisition with readable values', () => {
    const created = '2026-11-14T09:00:00.000Z';
    const csv = buildRequisitionsCsv([
      toSummary(
        buildRequisition(7, {
          status: 'under_review',
          category: 'maintenance',
          total_amount: 12_345.5,
          currency: 'EUR',
          justification: 'Replace the conveyor belt',
          created_at: created,
        }),
      ),
    ]);
    const [header, row] = csv.split('\r\n');
    expect(header).toBe(HEADER);
    expect(row).toBe(
      `REQ-2026-00007,Replace the conveyor belt,Uma Patel,user@acme.test,Maintenance,Under Review,12345.50,EUR,CC-200 - Information Technology,${localDay(created)}`,
    );
  });

  it('writes only the header for no requisitions', () => {
    expect(buildRequisitionsCsv([]).trimEnd()).toBe(HEADER);
    expect(REQUISITION_CSV_COLUMNS.join(',')).toBe(HEADER);
  });

  it('quotes commas, quotes and line breaks so every value reads back unchanged', () => {
    const justification = 'Chairs, desks and "ergonomic" mats\nfor level 3';
    const csv = buildRequisitionsCsv([toSummary(buildRequisition(1, { justification }))]);
    const rows = parse(csv);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.[1]).toBe(justification);
  });

  it.each([['=HYPERLINK("http://evil.test","Click")'], ['+1+2'], ['-2+3'], ['@SUM(A1:A2)'], ['\t=1+1']])(
    'keeps a spreadsheet from running %j as a formula',
    (payload) => {
      const csv = buildRequisitionsCsv([
        toSummary(
          buildRequisition(1, {
            justification: payload,
            requestor: { ...financeRef, first_name: payload, last_name: '' },
          }),
        ),
      ]);
      const row = parse(csv)[1] ?? [];
      expect(row[1]).toBe(`'${payload}`);
      // The name is trimmed first, so a leading tab goes and the formula character is what is guarded.
      expect(row[2]).toBe(`'${payload.trim()}`);
    },
  );

  it("writes amounts with the currency's decimals and leaves an empty justification blank", () => {
    const csv = buildRequisitionsCsv([
      toSummary(buildRequisition(1, { total_amount: 150_000, currency: 'JPY', justification: null })),
      toSummary(buildRequisition(2, { total_amount: 0.1 + 0.2, currency: 'AUD' })),
    ]);
    const rows = parse(csv);
    expect(rows[1]?.[1]).toBe('');
    expect(rows[1]?.[6]).toBe('150000');
    expect(rows[2]?.[6]).toBe('0.30');
  });
});

describe('requisitionsCsvFileName', () => {
  it("names the file after the reader's day", () => {
    expect(requisitionsCsvFileName(new Date(2026, 0, 5, 23, 59))).toBe('requisitions-2026-01-05.csv');
  });
});
