import type { ServerInjectResponse } from '@hapi/hapi';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { generateSync, type JsonSchema } from 'json-schema-faker';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { loadOpenApi, type OperationInfo, resolvePointer } from '../src/contract/openapi.js';
import { DEFAULT_ROLES } from '../src/db/defaults.js';
import { migrateUp } from '../src/db/migrator.js';
import { seedDemoData } from '../src/db/seed.js';
import { handlers } from '../src/server.js';
import { accessTokenFor, contractOperations, createTestApp, expectContract } from './app.js';
import { createScratchDatabase, fingerprintTables } from './db/scratch.js';
import { buildExeBytes, buildMembership, buildOrganization, buildPdfBytes, buildUser } from './factories.js';

/**
 * Issue 11, "Hostile input": a fuzz of every operation of openapi.yaml, driven by the contract.
 *
 * For each operation a valid-looking request is generated from its schemas (json-schema-faker,
 * with the ids of real records of a seeded organisation put in), then mutated by fast-check:
 * wrong types, missing and unknown fields, huge and deep bodies, unicode and NUL, NaN/1e309,
 * 10,000 lines, bad UUIDs and path tricks, absurd limits, lying content types, malformed JSON,
 * `__proto__`, and for uploads lying file types, path tricks in names, empty and too many parts.
 * Signed in as the organisation's Super Admin (bodies reach validation and the services), as a
 * plain User, and anonymous.
 *
 * Phase 1 sends only requests that must be refused: the contract's own schemas (an independent
 * ajv, strict about numbers) reject them, or their kind is refused whatever the body (a foreign or
 * malformed organisation, a bad token, anonymous on a signed-in route, a lying content type…).
 * Each must answer a refusal and the database (row count and hash of every table) must be
 * identical afterwards. Phase 2 sends the valid-looking requests and the hostile values the
 * contract allows (unicode, long strings, odd file names): they may succeed and change data, so
 * they come after the fingerprint; they must never answer 5xx either. Every answer validates
 * against the contract, errors are `{message, code, details}` and none carries a stack trace.
 *
 * Reproduce a failure with the seed fast-check prints: FUZZ_SEED=<seed> (the base seed of the
 * run, printed at the end) and FUZZ_RUNS=<runs per operation and caller> scale it.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 11_2026);
const RUNS = Number(process.env.FUZZ_RUNS ?? 7);
const REFUSALS = new Set([400, 401, 403, 404, 405, 409, 413, 415, 422, 429]);

type Who = 'superAdmin' | 'user' | 'anonymous';
const CALLERS: Who[] = ['superAdmin', 'user', 'anonymous'];

/* ---------------------------------------------------------------- the contract as an oracle */

const config = loadConfig({});
const doc = loadOpenApi(config.openapiPath);
const DOC_ID = 'openapi.json';
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** JSON Schema as the contract means it: a JSON number is finite (JSON cannot carry NaN/Infinity). */
function oracleAjv(coerce: boolean) {
  const ajv = new Ajv2020({
    strict: false,
    strictNumbers: true,
    allErrors: false,
    validateSchema: false,
    coerceTypes: coerce ? 'array' : false,
    discriminator: true,
  });
  addFormats(ajv);
  ajv.addSchema(doc, DOC_ID);
  return ajv;
}
const bodyAjv = oracleAjv(false);
const paramAjv = oracleAjv(true);

interface Oracle {
  body: ValidateFunction | null;
  params: ValidateFunction;
  query: ValidateFunction;
}
const oracles = new Map<string, Oracle>();

function oracleOf(op: OperationInfo): Oracle {
  let oracle = oracles.get(op.operationId);
  if (oracle) return oracle;
  const object = (source: 'path' | 'query') => {
    const parameters = op.parameters.filter((p) => p.in === source);
    const schema = {
      type: 'object',
      properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema ?? {}])),
      required: parameters.filter((p) => p.required).map((p) => p.name),
      additionalProperties: false,
    };
    return paramAjv.compile(
      JSON.parse(JSON.stringify(schema).replaceAll('"$ref":"#/', `"$ref":"${DOC_ID}#/`)),
    );
  };
  const json = op.requestBody?.content['application/json'];
  oracle = {
    body: json ? bodyAjv.compile({ $ref: `${DOC_ID}${json}` }) : null,
    params: object('path'),
    query: object('query'),
  };
  oracles.set(op.operationId, oracle);
  return oracle;
}

/* ---------------------------------------------------------------- requests */

/** A request as the fuzz builds it; `body` is JSON text, or bytes for multipart. */
interface FuzzRequest {
  kind: string;
  /** Refused whatever the schemas say (a lying content type, malformed JSON, a foreign organisation…). */
  refusedByKind: boolean;
  /** May reach another operation or succeed whatever the schemas say (a `..` segment): phase 2 only. */
  mayPass?: boolean;
  params: Record<string, string>;
  /** Path parameters put into the URL as they are (not encoded): path tricks. */
  rawParams?: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  body?: string | Buffer;
}

const REQUEST_SUMMARY_CHARS = 600;
function describeRequest(op: OperationInfo, request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? ''
      : ` body(${request.body.length}b)=${JSON.stringify(request.body.toString('latin1').slice(0, REQUEST_SUMMARY_CHARS))}`;
  const headers = { ...request.headers };
  if (headers.authorization) headers.authorization = `${headers.authorization.slice(0, 14)}…`;
  return `[${request.kind}] ${op.method.toUpperCase()} ${urlOf(op, request)} headers=${JSON.stringify(headers)}${body}`;
}

