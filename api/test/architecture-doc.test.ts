import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md is kept true as the code changes: every repository path it names in
 * back-quotes must exist. A path is a back-quoted text that starts with one of the top-level
 * folders (or is a top-level file) and has no spaces; `<placeholders>` and globs are skipped.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const doc = readFileSync(resolve(root, 'docs/architecture.md'), 'utf8');
const TOP = /^(api|packages|host-app|docs|scripts|examples|\.storybook|\.changeset|\.ci)\/|^openapi\.yaml$/;

function namedPaths(text: string): string[] {
  const paths = new Set<string>();
  for (const [, quoted] of text.matchAll(/`([^`\s]+)`/g)) {
    if (!quoted || !TOP.test(quoted) || /[<>*]/.test(quoted)) continue;
    paths.add(quoted.replace(/\/$/, ''));
  }
  return [...paths];
}

describe('docs/architecture.md', () => {
  it('names at least the main places of the code', () => {
    expect(namedPaths(doc).length).toBeGreaterThan(30);
  });

  it('names only paths that exist', () => {
    const missing = namedPaths(doc).filter((path) => !existsSync(resolve(root, path)));
    expect(missing).toEqual([]);
  });
});
