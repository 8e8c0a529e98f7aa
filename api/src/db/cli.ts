/**
 * Database commands, against DATABASE_URL or (when unset) the embedded database in DATA_DIR or
 * `api/.data/pglite`:
 *
 *   node --import tsx api/src/db/cli.ts migrate   # apply pending migrations
 *   node --import tsx api/src/db/cli.ts down      # revert every migration
 *   node --import tsx api/src/db/cli.ts seed      # migrate, then seed the demo data (idempotent)
 *   node --import tsx api/src/db/cli.ts create-admin --organization <name> --email <email>
 *        [--code <CODE>] [--first-name <name>] [--last-name <name>]
 *        [--generate-password | --password-stdin]   # or ADMIN_PASSWORD, or typed at a prompt
 *     # migrate, then create an organisation (default roles and settings) and its first Super Admin;
 *     # refuses an existing email or organisation and a weak password (exit code 1)
 *   node --import tsx api/src/db/cli.ts app-role [name] [--login]
 *       # create (if absent) the plain role the API should run as (default purchasing_app) and grant
 *       # it row access to every table; APP_ROLE_PASSWORD sets its password (and implies --login)
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { apiRoot } from '../config.js';
import { generateAdminPassword } from '../domain/admin-password.js';
import { DomainError } from '../domain/errors.js';
import { DEFAULT_APP_ROLE, grantAppRole } from './app-role.js';
import { EMBEDDED_POOL_MAX, startEmbeddedDatabase } from './embedded.js';
import { createFirstAdmin } from './first-admin.js';
import { migrateDown, migrateUp } from './migrator.js';
import { initModels } from './models/index.js';
import { seedDemoData } from './seed.js';
import { createSequelize } from './sequelize.js';

const USAGE = `usage: cli.ts migrate | down | seed | app-role [name] [--login]
       cli.ts create-admin --organization <name> --email <email> [--code <CODE>]
              [--first-name <name>] [--last-name <name>] [--generate-password | --password-stdin]
  create-admin takes the password from ADMIN_PASSWORD, from the first line of standard input
  (--password-stdin), generates one and prints it once (--generate-password), or asks for it.`;

/** A refusal of the command line itself, with the process exit code to answer. */
class CliRefusal extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  process.stderr.write(question);
  return new Promise((resolve, reject) => {
    let value = '';
    input.setRawMode(true);
    input.resume();
    input.setEncoding('utf8');
    const done = (error?: Error) => {
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stderr.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('cancelled'));
        if (char === '\u007f' || char === '\b') value = value.slice(0, -1);
        else if (char >= ' ') value += char;
      }
    };
    input.on('data', onData);
  });
}

