import type { ServerInjectResponse } from '@hapi/hapi';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainEntry, entryHash, GENESIS_HASH } from '../src/domain/history-chain.js';
import { accessTokenFor, call, createTestApp, expectContract } from './app.js';
import { testAppDatabaseUrl, testDatabaseUrl } from './database.js';
import {
  buildCostCenter,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildRequisition,
  buildUser,
} from './factories.js';

// The chain appended once per statement (migration 2026.11.28T05.00.00.history-chain-per-statement,
// docs/decisions.md "History chain per statement"): many rows in one statement, concurrent writers.

let app: Awaited<ReturnType<typeof createTestApp>>;
/** The admin connection (the tables' owner): the only one that can alter an entry. */
let admin: pg.Client;

beforeAll(async () => {
  app = await createTestApp();
  admin = new pg.Client({ connectionString: testDatabaseUrl() });
  await admin.connect();
});
afterAll(async () => {
  await admin.end();
  await app.close();
});

/** A connection as the application's role (row-level security applies), in the organisation. */
async function appConnection(organizationId: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: testAppDatabaseUrl() });
  await client.connect();
  await client.query(`SELECT set_config('app.organization_id', $1, false)`, [organizationId]);
  return client;
}

/** `count` requisition rows of `audit_logs` in one statement, commented `<label> <n>` in order. */
const INSERT_MANY = `
  INSERT INTO audit_logs (organization_id, entity_type, entity_id, action, from_status, to_status, actor_id,
                          comment, metadata, created_at)
  SELECT $1, 'requisition', $2, 'edit', 'draft', 'draft', $3,
         CASE WHEN g % 3 = 0 THEN NULL ELSE $4 || ' ' || g END,
         CASE WHEN g % 3 = 0 THEN jsonb_build_object('comment', $4 || ' ' || g || E' "quoted"\\n') ELSE '{}' END,
         timestamptz '2026-11-01 00:00:00Z' + (g % 7) * interval '1.234567 second'
    FROM generate_series(1, $5) g`;

async function world() {
  const organization = await buildOrganization(app.models);
  const costCenter = await buildCostCenter(app.models, organization);
  const glAccount = await buildGlAccount(app.models, organization);
  const finance = await buildUser(app.models);
  await buildMembership(app.models, { user: finance, organization, roleName: 'Finance Manager' });
  const requisition = await buildRequisition(app.models, {
    organization,
    requestor: finance,
    costCenter,
    glAccount,
  });
  return { organization, finance, token: await accessTokenFor(app.server, finance), requisition };
}
type World = Awaited<ReturnType<typeof world>>;

const body = (response: ServerInjectResponse) => JSON.parse(response.payload);

async function verify(w: World, url: string, operation: string) {
  const response = await call(app.server, 'GET', `/api${url}`, {
    token: w.token,
    organizationId: w.organization.id,
  });
  expectContract(response, operation);
  expect(response.statusCode, response.payload).toBe(200);
  return body(response);
}
const verifyOrganization = (w: World) => verify(w, '/audit/chain/verify', 'verifyAuditChain');
const verifyRequisition = (w: World) =>
  verify(w, `/requisitions/${w.requisition.id}/history/verify`, 'verifyRequisitionHistory');

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

/** Each entry numbered in turn, linked to the one before and hashing (recomputed here) to its hash. */
function expectLinked(entries: ChainEntry[]) {
  let prev = GENESIS_HASH;
  for (const [i, entry] of entries.entries()) {
    expect(entry.sequence).toBe(i + 1);
    expect(entry.prev_hash).toBe(prev);
    expect(entry.entry_hash).toBe(entryHash(entry));
    prev = entry.entry_hash;
  }
}

