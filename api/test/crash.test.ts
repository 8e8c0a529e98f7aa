import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, inject, it } from 'vitest';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A port nobody listens on (CRASH_PORT when set). */
async function freePort(): Promise<number> {
  if (process.env.CRASH_PORT) return Number(process.env.CRASH_PORT);
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The short crash test (api/bench/crash, docs/reliability.md): the compiled API on a PostgreSQL
 * database of its own under four writers, killed with SIGKILL twice mid-burst and restarted; every
 * acknowledged write is then in the database, once, whole.
 */
describe('crash safety', () => {
  it('loses, doubles and half-writes nothing acknowledged when the API is killed mid-burst', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'purchasing-crash-'));
    const json = path.join(folder, 'result.json');
    const database = `crash_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
    try {
      const args = ['--import', 'tsx', 'bench/crash/crash.ts', '--database', database, '--writers', '4'];
      args.push('--kills', '2', '--seconds', '12', '--port', String(await freePort()), '--json', json);
      const { code, output } = await new Promise<{ code: number; output: string }>((resolve) => {
        execFile(
          process.execPath,
          args,
          { cwd: apiRoot, env: { ...process.env, CRASH_PG_ADMIN_URL: inject('pgAdminUrl') } },
          (error, stdout, stderr) =>
            resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
        );
      });
      expect(code, output).toBe(0);
      const { run, verdict } = JSON.parse(await readFile(json, 'utf8'));
      expect(run.kills).toBe(2);
      expect(verdict.lost, output).toEqual([]);
      expect(verdict.duplicated, output).toEqual([]);
      expect(verdict.halfWritten, output).toEqual([]);
      // A burst that wrote next to nothing would prove nothing (12 s: on a loaded machine 6 s wrote 15).
      expect(verdict.acknowledged, output).toBeGreaterThanOrEqual(20);
      expect(verdict.byOperation.create.ack).toBeGreaterThan(0);
      expect(verdict.byOperation.approve.ack + verdict.byOperation.reject.ack).toBeGreaterThan(0);
      // The report breaks the refusals down by status and code: every one of them is counted there.
      const byCode = (answers: { count: number }[]) => answers.reduce((sum, a) => sum + a.count, 0);
      expect(byCode(verdict.refusedByCode)).toBe(verdict.refused);
      expect(byCode(verdict.errorsByCode)).toBe(verdict.errors);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  }, 240_000);
});