/** Percent-encodes a value, lone surrogates too (as the UTF-8 of U+FFFD, as a browser would). */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...Buffer.from(value, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

function urlOf(op: OperationInfo, request: FuzzRequest): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (request.rawParams && name in request.rawParams) return request.rawParams[name]!;
    return encode(request.params[name] ?? '');
  });
  const query = request.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
  return `/api${path}${query ? `?${query}` : ''}`;
}

/** A value JSON.stringify cannot write (1e309, NaN…), spliced into the body text as it is. */
const RAW = (text: string) => `\u{E000}RAW:${text}\u{E000}`;
const serialize = (value: unknown) =>
  JSON.stringify(value).replace(/"\u{E000}RAW:(.*?)\u{E000}"/gu, (_m, text: string) => text);

/** Whether the contract refuses the request (an independent reading of the schemas). */
function contractRefuses(op: OperationInfo, request: FuzzRequest): boolean {
  if (request.mayPass) return false;
  const oracle = oracleOf(op);
  const params = { ...request.params, ...request.rawParams };
  if (!oracle.params(structuredClone(params))) return true;
  if (request.query.some(([key]) => key === '__proto__')) return true;
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of request.query) {
    const seen = query[key];
    query[key] = seen === undefined ? value : [seen, value].flat();
  }
  if (!oracle.query({ ...query })) return true;
  if (oracle.body && typeof request.body === 'string') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(request.body);
    } catch {
      return true;
    }
    if (parsed === null || parsed === '') return op.requestBody?.required === true;
    if (!oracle.body(parsed)) return true;
  }
  if (op.requestBody?.required && request.body === undefined) return true;
  return false;
}

/* ---------------------------------------------------------------- the dataset */

let app: Awaited<ReturnType<typeof createTestApp>>;
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
const tokens: Record<Who, string | null> = { superAdmin: null, user: null, anonymous: null };
const emails = { superAdmin: 'superadmin@acme.test', user: 'user@acme.test' } as const;
let organizationId: string;
let foreignOrganizationId: string;
/** Ids of real records of the callers' organisation, by kind. */
const pools: Record<string, string[]> = {};
let requestsTried = 0;
let fingerprintBefore: Record<string, string>;
const startedAt = Date.now();

const select = <T extends object>(sql: string, bind: unknown[] = []) =>
  app.sequelize.query<T>(sql, { bind, type: QueryTypes.SELECT });

async function signIn(who: Exclude<Who, 'anonymous'>) {
  tokens[who] = await accessTokenFor(app.server, { email: emails[who] });
}

