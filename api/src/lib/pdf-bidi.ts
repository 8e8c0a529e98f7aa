import bidiFactory from 'bidi-js';
import {
  isJapanese,
  isRightToLeft,
  markScript,
  type Run,
  type Script,
  scriptOf,
  scriptRuns,
  spaceScript,
} from './pdf-scripts.js';

/**
 * Bidirectional text for the PDFs (docs/decisions.md, "Bidirectional text in the PO PDF"). pdfkit
 * places runs left to right in the order they are given and has no bidi algorithm, so a line with
 * right-to-left text is laid out here: its embedding levels come from the Unicode Bidirectional
 * Algorithm (UAX #9, `bidi-js`), its runs are put in visual order (rule L2), and a line whose base
 * direction is right to left (its first strong character) is aligned right.
 */
const bidi = bidiFactory();

export type Direction = 'ltr' | 'rtl';

/** A line's runs from left to right, as given to pdfkit (see {@link visualRuns}). */
export interface VisualLine {
  direction: Direction;
  runs: Run[];
}

/** A run placed on a line: `x` from the line's left edge, in points. */
export interface PlacedRun extends Run {
  x: number;
  width: number;
}

/** One line as drawn: its runs placed left to right, `width` the width of all of them. */
export interface PlacedLine {
  direction: Direction;
  width: number;
  runs: PlacedRun[];
}

/**
 * Right-to-left classes (Hebrew, Arabic, Syriac, Thaana, N'Ko, Mandaic and the rest of U+0590–08FF,
 * their presentation forms, the right-to-left scripts of U+10800–10FFF (Hanifi Rohingya at
 * U+10D00–10D3F, historic ones) and of U+1E800–1EFFF (Mende Kikakui, Adlam, Arabic mathematical
 * letters)): a text with none of them needs no reordering.
 */
const RTL_CLASS =
  /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]|[\ud802\ud803][\udc00-\udfff]|[\ud83a\ud83b][\udc00-\udfff]/;

/** Whether a text holds right-to-left characters (Hebrew, Arabic, Syriac, Thaana, N'Ko…). */
export function needsBidi(text: string): boolean {
  return RTL_CLASS.test(text);
}

/**
 * A stand-in (two UTF-16 units, as many as the character's) of the same bidi class for a right-to-left
 * character outside the BMP: bidi-js 1.1.0 reads a text unit by unit, so it takes each half of a
 * surrogate pair for a left-to-right character, and Adlam, Mende Kikakui or Hanifi Rohingya would be
 * laid out left to right. Hanifi Rohingya's letters are AL (U+0627 stands in), its marks NSM, its
 * digits AN; Adlam's and Mende Kikakui's marks NSM; any other character of U+10800–10FFF or
 * U+1E800–1EFFF R (U+05D0).
 */
function astralStandIn(code: number): string | undefined {
  if (code < 0x10800 || (code > 0x10fff && code < 0x1e800) || code > 0x1efff) return undefined;
  if (code >= 0x10d00 && code <= 0x10d23) return '\u0627\u0627';
  if (code >= 0x10d30 && code <= 0x10d39) return '\u0660\u0660';
  const mark =
    (code >= 0x10d24 && code <= 0x10d27) ||
    (code >= 0x1e8d0 && code <= 0x1e8d6) ||
    (code >= 0x1e944 && code <= 0x1e94a);
  return mark ? '\u064b\u064b' : '\u05d0\u05d0';
}

/** The text bidi-js is given: each right-to-left character outside the BMP as {@link astralStandIn}. */
function forBidi(text: string): string {
  if (!/[\ud802\ud803\ud83a\ud83b]/.test(text)) return text;
  let out = '';
  for (const char of text) out += astralStandIn(char.codePointAt(0) ?? 0) ?? char;
  return out;
}

/** The base direction of a paragraph: that of its first strong character (rules P2, P3), else ltr. */
export function baseDirection(paragraph: string): Direction {
  const levels = bidi.getEmbeddingLevels(forBidi(paragraph), 'auto');
  return (levels.paragraphs[0]?.level ?? 0) % 2 === 1 ? 'rtl' : 'ltr';
}

