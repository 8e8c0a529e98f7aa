import type { ServerInjectResponse } from '@hapi/hapi';
import Papa from 'papaparse';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { requisitionExport } from '../src/features/requisitions/requisition-export.js';
import { csvStream } from '../src/http/csv-export.js';
import { accessTokenFor, call, expectContract } from './app.js';
import { buildMembership, buildOrganization, buildUser, buildVendor } from './factories.js';
import { useTestApp } from './support/approval-world.js';
import {
  adminOf,
  buildExportWorld,
  copyRequisitions,
  FORMULA,
  heapAfterCollection,
} from './support/export-world.js';

/**
 * The list exports (issue 16, item 5): the file holds exactly the list's rows for the same filters and
 * caller, in its order, with the screens' columns; formulas are defused; and a large file streams in
 * constant memory.
 */

const app = useTestApp();

const body = (response: ServerInjectResponse) => JSON.parse(response.payload);

/** The parsed rows of a CSV answer (the byte order mark dropped), header first. */
function rowsOf(response: ServerInjectResponse): string[][] {
  expect(response.payload.startsWith('\uFEFF')).toBe(true);
  const parsed = Papa.parse<string[]>(response.payload.slice(1), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

async function buildWorld() {
  const world = await buildExportWorld(app);
  const { own, raise } = world;
  const other = await world.person('User', 'Other');
  const mine = [
    await raise(own, 'draft', 'Chairs, "ergonomic" and\nsturdy'),
    await raise(own, 'approved', FORMULA, 'capital'),
    await raise(own, 'approved', '-2+3'),
  ];
  const theirs = [await raise(other, 'approved', 'Laptops', 'capital'), await raise(other, 'draft', 'Desks')];
  return { ...world, other, mine, theirs };
}

type World = Awaited<ReturnType<typeof buildWorld>>;

const get = (world: World, as: { token: string }, url: string) =>
  call(app.server, 'GET', `/api${url}`, { token: as.token, organizationId: world.organization.id });

describe('GET /requisitions/export', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
    // Another organisation with overlapping data: none of it may appear.
    await buildWorld();
  });

  /** The list's requisition numbers for `query`, every page, newest first. */
  const listed = async (as: { token: string }, query: string) => {
    const response = await get(world, as, `/requisitions?limit=100${query ? `&${query}` : ''}`);
    expect(response.statusCode, response.payload).toBe(200);
    return (body(response).requisitions as { requisition_number: string }[]).map((r) => r.requisition_number);
  };

  it('answers a CSV attachment with the list screen’s columns', async () => {
    const response = await get(world, world.admin, '/requisitions/export');
    expectContract(response, 'exportRequisitions');
    expect(response.statusCode, response.payload).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="requisitions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = rowsOf(response);
    expect(header).toEqual([
      'Requisition Number',
      'Justification',
      'Requestor',
      'Requestor Email',
      'Category',
      'Status',
      'Amount',
      'Currency',
      'Cost Center',
      'Created',
    ]);
    expect(rows).toHaveLength(5);
    const draft = rows.find((row) => row[0] === world.mine[0]!.requisition_number)!;
    expect(draft).toEqual([
      world.mine[0]!.requisition_number,
      'Chairs, "ergonomic" and\nsturdy',
      'Ana Own',
      world.own.user.email,
      'Standard',
      'Draft',
      '100.00',
      world.mine[0]!.currency,
      `${world.costCenter.code} - ${world.costCenter.name}`,
      new Date(world.mine[0]!.created_at).toISOString().slice(0, 10),
    ]);
    expect(response.payload).toContain('\r\n');
  });

  it('holds exactly the list’s rows, in its order, for each filter and search', async () => {
    for (const query of ['', 'category=capital', 'status=draft&status=approved', 'search=laptops']) {
      const response = await get(world, world.admin, `/requisitions/export${query ? `?${query}` : ''}`);
      expect(response.statusCode, response.payload).toBe(200);
      const numbers = rowsOf(response)
        .slice(1)
        .map((row) => row[0]);
      expect(numbers, query).toEqual(await listed(world.admin, query));
    }
  });

  it('shows a caller who sees only their own requisitions only those, as the list does', async () => {
    const response = await get(world, world.own, '/requisitions/export');
    expect(response.statusCode, response.payload).toBe(200);
    const numbers = rowsOf(response)
      .slice(1)
      .map((row) => row[0]);
    expect(numbers.sort()).toEqual(world.mine.map((r) => r.requisition_number).sort());
    expect(numbers.sort()).toEqual((await listed(world.own, '')).sort());
    const capital = rowsOf(await get(world, world.own, '/requisitions/export?category=capital')).slice(1);
    expect(capital.map((row) => row[0])).toEqual([world.mine[1]!.requisition_number]);
  });

  it("prefixes a cell that a spreadsheet would run as a formula with '", async () => {
    const rows = rowsOf(await get(world, world.admin, '/requisitions/export')).slice(1);
    const justifications = rows.map((row) => row[1]);
    expect(justifications).toContain(`'${FORMULA}`);
    expect(justifications).toContain("'-2+3");
    expect(justifications.filter((cell) => /^[=+\-@]/.test(cell ?? ''))).toEqual([]);
  });

  it('refuses the list’s paging parameters and an unknown format with 400', async () => {
    for (const query of ['limit=10', 'offset=10', 'format=pdf', 'status=nope']) {
      const response = await get(world, world.admin, `/requisitions/export?${query}`);
      expectContract(response, 'exportRequisitions');
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('refuses a caller without a token or a membership', async () => {
    const anonymous = await call(app.server, 'GET', '/api/requisitions/export', {
      organizationId: world.organization.id,
    });
    expect(anonymous.statusCode).toBe(401);
    const stranger = await buildUser(app.models);
    await buildMembership(app.models, { user: stranger, organization: await buildOrganization(app.models) });
    const response = await get(
      world,
      { token: await accessTokenFor(app.server, stranger) },
      '/requisitions/export',
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('GET /purchase-orders/export', () => {
  it('holds the list’s orders for the filters, with readable values and defused formulas', async () => {
    const world = await buildWorld();
    const vendor = await buildVendor(app.models, world.organization, { name: '@SUM(A1:A9) Supplies' });
    const due = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    const raise = async (requisitionId: string) => {
      const response = await call(app.server, 'POST', '/api/purchase-orders', {
        token: world.buyer.token,
        organizationId: world.organization.id,
        payload: {
          requisition_id: requisitionId,
          vendor_id: vendor.id,
          payment_terms: 'COD',
          delivery_date: due,
        },
      });
      expect(response.statusCode, response.payload).toBe(201);
      return body(response).purchase_order as { id: string; po_number: string };
    };
    const first = await raise(world.mine[1]!.id);
    const second = await raise(world.theirs[0]!.id);
    const send = await call(app.server, 'POST', `/api/purchase-orders/${second.id}/send`, {
      token: world.buyer.token,
      organizationId: world.organization.id,
    });
    expect(send.statusCode, send.payload).toBe(200);

    const all = await get(world, world.buyer, '/purchase-orders/export');
    expectContract(all, 'exportPurchaseOrders');
    expect(all.statusCode, all.payload).toBe(200);
    expect(all.headers['content-disposition']).toMatch(/filename="purchase-orders-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = rowsOf(all);
    expect(header).toEqual([
      'PO Number',
      'Vendor',
      'Requisition',
      'Status',
      'Total',
      'Currency',
      'Payment Terms',
      'Due Date',
      'Line Items',
      'Created',
    ]);
    const list = await get(world, world.buyer, '/purchase-orders?limit=100');
    expect(rows.map((row) => row[0])).toEqual(body(list).data.map((o: { po_number: string }) => o.po_number));
    expect(rows.find((row) => row[0] === first.po_number)).toEqual([
      first.po_number,
      "'@SUM(A1:A9) Supplies",
      world.mine[1]!.requisition_number,
      'Draft',
      '100.00',
      world.mine[1]!.currency,
      'Cash on Delivery',
      due,
      '1',
      new Date().toISOString().slice(0, 10),
    ]);
    const sent = rowsOf(await get(world, world.buyer, '/purchase-orders/export?status=sent')).slice(1);
    expect(sent.map((row) => row[0])).toEqual([second.po_number]);
    const searched = rowsOf(
      await get(world, world.buyer, `/purchase-orders/export?search=${first.po_number}`),
    );
    expect(searched.slice(1).map((row) => row[0])).toEqual([first.po_number]);
  });
});

describe('a large export', () => {
  it('gives its connection back when the reader stops', async () => {
    const { actor, db } = adminOf(await buildWorld());
    const pool = (app.sequelize.connectionManager as unknown as { pool: { using: number } }).pool;
    const stream = await csvStream(db, requisitionExport(actor, {}));
    expect(pool.using).toBe(1);
    stream.destroy();
    await vi.waitFor(() => expect(pool.using).toBe(0));
  });

  it('streams 50,000 rows while the heap grows by far less than the file', async () => {
    const world = await buildWorld();
    const ROWS = 50_000;
    await copyRequisitions(app, world.mine[0]!.id, ROWS, '8');
    const heap = heapAfterCollection();
    const { actor, db } = adminOf(world);
    const before = heap();
    const stream = await csvStream(db, requisitionExport(actor, {}));
    let bytes = 0;
    let lines = 0;
    let peak = 0;
    let sampledAt = 0;
    for await (const chunk of stream) {
      bytes += chunk.length;
      lines += (String(chunk).match(/\r\n/g) ?? []).length;
      if (bytes - sampledAt > 500_000) {
        sampledAt = bytes;
        peak = Math.max(peak, heap() - before);
      }
    }
    expect(lines).toBe(ROWS + world.mine.length + world.theirs.length + 1);
    expect(bytes).toBeGreaterThan(ROWS * 100);
    // Holding the rows (or the text) would keep several times the file's size alive.
    console.info(`export of ${lines} lines: ${bytes} bytes, heap grew at most ${peak} bytes`);
    expect(peak).toBeLessThan(bytes / 3);
  }, 300_000);
});