beforeAll(async () => {
  scratch = await createScratchDatabase();
  await migrateUp(scratch.sequelize);
  app = await createTestApp({}, { databaseUrl: scratch.url });
  await seedDemoData(app.sequelize, app.models);
  // A third organisation, with one member of each default role.
  const third = await buildOrganization(app.models);
  for (const role of DEFAULT_ROLES) {
    await buildMembership(app.models, {
      user: await buildUser(app.models),
      organization: third,
      roleName: role.name,
    });
  }
  const [acme] = await select<{ id: string }>("SELECT id FROM organizations WHERE code = 'ACME'");
  const [globex] = await select<{ id: string }>("SELECT id FROM organizations WHERE code = 'GLOBEX'");
  organizationId = acme!.id;
  foreignOrganizationId = globex!.id;
  await signIn('superAdmin');
  await signIn('user');

  // One attachment to address, on a draft, uploaded by its requestor.
  const [draft] = await select<{ id: string; email: string }>(
    `SELECT r.id, u.email FROM requisitions r JOIN users u ON u.id = r.requestor_id
      WHERE r.organization_id = $1 AND r.status = 'draft' ORDER BY r.created_at LIMIT 1`,
    [organizationId],
  );
  const upload = await app.server.inject({
    method: 'POST',
    url: '/api/attachments/upload',
    headers: {
      authorization: `Bearer ${await accessTokenFor(app.server, { email: draft!.email })}`,
      'x-organization-id': organizationId,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
    payload: multipart([
      { name: 'entity_type', data: 'requisition' },
      { name: 'entity_id', data: draft!.id },
      { name: 'files', filename: 'quote.pdf', contentType: 'application/pdf', data: buildPdfBytes() },
    ]),
  });
  expect(upload.statusCode, upload.payload).toBe(201);

  const identities = [emails.superAdmin, emails.user];
  const queries: Record<string, [string, unknown[]]> = {
    organization: ['SELECT id FROM organizations WHERE id = $1', [organizationId]],
    product: ['SELECT id FROM products WHERE organization_id = $1', [organizationId]],
    requisition: ['SELECT id FROM requisitions WHERE organization_id = $1', [organizationId]],
    approval: [
      `SELECT DISTINCT r.id FROM requisitions r JOIN approval_steps s ON s.requisition_id = r.id
        WHERE r.organization_id = $1 AND s.action IS NULL`,
      [organizationId],
    ],
    attachment: ['SELECT id FROM attachments WHERE organization_id = $1', [organizationId]],
    user: [
      `SELECT m.user_id AS id FROM user_organizations m JOIN users u ON u.id = m.user_id
        WHERE m.organization_id = $1 AND u.email <> ALL($2)`,
      [organizationId, identities],
    ],
    role: ["SELECT id FROM roles WHERE organization_id = $1 AND name <> 'Super Admin'", [organizationId]],
    permission: ['SELECT id FROM permissions', []],
    department: ['SELECT id FROM departments WHERE organization_id = $1', [organizationId]],
    purchaseOrder: ['SELECT id FROM purchase_orders WHERE organization_id = $1', [organizationId]],
    vendor: ['SELECT id FROM vendors WHERE organization_id = $1', [organizationId]],
    costCenter: ['SELECT id FROM cost_centers WHERE organization_id = $1', [organizationId]],
    glAccount: ['SELECT id FROM gl_accounts WHERE organization_id = $1', [organizationId]],
  };
  for (const [kind, [sql, bind]] of Object.entries(queries)) {
    pools[kind] = (await select<{ id: string }>(`${sql} ORDER BY 1`, bind)).map((row) => row.id);
    expect(pools[kind]!.length, `no ${kind} in the dataset`).toBeGreaterThan(0);
  }
  fingerprintBefore = await fingerprintTables(app.sequelize);
}, 60_000);

afterAll(async () => {
  await app?.close();
  await scratch?.drop();
});

/* ---------------------------------------------------------------- valid-looking requests */

const PATH_POOLS: Record<string, string> = {
  organizations: 'organization',
  products: 'product',
  requisitions: 'requisition',
  approvals: 'approval',
  attachments: 'attachment',
  users: 'user',
  roles: 'role',
  departments: 'department',
  'purchase-orders': 'purchaseOrder',
  vendors: 'vendor',
};
const FIELD_POOLS: Record<string, string> = {
  cost_center_id: 'costCenter',
  gl_account_id: 'glAccount',
  product_id: 'product',
  vendor_id: 'vendor',
  role_id: 'role',
  department_id: 'department',
  parent_department_id: 'department',
  manager_id: 'user',
  delegate_to_user_id: 'user',
  requisition_id: 'requisition',
  permission_ids: 'permission',
  entity_id: 'requisition',
};

function poolOf(op: OperationInfo, param: string): string | null {
  if (param === 'permissionId') return 'permission';
  if (param === 'entityId') return 'requisition';
  return PATH_POOLS[op.path.split('/')[1] ?? ''] ?? null;
}

const pick = (pool: string[], n: number) => pool[n % pool.length]!;

/** A value of `schema` from json-schema-faker (seeded), retried until the contract accepts it. */
function fake(
  pointerOrSchema: string | Record<string, unknown>,
  seed: number,
  accept?: ValidateFunction,
): unknown {
  const schema =
    typeof pointerOrSchema === 'string'
      ? (resolvePointer(doc, pointerOrSchema) as Record<string, unknown>)
      : pointerOrSchema;
  let value: unknown;
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      value = generateSync({ ...schema, components: doc.components } as JsonSchema, {
        seed: seed + attempt * 7919,
        maxDefaultItems: 3,
        // A valid-looking request needs no thousand-row import; huge arrays come from the mutations.
        maxItems: 20,
      });
    } catch {
      // Some seeds hit the generator's limits (an optional property it cannot place): try another.
      continue;
    }
    if (!accept || accept(structuredClone(value))) return value;
  }
  return value;
}

/** Puts ids of real records where the body names one (a cost centre, a product, a delegate…). */
function withRealIds(value: unknown, n: number): unknown {
  if (Array.isArray(value)) return value.map((item, i) => withRealIds(item, n + i));
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const pool = FIELD_POOLS[key] ? pools[FIELD_POOLS[key]] : undefined;
    if (pool && typeof field === 'string') out[key] = pick(pool, n + key.length);
    else if (pool && Array.isArray(field)) out[key] = field.map((_, i) => pick(pool, n + i));
    else out[key] = withRealIds(field, n + 1);
  }
  return out;
}

function authHeaders(op: OperationInfo, who: Who): Record<string, string> {
  const headers: Record<string, string> = {};
  const token = tokens[who];
  if (token && op.auth !== 'none') headers.authorization = `Bearer ${token}`;
  if (op.organizationHeader !== 'none') headers['x-organization-id'] = organizationId;
  return headers;
}