/**
 * A reversed stretch with each variation selector (text or emoji style; a mark, reversed before the
 * character it belongs to by rule L2) put back after that character, for the font to see the pair.
 */
function selectorsAfterTheirCharacter(text: string): string {
  let out = '';
  let selectors = '';
  for (const char of text) {
    if (char === '\ufe0e' || char === '\ufe0f') selectors += char;
    else {
      out += char + selectors;
      selectors = '';
    }
  }
  return out + selectors;
}

/**
 * The font script of each UTF-16 unit: its own, or for a space that of the nearest character of the
 * same level before it (else after it), so a space between Arabic words stays in the Arabic run and
 * one between Arabic and digits goes with the side of its level.
 */
function unitScripts(text: string, levels: Uint8Array, japanese: boolean): Script[] {
  const own: (Script | null)[] = [];
  let previous: Script | null = null;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    // The second half of a surrogate pair takes its first half's script.
    if (code >= 0xdc00 && code <= 0xdfff && index > 0) {
      own.push(null);
      continue;
    }
    const char = String.fromCodePoint(text.codePointAt(index) ?? code);
    const script: Script | null = markScript(char, previous) ?? scriptOf(char, japanese);
    previous = script ?? previous;
    own.push(script);
  }
  const scripts: Script[] = [];
  for (let index = 0; index < text.length; index++) {
    let script = own[index] ?? null;
    for (let back = index - 1; script === null && back >= 0 && levels[back] === levels[index]; back--) {
      script = own[back] ?? null;
    }
    for (
      let ahead = index + 1;
      script === null && ahead < text.length && levels[ahead] === levels[index];
      ahead++
    ) {
      script = own[ahead] ?? null;
    }
    // Spaces are drawn in Noto Sans, never in Noto Emoji or the symbol fonts (as in `scriptRuns`).
    const space = own[index] === null && /\s/.test(text[index]!);
    scripts.push(script && space ? spaceScript(script) : (script ?? 'latin'));
  }
  return scripts;
}

/**
 * The runs of `paragraph[start..end)` (one drawn line of it) from left to right, each in one font:
 * the characters are put in visual order by bidi-js (levels of the whole paragraph, rule L2, brackets
 * mirrored in right-to-left text), then grouped by font and level. A run in a right-to-left font
 * (Arabic, Hebrew, Syriac, Thaana, N'Ko) is given in the order fontkit wants: fontkit lays such
 * text out right to left (reversing it), so such a run is given in reading order for its letters to
 * join, and
 * Arabic-Indic digits (left to right within a right-to-left line) reversed, so that fontkit puts them
 * back: digits are never reversed. Other runs are given left to right as they appear.
 */
export function visualRuns(
  paragraph: string,
  start = 0,
  end = paragraph.length,
  japanese = isJapanese(paragraph),
): VisualLine {
  const classed = forBidi(paragraph);
  const embedding = bidi.getEmbeddingLevels(classed, 'auto');
  const direction: Direction = (embedding.paragraphs[0]?.level ?? 0) % 2 === 1 ? 'rtl' : 'ltr';
  if (end <= start) return { direction, runs: [] };
  const { levels } = embedding;
  const scripts = unitScripts(paragraph, levels, japanese);
  const mirrored = bidi.getMirroredCharactersMap(classed, levels, start, end - 1);
  const order = bidi.getReorderedIndices(classed, embedding, start, end - 1).slice(start, end);
  // Keep each surrogate pair in its order (a right-to-left stretch reverses its units).
  for (let at = 0; at < order.length - 1; at++) {
    const here = paragraph.charCodeAt(order[at]!);
    if (here >= 0xdc00 && here <= 0xdfff && order[at + 1] === order[at]! - 1) {
      [order[at], order[at + 1]] = [order[at + 1]!, order[at]!];
      at++;
    }
  }
  const groups: { script: Script; level: number; units: string[] }[] = [];
  for (const index of order) {
    const script = scripts[index]!;
    const level = levels[index]!;
    const unit = mirrored.get(index) ?? paragraph[index]!;
    const last = groups[groups.length - 1];
    if (last && last.script === script && last.level === level) last.units.push(unit);
    else groups.push({ script, level, units: [unit] });
  }
  const runs: Run[] = [];
  for (const group of groups) {
    const reversed = isRightToLeft(group.script);
    // Reversed by code points, each surrogate pair kept in its order (Mende Kikakui).
    let text = reversed ? Array.from(group.units.join('')).reverse().join('') : group.units.join('');
    // An emoji in a right-to-left stretch (rule L3, for its variation selector).
    if (group.level % 2 === 1 && !reversed) text = selectorsAfterTheirCharacter(text);
    const last = runs[runs.length - 1];
    // Runs of one font next to each other join when neither is reversed by fontkit.
    if (last && last.script === group.script && !reversed) last.text += text;
    else runs.push({ script: group.script, text });
  }
  return { direction, runs };
}