/** Reads the first line of standard input (a password piped in by a script). */
async function firstLineOfStdin(): Promise<string> {
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

interface AdminArguments {
  organization: string;
  email: string;
  code?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
  password: () => Promise<{ password: string; generated: boolean }>;
}

function adminArguments(args: string[]): AdminArguments | string {
  const parse = () =>
    parseArgs({
      args,
      options: {
        organization: { type: 'string' },
        email: { type: 'string' },
        code: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        'generate-password': { type: 'boolean' },
        'password-stdin': { type: 'boolean' },
      },
      strict: true,
    });
  let values: ReturnType<typeof parse>['values'];
  try {
    values = parse().values;
  } catch (error) {
    return (error as Error).message;
  }
  if (!values.organization || !values.email) return 'create-admin needs --organization and --email';
  const sources = [values['generate-password'], values['password-stdin'], process.env.ADMIN_PASSWORD].filter(
    Boolean,
  );
  if (sources.length > 1) {
    return 'give the password one way only: ADMIN_PASSWORD, --password-stdin or --generate-password';
  }
  const context = { email: values.email, organization: values.organization };
  const password = async () => {
    if (values['generate-password']) return { password: generateAdminPassword(context), generated: true };
    if (values['password-stdin']) return { password: await firstLineOfStdin(), generated: false };
    if (process.env.ADMIN_PASSWORD) return { password: process.env.ADMIN_PASSWORD, generated: false };
    if (!process.stdin.isTTY) {
      throw new CliRefusal(
        'no password: set ADMIN_PASSWORD, pipe it with --password-stdin, or pass --generate-password',
        2,
      );
    }
    const typed = await promptHidden(`Password for ${values.email}: `);
    const again = await promptHidden('The same password again: ');
    if (typed !== again) throw new CliRefusal('the two passwords differ: nothing was created', 1);
    return { password: typed, generated: false };
  };
  return {
    organization: values.organization,
    email: values.email,
    code: values.code,
    firstName: values['first-name'],
    lastName: values['last-name'],
    password,
  };
}

async function main(command: string | undefined, rest: string[]): Promise<void> {
  if (
    command !== 'migrate' &&
    command !== 'down' &&
    command !== 'seed' &&
    command !== 'create-admin' &&
    command !== 'app-role'
  ) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  let admin: AdminArguments | null = null;
  if (command === 'create-admin') {
    const parsed = adminArguments(rest);
    if (typeof parsed === 'string') {
      console.error(`[db] ${parsed}\n${USAGE}`);
      process.exitCode = 2;
      return;
    }
    admin = parsed;
  }
  // Asked before any database work, so a prompt is not interleaved with the migration log.
  const secret = admin ? await admin.password() : null;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = process.env.DATA_DIR ?? path.join(apiRoot, '.data', 'pglite');
  const embedded = databaseUrl ? null : await startEmbeddedDatabase({ dataDir });
  const sequelize = createSequelize(
    databaseUrl ?? embedded!.url,
    embedded ? { poolMax: EMBEDDED_POOL_MAX } : {},
  );
  const logger = {
    info: (m: unknown) => console.info(JSON.stringify(m)),
    warn: console.warn,
    error: console.error,
    debug: () => {},
  };
  try {
    console.info(
      `[db] ${command} on ${databaseUrl ? 'DATABASE_URL' : `the embedded database in ${dataDir}`}`,
    );
    if (command === 'app-role') {
      const role = rest.find((arg) => !arg.startsWith('--')) ?? DEFAULT_APP_ROLE;
      const password = process.env.APP_ROLE_PASSWORD || undefined;
      const { created } = await grantAppRole(sequelize, role, {
        login: rest.includes('--login') || password !== undefined,
        password,
      });
      console.info(`[db] role ${role} ${created ? 'created and ' : ''}granted row access to every table`);
      return;
    }
    if (command === 'down') {
      const reverted = await migrateDown(sequelize, { logger });
      console.info(`[db] reverted ${reverted.length} migration(s)`);
      return;
    }
    const applied = await migrateUp(sequelize, { logger });
    console.info(`[db] applied ${applied.length} migration(s)`);
    if (command === 'seed') {
      const { seeded } = await seedDemoData(sequelize, initModels(sequelize));
      console.info(seeded ? '[db] demo data seeded' : '[db] demo data already present: nothing changed');
    }
    if (admin && secret) {
      const created = await createFirstAdmin(sequelize, initModels(sequelize), {
        organization: admin.organization,
        code: admin.code,
        email: admin.email,
        firstName: admin.firstName,
        lastName: admin.lastName,
        password: secret.password,
      });
      console.info(
        `[db] created the organisation '${created.organization.name}' (code ${created.organization.code}, id ${created.organization.id}) and its Super Admin ${created.user.email}`,
      );
      if (secret.generated) {
        // The only time the password is shown: it is stored as an argon2 hash.
        process.stdout.write(`Password (shown once, store it now): ${secret.password}\n`);
      }
    }
  } finally {
    await sequelize.close();
    await embedded?.close();
  }
}

main(process.argv[2], process.argv.slice(3)).catch((error: unknown) => {
  if (error instanceof DomainError || error instanceof CliRefusal) {
    console.error(`[db] refused: ${error.message}`);
    process.exitCode = error instanceof CliRefusal ? error.exitCode : 1;
    return;
  }
  console.error('[db] failed:', error);
  process.exitCode = 1;
});
