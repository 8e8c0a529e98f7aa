import { QueryTypes, UniqueConstraintError } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inOrganization } from '../src/db/tenant-context.js';
import { execute, select, selectOne, usePreparedStatements } from '../src/db-query.js';
import type { Db } from '../src/http/context.js';
import { createTestApp } from './app.js';
import { buildOrganization, uniqueSuffix } from './factories.js';

/**
 * The services' statements as named prepared statements (api/src/db-query.ts): the same answers
 * as through Sequelize, each on a connection carrying the handle's organisation, in the
 * transaction when given one, with Sequelize's error classes.
 */

let app: Awaited<ReturnType<typeof createTestApp>>;
let db: Db;

beforeAll(async () => {
  app = await createTestApp();
  db = { sequelize: app.sequelize };
});
afterAll(async () => {
  usePreparedStatements(true);
  await app.close();
});

const setting = 'SELECT current_setting($1, true) AS value';

describe('prepared statements', () => {
  it('run on a connection that carries the handle’s organisation, switching back and forth', async () => {
    const [one, two] = [await buildOrganization(app.models), await buildOrganization(app.models)];
    for (let round = 0; round < 3; round++) {
      // More concurrent statements than pooled connections: every connection serves every handle.
      const answers = await Promise.all(
        Array.from({ length: 24 }, (_, i) => {
          const handle = [db, inOrganization(db, one.id), inOrganization(db, two.id)][i % 3]!;
          return selectOne<{ value: string }>(handle, setting, ['app.organization_id']).then((row) => [
            i % 3,
            row?.value ?? '',
          ]);
        }),
      );
      for (const [which, value] of answers) expect(value).toBe(['', one.id, two.id][which as number]);
    }
  });

  it('answer what Sequelize answers, types included', async () => {
    const sql = `SELECT $1::int AS n, $2::numeric AS amount, $3::timestamptz AS at, $4::text[] AS list,
                        json_build_object('k', $5::text) AS object, NULL::text AS nothing`;
    const bind = [7, '12.50', new Date('2026-01-02T03:04:05.678Z'), ['a', 'b'], 'v'];
    const prepared = await select(db, sql, bind);
    usePreparedStatements(false);
    try {
      expect(prepared).toEqual(await select(db, sql, bind));
      expect(prepared).toEqual(await app.sequelize.query(sql, { bind, type: QueryTypes.SELECT }));
    } finally {
      usePreparedStatements(true);
    }
    expect(prepared[0]).toMatchObject({ n: 7, amount: '12.50', list: ['a', 'b'], object: { k: 'v' } });
  });

  it('run inside the transaction they are given, and roll back with it', async () => {
    const code = `T${uniqueSuffix()}`;
    const organization = await buildOrganization(app.models);
    const scoped = inOrganization(db, organization.id);
    await expect(
      scoped.sequelize.transaction(async (transaction) => {
        await execute(
          scoped,
          'INSERT INTO cost_centers (organization_id, code, name) VALUES ($1, $2, $3)',
          [organization.id, code, 'Rolled back'],
          transaction,
        );
        const inside = await select(
          scoped,
          'SELECT code FROM cost_centers WHERE code = $1',
          [code],
          transaction,
        );
        expect(inside).toHaveLength(1);
        const outside = await select(scoped, 'SELECT code FROM cost_centers WHERE code = $1', [code]);
        expect(outside).toHaveLength(0);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await select(scoped, 'SELECT code FROM cost_centers WHERE code = $1', [code])).toHaveLength(0);
  });

  it('report a driver error as Sequelize does (a unique violation names its constraint)', async () => {
    const organization = await buildOrganization(app.models);
    const error = await execute(db, 'INSERT INTO organizations (id, name, code) VALUES ($1, $2, $3)', [
      organization.id,
      'Duplicate',
      `D${uniqueSuffix()}`,
    ]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UniqueConstraintError);
    expect((error as UniqueConstraintError).parent).toMatchObject({ code: '23505' });
  });

  it('refuse a transaction that has ended', async () => {
    const transaction = await app.sequelize.transaction();
    await transaction.commit();
    await expect(select(db, 'SELECT $1::int AS n', [1], transaction)).rejects.toThrow(/commit/);
  });
});
