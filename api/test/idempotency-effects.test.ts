import { randomUUID } from 'node:crypto';
import type { ServerInjectResponse } from '@hapi/hapi';
import pg from 'pg';
import { QueryTypes } from 'sequelize';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { waitSettings } from '../src/http/idempotency.js';
import { leaseSettings } from '../src/http/idempotency-store.js';
import { expectContract } from './app.js';
import { testDatabaseUrl } from './database.js';
import { buildPdfBytes, buildRequisition, buildVendor } from './factories.js';
import { raise, request, requisitionForm } from './support/approval-calls.js';
import {
  body,
  buildApprovalChain,
  buildOrganizationWorld,
  type Member,
  useTestApp,
} from './support/approval-world.js';

/**
 * Replays of decisions and of writes with side effects (issue 13): a submit, an approval, a
 * purchase order's send (with its mail) and an upload, each sent twice with one `Idempotency-Key`,
 * make one change, one audit entry and one mail.
 */

const app = useTestApp();

async function buildWorld() {
  const world = await buildOrganizationWorld(app, { address: '10 Head Office Road, Sydney NSW 2000' });
  const { manager, requestor } = await buildApprovalChain(world);
  const buyer = await world.member('Finance Manager');
  const vendor = await buildVendor(app.models, world.organization);
  return { ...world, manager, requestor, buyer, vendor };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

const post = (world: World, as: Member, url: string, key: string, payload?: unknown) =>
  request(world, as, 'POST', url, payload, { 'idempotency-key': key });

function draft(world: World, total = 120): Promise<{ id: string }> {
  const line = { description: 'Chair', unit_price: total };
  return raise(world, world.requestor, requisitionForm(world, 'Chairs for the meeting room', line));
}

async function auditCount(entityId: string, action: string): Promise<number> {
  const [row] = await app.sequelize.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM audit_logs WHERE entity_id = $1 AND action = $2',
    { bind: [entityId, action], type: QueryTypes.SELECT },
  );
  return row?.n ?? -1;
}

/** Sends the same request twice with one key: both answers alike, the second marked replayed. */
async function twice(send: () => Promise<ServerInjectResponse>, operationId: string) {
  const first = await send();
  const second = await send();
  expectContract(first, operationId);
  expectContract(second, operationId);
  expect(first.statusCode, first.payload).toBeLessThan(300);
  expect(second.statusCode).toBe(first.statusCode);
  expect(second.payload).toBe(first.payload);
  expect(second.headers['idempotent-replayed']).toBe('true');
  return body(first);
}

describe('replayed decisions make one change', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('submits once', async () => {
    const { id } = await draft(world);
    const key = randomUUID();
    const answer = await twice(
      () => post(world, world.requestor, `/requisitions/${id}/submit`, key),
      'submitRequisition',
    );
    expect(answer.requisition.status).toBe('under_review');
    expect(await auditCount(id, 'submit')).toBe(1);
  });

  it('approves once, and refuses the key on another requisition', async () => {
    const { id } = await draft(world);
    expect((await post(world, world.requestor, `/requisitions/${id}/submit`, randomUUID())).statusCode).toBe(
      200,
    );
    const key = randomUUID();
    const payload = { action: 'approve', comments: 'Fine' };
    await twice(
      () => post(world, world.manager, `/approvals/${id}/approve`, key, payload),
      'approveRequisition',
    );
    expect(await auditCount(id, 'approve')).toBe(1);

    const other = await draft(world);
    await post(world, world.requestor, `/requisitions/${other.id}/submit`, randomUUID());
    const reused = await post(world, world.manager, `/approvals/${other.id}/approve`, key, payload);
    expectContract(reused, 'approveRequisition');
    expect(reused.statusCode).toBe(422);
    expect(await auditCount(other.id, 'approve')).toBe(0);
  });

  it('sends a purchase order once: one mail in the outbox, one audit entry', async () => {
    const requisition = await buildRequisition(app.models, {
      organization: world.organization,
      requestor: world.requestor.user,
      costCenter: world.costCenter,
      glAccount: world.glAccount,
      status: 'approved',
    });
    const orderPayload = {
      requisition_id: requisition.id,
      vendor_id: world.vendor.id,
      payment_terms: 'Net 30',
      delivery_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
    };
    const createKey = randomUUID();
    const created = await twice(
      () => post(world, world.buyer, '/purchase-orders', createKey, orderPayload),
      'createPurchaseOrder',
    );
    const orderId = created.purchase_order.id;
    const [orders] = await app.sequelize.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM purchase_orders WHERE requisition_id = $1',
      { bind: [requisition.id], type: QueryTypes.SELECT },
    );
    expect(orders?.n).toBe(1);

    const sendKey = randomUUID();
    const sent = await twice(
      () => post(world, world.buyer, `/purchase-orders/${orderId}/send`, sendKey),
      'sendPurchaseOrder',
    );
    expect(sent.purchase_order.status).toBe('sent');
    const [mails] = await app.sequelize.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM email_outbox WHERE to_address = $1',
      { bind: [world.vendor.email], type: QueryTypes.SELECT },
    );
    expect(mails?.n).toBe(1);
    expect(await auditCount(orderId, 'send')).toBe(1);
  });
});

