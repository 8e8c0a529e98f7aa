import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The READMEs' code examples are files that `npm run typecheck` compiles against the real exports: a
 * block marked `<!-- example: src/… -->` must be that file, word for word, so an API change that breaks
 * an example breaks the check, and an example edited in the README alone is caught here.
 */

const PACKAGES = path.resolve(import.meta.dirname, '../../..');
const MARKED_BLOCK = /<!-- example: (\S+) -->\n```tsx?\n([\s\S]*?)```/g;

function examples(pkg: string): { file: string; block: string; source: string }[] {
  const root = path.join(PACKAGES, pkg);
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  return [...readme.matchAll(MARKED_BLOCK)].map(([, file = '', block = '']) => ({
    file,
    block,
    source: readFileSync(path.join(root, file), 'utf8'),
  }));
}

describe.each([
  { pkg: 'screens', count: 4 },
  { pkg: 'ui', count: 1 },
  { pkg: 'api-client', count: 1 },
])('the README of @purchasing/$pkg', ({ pkg, count }) => {
  it('marks its embedding examples', () => {
    expect(examples(pkg).map((example) => example.file)).toHaveLength(count);
  });

  it('shows each example exactly as the type-checked file holds it', () => {
    for (const { file, block, source } of examples(pkg)) {
      expect(block, `${pkg}/README.md: the block of ${file}`).toBe(source);
    }
  });
});
