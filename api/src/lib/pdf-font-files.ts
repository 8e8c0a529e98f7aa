import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tableOffset, withoutReverseChainLookups, withScriptRenamed } from './pdf-fontkit.js';
import { SCRIPT_FONTS, type Script, type ScriptFont, scriptFont } from './pdf-script-table.js';
import type { Weight } from './pdf-scripts.js';
import { woffToSfnt } from './pdf-woff.js';

/**
 * The font files of the PDFs' scripts (see pdf-fonts.ts): which file draws a script in a weight, its
 * bytes (read once, on first use), the characters it holds, and which of Noto Sans JP's slices holds
 * a character. Which package and subset draws a script: pdf-script-table.ts.
 */

/** The weight a script is drawn in: bold, unless its font has no bold. */
export function drawnWeight(script: Script, weight: Weight): Weight {
  return scriptFont(script)?.regularOnly ? 'regular' : weight;
}

/** The file of a script's font: an `@expo-google-fonts` TTF, else an `@fontsource` subset (WOFF). */
export function fontFile(script: Script, weight: Weight): string {
  const slice = /^japanese-(\d+)$/.exec(script)?.[1];
  const value = drawnWeight(script, weight) === 'bold' ? 700 : 400;
  if (slice) return `@fontsource/noto-sans-jp/files/noto-sans-jp-${slice}-${value}-normal.woff`;
  const entry: ScriptFont = scriptFont(script) ?? SCRIPT_FONTS.latin;
  const { font, expo, subset } = entry;
  if (expo) {
    const style = value === 700 ? '700Bold' : '400Regular';
    return `@expo-google-fonts/${font}/${style}/${expo}_${style}.ttf`;
  }
  const name = subset ?? font.replace(/^noto-(sans|serif)-/, '');
  return `@fontsource/${font}/files/${font}-${name}-${value}-normal.woff`;
}

const require = createRequire(import.meta.url);
/** Font files read once, on first use (the Chinese and Korean ones are 6–10 MB each; most orders never need them). */
const loaded = new Map<string, Buffer>();

/**
 * The font files read since the last {@link forgetFontFiles} (for tests: a Latin-only order reads only
 * Noto Sans).
 */
export function loadedFontFiles(): string[] {
  return [...loaded.keys()];
}

/** Forgets the files read, so the next use of each font reads it again (tests share one process). */
export function forgetFontFiles(): void {
  loaded.clear();
}

/** A script's font as OpenType (sfnt) bytes: WOFF unwrapped, read and fixed once (see pdf-fontkit.ts). */
export function fontData(script: Script, weight: Weight): Buffer {
  const file = fontFile(script, weight);
  let data = loaded.get(file);
  if (!data) {
    data = withoutReverseChainLookups(woffToSfnt(readFileSync(require.resolve(file))));
    const shapeAs = scriptFont(script)?.shapeAs;
    if (shapeAs) data = withScriptRenamed(data, shapeAs[0], shapeAs[1]);
    loaded.set(file, data);
  }
  return data;
}

/** The characters a font maps to a glyph other than glyph 0, from its `cmap` (formats 4 and 12). */
export function characterSet(sfnt: Buffer): Set<number> {
  const chars = new Set<number>();
  const cmap = tableOffset(sfnt, 'cmap');
  if (cmap < 0) return chars;
  // The Unicode subtables: the full repertoire (format 12) when there is one, else the BMP's (format 4).
  const subtables = Array.from({ length: sfnt.readUInt16BE(cmap + 2) }, (_, index) => {
    const at = cmap + sfnt.readUInt32BE(cmap + 4 + index * 8 + 4);
    return { platform: sfnt.readUInt16BE(cmap + 4 + index * 8), at, format: sfnt.readUInt16BE(at) };
  }).filter((table) => table.platform === 0 || table.platform === 3);
  const table = subtables.find((t) => t.format === 12) ?? subtables.find((t) => t.format === 4);
  if (table?.format === 12) {
    for (let group = 0; group < sfnt.readUInt32BE(table.at + 12); group++) {
      const at = table.at + 16 + group * 12;
      const [first, last, glyph] = [
        sfnt.readUInt32BE(at),
        sfnt.readUInt32BE(at + 4),
        sfnt.readUInt32BE(at + 8),
      ];
      for (let code = first; code <= last; code++) if (glyph + code - first !== 0) chars.add(code);
    }
  } else if (table?.format === 4) {
    const segments = sfnt.readUInt16BE(table.at + 6) / 2;
    const ends = table.at + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const offsets = deltas + segments * 2;
    for (let segment = 0; segment < segments; segment++) {
      const first = sfnt.readUInt16BE(starts + segment * 2);
      const last = sfnt.readUInt16BE(ends + segment * 2);
      const delta = sfnt.readUInt16BE(deltas + segment * 2);
      const offset = sfnt.readUInt16BE(offsets + segment * 2);
      for (let code = first; code <= last && code !== 0xffff; code++) {
        let glyph = (code + delta) & 0xffff;
        if (offset !== 0) {
          const at = offsets + segment * 2 + offset + (code - first) * 2;
          glyph = sfnt.readUInt16BE(at);
          if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
        }
        if (glyph !== 0) chars.add(code);
      }
    }
  }
  return chars;
}

const coverage = new Map<Script, Set<number>>();

/** Whether a script's font (regular) holds a character: the symbol fonts are chosen by it. */
export function covers(script: Script, code: number): boolean {
  let chars = coverage.get(script);
  if (!chars) {
    chars = characterSet(fontData(script, 'regular'));
    coverage.set(script, chars);
  }
  return chars.has(code);
}

let slices: Map<number, number> | undefined;

/**
 * The slice of Noto Sans JP that holds a character, if any: `@fontsource` publishes it in 120
 * numbered slices (as Google Fonts serves it, about 50–230 characters each, by frequency), listed
 * with their characters in the package's `unicode.json` (each slice holds exactly the characters
 * listed, and the space and no-break space).
 */
export function japaneseSlice(code: number): number | undefined {
  if (!slices) {
    slices = new Map();
    const ranges: Record<string, string> = JSON.parse(
      readFileSync(require.resolve('@fontsource/noto-sans-jp/unicode.json'), 'utf8'),
    );
    for (const [key, list] of Object.entries(ranges)) {
      const slice = /^\[(\d+)\]$/.exec(key)?.[1];
      if (slice === undefined) continue;
      for (const range of list.split(',')) {
        const [first, last] = range.replace(/^\s*U\+/i, '').split('-');
        const from = Number.parseInt(first ?? '', 16);
        for (let char = from; char <= Number.parseInt(last ?? first ?? '', 16); char++) {
          slices.set(char, Number(slice));
        }
      }
    }
  }
  return slices.get(code);
}
