import { randomInt } from 'node:crypto';
import type { ServerInjectResponse } from '@hapi/hapi';
import pg from 'pg';
import { QueryTypes, Transaction } from 'sequelize';
import { afterEach, describe, expect, it } from 'vitest';
import { inOrganization } from '../src/db/tenant-context.js';
import { retryingTransaction, transactionRetry } from '../src/db/transaction-retry.js';
import type { Db } from '../src/http/context.js';
import { accessTokenFor, call, expectContract } from './app.js';
import { testDatabaseUrl } from './database.js';
import {
  buildCostCenter,
  buildDepartment,
  buildMembership,
  buildOrganization,
  buildRequisition,
  buildUser,
  buildVendor,
} from './factories.js';
import { useTestApp } from './support/test-app.js';

/**
 * Serialization failures (40001) and deadlocks (40P01) run the transaction again instead of
 * answering 500 (issue 13): forced for real between two transactions on PostgreSQL, and once
 * with the retry turned off (`transactionRetry.attempts = 1`) to see the failure it cures.
 */

const app = useTestApp();
const defaults = { ...transactionRetry };
afterEach(() => {
  Object.assign(transactionRetry, defaults);
});

const sqlState = (error: unknown) => (error as { parent?: { code?: string } }).parent?.code;

/** A promise each side awaits; it resolves once `parties` have arrived. */
function barrier(parties: number) {
  let arrived = 0;
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    arrived += 1;
    if (arrived === parties) open();
    return opened;
  };
}

/**
 * Two transactions of one organisation's handle that take two advisory locks in opposite orders:
 * PostgreSQL aborts one of them with a deadlock.
 */
async function deadlockPair(
  db: Db,
  open: <T>(callback: (transaction: Transaction) => Promise<T>) => Promise<T> = (callback) =>
    db.sequelize.transaction(callback),
) {
  const [a, b] = [randomInt(1, 2 ** 30), randomInt(1, 2 ** 30)];
  const bothHoldFirst = barrier(2);
  const attempts = { left: 0, right: 0 };
  const side = (name: 'left' | 'right', first: number, second: number) =>
    open(async (transaction) => {
      attempts[name] += 1;
      await db.sequelize.query('SELECT pg_advisory_xact_lock($1)', { bind: [first], transaction });
      if (attempts[name] === 1) await bothHoldFirst();
      await db.sequelize.query('SELECT pg_advisory_xact_lock($1)', { bind: [second], transaction });
      return name;
    });
  const results = await Promise.allSettled([side('left', a, b), side('right', b, a)]);
  return { results, attempts };
}

describe('transactions of an organisation retry deadlocks and serialization failures', () => {
  it('runs a transaction aborted by a deadlock again, so both succeed', async () => {
    const organization = await buildOrganization(app.models);
    const db = inOrganization({ sequelize: app.sequelize }, organization.id);
    const { results, attempts } = await deadlockPair(db);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(attempts.left + attempts.right).toBe(3);
  });

  it('retryingTransaction does the same on the plain handle', async () => {
    const db: Db = { sequelize: app.sequelize };
    const { results, attempts } = await deadlockPair(db, (callback) =>
      retryingTransaction(app.sequelize, callback),
    );
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled']);
    expect(attempts.left + attempts.right).toBe(3);
  });

  it('without the retry, the deadlock reaches the caller (40P01)', async () => {
    transactionRetry.attempts = 1;
    const organization = await buildOrganization(app.models);
    const db = inOrganization({ sequelize: app.sequelize }, organization.id);
    const { results } = await deadlockPair(db);
    const failed = results.filter((r) => r.status === 'rejected');
    expect(failed).toHaveLength(1);
    expect(sqlState((failed[0] as PromiseRejectedResult).reason)).toBe('40P01');
  });

  async function serializationConflict(db: Db, departmentId: string) {
    let attempts = 0;
    const result = await db.sequelize.transaction(
      { isolationLevel: Transaction.ISOLATION_LEVELS.REPEATABLE_READ },
      async (transaction) => {
        attempts += 1;
        await db.sequelize.query('SELECT name FROM departments WHERE id = $1', {
          bind: [departmentId],
          transaction,
          type: QueryTypes.SELECT,
        });
        // Another request changes the row after this transaction's snapshot was taken.
        if (attempts === 1) {
          await app.sequelize.query(`UPDATE departments SET name = name || ' (renamed)' WHERE id = $1`, {
            bind: [departmentId],
          });
        }
        await db.sequelize.query(`UPDATE departments SET description = 'Checked' WHERE id = $1`, {
          bind: [departmentId],
          transaction,
        });
        return attempts;
      },
    );
    return result;
  }

  it('runs a REPEATABLE READ transaction that hit a serialization failure again', async () => {
    const organization = await buildOrganization(app.models);
    const department = await buildDepartment(app.models, organization);
    const db = inOrganization({ sequelize: app.sequelize }, organization.id);
    expect(await serializationConflict(db, department.id)).toBe(2);
    await department.reload();
    expect(department.description).toBe('Checked');
    expect(department.name).toMatch(/\(renamed\)$/);
  });

  it('without the retry, the serialization failure reaches the caller (40001)', async () => {
    transactionRetry.attempts = 1;
    const organization = await buildOrganization(app.models);
    const department = await buildDepartment(app.models, organization);
    const db = inOrganization({ sequelize: app.sequelize }, organization.id);
    const error = await serializationConflict(db, department.id).catch((e: unknown) => e);
    expect(sqlState(error)).toBe('40001');
  });
});

