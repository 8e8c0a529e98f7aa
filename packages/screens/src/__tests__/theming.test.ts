import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The screens follow the host's Radix `<Theme>` (issue 17 item 3): their colours, radii and type come
 * from its tokens (`var(--accent-9)`, `var(--radius-3)`, `var(--font-size-2)`), never from literals that
 * ignore the accent, dark mode or scaling, and they never set a `<Theme>` of their own, which would
 * reset the host's accent, radius and scaling. The Theming stories check the computed result.
 */

const SOURCE = path.resolve(import.meta.dirname, '..');
/** The widgets the screens are made of (`@purchasing/ui`) are held to the same rule. */
const UI_SOURCE = path.resolve(import.meta.dirname, '../../../ui/src');

/** Literals allowed where they are, with why. */
const ALLOWED: { file: string; literal: string; why: string }[] = [
  { file: 'kit/detail/DetailScreen.tsx', literal: '#fff', why: 'printed pages are white in every theme' },
  {
    file: 'PurchasingEmbed/PurchasingEmbed.tsx',
    literal: '<Theme',
    why: "the embed's root theme, for portals without one; theme={false} leaves it to the portal's",
  },
];

const RULES: { name: string; pattern: RegExp }[] = [
  { name: 'a hex colour', pattern: /(?<![\w&-])#[0-9a-f]{3,8}\b(?!\s*[:=])/gi },
  { name: 'an rgb()/hsl()/oklch() colour', pattern: /\b(?:rgba?|hsla?|oklch|oklab|hwb)\(/gi },
  // Radix palette names ('red', 'gray') are theme tokens; CSS's white and black ignore dark mode.
  {
    name: 'white or black in a style',
    pattern: /\b(?:color|background\w*|border\w*|fill|stroke):\s*'(?:white|black)'/g,
  },
  { name: 'a font size in pixels', pattern: /fontSize:\s*(?:\d|'\d+(?:px|rem|em)')/g },
  { name: 'a corner radius in pixels', pattern: /borderRadius:\s*(?:[1-9]|'[1-9]\d*px')/g },
  { name: 'a nested Radix <Theme>', pattern: /<Theme[\s>]/g },
  { name: 'a fixed appearance', pattern: /\bappearance=["{]/g },
];

/** The package's shipped sources: not tests, stories or test helpers. */
function shippedSources(root: string): string[] {
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(tsx?|css)$/.test(file))
    .filter((file) => !/\.(test|test-d|stories)\.tsx?$|(^|\/)(test|__tests__|docs)\//.test(file))
    .sort();
}

/** Each literal of `RULES` found in `root`'s shipped sources, as `file: rule: literal`. */
function themeLiterals(root: string, allowed = ALLOWED): string[] {
  const found: string[] = [];
  for (const file of shippedSources(root)) {
    const text = readFileSync(path.join(root, file), 'utf8')
      // Comments may quote colours ("e.g. '#fff'"): only code counts.
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
    for (const rule of RULES) {
      for (const match of text.matchAll(rule.pattern)) {
        if (allowed.some((entry) => entry.file === file && match[0].includes(entry.literal))) continue;
        found.push(`${file}: ${rule.name}: ${match[0]}`);
      }
    }
  }
  return found;
}

describe('the screens follow the host theme', () => {
  it('scans the shipped sources (a sanity check of the scan itself)', () => {
    const files = shippedSources(SOURCE);
    expect(files).toContain('ApprovalQueueScreen/ApprovalQueueScreen.tsx');
    expect(files.some((file) => file.includes('.stories.'))).toBe(false);
  });

  it('finds a hard-coded colour, radius or nested Theme where one is written', () => {
    expect(themeLiterals(path.join(SOURCE, '__tests__', 'fixtures'), [])).toEqual([
      'HardCoded.tsx: a hex colour: #1e40af',
      'HardCoded.tsx: an rgb()/hsl()/oklch() colour: rgba(',
      "HardCoded.tsx: white or black in a style: background: 'white'",
      'HardCoded.tsx: a font size in pixels: fontSize: 1',
      "HardCoded.tsx: a corner radius in pixels: borderRadius: '6px'",
      'HardCoded.tsx: a nested Radix <Theme>: <Theme ',
      'HardCoded.tsx: a fixed appearance: appearance="',
    ]);
  });

  it('has no colour, pixel font size or radius literal and no Theme of its own', () => {
    expect(themeLiterals(SOURCE)).toEqual([]);
  });

  it('holds the widgets of @purchasing/ui to the same rule', () => {
    expect(shippedSources(UI_SOURCE)).toContain('Button/Button.tsx');
    expect(themeLiterals(UI_SOURCE, [])).toEqual([]);
  });
});
