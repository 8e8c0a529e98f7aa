#!/usr/bin/env node
/**
 * The example portals of `examples/` (issue 17 item 1), each built from the packed tarballs as a
 * stranger would build it, and driven in Debian's Chromium against the real API.
 *
 * 1. Builds the four packages and packs them (scripts/lib/pack.mjs).
 * 2. Makes a fresh PostgreSQL database (migrated and seeded with the demo data), starts the portals'
 *    identity provider (scripts/examples/issuer.mjs) and the compiled API with OIDC_* naming it.
 * 3. For each example (a folder of `examples/` with a package.json and an `e2e/` folder): copies it
 *    outside the repository (so nothing resolves from the repo's node_modules), `npm ci`s its own lock
 *    file, installs the tarballs (`--no-save`), `npm run build`, `npm start` with
 *    PORT, API_URL and IDP_URL (the portal proxies /api and /idp to them), then runs its
 *    `e2e/*.spec.ts` with the repo's Playwright (examples/playwright.config.ts, EXAMPLE_URL).
 * 4. Stops everything and drops the database.
 *
 * Usage: `node scripts/examples/run.mjs [--only <name>[,<name>]] [--port <base>] [--keep] [--tarballs <dir>]`
 * (`npm run examples`). The ports are <base> (API), <base>+1 (identity provider), then one per example.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildPackages, npm, packageDirs, packPackages, repo, run } from '../lib/pack.mjs';
import { startIssuer } from './issuer.mjs';

const { values: options } = parseArgs({
  options: {
    only: { type: 'string' },
    port: { type: 'string', default: process.env.EXAMPLES_PORT ?? '4900' },
    keep: { type: 'boolean', default: false },
    tarballs: { type: 'string', default: process.env.EXAMPLES_TARBALLS },
  },
});
const basePort = Number(options.port);
const only = options.only ? new Set(options.only.split(',').map((s) => s.trim())) : null;
const examplesDir = path.join(repo, 'examples');
const examples = readdirSync(examplesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .filter((name) => existsSync(path.join(examplesDir, name, 'package.json')))
  .filter((name) => existsSync(path.join(examplesDir, name, 'e2e')))
  .filter((name) => !only || only.has(name))
  .sort();
if (only && examples.length !== only.size) {
  console.error(`examples: no such example among ${[...only].join(', ')}`);
  process.exit(1);
}

const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const log = (line) => process.stdout.write(`examples: ${line}\n`);
const work = mkdtempSync(path.join(tmpdir(), 'purchasing-examples-'));
const children = [];
const adminUrl = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `purchasing_e2e_${Date.now()}_${randomBytes(4).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return url.toString();
})();
let databaseMade = false;
let issuer;

async function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  await Promise.all(
    children.map((child) => (child.exitCode === null ? new Promise((r) => child.once('exit', r)) : null)),
  );
  await issuer?.stop();
  if (databaseMade) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`).finally(() => admin.end());
  }
  if (!options.keep) rmSync(work, { recursive: true, force: true });
  else log(`kept ${work}`);
}

/** Runs one step, timing it; a throw stops everything with a message naming the step. */
async function step(name, action) {
  const since = Date.now();
  log(`${name}…`);
  try {
    const result = await action();
    log(`${name} ✓ (${seconds(since)})`);
    return result;
  } catch (error) {
    const output = [error?.stdout, error?.stderr].filter(Boolean).join('\n').trim();
    process.stderr.write(`\nexamples FAILED at "${name}": ${error?.message ?? error}\n`);
    if (output) process.stderr.write(`${output.slice(-6000)}\n`);
    await cleanUp();
    process.exit(1);
  }
}

