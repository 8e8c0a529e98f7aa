import { type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { openDatabase } from '../../src/db/index.js';
import { DEMO_PASSWORD } from '../../src/db/seed.js';
import { adminPasswordProblems, generateAdminPassword } from '../../src/domain/admin-password.js';
import { call, createTestApp, expectContract } from '../app.js';
import { testDatabaseUrl } from '../database.js';
import { uniqueSuffix } from '../factories.js';
import { createDatabase, databaseUrlFor, dropDatabase } from '../global-setup.js';

/**
 * Issue 11 §4: `npm start` seeded demo accounts whose password (`Password123!`) is published in the
 * README, and listened on 0.0.0.0. The embedded demo stays on the loopback interface unless HOST
 * says otherwise; a real database is never seeded on its own, and its first organisation and Super
 * Admin come from `npm run create-admin -w api`.
 */

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('where the server listens', () => {
  it('the embedded default binds 127.0.0.1, also in production mode (npm start)', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production', PORT: '8080' }).publicUrl).toBe('http://127.0.0.1:8080');
  });

  it('HOST overrides it, and a production server on DATABASE_URL listens on every interface', () => {
    expect(loadConfig({ NODE_ENV: 'production', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
        PUBLIC_URL: 'https://buy.example.com',
      }).host,
    ).toBe('0.0.0.0');
  });
});

