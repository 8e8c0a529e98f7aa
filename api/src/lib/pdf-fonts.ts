import { layoutParagraph, needsBidi, type PlacedLine } from './pdf-bidi.js';
import { drawnWeight, fontData } from './pdf-font-files.js';
import { guardNullAnchors, layoutAs } from './pdf-fontkit.js';
import { scriptFont } from './pdf-script-table.js';
import {
  isJapanese,
  MYANMAR_FEATURES,
  myanmarVisualOrder,
  type Run,
  type Script,
  scriptRuns,
  type Weight,
} from './pdf-scripts.js';

export { isJapanese, type Run, type Script, scriptOf, scriptRuns, type Weight } from './pdf-scripts.js';

/**
 * Fonts for the PDFs the API makes (purchase orders, history exports), all Noto, all from npm
 * packages (the files: pdf-font-files.ts): Noto Sans for Latin, Greek, Cyrillic and Devanagari, Noto
 * Sans SC for Chinese (and kana outside Japanese text), Noto Sans JP for Japanese text (a text with
 * kana), Noto Sans KR for Hangul, Noto Sans Arabic and Noto Sans Thai (`@expo-google-fonts`' TTF
 * files); for Hebrew, Armenian, Georgian, Ethiopic, the scripts of India, Sri Lanka and Southeast
 * Asia, Tibetan (Noto Serif Tibetan), Syriac, Thaana, Mongolian, N'Ko, Tifinagh, Cherokee and Canadian
 * syllabics the script's subset of `@fontsource`'s WOFF files (each holds its script's blocks, spaces
 * and the joiners; 10–270 KB); emoji in Noto Emoji (monochrome: flags and joined sequences drawn as
 * one glyph, skin tones ignored); other symbols (arrows, check marks, stars, geometric shapes) in Noto
 * Sans Symbols or Symbols 2. A WOFF file is unwrapped once, when first read (pdf-woff.ts). pdfkit
 * embeds only the glyphs a document uses (a subset), and it has no fallback between fonts, so each
 * text is split into runs by script and each run is drawn in its own font (see docs/decisions.md
 * "Documents"). fontkit shapes each run (Indic conjuncts, reordered vowel signs, Tibetan stacks,
 * Syriac, N'Ko and Mongolian joining); see pdf-fontkit.ts and `myanmarVisualOrder` for the gaps it
 * has that matter here. A character none of the fonts holds is drawn as its font's empty box (glyph
 * 0); the document is fine.
 */
const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/** The name a font is registered under in a document, e.g. `NotoSans-latin-bold`. */
export function fontName(script: Script, weight: Weight): string {
  return `NotoSans-${script}-${drawnWeight(script, weight)}`;
}

/** Selects the font for a script and weight in the document, registering it the first time. */
export function useFont(doc: PDFKit.PDFDocument, script: Script, weight: Weight): PDFKit.PDFDocument {
  const name = fontName(script, weight);
  const names = registered.get(doc) ?? new Set<string>();
  registered.set(doc, names);
  if (!names.has(name)) {
    doc.registerFont(name, fontData(script, weight));
    names.add(name);
    doc.font(name);
    const font = (doc as unknown as { _font?: { font?: unknown } })._font?.font;
    guardNullAnchors(font);
    const shapeAs = scriptFont(script)?.shapeAs;
    if (shapeAs) layoutAs(font, shapeAs[1]);
    return doc;
  }
  return doc.font(name);
}

type Feature = PDFKit.Mixins.OpenTypeFeatures;

/**
 * A run as fontkit is given it, with the OpenType features asked for: Myanmar in drawing order and
 * with its shaper's features (fontkit has no Myanmar shaper; see `myanmarVisualOrder`); a script's
 * `features` (pdf-script-table.ts) added.
 */
export function shapingInput(run: Run, features: Feature[] = []): { text: string; features: Feature[] } {
  const extra = scriptFont(run.script)?.features;
  if (extra) return { text: run.text, features: [...features, ...extra] };
  if (run.script !== 'myanmar') return { text: run.text, features };
  return { text: myanmarVisualOrder(run.text), features: [...features, ...MYANMAR_FEATURES] };
}

/**
 * A line of right-to-left or mixed text as `drawText` draws it: placed runs, the line's height and its
 * ascent (from its top to the baseline its runs share).
 */
interface BidiLine extends PlacedLine {
  height: number;
  ascent: number;
}

