import type { Sequelize } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDown, migrateUp } from '../../src/db/migrator.js';
import { createScratchDatabase } from './scratch.js';

// Migration 2026.11.28T05.00.00.history-chain-per-statement replaced the chain's row trigger by a
// statement trigger: the same statements must give the same entries, byte for byte, under both.

const STATEMENT_MIGRATION = '2026.11.28T05.00.00.history-chain-per-statement';

async function rows<T>(sequelize: Sequelize, sql: string): Promise<T[]> {
  const [result] = (await sequelize.query(sql)) as [T[], unknown];
  return result;
}

/**
 * Two statements: 300 rows of two organisations interleaved (every fifth row not a requisition's, so
 * not chained), comments in the column or the metadata, with quotes, a backslash, a tab, a newline and
 * non-ASCII letters; then 50 more rows of the first organisation. Ids and instants are fixed.
 */
async function writeHistory(sequelize: Sequelize, a: string, b: string): Promise<void> {
  await sequelize.query(
    `INSERT INTO audit_logs (id, organization_id, entity_type, entity_id, action, from_status, to_status,
                             comment, metadata, created_at)
     SELECT md5('log' || g)::uuid, CASE WHEN g % 2 = 0 THEN '${a}'::uuid ELSE '${b}'::uuid END,
            CASE WHEN g % 5 = 0 THEN 'user' ELSE 'requisition' END, md5('req' || g % 7)::uuid,
            CASE WHEN g % 4 = 0 THEN 'approve' ELSE 'edit' END,
            CASE WHEN g % 3 = 0 THEN NULL ELSE 'submitted' END, 'approved',
            CASE WHEN g % 2 = 0 THEN E'Zoë said "ok" \\\\ \\t' || g || E'\\n' END,
            CASE WHEN g % 2 = 1 THEN jsonb_build_object('comment', 'métadonnée ' || g) ELSE '{}' END,
            timestamptz '2026-11-27 10:00:00.000001Z' + (g % 11) * interval '0.123457 second'
       FROM generate_series(1, 300) g`,
  );
  await sequelize.query(
    `INSERT INTO audit_logs (id, organization_id, entity_type, entity_id, action, to_status, created_at)
     SELECT md5('more' || g)::uuid, '${a}', 'requisition', md5('req' || g)::uuid, 'submit', 'submitted',
            timestamptz '2026-11-28 01:02:03.456789Z'
       FROM generate_series(1, 50) g`,
  );
}

const chainOf = (sequelize: Sequelize) =>
  Promise.all([
    rows(
      sequelize,
      `SELECT organization_id, sequence::int, prev_hash, entry_hash, audit_log_id, requisition_id, action,
              actor_id, from_status, to_status, comment, occurred_at
         FROM audit_chain_entries ORDER BY organization_id, sequence`,
    ),
    rows(sequelize, 'SELECT * FROM audit_chain_heads ORDER BY organization_id'),
  ]);

const orientation = async (sequelize: Sequelize) =>
  (
    await rows<{ action_orientation: string }>(
      sequelize,
      `SELECT action_orientation FROM information_schema.triggers WHERE trigger_name = 'audit_logs_chain'`,
    )
  )[0]?.action_orientation;

describe('the history chain per statement', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  it('writes the same entries, hashes and heads as the row trigger it replaced', async () => {
    const { sequelize } = scratch;
    await migrateUp(sequelize);
    const [[a], [b]] = [
      await rows<{ id: string }>(
        sequelize,
        `INSERT INTO organizations (name, code) VALUES ('A', 'A') RETURNING id`,
      ),
      await rows<{ id: string }>(
        sequelize,
        `INSERT INTO organizations (name, code) VALUES ('B', 'B') RETURNING id`,
      ),
    ];
    expect(await orientation(sequelize)).toBe('STATEMENT');

    await migrateDown(sequelize, { to: STATEMENT_MIGRATION });
    expect(await orientation(sequelize)).toBe('ROW');
    await writeHistory(sequelize, a!.id, b!.id);
    const [rowEntries, rowHeads] = await chainOf(sequelize);
    expect(rowEntries).toHaveLength(290);

    await sequelize.query(
      'DELETE FROM audit_chain_entries; DELETE FROM audit_chain_heads; DELETE FROM audit_logs',
    );
    await migrateUp(sequelize);
    expect(await orientation(sequelize)).toBe('STATEMENT');
    await writeHistory(sequelize, a!.id, b!.id);
    const [statementEntries, statementHeads] = await chainOf(sequelize);
    expect(statementEntries).toEqual(rowEntries);
    expect(statementHeads).toEqual(rowHeads);
  });
});
