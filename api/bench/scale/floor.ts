/**
 * The SQL floor of an endpoint: the exact statements the API sends for one request, with their bind
 * values, replayed by pgbench at the same concurrency against the same database as the same role.
 * What the API adds on top (HTTP, validation, JSON, the driver, the pool) is the gap between its
 * requests per second and pgbench's transactions per second.
 *
 * Statements are captured below Sequelize, on `pg.Client.prototype.query`, so the request's whole
 * conversation is seen: the session check, the membership lookup, the tenant hook's `set_config`
 * when it sends one, and the handler's queries. An in-process server (same code, same pool hooks) is
 * asked twice and the second, warm answer's statements are kept: a steady-state request, whose pooled
 * connection already carries the organisation, sends no `set_config`, and neither does its floor.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inspect, promisify } from 'node:util';
import type { Server } from '@hapi/hapi';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { createSequelize, SESSION_SETTINGS } from '../../src/db/sequelize.js';
import { createServer } from '../../src/server.js';

/** One statement as the driver sent it. */
export interface Captured {
  text: string;
  values: unknown[];
  /** `app.organization_id` of the connection it ran on (set at session level by the tenant hook). */
  organization: string;
}

/** The tenant hook's session-level statement (api/src/db/tenant-context.ts). */
const TENANT_SETTING = /set_config\('app\.organization_id',\s*\$1,\s*false\)/;

/** The driver's own conversion of a bind value to the text it sends (pg/lib/utils `prepareValue`). */
const prepareValue = createRequire(import.meta.url)('pg/lib/utils.js').prepareValue as (
  value: unknown,
) => string | Buffer | null;

/**
 * A SQL literal of `text` that pgbench leaves alone: in `-M extended` and `-M prepared` modes pgbench turns every
 * `:name` into a parameter, even inside quotes, so a colon is written as the escape `\x3a`.
 */
export function pgbenchLiteral(text: string): string {
  if (!text.includes(':') && !text.includes('\\')) return `'${text.replaceAll("'", "''")}'`;
  const escaped = text.replaceAll('\\', '\\\\').replaceAll("'", "\\'").replaceAll(':', '\\x3a');
  return `E'${escaped}'`;
}

function literalOf(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null) return 'NULL';
  if (Buffer.isBuffer(prepared)) return `'\\x${prepared.toString('hex')}'::bytea`;
  return pgbenchLiteral(prepared);
}

/**
 * `statement` as one line of a pgbench script: `$n` replaced by its value as a literal (untyped,
 * like a bind parameter), string literals re-quoted for pgbench, comments dropped, whitespace folded.
 */
export function toScriptLine({ text, values }: Captured): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === "'") {
      let j = i + 1;
      let value = '';
      while (j < text.length) {
        if (text[j] === "'" && text[j + 1] === "'") {
          value += "'";
          j += 2;
        } else if (text[j] === "'") break;
        else value += text[j++];
      }
      out += pgbenchLiteral(value);
      i = j + 1;
    } else if (char === '"') {
      const end = text.indexOf('"', i + 1);
      out += text.slice(i, end + 1);
      i = end + 1;
    } else if (char === '-' && text[i + 1] === '-') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (char === '$' && /\d/.test(text[i + 1] ?? '')) {
      const digits = /^\d+/.exec(text.slice(i + 1))![0];
      out += literalOf(values[Number(digits) - 1]);
      i += 1 + digits.length;
    } else if (/\s/.test(char)) {
      if (!out.endsWith(' ')) out += ' ';
      i++;
    } else {
      out += char;
      i++;
    }
  }
  return `${out.trim().replace(/;$/, '')};`;
}

/** A request of a read scenario, as a signed-in user sends it. */
export interface FloorRequest {
  name: string;
  email: string;
  path: string;
}

