import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainEntry, canonicalEntry, entryHash, GENESIS_HASH } from '../src/domain/history-chain.js';
import { call, expectContract } from './app.js';
import { testDatabaseUrl } from './database.js';
import { raise, request, requisitionForm } from './support/approval-calls.js';
import { body, buildOrganizationWorld, type Member, useTestApp } from './support/approval-world.js';

const app = useTestApp();
/** The admin connection (the tables' owner): the only one that can alter an entry. */
let admin: pg.Client;

beforeAll(async () => {
  admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
});

async function buildWorld() {
  const world = await buildOrganizationWorld(app);
  const manager = await world.member('Manager');
  const requestor = await world.member('User', { manager: manager.user });
  const outsider = await world.member('User');
  const finance = await world.member('Finance Manager');
  return { ...world, manager, requestor, outsider, finance };
}
type World = Awaited<ReturnType<typeof buildWorld>>;

function submitted(world: World, total = 500): Promise<{ id: string; requisition_number: string }> {
  const line = { description: 'Chair', unit_price: total };
  return raise(
    world,
    world.requestor,
    requisitionForm(world, 'Chairs, "ergonomic", for the team', line, { submit: true }),
  );
}

const get = (world: World, as: Member, url: string) => request(world, as, 'GET', url);

async function verifyRequisition(world: World, id: string, as: Member = world.requestor) {
  const response = await get(world, as, `/requisitions/${id}/history/verify`);
  expectContract(response, 'verifyRequisitionHistory');
  expect(response.statusCode, response.payload).toBe(200);
  return body(response);
}

async function verifyOrganization(world: World) {
  const response = await get(world, world.finance, '/audit/chain/verify');
  expectContract(response, 'verifyAuditChain');
  expect(response.statusCode, response.payload).toBe(200);
  return body(response);
}

async function entriesOf(organizationId: string): Promise<ChainEntry[]> {
  const { rows } = await admin.query(
    `SELECT organization_id, sequence::int AS sequence, prev_hash, entry_hash, audit_log_id, requisition_id,
            action, actor_id, from_status, to_status, comment,
            to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at
       FROM audit_chain_entries WHERE organization_id = $1 ORDER BY sequence`,
    [organizationId],
  );
  return rows;
}

