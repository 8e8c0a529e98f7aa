import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedPglite } from '../src/db/embedded.js';

/**
 * The embedded database commits durably: PGlite runs with fsync off and a filesystem whose fsync
 * does nothing unless the project's filesystem hook is in place (docs/reliability.md).
 */
describe('the embedded database', () => {
  let root: string;
  let db: Awaited<ReturnType<typeof openEmbeddedPglite>>;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'purchasing-durability-'));
    db = await openEmbeddedPglite(path.join(root, 'pglite'));
  }, 120_000);

  afterAll(async () => {
    await db?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('runs with fsync on and syncs through fsync, which fdatasync would skip', async () => {
    const settings = await db.query<{ name: string; setting: string }>(
      `SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit', 'wal_sync_method')
        ORDER BY name`,
    );
    expect(settings.rows).toEqual([
      { name: 'fsync', setting: 'on' },
      { name: 'synchronous_commit', setting: 'on' },
      { name: 'wal_sync_method', setting: 'fsync' },
    ]);
  });

  it('puts each commit on disk before it answers', async () => {
    await db.exec('CREATE TABLE durability_probe (id serial PRIMARY KEY, value text)');
    for (let i = 0; i < 5; i++) {
      const before = db.durableFs.syncs;
      await db.query('INSERT INTO durability_probe (value) VALUES ($1)', [`row ${i}`]);
      expect(db.durableFs.syncs, `commit ${i}`).toBeGreaterThan(before);
    }
  });
});