const BOUNDARY = 'fuzz-boundary-7MA4YWxkTrZu0gW';
interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: string | Buffer;
}
/** A multipart/form-data body, framed by hand so that the framing itself can be broken. */
function multipart(parts: Part[], boundary = BOUNDARY, close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.contentType ? `Content-Type: ${part.contentType}\r\n` : ''}\r\n`,
        'utf8',
      ),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data, 'utf8'),
      Buffer.from('\r\n'),
    );
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const isUpload = (op: OperationInfo) => op.requestBody?.content['multipart/form-data'] !== undefined;

function validRequest(op: OperationInfo, who: Who, seed: number, n: number): FuzzRequest {
  const params: Record<string, string> = {};
  for (const p of op.parameters.filter((p) => p.in === 'path')) {
    const pool = poolOf(op, p.name);
    params[p.name] = pool ? pick(pools[pool]!, n) : String(fake(p.schema ?? { type: 'string' }, seed + 1));
  }
  const query: [string, string][] = [];
  const queryParameters = op.parameters.filter((p) => p.in === 'query');
  if (queryParameters.length) {
    const values = fake(
      {
        type: 'object',
        properties: Object.fromEntries(queryParameters.map((p) => [p.name, p.schema ?? {}])),
        required: queryParameters.filter((p) => p.required).map((p) => p.name),
        additionalProperties: false,
      },
      seed + 2,
    ) as Record<string, unknown>;
    for (const [key, value] of Object.entries(values ?? {})) {
      for (const item of [value].flat()) query.push([key, String(item)]);
    }
  }
  const headers = authHeaders(op, who);
  let body: string | Buffer | undefined;
  if (isUpload(op)) {
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
    body = multipart([
      { name: 'entity_type', data: 'requisition' },
      { name: 'entity_id', data: pick(pools.requisition!, n) },
      { name: 'files', filename: 'quote.pdf', contentType: 'application/pdf', data: buildPdfBytes() },
    ]);
  } else if (op.requestBody?.content['application/json']) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(
      withRealIds(fake(op.requestBody.content['application/json'], seed, oracleOf(op).body!), n),
    );
  }
  return { kind: 'valid', refusedByKind: false, params, query, headers, body };
}

/* ---------------------------------------------------------------- mutations */

type Mutation = (request: FuzzRequest, op: OperationInfo) => FuzzRequest;
const named = (
  kind: string,
  refusedByKind: boolean,
  f: (r: FuzzRequest, op: OperationInfo) => Partial<FuzzRequest>,
) => ((request, op) => ({ ...request, ...f(request, op), kind, refusedByKind })) as Mutation;

const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Hostile JSON values: wrong types, odd numbers, unicode, NUL, huge, deep. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\u202egnp.exe',
    "'; DROP TABLE users; --",
    '../../../etc/passwd',
    '<script>alert(1)</script>',
    '$' + '{7*7}{{7*7}}',
    'NaN',
    '1e309',
    '00000000-0000-0000-0000-000000000000',
    '2026-02-30',
    '9999-12-31',
    '0000-01-01T00:00:00Z',
  ),
  fc.constantFrom(
    RAW('1e309'),
    RAW('-1e309'),
    RAW('1e-400'),
    RAW('-0'),
    RAW('9007199254740993'),
    RAW('123456789012345678901234567890.123'),
    RAW('NaN'),
    RAW('Infinity'),
    RAW(deep(50)),
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(0, -1, 0.005, 0.001, 99999999999.99, 1e15, -1e15, 2 ** 31, 2 ** 63),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
  fc.constant('x'.repeat(100_000)),
  fc.constant('\u{1F600}'.repeat(5_000)),
);

/** JSON pointers to every value of a JSON document, the root included. */
function pointers(value: unknown, base = ''): string[] {
  const out = [base];
  if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) out.push(...pointers(child, `${base}/${key}`));
  }
  return out;
}

function valueAt(root: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], root);
}

function setAt(root: unknown, pointer: string, replace: (old: unknown) => unknown | typeof DELETE): unknown {
  if (pointer === '') return replace(root);
  const copy = structuredClone(root) as Record<string, unknown>;
  const keys = pointer.split('/').slice(1);
  let parent: Record<string, unknown> = copy;
  for (const key of keys.slice(0, -1)) parent = parent[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  const next = replace(parent[last]);
  if (next === DELETE) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1);
    else delete parent[last];
  } else parent[last] = next;
  return copy;
}
const DELETE = Symbol('delete');

const PROTECTED_FIELDS = [
  'organization_id',
  'status',
  'total_amount',
  'id',
  'approved_by',
  'created_at',
  'password_hash',
  'requestor_id',
  'is_super_admin',
];

const BAD_IDS = [
  'not-a-uuid',
  '1',
  '-1',
  ' ',
  '00000000-0000-0000-0000-00000000000g',
  '00000000-0000-0000-0000-0000000000000',
  "1' OR '1'='1",
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '\u0000',
  '0d3a1e6b-0000-4000-8000-000000000000\u0000',
  '%00',
  '\u202e',
  'x'.repeat(5_000),
  '{"$gt":""}',
];
const RAW_PATH_TRICKS = [
  '%',
  '%ff',
  '%c0%ae%c0%ae',
  '..%2f..%2fusers',
  '%00',
  '%0d%0aSet-Cookie:x=1',
  ';x',
  '*',
  '%ed%a0%80',
];
/** Dot segments: URL normalisation resolves them, so the request may land on another operation. */
const DOT_SEGMENTS = ['%2e%2e', '%2e', '..%5c..%5c', '%2e%2e/%2e%2e/%2e%2e'];
const BAD_LIMITS = [
  '0',
  '-1',
  '101',
  '1e6',
  '1e309',
  'NaN',
  'abc',
  '',
  '1.5',
  '99999999999999999999',
  '0x10',
  ' 1',
];
const BAD_OFFSETS = ['-1', '1e20', '1e309', 'abc', '9223372036854775808', '1.5', '1000001'];
const LYING_TYPES = [
  'text/plain',
  'application/xml',
  'text/html',
  'application/x-www-form-urlencoded',
  `multipart/form-data; boundary=${BOUNDARY}`,
  'application/octet-stream',
  'image/png',
  'application/json-patch+json',
  'application/javascript',
];
const MALFORMED_JSON = [
  '{',
  '{"a":',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  'NaN',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":01}',
  '{"a":"\\u00"}',
  '\u0000',
  '{"a":"b"}garbage',
  '\ufeff{}',
  'undefined',
  `{"a":"${'\\'.repeat(3)}"}`,
];

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Values at the edges of what a field of that shape allows (dates, timestamps, ids, emails, amounts). */
function edgesFor(value: unknown): unknown[] {
  if (typeof value === 'number')
    return [0, RAW('-0'), 0.001, 0.005, 0.015, 1e-7, 999999999999.99, 999999999999.995, 2 ** 53, -0.01];
  if (typeof value !== 'string') return [];
  if (/^\d{4}-\d{2}-\d{2}$/.test(value))
    return [
      '0000-01-01',
      '0001-01-01',
      '9999-12-31',
      '2024-02-29',
      '2023-02-29',
      '+10000-01-01',
      '2026-13-01',
    ];
  if (/^\d{4}-\d{2}-\d{2}T/.test(value))
    return [
      '0000-01-01T00:00:00Z',
      '0001-01-01T00:00:00+01:00',
      '9999-12-31T23:59:59-14:00',
      '2026-06-30T23:59:60Z',
    ];
  if (UUID_SHAPE.test(value))
    return ['00000000-0000-0000-0000-000000000000', value.toUpperCase(), foreignOrganizationId, `{${value}}`];
  if (value.includes('@'))
    return ['a@b', `${'a'.repeat(64)}@${'b'.repeat(240)}.test`, 'ü@ü.test', '"a b"@x.test', 'a@[127.0.0.1]'];
  return [value.repeat(1_000), value.toUpperCase(), ` ${value} `];
}

function jsonBodyMutations(op: OperationInfo): fc.Arbitrary<Mutation>[] {
  if (!op.requestBody?.content['application/json']) return [];
  const bodyOf = (request: FuzzRequest) => JSON.parse(String(request.body));
  return [
    // A value anywhere replaced by a hostile one (the schemas decide whether it must be refused).
    fc.tuple(fc.nat(), hostileValue).map(([n, value]) =>
      named('replace', false, (request) => {
        const body = bodyOf(request);
        const all = pointers(body);
        return { body: serialize(setAt(body, all[n % all.length]!, () => value)) };
      }),
    ),
    // A value replaced by an edge of its shape (year 0000, 999999999999.995, a nil UUID…).
    weighted(
      fc.tuple(fc.nat(), fc.nat()).map(([n, m]) =>
        named('edge', false, (request) => {
          const body = bodyOf(request);
          const all = pointers(body).filter((p) => edgesFor(valueAt(body, p)).length);
          if (!all.length) return {};
          const at = all[n % all.length]!;
          const edges = edgesFor(valueAt(body, at));
          return { body: serialize(setAt(body, at, () => edges[m % edges.length])) };
        }),
      ),
    ),
    fc.nat().map((n) =>
      named('delete', false, (request) => {
        const body = bodyOf(request);
        const all = pointers(body).slice(1);
        return all.length ? { body: serialize(setAt(body, all[n % all.length]!, () => DELETE)) } : {};
      }),
    ),
    fc.tuple(fc.constantFrom(...PROTECTED_FIELDS), fc.nat(), hostileValue).map(([field, n, value]) =>
      named('unknown-field', false, (request) => {
        const body = bodyOf(request);
        const objects = pointers(body).filter((p) => {
          const v =
            p === ''
              ? body
              : p
                  .split('/')
                  .slice(1)
                  .reduce((o, k) => o?.[k], body);
          return v && typeof v === 'object' && !Array.isArray(v);
        });
        const at = objects[n % Math.max(objects.length, 1)] ?? '';
        return { body: serialize(setAt(body, at, (o) => ({ ...(o as object), [field]: value }))) };
      }),
    ),
    // 10,000 of an array's items (lines, permissions…).
    fc.nat().map((n) =>
      named('10k-items', false, (request) => {
        const body = bodyOf(request);
        const arrays = pointers(body).filter(
          (p) =>
            p &&
            Array.isArray(
              p
                .split('/')
                .slice(1)
                .reduce((o, k) => o?.[k], body),
            ),
        );
        if (!arrays.length) return { body: serialize({ ...body, line_items: Array(10_000).fill({}) }) };
        return {
          body: serialize(
            setAt(body, arrays[n % arrays.length]!, (a) => Array(10_000).fill((a as unknown[])[0] ?? 'x')),
          ),
        };
      }),
    ),
    fc.constantFrom(...MALFORMED_JSON).map((text) => named('malformed-json', true, () => ({ body: text }))),
    fc.nat().map((n) =>
      named('truncated-json', true, (request) => {
        const text = String(request.body);
        return { body: text.slice(0, Math.max(1, n % text.length)) };
      }),
    ),
    fc.constantFrom(...LYING_TYPES).map((type) =>
      named('lying-content-type', true, (request) => ({
        headers: { ...request.headers, 'content-type': type },
      })),
    ),
    fc
      .constantFrom('{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"isAdmin":true}}}')
      .map((proto) =>
        named('proto', true, (request) => {
          const text = String(request.body);
          const inner = proto.slice(1, -1);
          return { body: text.startsWith('{') && text.length > 2 ? `{${inner},${text.slice(1)}` : proto };
        }),
      ),
    fc.constantFrom(1, 2).map((kind) =>
      named('oversize', true, (request) => ({
        body:
          kind === 1
            ? `{"pad":"${'x'.repeat(config.maxJsonBytes + 16)}"}`
            : String(request.body).replace(
                /^\{/,
                `{"pad":"${'\u00e9'.repeat(config.maxJsonBytes / 2 + 16)}",`,
              ),
      })),
    ),
    fc.constantFrom(20_000, 200_000).map((depth) => named('deep-json', false, () => ({ body: deep(depth) }))),
    fc.constantFrom(20_000).map((depth) =>
      named('deep-object', false, (request) => ({
        body: String(request.body).replace(/^\{/, `{"a":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)},`),
      })),
    ),
    fc
      .constantFrom('[]', '"x"', '1', 'true', '""')
      .map((text) => named('wrong-root', false, () => ({ body: text }))),
  ];
}

function uploadMutations(op: OperationInfo): fc.Arbitrary<Mutation>[] {
  if (!isUpload(op)) return [];
  const form =
    (files: Part[], extra: Part[] = []) =>
    (request: FuzzRequest) =>
      multipart([
        { name: 'entity_type', data: 'requisition' },
        {
          name: 'entity_id',
          data: String(request.body).match(/name="entity_id"\r\n\r\n([^\r]*)/)?.[1] ?? '',
        },
        ...files,
        ...extra,
      ]);
  const pdf = (filename: string, contentType = 'application/pdf'): Part => ({
    name: 'files',
    filename,
    contentType,
    data: buildPdfBytes(),
  });
  return [
    fc
      .constantFrom<[string, Part]>(
        [
          'exe-as-pdf',
          { name: 'files', filename: 'quote.pdf', contentType: 'application/pdf', data: buildExeBytes() },
        ],
        ['pdf-as-exe', pdf('quote.exe', 'application/x-msdownload')],
        [
          'html-as-png',
          {
            name: 'files',
            filename: 'x.png',
            contentType: 'image/png',
            data: '<html><script>alert(1)</script>',
          },
        ],
        [
          'svg',
          { name: 'files', filename: 'x.svg', contentType: 'image/svg+xml', data: '<svg onload="x()"/>' },
        ],
        ['empty-file', { name: 'files', filename: 'empty.pdf', contentType: 'application/pdf', data: '' }],
        [
          'truncated-pdf',
          { name: 'files', filename: 'q.pdf', contentType: 'application/pdf', data: '%PDF-' },
        ],
      )
      .map(([kind, part]) => named(`upload-${kind}`, true, (request) => ({ body: form([part])(request) }))),
    fc.integer({ min: 11, max: 40 }).map((count) =>
      named('upload-too-many-files', true, (request) => ({
        body: form(Array.from({ length: count }, (_, i) => pdf(`q${i}.pdf`)))(request),
      })),
    ),
    fc.integer({ min: 50, max: 400 }).map((count) =>
      named('upload-too-many-parts', true, (request) => ({
        body: form(
          [pdf('q.pdf')],
          Array.from({ length: count }, (_, i) => ({ name: `f${i}`, data: 'x' })),
        )(request),
      })),
    ),
    fc
      .constantFrom<[string, Part[]]>(
        ['no-files', []],
        ['files-as-text', [{ name: 'files', data: 'not a file' }]],
        ['bad-entity-type', [pdf('q.pdf'), { name: 'entity_type', data: 'user' }]],
        ['unknown-field', [pdf('q.pdf'), { name: 'organization_id', data: organizationId }]],
        ['empty-part-name', [pdf('q.pdf'), { name: '', data: 'x' }]],
        ['proto-field', [pdf('q.pdf'), { name: '__proto__', data: 'x' }]],
      )
      .map(([kind, parts]) => named(`upload-${kind}`, true, (request) => ({ body: form(parts)(request) }))),
    fc
      .constantFrom(
        'not-a-uuid',
        '',
        '../../x',
        '00000000-0000-0000-0000-000000000000',
        foreignOrganizationId,
      )
      .map((id) =>
        named('upload-bad-entity-id', true, () => ({
          body: multipart([
            { name: 'entity_type', data: 'requisition' },
            { name: 'entity_id', data: id },
            pdf('q.pdf'),
          ]),
        })),
      ),
    fc
      .constantFrom<[string, (r: FuzzRequest) => Partial<FuzzRequest>]>(
        ['no-boundary', (r) => ({ headers: { ...r.headers, 'content-type': 'multipart/form-data' } })],
        [
          'wrong-boundary',
          (r) => ({ headers: { ...r.headers, 'content-type': 'multipart/form-data; boundary=other' } }),
        ],
        ['unclosed', (r) => ({ body: form([pdf('q.pdf')])(r).subarray(0, -(BOUNDARY.length + 6)) })],
        ['truncated', (r) => ({ body: (r.body as Buffer).subarray(0, 120) })],
        [
          'json-body',
          (r) => ({ headers: { ...r.headers, 'content-type': 'application/json' }, body: '{"files":[]}' }),
        ],
        [
          'multipart-mixed',
          (r) => ({ headers: { ...r.headers, 'content-type': `multipart/mixed; boundary=${BOUNDARY}` } }),
        ],
        ['text-plain', (r) => ({ headers: { ...r.headers, 'content-type': 'text/plain' } })],
        ['empty-body', () => ({ body: Buffer.alloc(0) })],
        [
          'oversize-part',
          () => ({ body: multipart([{ name: 'entity_type', data: 'x'.repeat(2_000_000) }]) }),
        ],
      )
      .map(([kind, f]) => named(`upload-${kind}`, true, f)),
    // File names with path tricks and control characters, on a valid PDF: may be stored, sanitised.
    fc
      .oneof(
        fc.constantFrom(
          '../../etc/passwd.pdf',
          '..\\..\\boot.ini.pdf',
          '/etc/cron.d/x.pdf',
          'C:\\Windows\\x.pdf',
          '%2e%2e%2fx.pdf',
          'CON.pdf',
          '.pdf',
          ' .pdf',
          'quote.exe.pdf',
          'quote.PDF',
          '\u202efdp.exe.pdf',
          '\u0001\u001f.pdf',
          '%22%0D%0AContent-Type: text/html%0D%0A.pdf',
          `${'a'.repeat(5_000)}.pdf`,
          '\u{1F600}.pdf',
          '<script>.pdf',
          '',
        ),
        fc.string({ unit: 'binary', maxLength: 30 }).map((s) => `${s.replace(/["\r\n]/g, '')}.pdf`),
      )
      .map((name) => named('upload-file-name', false, (request) => ({ body: form([pdf(name)])(request) }))),
  ];
}

function parameterMutations(op: OperationInfo): fc.Arbitrary<Mutation>[] {
  const out: fc.Arbitrary<Mutation>[] = [];
  const pathParams = op.parameters.filter((p) => p.in === 'path').map((p) => p.name);
  if (pathParams.length) {
    out.push(
      fc
        .tuple(
          fc.constantFrom(...pathParams),
          fc.oneof(
            fc.constantFrom(...BAD_IDS),
            fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).filter((s) => !/^\.*$/.test(s)),
          ),
        )
        .map(([name, value]) =>
          named('bad-id', false, (request) => ({ params: { ...request.params, [name]: value } })),
        ),
      fc
        .tuple(fc.constantFrom(...pathParams), fc.constantFrom(...RAW_PATH_TRICKS))
        .map(([name, value]) => named('path-trick', true, () => ({ rawParams: { [name]: value } }))),
      fc
        .tuple(fc.constantFrom(...pathParams), fc.constantFrom(...DOT_SEGMENTS))
        .map(([name, value]) =>
          named('dot-segment', false, () => ({ rawParams: { [name]: value }, mayPass: true })),
        ),
      // Another organisation's record (GLOBEX's first of the same kind).
      fc.constantFrom(...pathParams).map((name) =>
        named('foreign-id', false, (request) => ({
          params: { ...request.params, [name]: foreignOrganizationId },
        })),
      ),
    );
  }
  const queryNames = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
  const limits = queryNames.filter((name) => name === 'limit' || name === 'offset');
  if (limits.length) {
    out.push(
      fc.tuple(fc.constantFrom(...limits), fc.nat()).map(([name, n]) =>
        named('absurd-limit', false, (request) => ({
          query: [
            ...request.query.filter(([k]) => k !== name),
            [name, pick(name === 'limit' ? BAD_LIMITS : BAD_OFFSETS, n)],
          ],
        })),
      ),
    );
  }
  if (queryNames.length) {
    out.push(
      fc.tuple(fc.constantFrom(...queryNames), hostileValue).map(([name, value]) =>
        named('query-value', false, (request) => ({
          query: [
            ...request.query.filter(([k]) => k !== name),
            [name, typeof value === 'string' ? value : serialize(value)],
          ],
        })),
      ),
      weighted(
        fc.tuple(fc.nat(), fc.nat()).map(([n, m]) =>
          named('query-edge', false, (request) => {
            const candidates = request.query.filter(([, v]) => edgesFor(v).length);
            if (!candidates.length) return {};
            const [name, value] = candidates[n % candidates.length]!;
            const edges = edgesFor(/^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value);
            const edge = edges[m % edges.length];
            return {
              query: [
                ...request.query.filter(([k]) => k !== name),
                [
                  name,
                  typeof edge === 'string' ? edge.replace(/^\u{E000}RAW:(.*)\u{E000}$/u, '$1') : String(edge),
                ],
              ],
            };
          }),
        ),
      ),
      fc.tuple(fc.constantFrom(...queryNames), fc.integer({ min: 2, max: 300 })).map(([name, count]) =>
        named('query-repeated', false, (request) => ({
          query: [
            ...request.query,
            ...Array.from({ length: count }, (_, i): [string, string] => [name, String(i)]),
          ],
        })),
      ),
    );
  }
  out.push(
    fc
      .constantFrom('__proto__', 'constructor', 'prototype', 'unknown', 'limit[]', 'a'.repeat(1000))
      .map((key) => named('query-unknown', false, (request) => ({ query: [...request.query, [key, '1']] }))),
  );
  if (op.organizationHeader === 'required') {
    out.push(
      fc
        .constantFrom(
          'not-a-uuid',
          '',
          foreignOrganizationId,
          '00000000-0000-0000-0000-000000000000',
          `${organizationId},${organizationId}`,
          `${organizationId}\u0000`,
        )
        .map((value) =>
          named('organization-header', true, (request) => ({
            headers: { ...request.headers, 'x-organization-id': value },
          })),
        ),
    );
  }
  if (op.auth === 'required') {
    out.push(
      fc
        .constantFrom(
          'Bearer x',
          'Bearer ',
          'Basic YWRtaW46YWRtaW4=',
          'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ4Iiwic2lkIjoieCJ9.',
          `Bearer ${'a'.repeat(10_000)}`,
        )
        .map((value) =>
          named('bad-token', true, (request) => ({ headers: { ...request.headers, authorization: value } })),
        ),
    );
  }
  return out;
}

