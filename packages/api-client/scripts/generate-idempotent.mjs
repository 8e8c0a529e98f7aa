#!/usr/bin/env node
/** Writes `src/generated/idempotent-operations.ts` from `openapi.yaml` (see idempotent-operations.mjs). */
import { writeFile } from 'node:fs/promises';
import { renderIdempotentOperations } from './idempotent-operations.mjs';

const specUrl = new URL('../../../openapi.yaml', import.meta.url);
const outUrl = new URL('../src/generated/idempotent-operations.ts', import.meta.url);
await writeFile(outUrl, await renderIdempotentOperations(specUrl));
console.info('generate-idempotent: src/generated/idempotent-operations.ts written.');