describe('replayed uploads', () => {
  function multipart(fields: Record<string, string>, file: Buffer) {
    const boundary = `----idem${randomUUID()}`;
    const parts = Object.entries(fields).map(
      ([name, value]) =>
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    );
    const payload = Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="quote.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
  }

  it('stores a file once for a replay, and refuses the key with other file content', async () => {
    const world = await buildWorld();
    const requisition = await draft(world);
    const upload = (key: string, bytes: Buffer) => {
      const form = multipart({ entity_type: 'requisition', entity_id: requisition.id }, bytes);
      return app.server.inject({
        method: 'POST',
        url: '/api/attachments/upload',
        headers: {
          authorization: `Bearer ${world.requestor.token}`,
          'x-organization-id': world.organization.id,
          'content-type': form.contentType,
          'idempotency-key': key,
        },
        payload: form.payload,
      });
    };
    const key = randomUUID();
    await twice(() => upload(key, buildPdfBytes('Quote A')), 'uploadAttachments');
    const other = await upload(key, buildPdfBytes('Quote B'));
    expectContract(other, 'uploadAttachments');
    expect(other.statusCode).toBe(422);
    const [files] = await app.sequelize.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM attachments WHERE entity_id = $1',
      { bind: [requisition.id], type: QueryTypes.SELECT },
    );
    expect(files?.n).toBe(1);
  });
});

describe('a retry while the first request is still running', () => {
  const defaults = { lease: leaseSettings.seconds, wait: { ...waitSettings } };
  afterEach(() => {
    leaseSettings.seconds = defaults.lease;
    Object.assign(waitSettings, defaults.wait);
  });

  it('waits for the first (whose heartbeat keeps its claim past the lease) and answers its answer', async () => {
    leaseSettings.seconds = 1;
    waitSettings.maxWaitMs = 10_000;
    const world = await buildWorld();
    const payload = {
      cost_center_id: world.costCenter.id,
      gl_account_id: world.glAccount.id,
      justification: 'Held up by a lock',
      line_items: [{ description: 'Desk', quantity: 1, unit_price: 300, unit_of_measure: 'each' }],
    };
    const key = randomUUID();
    // Another session holds the cost centre's row: the create waits on it (its foreign key check), after
    // it claimed the key.
    const other = new pg.Client({ connectionString: testDatabaseUrl() });
    await other.connect();
    try {
      await other.query('BEGIN');
      await other.query('SELECT 1 FROM cost_centers WHERE id = $1 FOR UPDATE', [world.costCenter.id]);
      const first = post(world, world.requestor, '/requisitions', key, payload);
      for (let i = 0; ; i += 1) {
        const { rows } = await other.query(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE pg_backend_pid() = ANY (pg_blocking_pids(pid))',
        );
        if (rows[0].n > 0) break;
        if (i > 200) throw new Error('the create never waited');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      // Longer than two leases: only the heartbeat keeps the first request's claim.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const second = post(world, world.requestor, '/requisitions', key, payload);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await other.query('ROLLBACK');
      const [a, b] = await Promise.all([first, second]);
      expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
      expect(b.payload).toBe(a.payload);
      expect(b.headers['idempotent-replayed']).toBe('true');
    } finally {
      await other.end();
    }
    const [row] = await app.sequelize.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM requisitions WHERE organization_id = $1',
      { bind: [world.organization.id], type: QueryTypes.SELECT },
    );
    expect(row?.n).toBe(1);
  });
});
