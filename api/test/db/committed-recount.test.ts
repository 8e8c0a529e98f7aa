import type { Sequelize } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDown, migrateUp } from '../../src/db/migrator.js';
import { initModels } from '../../src/db/models/index.js';
import { seedDemoData } from '../../src/db/seed.js';
import { expectCountersExact } from '../counters-check.js';
import { createScratchDatabase } from './scratch.js';

/**
 * Migration 2026.11.27T18.10.00 (partial receipts counted once) recounts the committed counters of
 * data written under the old rule: an order partially received before it, and one receipt written
 * while the old rule was back (the migration reverted), both leave committed when it runs again.
 */

const MIGRATION = '2026.11.27T18.10.00.committed-less-received';

describe(`migration ${MIGRATION}`, () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    await migrateUp(scratch.sequelize);
    await expect(seedDemoData(scratch.sequelize, initModels(scratch.sequelize))).resolves.toEqual({
      seeded: true,
    });
  }, 120_000);
  afterAll(async () => {
    await scratch?.drop();
  });

  /** A receipt of `amount` on the demo's first sent order, as the service writes it (status too). */
  const receive = async (sequelize: Sequelize, amount: number) => {
    const [orders] = (await sequelize.query(
      `SELECT id, organization_id FROM purchase_orders
        WHERE status IN ('sent', 'partially_received') AND requisition_id IS NOT NULL ORDER BY po_number LIMIT 1`,
    )) as [{ id: string; organization_id: string }[], unknown];
    const order = orders[0]!;
    await sequelize.transaction(async (transaction) => {
      await sequelize.query(
        `INSERT INTO po_receipts (organization_id, purchase_order_id, received_date, amount, base_amount)
         VALUES ($1, $2, current_date, $3, $3)`,
        { bind: [order.organization_id, order.id, amount], transaction },
      );
      await sequelize.query(`UPDATE purchase_orders SET status = 'partially_received' WHERE id = $1`, {
        bind: [order.id],
        transaction,
      });
    });
  };

  it('recounts committed less the receipts of data written under the old rule', async () => {
    const { sequelize } = scratch;
    await receive(sequelize, 100);
    await expectCountersExact(sequelize);

    // Down to and including it (later migrations, if any, go first).
    expect(await migrateDown(sequelize, { to: MIGRATION })).toContain(MIGRATION);
    // The old rule: the receipt is in spent and still in committed, which the check's rule refuses.
    await expect(expectCountersExact(sequelize)).rejects.toThrow(/counters that differ/);
    await receive(sequelize, 250);

    expect(await migrateUp(sequelize)).toContain(MIGRATION);
    await expectCountersExact(sequelize);
  }, 120_000);
});
