import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl } from './global-setup';

/**
 * scripts/prerequisites.sh, the first step of `npm test`: on a machine without Chromium, its fonts or
 * a PostgreSQL it stops at once naming what to install. Every run here sets PREREQUISITES_INSTALL=0,
 * so nothing is ever installed or started, and points the checks at paths and a port made up for it.
 */
const script = resolve(dirname(fileURLToPath(import.meta.url)), '../../scripts/prerequisites.sh');
const fonts = mkdtempSync(join(tmpdir(), 'prerequisites-fonts-'));
writeFileSync(join(fonts, 'LiberationSans-Regular.ttf'), '');
afterAll(() => rmSync(fonts, { recursive: true, force: true }));

/** A port that nothing listens on: the system hands one out, and it is closed again at once. */
let silentPort = 0;
beforeAll(async () => {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  silentPort = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((done) => server.close(() => done()));
});

function run(env: Record<string, string>) {
  const result = spawnSync('bash', [script], {
    encoding: 'utf8',
    timeout: 30_000,
    env: {
      ...process.env,
      PREREQUISITES_INSTALL: '0',
      CHROMIUM_PATH: process.execPath, // any executable stands in for Chromium
      LIBERATION_FONTS_DIR: fonts,
      TEST_PG_ADMIN_URL: adminUrl,
      ...env,
    },
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('scripts/prerequisites.sh', () => {
  it('passes when Chromium, the fonts and the tests’ PostgreSQL are there', () => {
    const { status, output } = run({});
    expect(output).toContain('are ready');
    expect(status).toBe(0);
  });

  it('stops, naming Chromium and the apt-get line, when Chromium is missing', () => {
    const { status, output } = run({ CHROMIUM_PATH: '/nonexistent/chromium' });
    expect(status).toBe(1);
    expect(output).toContain('Chromium at /nonexistent/chromium');
    expect(output).toContain('apt-get update && apt-get install -y chromium fonts-liberation');
    expect(output).toContain('PREREQUISITES_INSTALL=0');
  });

  it('stops, naming fonts-liberation, when the fonts are missing', () => {
    const { status, output } = run({ LIBERATION_FONTS_DIR: '/nonexistent/fonts' });
    expect(status).toBe(1);
    expect(output).toContain('fonts-liberation');
    expect(output).not.toContain('Chromium at');
  });

  it('stops, naming the address and TEST_PG_ADMIN_URL, when nothing answers at the PostgreSQL port', () => {
    const url = `postgres://postgres@127.0.0.1:${silentPort}/postgres`;
    const { status, output } = run({ TEST_PG_ADMIN_URL: url, PG_WAIT_SECONDS: '1' });
    expect(status).toBe(1);
    expect(output).toContain(`a PostgreSQL server at 127.0.0.1:${silentPort}`);
    expect(output).toContain('TEST_PG_ADMIN_URL=');
  });

  it('names every missing thing in one message', () => {
    const { status, output } = run({
      CHROMIUM_PATH: '/nonexistent/chromium',
      LIBERATION_FONTS_DIR: '/nonexistent/fonts',
      TEST_PG_ADMIN_URL: `postgres://postgres@127.0.0.1:${silentPort}/postgres`,
    });
    expect(status).toBe(1);
    expect(output.match(/^ {2}- /gm)).toHaveLength(3);
  });
});
