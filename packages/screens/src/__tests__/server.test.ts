import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

/**
 * @purchasing/screens on a server (issue 17 item 1): a Next.js portal imports it while server-rendering, and a
 * React Server Component imports it too. Both run in a plain Node process of their own, away from jsdom.
 */
const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function node(script: string, env: Record<string, string> = {}) {
  const result = spawnSync(
    process.execPath,
    ['--conditions', 'source', '--import', 'tsx', '--input-type=module', '--eval', script],
    { cwd: packageDir, encoding: 'utf8', timeout: 120_000, env: { ...process.env, ...env } },
  );
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout;
}

it('imports in plain Node, where there is no window, document or localStorage', () => {
  const out = node(
    "const m = await import('./src/index.ts'); console.log(JSON.stringify([typeof window, typeof document, typeof localStorage, typeof m.ApprovalQueueScreen]));",
  );
  expect(JSON.parse(out)).toEqual(['undefined', 'undefined', 'undefined', 'function']);
}, 120_000);

it("builds every module with 'use client' first, so a server component can import the package", () => {
  const outDir = mkdtempSync(path.join(tmpdir(), 'screens-build-'));
  try {
    node(
      "const { build } = await import('tsup'); const { default: config } = await import('./tsup.config.ts'); await build({ ...config, dts: false, sourcemap: false, clean: false, silent: true, outDir: process.env.OUT_DIR });",
      { OUT_DIR: outDir },
    );
    const modules = readdirSync(outDir, { recursive: true, encoding: 'utf8' }).filter((file) =>
      file.endsWith('.js'),
    );
    expect(modules).toContain('index.js');
    const firstLines = modules.map((file) => [
      file,
      readFileSync(path.join(outDir, file), 'utf8').split('\n')[0],
    ]);
    expect(firstLines.filter(([, first]) => !/^['"]use client['"];?$/.test(first ?? ''))).toEqual([]);
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}, 120_000);
