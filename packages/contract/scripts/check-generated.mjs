#!/usr/bin/env node
/**
 * Fails (exit 1) when `src/generated/schema.d.ts` is not exactly what `openapi.yaml` generates.
 *
 * It regenerates the types in memory with openapi-typescript's Node API, the same code path and
 * banner as the `generate` script's CLI, and compares them with the committed file. Run it with
 * `npm run contract:check` at the root (which also checks the API client's generated list).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';

const specUrl = new URL('../../../openapi.yaml', import.meta.url);
const generatedUrl = new URL('../src/generated/schema.d.ts', import.meta.url);
const generatedPath = fileURLToPath(generatedUrl);

/** Renders the types exactly as `openapi-typescript ../../openapi.yaml -o src/generated/schema.d.ts` writes them. */
async function render() {
  const ast = await openapiTS(specUrl, { silent: true });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

/** Returns the 1-based number of the first line where the two texts differ. */
function firstDifferentLine(a, b) {
  const left = a.split('\n');
  const right = b.split('\n');
  const length = Math.max(left.length, right.length);
  for (let i = 0; i < length; i += 1) {
    if (left[i] !== right[i]) return i + 1;
  }
  return length;
}

const expected = await render();
let actual;
try {
  actual = await readFile(generatedUrl, 'utf8');
} catch {
  console.error(`check-generated: ${generatedPath} is missing. Run: npm run contract:generate`);
  process.exit(1);
}

if (actual !== expected) {
  const line = firstDifferentLine(actual, expected);
  console.error(
    [
      `check-generated: ${generatedPath} is out of date with openapi.yaml (first difference at line ${line}).`,
      'Never edit it by hand; regenerate it with: npm run contract:generate',
    ].join('\n'),
  );
  process.exit(1);
}

console.info('check-generated: packages/contract/src/generated/schema.d.ts matches openapi.yaml.');