/** The current font's ascender at the current size, in points (pdfkit keeps the font as `_font`). */
function ascentOf(doc: PDFKit.PDFDocument): number {
  const font = (doc as unknown as { _font?: { ascender?: number } })._font;
  return ((font?.ascender ?? 0) / 1000) * (doc as unknown as { _fontSize: number })._fontSize;
}

/**
 * Lays out a paragraph holding right-to-left text (see lib/pdf-bidi.ts) in a box `width` wide: its
 * lines, each with its runs in visual order and its height (the tallest of its fonts, as pdfkit
 * advances a line: line height with gap, plus `lineGap`).
 */
export function layoutBidiParagraph(
  doc: PDFKit.PDFDocument,
  paragraph: string,
  weight: Weight,
  options: { width: number; align?: string; lineGap?: number; japanese?: boolean },
): BidiLine[] {
  const measure = (run: Run) => {
    useFont(doc, run.script, weight);
    const { text, features } = shapingInput(run);
    return doc.widthOfString(text, { features });
  };
  const text = paragraph.normalize('NFC').replace(/\t/g, ' ');
  return layoutParagraph(text, options, measure).map((line) => {
    const scripts = new Set<Script>(line.runs.map((run) => run.script));
    if (scripts.size === 0) scripts.add('latin');
    let height = 0;
    let ascent = 0;
    for (const script of scripts) {
      useFont(doc, script, weight);
      height = Math.max(height, doc.currentLineHeight(true) + (options.lineGap ?? 0));
      ascent = Math.max(ascent, ascentOf(doc));
    }
    return { ...line, height, ascent };
  });
}

/**
 * pdfkit's text options, and `japanese`: whether the text is Japanese (its kanji in Noto Sans JP's
 * forms) when it holds no kana itself, e.g. a vendor's company name when its address has kana or its
 * country is Japan. By default a text is Japanese when it holds kana.
 */
export type DrawOptions = PDFKit.Mixins.TextOptions & { japanese?: boolean };

/** The box a text is laid out in: `options.width`, else to the right margin (as pdfkit does). */
function boxWidth(doc: PDFKit.PDFDocument, x: number, options: PDFKit.Mixins.TextOptions): number {
  return options.width ?? doc.page.width - x - doc.page.margins.right;
}

/**
 * Whether a line is laid out here rather than by pdfkit: it holds right-to-left text, or a word wider
 * than the box (pdfkit would break such a word between any two UTF-16 units, inside a surrogate pair
 * or between a letter and its accent; `wrapParagraph` breaks it between grapheme clusters).
 */
function layoutHere(
  doc: PDFKit.PDFDocument,
  line: string,
  weight: Weight,
  width: number,
  japanese: boolean,
): boolean {
  if (needsBidi(line)) return true;
  return line.split(/\s+/).some((word) => {
    if (!word) return false;
    let total = 0;
    for (const run of scriptRuns(word, japanese)) {
      useFont(doc, run.script, weight);
      const { text, features } = shapingInput(run);
      total += doc.widthOfString(text, { features });
    }
    return total > width;
  });
}

/**
 * Draws a text in any script. A line without right-to-left text or over-wide words is drawn as one
 * `text` call per run, continued, so wrapping and the position carry on from run to run. Any other
 * line is laid out by `layoutBidiParagraph` (wrapped, words wider than the box broken, runs in
 * visual order, aligned right when its base direction is right to left) and each run drawn where it
 * stands. Without x and y it starts where the document stands, like `doc.text`. A Japanese text (see
 * {@link DrawOptions}) has its kanji in Noto Sans JP on every line.
 */