/**
 * An in-process API on `databaseUrl` (the plain role's) whose driver traffic can be recorded, for
 * {@link FloorRequest}s. Sign-ins are its own (its tokens differ from the measured process's).
 */
export async function startCapture(databaseUrl: string, password: string) {
  const sequelize = createSequelize(databaseUrl, { poolMax: 10 });
  // Only this server's connections are recorded (not the benchmark's own client), and only once
  // they are open: the statements a new connection runs once (time zone, role) are no request's.
  const connections = new WeakSet<object>();
  sequelize.addHook('afterConnect', 'floor-capture', (connection: unknown) => {
    connections.add(connection as object);
  });
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://x',
    }),
    staticDir: null,
  };
  const server: Server = await createServer(config, { sequelize });
  let recording: Captured[] | null = null;
  const settings = new WeakMap<pg.Client, string>();
  const original = pg.Client.prototype.query;
  // Every statement of every pooled connection passes here: Sequelize's and the tenant hook's.
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    const text = typeof first === 'string' ? first : (first as { text: string }).text;
    // Sequelize passes (text, values); api/src/db-query.ts a config object (name, text, values).
    const values =
      typeof first === 'string'
        ? Array.isArray(second)
          ? second
          : []
        : ((first as { values?: unknown[] }).values ?? []);
    if (recording && connections.has(this))
      recording.push({ text, values, organization: settings.get(this) ?? '' });
    if (TENANT_SETTING.test(text)) settings.set(this, String(values[0] ?? ''));
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  const sessions = new Map<string, { token: string; organizationId: string }>();
  const signIn = async (email: string) => {
    const known = sessions.get(email);
    if (known) return known;
    const response = await server.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    const body = JSON.parse(response.payload) as {
      session: { access_token: string };
      user: { user_organizations: { organization: { id: string } }[] };
    };
    const session = {
      token: body.session.access_token,
      organizationId: body.user.user_organizations[0]!.organization.id,
    };
    sessions.set(email, session);
    return session;
  };
  return {
    /**
     * The statements of one warm request and its status code. When the first request takes longer
     * than `limitMs` (the caller cancels statements that run too long), its statements are the
     * answer: they are complete for a request whose slow statements run side by side (a page and its
     * count), and a second try would only be as slow.
     */
    async capture(
      request: FloorRequest,
      limitMs: number,
    ): Promise<{ status: number; statements: Captured[]; steady: boolean }> {
      const { token, organizationId } = await signIn(request.email);
      const record = async () => {
        recording = [];
        const started = Date.now();
        // The server logs a 500 at length; a statement cancelled for running too long is expected.
        const logError = console.error;
        const logged: unknown[][] = [];
        console.error = (...parts: unknown[]) => logged.push(parts);
        const response = await server
          .inject({
            method: 'GET',
            url: request.path,
            headers: { authorization: `Bearer ${token}`, 'x-organization-id': organizationId },
          })
          .finally(() => {
            console.error = logError;
          });
        const cancelled = logged.some((parts) => /canceling statement/.test(inspect(parts)));
        if (!cancelled) for (const parts of logged) logError(...parts);
        const statements = recording;
        recording = null;
        return { status: response.statusCode, statements, ms: Date.now() - started };
      };
      const first = await record();
      if (first.ms > limitMs) {
        // A warm connection already carries the organisation: no set_config in the steady state.
        const statements = first.statements.filter((statement) => !TENANT_SETTING.test(statement.text));
        return { status: first.status, statements, steady: false };
      }
      // A few more unrecorded requests, so that every connection the pool opened for this path
      // carries its organisation, as it does under load; then the recorded one.
      for (let warm = 0; warm < 4 && first.ms * (warm + 2) < limitMs; warm++) await record();
      const steady = await record();
      return { status: steady.status, statements: steady.statements, steady: true };
    },
    async stop(): Promise<void> {
      pg.Client.prototype.query = original;
      await server.stop();
      await sequelize.close();
    },
  };
}