describe('the history chain', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });

  it('chains every decision and status change of the organisation, each entry linked to the previous', async () => {
    const requisition = await submitted(world);
    const approve = await call(app.server, 'POST', `/api/approvals/${requisition.id}/approve`, {
      token: world.manager.token,
      organizationId: world.organization.id,
      payload: { action: 'approve', comments: 'Line 1\nfine "as is"' },
    });
    expect(approve.statusCode, approve.payload).toBe(200);
    const entries = await entriesOf(world.organization.id);
    const { rows: logs } = await admin.query(
      `SELECT id FROM audit_logs WHERE organization_id = $1 AND entity_type = 'requisition' ORDER BY created_at, id`,
      [world.organization.id],
    );
    expect(entries.map((e) => e.audit_log_id)).toEqual(logs.map((l) => l.id));
    expect(entries.map((e) => e.sequence)).toEqual(entries.map((_, i) => i + 1));
    expect(entries[0]?.prev_hash).toBe(GENESIS_HASH);
    for (const [i, entry] of entries.entries()) {
      // The database's hash is the documented one, recomputed here from the fields alone.
      expect(entry.entry_hash).toBe(entryHash(entry));
      if (i > 0) expect(entry.prev_hash).toBe(entries[i - 1]?.entry_hash);
    }
    const decision = entries.find((e) => e.action === 'approve');
    expect(decision).toMatchObject({ actor_id: world.manager.user.id, comment: 'Line 1\nfine "as is"' });
    const { rows } = await admin.query(
      'SELECT audit_chain_canonical($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::timestamptz) AS c',
      [
        decision!.organization_id,
        decision!.sequence,
        decision!.prev_hash,
        decision!.audit_log_id,
        decision!.requisition_id,
        decision!.action,
        decision!.actor_id,
        decision!.from_status,
        decision!.to_status,
        decision!.comment,
        decision!.at,
      ],
    );
    expect(rows[0].c).toBe(canonicalEntry(decision!));
    expect(await verifyRequisition(world, requisition.id)).toEqual({ intact: true, checked: 3 });
    expect(await verifyOrganization(world)).toEqual({ intact: true, checked: entries.length });
  });

  it('keeps the chain whole under concurrent decisions', async () => {
    const requisitions = [];
    for (let i = 0; i < 8; i += 1) requisitions.push(await submitted(world, 100 + i));
    const answers = await Promise.all(
      requisitions.map((r) =>
        call(app.server, 'POST', `/api/approvals/${r.id}/approve`, {
          token: world.manager.token,
          organizationId: world.organization.id,
          payload: { action: 'approve' },
        }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.payload).toBe(200);
    const entries = await entriesOf(world.organization.id);
    expect(entries.map((e) => e.sequence)).toEqual(entries.map((_, i) => i + 1));
    expect(new Set(entries.map((e) => e.prev_hash)).size).toBe(entries.length);
    expect(await verifyOrganization(world)).toEqual({ intact: true, checked: entries.length });
  });

  it('cannot be altered by the application role', async () => {
    const [first] = await entriesOf(world.organization.id);
    await expect(
      app.sequelize.query(
        `UPDATE audit_chain_entries SET comment = 'x' WHERE organization_id = $1 AND sequence = 1`,
        {
          bind: [first!.organization_id],
        },
      ),
    ).rejects.toThrow(/permission denied/);
    await expect(
      app.sequelize.query('DELETE FROM audit_chain_entries WHERE organization_id = $1', {
        bind: [first!.organization_id],
      }),
    ).rejects.toThrow(/permission denied/);
  });

  it('fails verification at the entry altered in SQL', async () => {
    const w = await buildWorld();
    const first = await submitted(w);
    const target = await submitted(w);
    await submitted(w);
    const entries = await entriesOf(w.organization.id);
    const altered = entries.find((e) => e.requisition_id === target.id && e.action === 'submit')!;
    await admin.query(
      `UPDATE audit_chain_entries SET to_status = 'approved' WHERE organization_id = $1 AND sequence = $2`,
      [w.organization.id, altered.sequence],
    );
    expect(await verifyRequisition(w, target.id)).toMatchObject({
      intact: false,
      first_broken_sequence: altered.sequence,
    });
    expect(await verifyOrganization(w)).toMatchObject({
      intact: false,
      first_broken_sequence: altered.sequence,
    });
    expect(await verifyRequisition(w, first.id)).toMatchObject({ intact: true });

    // Recomputing the altered entry's hash is still seen: its successor no longer links to it.
    const rehashed = { ...altered, to_status: 'approved' };
    await admin.query(
      `UPDATE audit_chain_entries SET entry_hash = $3 WHERE organization_id = $1 AND sequence = $2`,
      [w.organization.id, altered.sequence, entryHash(rehashed)],
    );
    expect(await verifyRequisition(w, target.id)).toMatchObject({
      intact: false,
      first_broken_sequence: altered.sequence,
    });
    expect(await verifyOrganization(w)).toMatchObject({
      intact: false,
      first_broken_sequence: altered.sequence + 1,
    });
  });

  it('exports the history as CSV and PDF to whoever may see the requisition', async () => {
    const requisition = await submitted(world);
    const csv = await get(
      world,
      world.requestor,
      `/requisitions/${requisition.id}/history/export?format=csv`,
    );
    expect(csv.statusCode, csv.payload).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="${requisition.requisition_number}-history.csv"`,
    );
    const lines = csv.payload.trim().split('\r\n');
    expect(lines[0]).toMatch(/^sequence,at,action,/);
    expect(lines).toHaveLength(3);
    const pdf = await get(
      world,
      world.requestor,
      `/requisitions/${requisition.id}/history/export?format=pdf`,
    );
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const bad = await get(
      world,
      world.requestor,
      `/requisitions/${requisition.id}/history/export?format=xls`,
    );
    expect(bad.statusCode).toBe(400);
    for (const url of ['verify', 'export?format=csv']) {
      const hidden = await get(world, world.outsider, `/requisitions/${requisition.id}/history/${url}`);
      expect(hidden.statusCode).toBe(404);
    }
    const forbidden = await get(world, world.requestor, '/audit/chain/verify');
    expect(forbidden.statusCode).toBe(403);
  });
});
