import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { PERMISSIONS, type PermissionName } from '../domain/permissions.js';

/** HTTP methods an OpenAPI path item may declare. */
export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** The parts of an OpenAPI 3.1 document the server reads. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

/** A parameter after `$ref` resolution. */
export interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: Record<string, unknown>;
  style?: string;
  explode?: boolean;
}

/** One operation of the contract, with pointers into the document for its schemas. */
export interface OperationInfo {
  operationId: string;
  method: HttpMethod;
  /** Contract path, e.g. `/requisitions/{id}`. */
  path: string;
  /** JSON pointer of the operation object inside the document. */
  pointer: string;
  parameters: ParameterObject[];
  /** Media types the request body accepts, with their schema pointers. */
  requestBody: { required: boolean; content: Record<string, string> } | null;
  /** Declared response statuses ('200', '4XX', 'default', …). */
  responses: Record<string, { content: Record<string, string> }>;
  /**
   * `none` for `security: []`, `optional` when an empty requirement `{}` is one of the
   * alternatives (a token is used when valid, ignored otherwise), else `required`.
   */
  auth: 'required' | 'optional' | 'none';
  /** Whether the operation declares the `X-Organization-Id` header, and if it is required. */
  organizationHeader: 'required' | 'optional' | 'none';
  /** Who may call it, from the operation's `x-permission` (see {@link OperationAccess}). */
  access: OperationAccess;
}

/**
 * An operation's `x-permission`, the one declaration of who may call it:
 * - `public`: anyone (`security: []`);
 * - `authenticated`: any signed-in user (records are then checked by the service, e.g. the
 *   organisation in the path);
 * - `member`: an active member of the `X-Organization-Id` organisation (record-level rules, such as
 *   a requisition's visibility, stay in the service);
 * - a permission, or a list of permissions of which the caller's role there holds at least one.
 * The server checks it, in this order, before it reads the body: authentication, membership,
 * permission. The access-matrix test calls every operation against it.
 */
export type OperationAccess =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'member' }
  | { kind: 'permission'; anyOf: readonly PermissionName[] };

const KNOWN_PERMISSIONS: ReadonlySet<string> = new Set(PERMISSIONS);

/** Parses `x-permission`; a missing or unknown value is an error of the contract, not a default. */
function accessOf(
  operationId: string,
  raw: unknown,
  auth: OperationInfo['auth'],
  organizationHeader: OperationInfo['organizationHeader'],
): OperationAccess {
  const fail = (why: string): never => {
    throw new Error(`openapi.yaml: ${operationId} ${why}`);
  };
  if (raw === undefined) fail('has no x-permission (public, authenticated, member or permissions)');
  let access: OperationAccess;
  if (raw === 'public' || raw === 'authenticated' || raw === 'member') access = { kind: raw };
  else {
    const names = [raw].flat();
    if (names.length === 0 || !names.every((name) => typeof name === 'string' && KNOWN_PERMISSIONS.has(name)))
      fail(`has an unknown x-permission: ${JSON.stringify(raw)}`);
    access = { kind: 'permission', anyOf: names as PermissionName[] };
  }
  if ((access.kind === 'public') !== (auth === 'none'))
    fail('must be x-permission: public exactly when its security is empty');
  if ((access.kind === 'member' || access.kind === 'permission') && organizationHeader !== 'required')
    fail('needs a required X-Organization-Id header to check membership and permissions');
  return access;
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Reads a JSON pointer (`#/a/b`) in the document. */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  const parts = pointer.replace(/^#\/?/, '').split('/').filter(Boolean);
  let current: unknown = doc;
  for (const raw of parts) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function deref<T>(doc: OpenApiDocument, value: unknown): T {
  let current = value as Record<string, unknown>;
  for (let depth = 0; current && typeof current.$ref === 'string' && depth < 10; depth++) {
    current = resolvePointer(doc, current.$ref as string) as Record<string, unknown>;
  }
  return current as T;
}

/** Parses `openapi.yaml`. */
export function loadOpenApi(file: string): OpenApiDocument {
  const doc = parse(readFileSync(file, 'utf8')) as OpenApiDocument;
  if (!doc || typeof doc.openapi !== 'string' || !doc.openapi.startsWith('3.1')) {
    throw new Error(`${file} is not an OpenAPI 3.1 document`);
  }
  return doc;
}

/** Lists every operation of the contract, resolving parameter and body references. */
export function listOperations(doc: OpenApiDocument): OperationInfo[] {
  const operations: OperationInfo[] = [];
  const globalSecurity = doc.security as unknown[] | undefined;
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    const shared = ((item.parameters as unknown[]) ?? []).map((p) => deref<ParameterObject>(doc, p));
    for (const method of HTTP_METHODS) {
      const op = item[method] as Record<string, unknown> | undefined;
      if (!op) continue;
      const pointer = `#/paths/${escapePointer(path)}/${method}`;
      const own = ((op.parameters as unknown[]) ?? []).map((p) => deref<ParameterObject>(doc, p));
      const byKey = new Map<string, ParameterObject>();
      for (const p of [...shared, ...own]) byKey.set(`${p.in}:${p.name}`, p);
      const parameters = [...byKey.values()];

      let requestBody: OperationInfo['requestBody'] = null;
      if (op.requestBody) {
        const body = deref<{ required?: boolean; content?: Record<string, { schema?: unknown }> }>(
          doc,
          op.requestBody,
        );
        const bodyPointer =
          typeof (op.requestBody as { $ref?: string }).$ref === 'string'
            ? (op.requestBody as { $ref: string }).$ref
            : `${pointer}/requestBody`;
        const content: Record<string, string> = {};
        for (const media of Object.keys(body.content ?? {})) {
          content[media] = `${bodyPointer}/content/${escapePointer(media)}/schema`;
        }
        requestBody = { required: body.required === true, content };
      }

      const responses: OperationInfo['responses'] = {};
      for (const [status, raw] of Object.entries((op.responses as Record<string, unknown>) ?? {})) {
        const ref = (raw as { $ref?: string }).$ref;
        const response = deref<{ content?: Record<string, unknown> }>(doc, raw);
        const base = ref ?? `${pointer}/responses/${escapePointer(status)}`;
        const content: Record<string, string> = {};
        for (const media of Object.keys(response.content ?? {})) {
          content[media] = `${base}/content/${escapePointer(media)}/schema`;
        }
        responses[status] = { content };
      }

      const security = (op.security as unknown[] | undefined) ?? globalSecurity ?? [];
      const orgHeader = parameters.find(
        (p) => p.in === 'header' && p.name.toLowerCase() === 'x-organization-id',
      );
      const operationId = String(op.operationId ?? `${method} ${path}`);
      const auth: OperationInfo['auth'] =
        security.length === 0
          ? 'none'
          : security.some((req) => req && typeof req === 'object' && Object.keys(req).length === 0)
            ? 'optional'
            : 'required';
      const organizationHeader: OperationInfo['organizationHeader'] = orgHeader
        ? orgHeader.required
          ? 'required'
          : 'optional'
        : 'none';
      operations.push({
        operationId,
        method,
        path,
        pointer,
        parameters,
        requestBody,
        responses,
        auth,
        organizationHeader,
        access: accessOf(operationId, op['x-permission'], auth, organizationHeader),
      });
    }
  }
  return operations;
}
