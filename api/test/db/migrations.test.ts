import type { Sequelize } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_TABLE, migrateDown, migrateUp } from '../../src/db/migrator.js';
import { initModels } from '../../src/db/models/index.js';
import { createScratchDatabase } from './scratch.js';

interface AttributeInfo {
  field?: string;
  allowNull?: boolean;
  primaryKey?: boolean;
}

async function tables(sequelize: Sequelize): Promise<string[]> {
  const [rows] = (await sequelize.query(
    "SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
  )) as [{ tablename: string }[], unknown];
  return rows.map((row) => row.tablename).filter((name) => name !== MIGRATIONS_TABLE);
}

describe('migrations', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  beforeAll(async () => {
    scratch = await createScratchDatabase();
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  it('apply, revert to nothing, and apply again', async () => {
    const { sequelize } = scratch;
    const applied = await migrateUp(sequelize);
    expect(applied.length).toBeGreaterThanOrEqual(6);
    expect(applied).toEqual([...applied].sort());
    const created = await tables(sequelize);
    expect(created).toEqual(
      expect.arrayContaining([
        'organizations',
        'users',
        'requisitions',
        'approval_steps',
        'purchase_orders',
        'email_outbox',
      ]),
    );
    expect(await migrateUp(sequelize)).toEqual([]);

    const reverted = await migrateDown(sequelize);
    expect(reverted).toEqual([...applied].reverse());
    expect(await tables(sequelize)).toEqual([]);
    const [extensions] = (await sequelize.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")) as [
      unknown[],
      unknown,
    ];
    expect(extensions).toHaveLength(0);

    expect(await migrateUp(sequelize)).toEqual(applied);
    expect(await tables(sequelize)).toEqual(created);
  });

  it('create every column each model declares', async () => {
    const { sequelize } = scratch;
    await migrateUp(sequelize);
    const models = initModels(sequelize);
    for (const model of Object.values(models)) {
      const described = await sequelize.getQueryInterface().describeTable(model.getTableName() as string);
      for (const attribute of Object.values(model.getAttributes()) as AttributeInfo[]) {
        expect(described, `${model.name}.${attribute.field}`).toHaveProperty(attribute.field!);
        expect(described[attribute.field!]!.allowNull, `${model.name}.${attribute.field} nullability`).toBe(
          attribute.allowNull !== false && !attribute.primaryKey,
        );
      }
    }
  });

  it('seed the 15 permissions', async () => {
    const { sequelize } = scratch;
    await migrateUp(sequelize);
    const [rows] = (await sequelize.query('SELECT name FROM permissions ORDER BY name')) as [
      { name: string }[],
      unknown,
    ];
    expect(rows).toHaveLength(15);
  });
});
