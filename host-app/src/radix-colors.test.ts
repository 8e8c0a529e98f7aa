// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..');
const themes = path.join(repo, 'node_modules', '@radix-ui', 'themes');

/** Every Radix Themes colour scale the package ships (`tokens/colors/<name>.css`). */
const allColors = readdirSync(path.join(themes, 'tokens', 'colors')).map((file) =>
  file.replace(/\.css$/, ''),
);

/** The colour scales ./radix-themes.css imports. */
const imported = [
  ...readFileSync(path.join(here, 'radix-themes.css'), 'utf8').matchAll(/tokens\/colors\/(\w+)\.css/g),
].map((match) => match[1]);

/**
 * The sources of the app and its packages (not tests or stories, nor `docs/`: the embedders'
 * examples, which show a portal's own theme and are never part of the app).
 */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'docs'].includes(entry.name) ? [] : sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('radix-themes.css', () => {
  it('imports every Radix colour scale the sources name, and tokens.css is the scales then base.css', () => {
    const files = [
      path.join(repo, 'host-app', 'src'),
      ...['ui', 'screens'].map((p) => path.join(repo, 'packages', p, 'src')),
    ].flatMap(sources);
    const named = new Set<string>();
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const color of allColors) if (new RegExp(`['"\`]${color}['"\`]`).test(text)) named.add(color);
    }
    expect([...named].filter((color) => !imported.includes(color))).toEqual([]);
    // What the file leaves out is only colour scales: the package's tokens.css is exactly those files.
    const tokens = readFileSync(path.join(themes, 'tokens.css'), 'utf8');
    for (const color of allColors) expect(tokens).toContain(`--${color}-9:`);
    expect(readFileSync(path.join(here, 'radix-themes.css'), 'utf8')).toMatch(
      /tokens\/base\.css[\s\S]*components\.css[\s\S]*utilities\.css/,
    );
  });
});
