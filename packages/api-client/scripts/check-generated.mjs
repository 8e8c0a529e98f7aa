#!/usr/bin/env node
/**
 * Fails (exit 1) when `src/generated/idempotent-operations.ts` is not exactly what `openapi.yaml`
 * generates. The contract's types live in `@purchasing/contract` (checked by its own
 * `check-generated`); this list stays here because the client reads it at run time. Run both with
 * `npm run contract:check` at the root.
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { renderIdempotentOperations } from './idempotent-operations.mjs';

const specUrl = new URL('../../../openapi.yaml', import.meta.url);

// The operations the client sends an Idempotency-Key on, generated from the contract.
const idempotentUrl = new URL('../src/generated/idempotent-operations.ts', import.meta.url);
const idempotentExpected = await renderIdempotentOperations(specUrl);
const idempotentActual = await readFile(idempotentUrl, 'utf8').catch(() => null);
if (idempotentActual !== idempotentExpected) {
  console.error(
    [
      `check-generated: ${fileURLToPath(idempotentUrl)} is missing or out of date with openapi.yaml.`,
      'Never edit it by hand; regenerate it with: npm run contract:generate',
    ].join('\n'),
  );
  process.exit(1);
}

console.info(
  'check-generated: packages/api-client/src/generated/idempotent-operations.ts matches openapi.yaml.',
);