/** Edge values find the most (a year 0000 reached PostgreSQL): drawn four times as often. */
const EDGE_WEIGHT = 4;
const weighted = (arbitrary: fc.Arbitrary<Mutation>) => Object.assign(arbitrary, { edgeWeight: EDGE_WEIGHT });

function mutationsOf(op: OperationInfo): fc.Arbitrary<Mutation> {
  const all = [...jsonBodyMutations(op), ...uploadMutations(op), ...parameterMutations(op)];
  return fc.oneof(
    ...all.map((arbitrary) => ({
      arbitrary,
      weight: (arbitrary as { edgeWeight?: number }).edgeWeight ?? 1,
    })),
  );
}

function requestArbitrary(op: OperationInfo, who: Who, valid: boolean): fc.Arbitrary<FuzzRequest> {
  const base = fc.record({ seed: fc.nat({ max: 2 ** 30 }), n: fc.nat({ max: 10_000 }) });
  const mutated = fc
    .tuple(base, mutationsOf(op))
    .map(([{ seed, n }, mutate]) => mutate(validRequest(op, who, seed, n), op));
  const arbitrary = valid
    ? fc.oneof(
        { weight: 1, arbitrary: base.map(({ seed, n }) => validRequest(op, who, seed, n)) },
        { weight: 2, arbitrary: mutated },
      )
    : mutated;
  return arbitrary.map((request) =>
    Object.assign(request, { [fc.toStringMethod]: () => describeRequest(op, request) }),
  );
}

