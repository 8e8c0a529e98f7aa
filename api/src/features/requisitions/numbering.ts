import type { Transaction } from 'sequelize';
import { selectOne } from '../../db-query.js';
import type { Db } from '../../http/context.js';

/** Formats a document number: `REQ-2026-00001` (at least five digits). */
export function formatDocumentNumber(kind: 'REQ' | 'PO', year: number, value: number): string {
  return `${kind}-${year}-${String(value).padStart(5, '0')}`;
}

/**
 * Allocates the next number of `kind` for the organisation in the current UTC year (the
 * transaction's clock, so it matches `created_at`). The upsert locks the sequence row until the
 * transaction ends, so concurrent allocations queue and numbers stay unique; a rolled-back
 * transaction gives its number back.
 */
export async function allocateDocumentNumber(
  db: Db,
  organizationId: string,
  kind: 'REQ' | 'PO',
  transaction: Transaction,
): Promise<string> {
  const row = await selectOne<{ year: number; last_value: number }>(
    db,
    `INSERT INTO number_sequences (organization_id, kind, year, last_value)
     VALUES ($1, $2, extract(year FROM now() AT TIME ZONE 'UTC')::int, 1)
     ON CONFLICT (organization_id, kind, year)
       DO UPDATE SET last_value = number_sequences.last_value + 1
     RETURNING year, last_value`,
    [organizationId, kind],
    transaction,
  );
  if (!row) throw new Error('number allocation returned no row');
  return formatDocumentNumber(kind, row.year, row.last_value);
}
