/**
 * Renders `src/generated/idempotent-operations.ts`: every operation of `openapi.yaml` that declares
 * the `Idempotency-Key` header, as `METHOD /path` (the path as the contract spells it). The client
 * sends a key on exactly these calls. Used by `generate` (writes it) and `check-generated` (compares).
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

/** Follows a local `$ref` (`#/components/parameters/X`). */
function resolve(doc, value) {
  if (!value || typeof value.$ref !== 'string') return value;
  return value.$ref
    .slice(2)
    .split('/')
    .reduce((node, key) => node?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
}

/** Whether a list of parameters holds the `Idempotency-Key` header. */
function declaresKey(doc, parameters = []) {
  return parameters
    .map((parameter) => resolve(doc, parameter))
    .some((p) => p?.in === 'header' && String(p.name).toLowerCase() === 'idempotency-key');
}

/** The text of the generated module for the contract at `specUrl`. */
export async function renderIdempotentOperations(specUrl) {
  const doc = parse(await readFile(specUrl, 'utf8'));
  const entries = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const op = item?.[method];
      if (!op) continue;
      if (declaresKey(doc, item.parameters) || declaresKey(doc, op.parameters)) {
        entries.push(`${method.toUpperCase()} ${path}`);
      }
    }
  }
  entries.sort();
  return [
    '/**',
    ' * This file was auto-generated from openapi.yaml by scripts/idempotent-operations.mjs.',
    ' * Do not make direct changes to the file: run `npm run contract:generate`.',
    ' */',
    '',
    '/** Every operation that declares the `Idempotency-Key` header, as `METHOD /path`. */',
    'export const IDEMPOTENT_OPERATIONS = [',
    ...entries.map((entry) => `  '${entry}',`),
    '] as const;',
    '',
  ].join('\n');
}