describe('the history chain, many rows in one statement', () => {
  it('chains one INSERT … SELECT of 5,000 rows in insertion order, writing the head once', async () => {
    const w = await world();
    const before = (await entriesOf(w.organization.id)).length;
    const client = await appConnection(w.organization.id);
    try {
      await client.query('BEGIN');
      await client.query(INSERT_MANY, [w.organization.id, w.requisition.id, w.finance.id, 'Row', 5000]);
      // This transaction's own counts: the head row updated once for the statement, not once per row.
      const { rows } = await client.query(
        `SELECT n_tup_upd::int AS updates FROM pg_stat_xact_user_tables WHERE relname = 'audit_chain_heads'`,
      );
      expect(rows[0]?.updates).toBe(1);
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    const entries = await entriesOf(w.organization.id);
    expect(entries).toHaveLength(before + 5000);
    expectLinked(entries);
    const added = entries.slice(before);
    expect(added.map((e) => e.comment)).toEqual(
      added.map((_, i) => (i % 3 === 2 ? `Row ${i + 1} "quoted"\n` : `Row ${i + 1}`)),
    );
    const { rows: head } = await admin.query(
      'SELECT last_sequence::int AS n, last_hash FROM audit_chain_heads WHERE organization_id = $1',
      [w.organization.id],
    );
    expect(head[0]).toEqual({ n: before + 5000, last_hash: entries.at(-1)!.entry_hash });
    expect(await verifyOrganization(w)).toEqual({ intact: true, checked: before + 5000 });
    expect(await verifyRequisition(w)).toEqual({ intact: true, checked: before + 5000 });

    const tampered = entries[before + 3210]!;
    await admin.query(
      `UPDATE audit_chain_entries SET comment = 'Row 0' WHERE organization_id = $1 AND sequence = $2`,
      [w.organization.id, tampered.sequence],
    );
    expect(await verifyOrganization(w)).toEqual({
      intact: false,
      checked: tampered.sequence,
      first_broken_sequence: tampered.sequence,
    });
    expect(await verifyRequisition(w)).toMatchObject({
      intact: false,
      first_broken_sequence: tampered.sequence,
    });

    // A gap longer than the check's batch of 2,000 numbers is a break at its first number.
    const gap = entries[before + 1499]!.sequence;
    await admin.query(
      'DELETE FROM audit_chain_entries WHERE organization_id = $1 AND sequence BETWEEN $2 AND $3',
      [w.organization.id, gap, gap + 2100],
    );
    expect(await verifyOrganization(w)).toEqual({
      intact: false,
      checked: gap - 1,
      first_broken_sequence: gap,
    });
  }, 60_000);

  it('keeps one chain when two transactions of one organisation write many rows at once', async () => {
    const w = await world();
    const before = (await entriesOf(w.organization.id)).length;
    const [first, second] = [await appConnection(w.organization.id), await appConnection(w.organization.id)];
    try {
      const args = (label: string, n: number) => [
        w.organization.id,
        w.requisition.id,
        w.finance.id,
        label,
        n,
      ];
      await first.query('BEGIN');
      await first.query(INSERT_MANY, args('First', 400));
      const { rows: backend } = await second.query('SELECT pg_backend_pid() AS pid');
      await second.query('BEGIN');
      const secondWrites = second.query(INSERT_MANY, args('Second', 300));
      // The second waits on the organisation's head, which the first holds to its commit.
      for (let i = 0; ; i += 1) {
        const { rows } = await admin.query(`SELECT wait_event_type FROM pg_stat_activity WHERE pid = $1`, [
          backend[0].pid,
        ]);
        if (rows[0]?.wait_event_type === 'Lock') break;
        if (i > 200) throw new Error('the second writer never waited');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await first.query(INSERT_MANY, args('First again', 200));
      await first.query('COMMIT');
      await secondWrites;
      await second.query('COMMIT');
    } finally {
      await first.end();
      await second.end();
    }
    const entries = (await entriesOf(w.organization.id)).slice(before);
    expect(entries).toHaveLength(900);
    expectLinked(await entriesOf(w.organization.id));
    const labels = entries.map((e) => (e.comment ?? '').replace(/ \d+.*$/s, ''));
    expect(labels).toEqual([
      ...Array(400).fill('First'),
      ...Array(200).fill('First again'),
      ...Array(300).fill('Second'),
    ]);
    expect(await verifyOrganization(w)).toEqual({ intact: true, checked: before + 900 });
  });
});
