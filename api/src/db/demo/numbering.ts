/**
 * Requisition and order numbers of the demo data. Records get a provisional number (…-9xxxx) when
 * created; {@link DemoNumbers.renumber} replaces them once everything exists, so numbers follow
 * creation times whatever order the fixtures list records in.
 */

import type { Transaction } from 'sequelize';
import type { Models } from '../models/index.js';

/** Hands out provisional numbers, then numbers everything for good. */
export class DemoNumbers {
  private provisional = 0;

  /** A provisional number for a record created at `at`; never one a final number can take. */
  next(kind: 'REQ' | 'PO', at: Date): string {
    this.provisional += 1;
    return `${kind}-${at.getUTCFullYear()}-${90_000 + this.provisional}`;
  }

  /**
   * Numbers requisitions and orders per organisation and year in creation order (REQ-2026-00001…)
   * and writes the matching number_sequences rows. The provisional numbers never collide with the
   * final ones, so the unique keys hold row by row.
   */
  async renumber(models: Models, transaction: Transaction, organizationIds: string[]): Promise<void> {
    const run = (sql: string) =>
      models.Requisition.sequelize!.query(sql, { transaction, bind: [organizationIds] });
    for (const [table, column, kind] of [
      ['requisitions', 'requisition_number', 'REQ'],
      ['purchase_orders', 'po_number', 'PO'],
    ] as const) {
      await run(`
        UPDATE ${table} t
           SET ${column} = format('${kind}-%s-%s', o.year, lpad(o.n::text, 5, '0'))
          FROM (SELECT id, extract(year FROM created_at AT TIME ZONE 'UTC')::int AS year,
                       row_number() OVER (PARTITION BY organization_id, extract(year FROM created_at AT TIME ZONE 'UTC')
                                          ORDER BY created_at, id) AS n
                  FROM ${table} WHERE organization_id = ANY($1)) o
         WHERE t.id = o.id`);
      await run(`
        INSERT INTO number_sequences (organization_id, kind, year, last_value)
        SELECT organization_id, '${kind}', extract(year FROM created_at AT TIME ZONE 'UTC')::int, count(*)
          FROM ${table} WHERE organization_id = ANY($1)
         GROUP BY 1, 3`);
    }
  }
}