/**
 * The breaks of a paragraph into lines no wider than `width`, as [start, end) ranges. Each word and
 * each stretch of spaces is measured once (`measure`, in reading order) and the widths added up:
 * letters do not join across a space, so a line is as wide as its words and spaces. A word wider
 * than the box starts a line of its own and is broken across lines (see {@link breakWord}).
 */
export function wrapParagraph(
  paragraph: string,
  width: number,
  measure: (text: string) => number,
): [number, number][] {
  // Words with the spaces after them, in reading order.
  const words = [...paragraph.matchAll(/(\S*)(\s*)/g)].filter((match) => match[0] !== '');
  const lines: [number, number][] = [];
  let start = 0;
  let end = 0;
  // The width of the line so far, and of the spaces after its last word.
  let used = 0;
  let spaces = 0;
  for (const word of words) {
    const wordStart = word.index ?? 0;
    let wordWidth = word[1] ? measure(word[1]) : 0;
    const spaceWidth = word[2] ? measure(word[2]) : 0;
    if (end > start && used + spaces + wordWidth > width) {
      lines.push([start, end]);
      start = wordStart;
      used = 0;
      spaces = 0;
    }
    if (wordWidth > width) {
      // Every piece but the last is a line of its own; the last one goes on like a word.
      const pieces = breakWord(word[1]!, width, measure);
      let at = wordStart;
      for (const length of pieces.slice(0, -1)) {
        lines.push([at, at + length]);
        at += length;
      }
      start = at;
      used = 0;
      spaces = 0;
      wordWidth = measure(paragraph.slice(at, wordStart + word[1]!.length));
    }
    used += spaces + wordWidth;
    spaces = spaceWidth;
    end = wordStart + word[0].length;
  }
  if (end > start || lines.length === 0) lines.push([start, end]);
  // A line's trailing spaces are not drawn.
  return lines.map(([from, to]) => [from, from + paragraph.slice(from, to).trimEnd().length]);
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Arabic letters that join only to the letter before them (Unicode joining type R: alef, dal, thal,
 * ra, zain, waw, teh marbuta and their variants) or to neither (hamza): a word broken after one of
 * them keeps every letter's shape.
 */
const NOT_JOINING_FORWARD =
  /^[\u0621-\u0625\u0627\u0629\u062f-\u0632\u0648\u0671-\u0673\u0675-\u0677\u0688-\u0699\u06c0\u06c3-\u06cb\u06cd\u06cf\u06d2-\u06d5\u06ee\u06ef]/;
/** Arabic letters (and the tatweel) that join to the letter after them unless listed above. */
const ARABIC_LETTER = /^[\u0620-\u064a\u066e-\u066f\u0671-\u06d3\u06d5\u06ee-\u06ef\u06fa-\u06fc\u06ff]/;
/** Where an address, e-mail or URL reads well broken: after a hyphen, slash, dot, @ or underscore. */
const BREAK_AFTER = /^[-/.@_?&=#]$/;
/** Lam followed by an alef: the font draws the two as one ligature (lam-alef). */
const LAM = /^\u0644/;
const ALEF = /^[\u0622\u0623\u0625\u0627]/;

/** Whether the letters on both sides of a break would join: breaking there changes their shapes. */
function joins(before: string, after: string): boolean {
  const forward = ARABIC_LETTER.test(before) && !NOT_JOINING_FORWARD.test(before);
  return forward && ARABIC_LETTER.test(after) && after.codePointAt(0) !== 0x0621;
}

/**
 * The pieces (lengths in UTF-16 units, in reading order) a word wider than `width` is broken into,
 * each as long as fits. A word breaks only between grapheme clusters (a letter and its marks, an
 * emoji sequence stay whole), never between lam and alef (their ligature). In Arabic the break
 * chosen is the last that fits between two letters that do not join (after an alef, dal, ra, waw
 * and the like), so every letter keeps its shape; only when no such break fits does the word break
 * between joined letters, which then take their final and initial forms. A single cluster wider than
 * the box is a piece of its own. A break after a hyphen, slash, dot, @ or underscore (an e-mail, a
 * URL) is taken before others when the piece fills at least half the box, and so is one before the
 * Arabic article (alef-lam), so that a run of words written without spaces breaks between them.
 */
export function breakWord(word: string, width: number, measure: (text: string) => number): number[] {
  const clusters = [...graphemes.segment(word)].map((segment) => segment.segment);
  const pieces: number[] = [];
  let first = 0;
  let offset = 0;
  while (first < clusters.length) {
    let length = 0;
    let best = 0;
    let shapeKept = 0;
    let afterPunctuation = 0;
    let beforeArticle = 0;
    for (let last = first; last < clusters.length; last++) {
      length += clusters[last]!.length;
      const used = measure(word.slice(offset, offset + length));
      if (used > width) break;
      const next = clusters[last + 1];
      if (next !== undefined && LAM.test(clusters[last]!) && ALEF.test(next)) continue;
      best = last - first + 1;
      if (next === undefined || !joins(clusters[last]!, next)) shapeKept = best;
      if (BREAK_AFTER.test(clusters[last]!) && used >= width / 2) afterPunctuation = best;
      const article = ALEF.test(next ?? '') && LAM.test(clusters[last + 2] ?? '');
      if (article && !joins(clusters[last]!, next!) && used >= width / 2) beforeArticle = best;
    }
    // The rest of the word fits: it is the last piece.
    const rest = first + best === clusters.length;
    let count = rest ? best : afterPunctuation || beforeArticle || shapeKept || best;
    if (count === 0) {
      // Not even one cluster fits: take one (two for lam-alef), overflowing rather than looping.
      count = LAM.test(clusters[first]!) && ALEF.test(clusters[first + 1] ?? '') ? 2 : 1;
    }
    const piece = clusters.slice(first, first + count).reduce((sum, cluster) => sum + cluster.length, 0);
    pieces.push(piece);
    offset += piece;
    first += count;
  }
  return pieces;
}

/**
 * Lays out one paragraph (a text without line breaks) in a box `width` wide: wrapped at spaces, each
 * line's runs in visual order and placed from the line's left edge, a right-to-left line aligned right
 * (centred when `align` is 'center'), a left-to-right one as `align` says. `measure` is the width of
 * a run in its font.
 */
export function layoutParagraph(
  paragraph: string,
  options: { width: number; align?: string; japanese?: boolean },
  measure: (run: Run) => number,
): PlacedLine[] {
  const japanese = options.japanese ?? isJapanese(paragraph);
  // A word, or a stretch of spaces (in the Latin font), in the fonts of its scripts.
  const logicalWidth = (text: string) =>
    scriptRuns(text, japanese).reduce((sum, run) => sum + measure(run), 0);
  return wrapParagraph(paragraph, options.width, logicalWidth).map(([start, end]) => {
    const line = visualRuns(paragraph, start, end, japanese);
    const widths = line.runs.map(measure);
    const total = widths.reduce((sum, value) => sum + value, 0);
    const align =
      line.direction === 'rtl' && options.align !== 'center' ? 'right' : (options.align ?? 'left');
    const free = Math.max(0, options.width - total);
    let x = align === 'right' ? free : align === 'center' ? free / 2 : 0;
    const runs = line.runs.map((run, index) => {
      const placed = { ...run, x, width: widths[index]! };
      x += placed.width;
      return placed;
    });
    return { direction: line.direction, width: total, runs };
  });
}
