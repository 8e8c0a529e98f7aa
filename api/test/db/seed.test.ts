import type { Sequelize } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoFixtures } from '../../src/db/demo/load.js';
import { migrateUp } from '../../src/db/migrator.js';
import { initModels, type Models } from '../../src/db/models/index.js';
import { DEMO_ORGANIZATIONS, DEMO_PASSWORD, seedDemoData } from '../../src/db/seed.js';
import { checkFileType } from '../../src/features/attachments/file-rules.js';
import { verifyPassword } from '../../src/lib/password.js';
import { expectCountersExact } from '../counters-check.js';
import { countRows, createScratchDatabase } from './scratch.js';

type Row = Record<string, unknown>;

describe('demo seed', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let sequelize: Sequelize;
  let models: Models;
  const select = async <T = Row>(sql: string): Promise<T[]> => (await sequelize.query(sql))[0] as T[];

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    sequelize = scratch.sequelize;
    await migrateUp(sequelize);
    models = initModels(sequelize);
    await expect(seedDemoData(sequelize, models)).resolves.toEqual({ seeded: true });
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  it('changes nothing when run a second time', async () => {
    const before = await countRows(sequelize);
    expect(before.requisitions).toBeGreaterThan(0);
    await expect(seedDemoData(sequelize, models)).resolves.toEqual({ seeded: false });
    expect(await countRows(sequelize)).toEqual(before);
  });

  it('creates requisitions in every status and purchase orders in every status', async () => {
    const requisitionStatuses = await select<{ status: string }>(
      'SELECT DISTINCT status FROM requisitions ORDER BY 1',
    );
    expect(requisitionStatuses.map((row) => row.status)).toEqual(
      [
        'approved',
        'cancelled',
        'draft',
        'info_requested',
        'po_created',
        'rejected',
        'submitted',
        'under_review',
      ].sort(),
    );
    const orderStatuses = await select<{ status: string }>(
      'SELECT DISTINCT status FROM purchase_orders ORDER BY 1',
    );
    expect(orderStatuses.map((row) => row.status)).toEqual(['cancelled', 'draft', 'received', 'sent']);
  });

  it("attaches a real PDF to the requisition waiting for manager@acme.test, the requestor's upload", async () => {
    const rows = await select<{
      justification: string;
      file_name: string;
      content_type: string;
      file_size: string;
      uploader: string;
      bytes: Buffer;
    }>(
      `SELECT r.justification, a.file_name, a.content_type, a.file_size, u.email AS uploader, b.bytes
         FROM attachments a
         JOIN requisitions r ON r.id = a.entity_id AND a.entity_type = 'requisition'
         JOIN users u ON u.id = a.uploaded_by_id
         JOIN attachment_blobs b ON b.storage_key = a.storage_key`,
    );
    expect(rows.map(({ bytes: _, ...row }) => row)).toEqual([
      {
        justification: 'Second monitors and docks for the two new support analysts',
        file_name: 'Dell quote DQ-90311.pdf',
        content_type: 'application/pdf',
        file_size: String(rows[0]!.bytes.length),
        uploader: 'user@acme.test',
      },
    ]);
    // What the upload checks would accept: a PDF by its bytes, as its name says.
    expect(await checkFileType('Dell quote DQ-90311.pdf', rows[0]!.bytes)).toMatchObject({
      ok: true,
      contentType: 'application/pdf',
    });
    expect(rows[0]!.bytes.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  });

  it('creates the demo users of the team brief, all with the demo password', async () => {
    const users = await select<{ email: string; is_active: boolean; password_hash: string; orgs: string }>(
      `SELECT u.email, u.is_active, u.password_hash,
              string_agg(o.code || ':' || r.name, ',' ORDER BY o.code) AS orgs
         FROM users u JOIN user_organizations m ON m.user_id = u.id
         JOIN organizations o ON o.id = m.organization_id JOIN roles r ON r.id = m.role_id
        GROUP BY u.id ORDER BY u.email`,
    );
    const byEmail = Object.fromEntries(users.map((user) => [user.email, user]));
    expect(Object.keys(byEmail)).toHaveLength(11);
    expect(byEmail['admin@acme.test']?.orgs).toBe('ACME:Admin,GLOBEX:Finance Manager');
    expect(byEmail['superadmin@acme.test']?.orgs).toBe('ACME:Super Admin');
    expect(byEmail['manager@acme.test']?.orgs).toBe('ACME:Manager');
    expect(byEmail['admin@globex.test']?.orgs).toBe('GLOBEX:Super Admin');
    expect(byEmail['inactive@acme.test']?.is_active).toBe(false);
    await expect(verifyPassword(byEmail['user@acme.test']!.password_hash, DEMO_PASSWORD)).resolves.toBe(true);
  });

  it('computes every line total and requisition total exactly', async () => {
    const wrongLines = await select(
      'SELECT id FROM requisition_line_items WHERE total_amount <> quantity * unit_price + tax_amount',
    );
    expect(wrongLines).toEqual([]);
    const wrongTotals = await select(
      `SELECT r.id FROM requisitions r
        WHERE r.total_amount <> (SELECT sum(total_amount) FROM requisition_line_items l WHERE l.requisition_id = r.id)`,
    );
    expect(wrongTotals).toEqual([]);
    const [big] = await select<{ total_amount: string }>(
      "SELECT total_amount FROM requisitions WHERE total_amount = 30000 AND status = 'under_review'",
    );
    expect(big).toBeDefined();
  });

  it('keeps approval steps consistent with the statuses', async () => {
    const open = await select<{
      status: string;
      level: number;
      approver: string | null;
      group: string | null;
    }>(
      `SELECT r.status, s.approval_level AS level, u.email AS approver, s.approver_role_name AS group
         FROM approval_steps s JOIN requisitions r ON r.id = s.requisition_id
         LEFT JOIN users u ON u.id = s.approver_id
        WHERE s.action IS NULL ORDER BY s.approval_level, u.email`,
    );
    expect(open.every((step) => step.status === 'under_review')).toBe(true);
    expect(open).toContainEqual({
      status: 'under_review',
      level: 1,
      approver: 'manager@acme.test',
      group: null,
    });
    expect(open).toContainEqual({
      status: 'under_review',
      level: 3,
      approver: null,
      group: 'Finance Manager',
    });
    const underReviewWithoutOpenStep = await select(
      `SELECT id FROM requisitions r WHERE status = 'under_review'
          AND NOT EXISTS (SELECT 1 FROM approval_steps s WHERE s.requisition_id = r.id AND s.action IS NULL)`,
    );
    expect(underReviewWithoutOpenStep).toEqual([]);
    const infoRequested = await select<{ comments: string }>(
      `SELECT s.comments FROM requisitions r JOIN approval_steps s ON s.requisition_id = r.id
        WHERE r.status = 'info_requested' AND s.action = 'request_info'`,
    );
    expect(infoRequested[0]?.comments).toMatch(/\S/);
    const rejected = await select<{ comments: string }>(
      `SELECT s.comments FROM requisitions r JOIN approval_steps s ON s.requisition_id = r.id
        WHERE r.status = 'rejected' AND s.action = 'reject'`,
    );
    expect(rejected.length).toBeGreaterThan(0);
  });

  it('holds a human decision in every approval, and nobody decides two levels (issue 11 §3, §7)', async () => {
    const withoutHuman = await select(
      `SELECT r.requisition_number FROM requisitions r
        WHERE r.status IN ('approved', 'po_created')
          AND NOT EXISTS (SELECT 1 FROM approval_steps s
                           WHERE s.requisition_id = r.id AND s.action = 'approve'
                             AND s.actioned_by_id IS NOT NULL AND s.actioned_by_id <> r.requestor_id)`,
    );
    expect(withoutHuman).toEqual([]);
    const twice = await select(
      `SELECT s.requisition_id FROM approval_steps s WHERE s.action = 'approve'
        GROUP BY s.requisition_id, s.actioned_by_id HAVING count(*) > 1`,
    );
    expect(twice).toEqual([]);
    const openToEarlierApprover = await select(
      `SELECT o.id FROM approval_steps o JOIN approval_steps p
          ON p.requisition_id = o.requisition_id AND p.action = 'approve' AND p.actioned_by_id = o.approver_id
        WHERE o.action IS NULL`,
    );
    expect(openToEarlierApprover).toEqual([]);
  });

  it('records an audit entry for every status a requisition reached', async () => {
    const missing = await select(
      `SELECT r.requisition_number FROM requisitions r
        WHERE NOT EXISTS (SELECT 1 FROM audit_logs a WHERE a.entity_type = 'requisition' AND a.entity_id = r.id
                            AND a.to_status = r.status)`,
    );
    expect(missing).toEqual([]);
  });

  it('numbers requisitions and orders per organisation in creation order, with matching sequences', async () => {
    const numbers = await select<{ code: string; requisition_number: string }>(
      `SELECT o.code, r.requisition_number FROM requisitions r JOIN organizations o ON o.id = r.organization_id
        ORDER BY o.code, r.created_at, r.id`,
    );
    const acme = numbers.filter((row) => row.code === 'ACME').map((row) => row.requisition_number);
    expect(acme[0]).toMatch(/^REQ-\d{4}-00001$/);
    expect(acme).toEqual([...acme].sort());
    const sequences = await select<{ kind: string; last_value: number; actual: number }>(
      `SELECT s.kind, s.last_value,
              CASE s.kind WHEN 'REQ' THEN (SELECT count(*) FROM requisitions r WHERE r.organization_id = s.organization_id)
                          ELSE (SELECT count(*) FROM purchase_orders p WHERE p.organization_id = s.organization_id) END::int AS actual
         FROM number_sequences s`,
    );
    expect(sequences.length).toBeGreaterThanOrEqual(4);
    for (const sequence of sequences) expect(sequence.last_value).toBe(sequence.actual);
  });

  it('sends and receives orders within the current calendar month in both organisations', async () => {
    const rows = await select<{ code: string; spend: string }>(
      `SELECT o.code, sum(p.total_amount) AS spend FROM purchase_orders p JOIN organizations o ON o.id = p.organization_id
        WHERE p.status IN ('sent', 'received') AND p.sent_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
          AND p.sent_at <= now()
        GROUP BY o.code ORDER BY o.code`,
    );
    expect(rows.map((row) => row.code)).toEqual(['ACME', 'GLOBEX']);
    const received = await select(
      `SELECT id FROM purchase_orders WHERE status = 'received'
          AND received_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
    );
    expect(received.length).toBeGreaterThanOrEqual(2);
  });

  it('gives every cost centre a budget for the current fiscal year', async () => {
    const missing = await select(
      `SELECT c.code FROM cost_centers c JOIN organizations o ON o.id = c.organization_id
        WHERE NOT EXISTS (SELECT 1 FROM budgets b WHERE b.cost_center_id = c.id AND b.fiscal_year =
          CASE WHEN extract(month FROM now() AT TIME ZONE 'UTC') >= o.fiscal_year_start
               THEN extract(year FROM now() AT TIME ZONE 'UTC') ELSE extract(year FROM now() AT TIME ZONE 'UTC') - 1 END)`,
    );
    expect(missing).toEqual([]);
    const [counts] = await select<{ cost_centers: number; products: number; vendors: number }>(
      `SELECT (SELECT count(*) FROM cost_centers)::int AS cost_centers, (SELECT count(*) FROM products)::int AS products,
              (SELECT count(*) FROM vendors)::int AS vendors`,
    );
    expect(counts).toEqual({ cost_centers: 10, products: 18, vendors: 9 });
  });

  it('agrees every requisition status with its steps and status timestamps', async () => {
    const rows = await select<{
      number: string;
      status: string;
      open: number;
      last: string | null;
      submitted: boolean;
      approved: boolean;
      rejected: boolean;
      cancelled: boolean;
    }>(
      `SELECT r.requisition_number AS number, r.status,
              (SELECT count(*)::int FROM approval_steps s WHERE s.requisition_id = r.id AND s.action IS NULL) AS open,
              (SELECT s.action FROM approval_steps s
                WHERE s.requisition_id = r.id AND s.action IN ('approve', 'reject', 'request_info')
                ORDER BY s.round DESC, s.actioned_at DESC, s.approval_level DESC LIMIT 1) AS last,
              r.submitted_at IS NOT NULL AS submitted, r.approved_at IS NOT NULL AS approved,
              r.rejected_at IS NOT NULL AS rejected, r.cancelled_at IS NOT NULL AS cancelled
         FROM requisitions r ORDER BY 1`,
    );
    const expected: Record<string, { open: number; last: string | null | undefined }> = {
      draft: { open: 0, last: null },
      submitted: { open: 0, last: null },
      under_review: { open: 1, last: undefined },
      info_requested: { open: 0, last: 'request_info' },
      approved: { open: 0, last: 'approve' },
      po_created: { open: 0, last: 'approve' },
      rejected: { open: 0, last: 'reject' },
      cancelled: { open: 0, last: undefined },
    };
    expect(rows.length).toBe(19);
    for (const row of rows) {
      const want = expected[row.status]!;
      expect({ number: row.number, open: row.open }).toEqual({ number: row.number, open: want.open });
      if (want.last !== undefined)
        expect({ number: row.number, last: row.last }).toEqual({ number: row.number, last: want.last });
      expect({ number: row.number, submitted: row.submitted }).toEqual({
        number: row.number,
        submitted: row.status !== 'draft',
      });
      expect({ number: row.number, approved: row.approved }).toEqual({
        number: row.number,
        approved: row.status === 'approved' || row.status === 'po_created',
      });
      expect(row.rejected).toBe(row.status === 'rejected');
      expect(row.cancelled).toBe(row.status === 'cancelled');
    }
  });

  it('leaves the maintained counters exact', async () => {
    await expectCountersExact(sequelize);
  });

  it('refuses a fixture naming a record that does not exist, writing nothing', async () => {
    const before = await countRows(sequelize);
    const bad = {
      ...DEMO_ORGANIZATIONS[1]!,
      organization: { ...DEMO_ORGANIZATIONS[1]!.organization, code: 'BAD' },
      users: [],
      departments: [
        { name: 'Nobody', code: 'NOB', description: 'Headed by nobody', head: 'nobody@bad.test' },
      ],
    };
    await expect(
      sequelize.transaction((transaction) => loadDemoFixtures(models, transaction, new Date(), [bad])),
    ).rejects.toThrow("demo fixtures: no user 'nobody@bad.test'");
    expect(await countRows(sequelize)).toEqual(before);
  });
});