/** pgbench's figures for one script. */
export interface FloorResult {
  tps: number;
  latencyMs: number;
  statements: number;
  /** pgbench's transactions were cancelled after the run's deadline and its grace. */
  cancelled: boolean;
  /** The statements are a steady-state request's (false: a first request cut short, see `capture`). */
  steady: boolean;
  failed: boolean;
  script: string;
}

const run = promisify(execFile);

/** The `application_name` of the floor's pgbench connections, for cancelling them. */
export const FLOOR_APPLICATION = 'scale-floor';

/**
 * Replays `statements` (one transaction = the whole request) with pgbench: `-n -M prepared
 * -c <clients> -j 2 -T <seconds>` (each statement parsed and planned once per connection, as the
 * API's named prepared statements are), connected as `databaseUrl` says. pgbench lets its transactions
 * finish after the deadline; those still running `graceSeconds` later are cancelled (`cancel`), and
 * the floor is then reported as slower than that.
 */
export async function pgbenchFloor(
  statements: Captured[],
  options: {
    databaseUrl: string;
    clients: number;
    seconds: number;
    graceSeconds: number;
    name: string;
    steady: boolean;
    cancel: () => Promise<unknown>;
  },
): Promise<FloorResult> {
  const script = path.join(tmpdir(), `floor-${options.name.replace(/[^a-z0-9]+/gi, '-')}-${process.pid}.sql`);
  await writeFile(script, `${statements.map(toScriptLine).join('\n')}\n`);
  const args = [
    '-n',
    '-M',
    'prepared',
    '-c',
    String(options.clients),
    '-j',
    '2',
    '-T',
    String(options.seconds),
  ];
  // pgbench's connections carry the organisation the API's connections carried for these
  // statements, at session level as the tenant hook sets it: the same row-level security, and no
  // extra statement per transaction. (Spelt with %20, not URLSearchParams' `+`: libpq decodes
  // percent escapes only.)
  const url = new URL(options.databaseUrl);
  const organization = statements.at(-1)?.organization;
  // And the session settings every API connection gets (api/src/db/sequelize.ts).
  const settings = [
    ...SESSION_SETTINGS.map((set) => `-c ${set.replace(/^SET (\w+) = (\w+)$/, '$1=$2')}`),
    ...(organization ? [`-c app.organization_id=${organization}`] : []),
  ].join(' ');
  url.search = `?application_name=${FLOOR_APPLICATION}${settings ? `&options=${encodeURIComponent(settings)}` : ''}`;
  let cancelled = false;
  const watchdog = setTimeout(
    () => {
      cancelled = true;
      void options.cancel();
    },
    (options.seconds + options.graceSeconds) * 1000,
  );
  let stdout = '';
  let stderr = '';
  try {
    ({ stdout, stderr } = await run('pgbench', [...args, '-f', script, url.toString()], {
      maxBuffer: 16 * 1024 * 1024,
    }));
  } catch (error) {
    // pgbench exits 2 when a client aborted (a cancelled statement); its report is still printed.
    const failed = error as { stdout?: string; stderr?: string; message: string };
    stdout = failed.stdout ?? '';
    stderr = failed.stderr ?? failed.message;
  } finally {
    clearTimeout(watchdog);
  }
  const tps = Number(/tps = ([\d.]+)/.exec(stdout)?.[1] ?? Number.NaN);
  const latencyMs = Number(/latency average = ([\d.]+) ms/.exec(stdout)?.[1] ?? Number.NaN);
  const failed = !cancelled && (/aborted|error/i.test(stderr) || Number.isNaN(tps));
  if (failed)
    console.error(`[floor] pgbench failed for ${options.name} (script ${script}): ${stderr.trim()}`);
  const steady = options.steady;
  return {
    tps: cancelled ? 0 : tps,
    latencyMs,
    statements: statements.length,
    cancelled,
    steady,
    failed,
    script,
  };
}