describe('a start on DATABASE_URL', () => {
  let name: string;
  let url: string;
  beforeAll(async () => {
    name = await createDatabase('purchasing_deploy', inject('pgAdminUrl'));
    url = databaseUrlFor(name, inject('pgAdminUrl'));
  });
  afterAll(async () => {
    await dropDatabase(name, inject('pgAdminUrl'));
  });

  it('migrates a fresh database but seeds nothing, and says how to create the first admin', async () => {
    const server = spawn(process.execPath, ['--import', 'tsx', 'src/start.ts'], {
      cwd: apiRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: url,
        PUBLIC_URL: 'https://buy.example.com',
        JWT_SECRET: 'deploy-test-secret-that-is-long-enough-for-hs256',
        HOST: '127.0.0.1',
        PORT: '0',
        STATIC_DIR: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk) => {
      output += String(chunk);
    });
    server.stderr.on('data', (chunk) => {
      output += String(chunk);
    });
    const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
    const started = await Promise.race([
      (async () => {
        while (!/listening on/.test(output)) await new Promise((r) => setTimeout(r, 100));
        return true;
      })(),
      exited.then(() => false),
      new Promise<false>((r) => setTimeout(() => r(false), 30_000)),
    ]);
    server.kill('SIGTERM');
    await exited;
    expect(started, output).toBe(true);
    expect(output).toMatch(/no organisation yet: create the first one .*npm run create-admin/);

    // The same start path, in process: still nothing seeded.
    const database = await openDatabase({ databaseUrl: url, dataDir: '/nonexistent' });
    try {
      const [counts] = await database.sequelize.query<{
        users: number;
        organizations: number;
        migrations: number;
      }>(
        `SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM organizations)::int AS organizations,
                (SELECT count(*) FROM schema_migrations)::int AS migrations`,
        { type: QueryTypes.SELECT },
      );
      expect(counts).toMatchObject({ users: 0, organizations: 0 });
      expect(counts!.migrations).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  }, 60_000);
});

describe('npm run create-admin', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.close();
  });

  function createAdmin(
    args: string[],
    options: { password?: string; stdin?: string } = {},
  ): SpawnSyncReturns<string> {
    const { ADMIN_PASSWORD: _unset, ...env } = process.env;
    return spawnSync(process.execPath, ['--import', 'tsx', 'src/db/cli.ts', 'create-admin', ...args], {
      cwd: apiRoot,
      env: {
        ...env,
        DATABASE_URL: testDatabaseUrl(),
        ...(options.password ? { ADMIN_PASSWORD: options.password } : {}),
      },
      input: options.stdin ?? '',
      encoding: 'utf8',
      timeout: 60_000,
    });
  }

  const signIn = (email: string, password: string) =>
    call(app.server, 'POST', '/api/auth/login', { payload: { email, password } });

  async function count(sql: string, bind: unknown[]): Promise<number> {
    const [row] = await app.sequelize.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, {
      bind,
      type: QueryTypes.SELECT,
    });
    return row!.n;
  }

  it('creates an organisation with the default roles and its Super Admin, who signs in with the printed password', async () => {
    const suffix = uniqueSuffix();
    const email = `first-admin-${suffix.toLowerCase()}@deploy.test`;
    const result = createAdmin([
      '--organization',
      `Deploy Test ${suffix}`,
      '--email',
      email,
      '--first-name',
      'Fiona',
      '--last-name',
      'First',
      '--generate-password',
    ]);
    expect(result.status, result.stderr + result.stdout).toBe(0);
    const printed = /Password \(shown once, store it now\): (\S+)/.exec(result.stdout);
    expect(printed).not.toBeNull();
    const password = printed![1]!;
    expect(password).toHaveLength(20);
    expect(result.stdout.split(password)).toHaveLength(2); // printed exactly once

    const response = await signIn(email, password);
    expect(response.statusCode, response.payload).toBe(200);
    expectContract(response, 'login');
    const { user } = JSON.parse(response.payload);
    expect(user.first_name).toBe('Fiona');
    expect(user.user_organizations).toHaveLength(1);
    expect(user.user_organizations[0].organization.name).toBe(`Deploy Test ${suffix}`);
    expect(user.user_organizations[0].organization.code).toBe(`DEPLOY-TEST-${suffix}`);
    expect(user.user_organizations[0].role.name).toBe('Super Admin');
    expect(user.permissions).toContain('role.manage');
    const organizationId = user.user_organizations[0].organization.id;
    expect(await count('roles WHERE organization_id = $1 AND is_system', [organizationId])).toBe(7);
    const [settings] = await app.sequelize.query<{ settings: { approval_policy: { levels: unknown[] } } }>(
      'SELECT settings FROM organizations WHERE id = $1',
      { bind: [organizationId], type: QueryTypes.SELECT },
    );
    expect(settings!.settings.approval_policy.levels).toHaveLength(4);
  }, 60_000);

  it('takes the password from ADMIN_PASSWORD or standard input, without printing it', async () => {
    const fromEnv = `env-admin-${uniqueSuffix().toLowerCase()}@deploy.test`;
    const envPassword = 'Correct-Horse-Battery-9';
    const viaEnv = createAdmin(['--organization', `Env Org ${uniqueSuffix()}`, '--email', fromEnv], {
      password: envPassword,
    });
    expect(viaEnv.status, viaEnv.stderr).toBe(0);
    expect(viaEnv.stdout + viaEnv.stderr).not.toContain(envPassword);
    expect((await signIn(fromEnv, envPassword)).statusCode).toBe(200);

    const fromStdin = `stdin-admin-${uniqueSuffix().toLowerCase()}@deploy.test`;
    const stdinPassword = 'Piped-In-Secret-4711';
    const viaStdin = createAdmin(
      ['--organization', `Stdin Org ${uniqueSuffix()}`, '--email', fromStdin, '--password-stdin'],
      { stdin: `${stdinPassword}\n` },
    );
    expect(viaStdin.status, viaStdin.stderr).toBe(0);
    expect((await signIn(fromStdin, stdinPassword)).statusCode).toBe(200);
  }, 60_000);

  it('refuses an existing email or organisation and changes nothing', async () => {
    const suffix = uniqueSuffix();
    const email = `dup-admin-${suffix.toLowerCase()}@deploy.test`;
    const organization = `Duplicate Org ${suffix}`;
    const password = 'Original-Secret-2468';
    expect(createAdmin(['--organization', organization, '--email', email], { password }).status).toBe(0);

    // The same email (another case) for a new organisation: refused, the organisation not created.
    const otherOrganization = `Other Org ${suffix}`;
    const sameEmail = createAdmin(['--organization', otherOrganization, '--email', email.toUpperCase()], {
      password: 'Attacker-Chosen-1357',
    });
    expect(sameEmail.status).toBe(1);
    expect(sameEmail.stderr).toMatch(/already exists/);
    expect(await count('organizations WHERE name = $1', [otherOrganization])).toBe(0);
    expect((await signIn(email, password)).statusCode).toBe(200);
    expect((await signIn(email, 'Attacker-Chosen-1357')).statusCode).toBe(401);

    // The same organisation name (another case) with a new email: refused, no account created.
    const otherEmail = `other-admin-${suffix.toLowerCase()}@deploy.test`;
    const sameOrganization = createAdmin(
      ['--organization', organization.toLowerCase(), '--email', otherEmail],
      {
        password: 'Another-Secret-97531',
      },
    );
    expect(sameOrganization.status).toBe(1);
    expect(sameOrganization.stderr).toMatch(/already exists/);
    expect(await count('users WHERE lower(email) = $1', [otherEmail])).toBe(0);
    expect(await count('organizations WHERE lower(name) = lower($1)', [organization])).toBe(1);
  }, 60_000);

  it('refuses a weak password, the published demo password included, and creates nothing', async () => {
    for (const weak of [DEMO_PASSWORD, 'short1A']) {
      const email = `weak-admin-${uniqueSuffix().toLowerCase()}@deploy.test`;
      const result = createAdmin(['--organization', `Weak Org ${uniqueSuffix()}`, '--email', email], {
        password: weak,
      });
      expect(result.status, weak).toBe(1);
      expect(result.stderr).toMatch(/Password/);
      expect(await count('users WHERE lower(email) = $1', [email])).toBe(0);
    }
  }, 60_000);

  it('judges passwords by length, composition, known passwords, the names and variety', () => {
    const context = { email: 'fiona.first@acme.example', organization: 'Acme Industries' };
    expect(adminPasswordProblems('Correct-Horse-Battery-9', context)).toEqual([]);
    for (const weak of [
      DEMO_PASSWORD,
      'Short1a',
      'alllowercase-and-long-1',
      'ALLUPPERCASE-AND-LONG-1',
      'No-Digits-At-All-Here',
      'Aa1Aa1Aa1Aa1Aa1',
      'Fiona.First-2026',
      'Acme Industries 2026',
    ]) {
      expect(adminPasswordProblems(weak, context), weak).not.toEqual([]);
    }
    const generated = generateAdminPassword(context);
    expect(generated).toHaveLength(20);
    expect(adminPasswordProblems(generated, context)).toEqual([]);
  });

  it('refuses to run without a password source when nobody can type one', () => {
    const result = createAdmin([
      '--organization',
      `No Password ${uniqueSuffix()}`,
      '--email',
      `nopw-${uniqueSuffix().toLowerCase()}@deploy.test`,
    ]);
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/ADMIN_PASSWORD/);
  }, 30_000);
});