export function drawText(
  doc: PDFKit.PDFDocument,
  value: string,
  weight: Weight,
  x?: number,
  y?: number,
  drawOptions: DrawOptions = {},
): PDFKit.PDFDocument {
  const { japanese: given, ...options } = drawOptions;
  // With features given, pdfkit shapes a line's run as a whole rather than word by word, so a run of
  // Arabic words is reversed as one (right to left) instead of each word on its own.
  const shaped = { ...options, features: options.features ?? [] };
  // Kanji take Japanese forms when the field as a whole is Japanese, on every line of it.
  const japanese = given || isJapanese(value);
  // Each line on its own: pdfkit drops a line break at the end of a continued run.
  value.split(/\r\n?|\n/).forEach((line, lineIndex) => {
    const left = x ?? doc.x;
    const width = boxWidth(doc, left, options);
    if (layoutHere(doc, line, weight, width, japanese)) {
      let top = (lineIndex === 0 ? y : undefined) ?? doc.y;
      for (const placed of layoutBidiParagraph(doc, line, weight, { ...options, width, japanese })) {
        // Past the bottom margin the text goes on on a new page, as pdfkit's own wrapping does.
        if (options.lineBreak !== false && top + placed.height > doc.page.height - doc.page.margins.bottom) {
          doc.addPage();
          top = doc.page.margins.top;
        }
        // The runs share a baseline (the fonts' ascenders differ: drawn from the top, digits would
        // stand higher than the Arabic beside them).
        for (const run of placed.runs) {
          useFont(doc, run.script, weight);
          const { text, features } = shapingInput(run, shaped.features);
          doc.text(text, left + run.x, top + placed.ascent, {
            lineBreak: false,
            features,
            baseline: 'alphabetic',
          });
        }
        top += placed.height;
      }
      doc.x = left;
      doc.y = top;
      return;
    }
    const runs = scriptRuns(line, japanese);
    if (runs.length === 0) runs.push({ script: 'latin', text: '' });
    // A line in other fonts than Noto Sans stands on Noto Sans' baseline (its ascender below the
    // line's top), as Latin text beside it and in the row's other cells does: drawn from the top, Korean
    // or Chinese (a taller ascender) would stand lower than the Latin beside them.
    let baseline = options.baseline;
    if (baseline === undefined && runs.some((run) => run.script !== 'latin')) {
      useFont(doc, 'latin', weight);
      baseline = -ascentOf(doc);
    }
    const first = { ...shaped, baseline };
    runs.forEach((run, index) => {
      useFont(doc, run.script, weight);
      const continued = index < runs.length - 1;
      const { text, features } = shapingInput(run, shaped.features);
      if (index > 0) doc.text(text, { continued, baseline, features });
      else if (lineIndex > 0) doc.text(text, x ?? doc.x, doc.y, { ...first, continued, features });
      else if (x === undefined && y === undefined) doc.text(text, { ...first, continued, features });
      else doc.text(text, x, y, { ...first, continued, features });
    });
  });
  return doc;
}

/**
 * The height of a text without right-to-left characters: in one font, pdfkit's; in several, its lines
 * as `layoutBidiParagraph` wraps them (each word measured in its fonts), each as tall as the tallest
 * of its fonts. Measuring the whole text in each font (as before) counted the characters a font lacks
 * at its empty box's width: Noto Sans JP comes in slices, and a Japanese address measured in one slice
 * wrapped to two lines where one was drawn.
 */
function heightInFonts(
  doc: PDFKit.PDFDocument,
  value: string,
  weight: Weight,
  options: PDFKit.Mixins.TextOptions,
  japanese: boolean,
): number {
  const runs = scriptRuns(value, japanese);
  const scripts = new Set(runs.map((run) => run.script));
  if (scripts.size <= 1) {
    useFont(doc, runs[0]?.script ?? 'latin', weight);
    return doc.heightOfString(runs.map((run) => run.text).join(''), options);
  }
  const width = boxWidth(doc, doc.x, options);
  const lines = value
    .split(/\r\n?|\n/)
    .flatMap((line) => layoutBidiParagraph(doc, line, weight, { ...options, width, japanese }));
  // pdfkit's height of a paragraph leaves out the gap after its last line.
  return lines.reduce((sum, line) => sum + line.height, 0) - (options.lineGap ?? 0);
}

/**
 * The height a text takes when drawn with `drawText`: the largest of its height in each font it
 * uses, so a row is never too short for its tallest script; a line with right-to-left text as
 * `layoutBidiParagraph` lays it out.
 */
export function heightOfText(
  doc: PDFKit.PDFDocument,
  value: string,
  weight: Weight,
  drawOptions: DrawOptions = {},
): number {
  const { japanese: given, ...options } = drawOptions;
  const width = boxWidth(doc, doc.x, options);
  const japanese = given || isJapanese(value);
  const lines = value.split(/\r\n?|\n/);
  if (!lines.some((line) => layoutHere(doc, line, weight, width, japanese))) {
    return heightInFonts(doc, value, weight, options, japanese);
  }
  return lines.reduce((sum, line) => {
    if (!layoutHere(doc, line, weight, width, japanese)) {
      return sum + heightInFonts(doc, line, weight, options, japanese);
    }
    const lines = layoutBidiParagraph(doc, line, weight, { ...options, width, japanese });
    return sum + lines.reduce((total, placed) => total + placed.height, 0);
  }, 0);
}
