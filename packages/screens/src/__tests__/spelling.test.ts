import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(__dirname, '..');

/** Every source file of the screens (tests, stories and fixtures left out). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'test' || name === '__tests__' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) && !/\.(test|stories)\.tsx?$/.test(name) ? [file] : [];
  });
}

/** The text of a file with its comments taken out: what can reach the screen. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('the screens’ own copy', () => {
  it('spells "organization" one way, as the specification’s quoted texts do (issue 19, item 13)', () => {
    const offending = sourceFiles(root).flatMap((file) =>
      withoutComments(readFileSync(file, 'utf8'))
        .split('\n')
        .filter((line) => /organisation/i.test(line))
        .map((line) => `${path.relative(root, file)}: ${line.trim()}`),
    );
    expect(offending).toEqual([]);
  });
});