/** Starts a long-running process; its output goes to a log file printed when a step fails. */
function start(name, command, args, cwd, env) {
  const file = path.join(work, `${name}.log`);
  const child = spawn(command, args, {
    cwd,
    env: { ...process.env, npm_config_update_notifier: 'false', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  const chunks = [];
  child.stdout.on('data', (d) => chunks.push(d));
  child.stderr.on('data', (d) => chunks.push(d));
  child.output = () => Buffer.concat(chunks).toString('utf8');
  child.logFile = file;
  children.push(child);
  return child;
}

/** Waits until `url` answers (any status below 500), or the process exits, or `ms` pass. */
async function waitFor(url, child, ms = 120_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw Object.assign(new Error(`exited (${child.exitCode})`), { stdout: child.output() });
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw Object.assign(new Error(`${url} did not answer within ${ms / 1000} s`), { stdout: child.output() });
}

// `--tarballs <dir>`: the ones the pack test just made and checked (npm test passes them on).
let packed = options.tarballs
  ? readdirSync(options.tarballs)
      .filter((file) => file.endsWith('.tgz'))
      .map((file) => ({ tarball: path.join(path.resolve(options.tarballs), file) }))
  : null;
if (packed && packed.length !== packageDirs.length) {
  console.error(`examples: ${options.tarballs} holds ${packed.length} tarballs, not ${packageDirs.length}`);
  process.exit(1);
}
if (!packed) {
  const tarballDir = path.join(work, 'tarballs');
  mkdirSync(tarballDir);
  await step('build the packages', () => buildPackages());
  packed = await step('pack them', () => packPackages(tarballDir, log));
}

await step(`create, migrate and seed database ${database}`, async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${database}"`).finally(() => admin.end());
  databaseMade = true;
  for (const command of ['migrate', 'seed'])
    run(process.execPath, ['--import', 'tsx', 'api/src/db/cli.ts', command], repo, {
      DATABASE_URL: databaseUrl,
    });
});

const apiUrl = `http://127.0.0.1:${basePort}`;
await step('start the identity provider and the compiled API', async () => {
  issuer = await startIssuer(basePort + 1);
  run(npm, ['run', 'build', '-w', 'api', '--silent', '--', '--silent'], repo);
  const api = start('api', process.execPath, ['api/dist/start.js'], repo, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(basePort),
    PUBLIC_URL: apiUrl,
    STATIC_DIR: '',
    DATABASE_URL: databaseUrl,
    OIDC_ISSUER: issuer.issuer,
    OIDC_JWKS_URI: issuer.jwksUri,
    OIDC_AUDIENCE: issuer.audience,
  });
  await waitFor(`${apiUrl}/api/health`, api);
});

for (const [index, name] of examples.entries()) {
  const port = basePort + 2 + index;
  const dir = path.join(work, name);
  const env = { PORT: String(port), API_URL: apiUrl, IDP_URL: issuer.issuer };
  await step(`${name}: copy outside the repo, npm ci, install the tarballs`, () => {
    cpSync(path.join(examplesDir, name), dir, {
      recursive: true,
      filter: (source) => !/[\\/](node_modules|dist|\.next|e2e)$/.test(source),
    });
    run(npm, ['ci', '--no-audit', '--no-fund'], dir);
    run(npm, ['install', '--no-save', '--no-audit', '--no-fund', ...packed.map((p) => p.tarball)], dir);
  });
  await step(`${name}: build`, () => run(npm, ['run', 'build'], dir, env));
  const server = start(name, npm, ['start'], dir, env);
  const url = `http://127.0.0.1:${port}`;
  await step(`${name}: start on ${url}`, () => waitFor(`${url}/`, server));
  await step(`${name}: drive it in Chromium (examples/${name}/e2e)`, () => {
    const result = spawnSync(
      process.execPath,
      [
        path.join(repo, 'node_modules', '@playwright', 'test', 'cli.js'),
        'test',
        '-c',
        'examples/playwright.config.ts',
      ],
      {
        cwd: repo,
        stdio: 'inherit',
        env: { ...process.env, ...env, EXAMPLE: name, EXAMPLE_URL: url },
      },
    );
    if (result.status !== 0)
      throw Object.assign(new Error(`Playwright exit ${result.status}`), { stdout: server.output() });
  });
  server.kill('SIGTERM');
}

await cleanUp();
log(`${examples.length} example(s) passed: ${examples.join(', ')} (${seconds(started)})`);