describe('an operation caught in a deadlock', () => {
  /**
   * Sends a draft purchase order while another session (a superuser's, with a long deadlock timeout so
   * that the operation is the one PostgreSQL aborts) holds the organisation's row and then asks for
   * the order's row, which the operation holds: a deadlock the operation loses.
   */
  async function sendInDeadlock(): Promise<ServerInjectResponse> {
    const organization = await buildOrganization(app.models, { address: '1 Dock Road' });
    const buyer = await buildUser(app.models);
    await buildMembership(app.models, { user: buyer, organization, roleName: 'Finance Manager' });
    const token = await accessTokenFor(app.server, buyer);
    const vendor = await buildVendor(app.models, organization);
    const requisition = await buildRequisition(app.models, {
      organization,
      requestor: buyer,
      costCenter: await buildCostCenter(app.models, organization),
    });
    const headers = { token, organizationId: organization.id };
    const created = await call(app.server, 'POST', '/api/purchase-orders', {
      ...headers,
      payload: {
        requisition_id: requisition.id,
        vendor_id: vendor.id,
        payment_terms: 'Net 30',
        delivery_date: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(created.statusCode, created.payload).toBe(201);
    const orderId = JSON.parse(created.payload).purchase_order.id as string;

    const other = new pg.Client({ connectionString: testDatabaseUrl() });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query(`SET LOCAL deadlock_timeout = '20s'`);
      await other.query('SELECT 1 FROM organizations WHERE id = $1 FOR UPDATE', [organization.id]);
      const sending = call(app.server, 'POST', `/api/purchase-orders/${orderId}/send`, headers);
      // Wait until the operation holds the order and waits for the organisation's row (its audit entry).
      for (let i = 0; ; i += 1) {
        const { rows } = await other.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_backend_pid() = ANY (pg_blocking_pids(pid))',
        );
        if (rows[0].n > 0) break;
        if (i > 200) throw new Error('the operation never waited for the organisation row');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await other.query('SELECT 1 FROM purchase_orders WHERE id = $1 FOR UPDATE', [orderId]);
      await other.query('ROLLBACK');
      return await sending;
    } finally {
      await other.end();
    }
  }

  it('answers 200: the send runs again after PostgreSQL aborted it', async () => {
    const response = await sendInDeadlock();
    expectContract(response, 'sendPurchaseOrder');
    expect(response.statusCode, response.payload).toBe(200);
    expect(JSON.parse(response.payload).purchase_order.status).toBe('sent');
  });

  it('answered 500 without the retry', async () => {
    transactionRetry.attempts = 1;
    const response = await sendInDeadlock();
    expect(response.statusCode).toBe(500);
  });
});