/* ---------------------------------------------------------------- the checks */

const STACK =
  /\n\s+at |\bat [\w$.<>]+ \(|node_modules|\.[tj]s:\d+|Sequelize\w*Error|syntax error at|\bpg_|SQLSTATE/;

async function send(op: OperationInfo, request: FuzzRequest): Promise<ServerInjectResponse> {
  requestsTried++;
  return app.server.inject({
    method: op.method.toUpperCase(),
    url: urlOf(op, request),
    headers: request.headers,
    ...(request.body !== undefined ? { payload: request.body } : {}),
  });
}

function checkAnswer(op: OperationInfo, response: ServerInjectResponse): void {
  // A declared operation that awaits its implementation answers 501, as the contract says.
  const notImplemented = response.statusCode === 501 && !handlers[op.operationId];
  if (!notImplemented)
    expect(response.statusCode, `5xx: ${response.payload.slice(0, 500)}`).toBeLessThan(500);
  if (response.statusCode >= 400) {
    const body = JSON.parse(response.payload);
    expect(Object.keys(body).sort()).toEqual(['code', 'details', 'message']);
    expect(typeof body.message).toBe('string');
    expect(typeof body.code).toBe('string');
    expect(Array.isArray(body.details)).toBe(true);
    expect(response.payload).not.toMatch(STACK);
  }
  // A dot segment can land on another operation: the answer is held to the contract of the route
  // that gave it (an unknown or unparsable path has no operation, and is refused).
  const answeredBy = response.request.route?.settings.id;
  if (!notImplemented && answeredBy) expectContract(response, answeredBy);
  if (!answeredBy) expect(REFUSALS).toContain(response.statusCode);
}

const seedOf = (...parts: string[]) => {
  let hash = SEED | 0;
  for (const c of parts.join('|')) hash = (Math.imul(hash, 31) + c.charCodeAt(0)) | 0;
  return hash;
};

const operations = contractOperations;

describe('hostile input: every operation of openapi.yaml', () => {
  describe('phase 1: requests the contract refuses are refused and change nothing', () => {
    it.for(operations.map((op) => [op.operationId, op] as const))('%s', async ([, op]) => {
      for (const who of CALLERS) {
        await fc.assert(
          fc.asyncProperty(requestArbitrary(op, who, false), async (request) => {
            const mustRefuse =
              request.refusedByKind ||
              (who === 'anonymous' && op.auth === 'required') ||
              contractRefuses(op, request);
            fc.pre(mustRefuse);
            const response = await send(op, request);
            checkAnswer(op, response);
            expect(REFUSALS, `${who}: ${response.statusCode} ${response.payload.slice(0, 300)}`).toContain(
              response.statusCode,
            );
          }),
          { seed: seedOf('refuse', op.operationId, who), numRuns: RUNS, maxSkipsPerRun: 50 },
        );
      }
    });

    it('left every table exactly as it was (row counts and row hashes)', async () => {
      expect(await fingerprintTables(app.sequelize)).toEqual(fingerprintBefore);
    });
  });

  describe('phase 2: valid-looking and contract-allowed hostile requests never answer 5xx', () => {
    it.for(operations.map((op) => [op.operationId, op] as const))('%s', async ([, op]) => {
      for (const who of CALLERS) {
        if (who === 'anonymous' && op.auth === 'required') continue;
        if (who !== 'anonymous') {
          const me = await app.server.inject({
            method: 'GET',
            url: '/api/auth/me',
            headers: { authorization: `Bearer ${tokens[who]}` },
          });
          if (me.statusCode === 401) await signIn(who);
        }
        await fc.assert(
          fc.asyncProperty(requestArbitrary(op, who, true), async (request) => {
            const response = await send(op, request);
            checkAnswer(op, response);
            if (request.kind === 'upload-file-name' && response.statusCode === 201) {
              for (const attachment of JSON.parse(response.payload).attachments) {
                expect(
                  [...String(attachment.file_name)].filter(
                    (c) => /[/\\]/.test(c) || c.charCodeAt(0) < 0x20 || c === '\u007f',
                  ),
                ).toEqual([]);
              }
            }
          }),
          { seed: seedOf('hostile', op.operationId, who), numRuns: RUNS, endOnFailure: true },
        );
      }
    });
  });

  it('the process is still up and answers', async () => {
    const health = await app.server.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await signIn('superAdmin');
    const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
    console.info(
      `[fuzz] ${requestsTried} requests over ${operations.length} operations in ${seconds} s (seed ${SEED}, ${RUNS} runs per operation and caller)`,
    );
    expect(requestsTried).toBeGreaterThan(operations.length * RUNS * 3);
  });
});
