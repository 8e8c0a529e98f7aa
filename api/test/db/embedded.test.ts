import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, describe, expect, it } from 'vitest';
import { bypassesRowSecurity } from '../../src/db/app-role.js';
import { openDatabase } from '../../src/db/index.js';
import { inOrganization } from '../../src/db/tenant-context.js';
import { countRows } from './scratch.js';

describe('embedded PGlite database', () => {
  let root: string | undefined;
  afterAll(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('migrates and seeds on first start, and keeps the data across a restart', {
    timeout: 120_000,
  }, async () => {
    root = await mkdtemp(path.join(tmpdir(), 'purchasing-pglite-'));
    // A parent folder that does not exist yet: openDatabase creates it.
    const dataDir = path.join(root, 'nested', 'pglite');

    const first = await openDatabase({ dataDir });
    let counts: Record<string, number>;
    try {
      expect(first.embedded).toBe(true);
      counts = await countRows(first.sequelize);
      expect(counts.requisitions).toBeGreaterThanOrEqual(18);
      expect(counts.purchase_orders).toBe(6);
      const admin = await first.models.User.findOne({ where: { email: 'admin@acme.test' } });
      expect(admin?.first_name).toBe('Alex');
      // Requests run as the plain role, so row-level security applies on PGlite too.
      expect(await bypassesRowSecurity(first.sequelize)).toBe(false);
      const acme = await first.models.Organization.findOne({ where: { code: 'ACME' } });
      const seen = await inOrganization(first, acme!.id).sequelize.query<{ n: number; who: string }>(
        'SELECT count(DISTINCT organization_id)::int AS n, current_user AS who FROM requisitions',
        { type: QueryTypes.SELECT },
      );
      expect(seen).toEqual([{ n: 1, who: 'purchasing_app' }]);
      // The trigram index needs pg_trgm, loaded as a PGlite extension.
      const [rows] = await first.sequelize.query("SELECT similarity('REQ-2026-00001', 'REQ-2026') > 0 AS ok");
      expect(rows).toEqual([{ ok: true }]);
    } finally {
      await first.close();
    }

    const second = await openDatabase({ dataDir });
    try {
      expect(await countRows(second.sequelize)).toEqual(counts);
    } finally {
      await second.close();
    }
  });
});
