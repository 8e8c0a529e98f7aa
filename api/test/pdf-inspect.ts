import { inflateSync } from 'node:zlib';

/**
 * A small reader of the PDFs pdfkit writes, for tests: which fonts are embedded, and the text drawn
 * in each (glyph codes read back through each font's ToUnicode map). Right-to-left fonts' runs
 * (Arabic, Hebrew, Syriac, Thaana, N'Ko, Adlam, Hanifi Rohingya, Mende Kikakui) are read in reverse,
 * as pdfkit writes their glyphs in visual order.
 */
export interface PdfRun {
  /** The font's name without its subset prefix, e.g. `NotoSansSC-Regular`. */
  font: string;
  text: string;
  /** The text of each glyph, in the order drawn (a conjunct or ligature is one glyph of several characters). */
  glyphs: string[];
  /** Each glyph's code in the embedded subset (one per glyph of the font used), in the same order. */
  codes: number[];
  /** Where the run's glyphs start and how far they reach, in points from the page's left edge. */
  x: number;
  width: number;
  /** Its baseline, in points from the page's top edge. */
  y: number;
  /** How many of its glyphs are glyph 0 (`.notdef`, the empty box of a font that lacks a character), if any. */
  notdef?: number;
}

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

function objects(pdf: Buffer): Map<number, PdfObject> {
  const source = pdf.toString('latin1');
  const found = new Map<number, PdfObject>();
  const pattern = /(\d+) 0 obj\s*([\s\S]*?)endobj/g;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    const body = match[2] ?? '';
    const streamAt = body.indexOf('stream\n');
    if (streamAt < 0) {
      found.set(Number(match[1]), { dict: body, stream: null });
      continue;
    }
    const dict = body.slice(0, streamAt);
    const start = match.index + match[0].indexOf(body) + streamAt + 'stream\n'.length;
    const end = source.indexOf('\nendstream', start);
    let stream = pdf.subarray(start, end);
    if (dict.includes('/FlateDecode')) stream = inflateSync(stream);
    found.set(Number(match[1]), { dict, stream });
  }
  return found;
}

const utf16 = (hex: string) =>
  String.fromCharCode(...(hex.match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)));

/** A ToUnicode CMap as glyph code → text (pdfkit writes `bfrange`s with arrays). */
function toUnicode(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const ranges = /<([0-9a-f]+)> <([0-9a-f]+)> \[([^\]]*)\]/gi;
  for (let match = ranges.exec(cmap); match; match = ranges.exec(cmap)) {
    const start = Number.parseInt(match[1] ?? '0', 16);
    const entries = (match[3] ?? '').match(/<[^>]*>/g) ?? [];
    entries.forEach((entry, index) => {
      map.set(start + index, utf16(entry.slice(1, -1).replace(/\s+/g, '')));
    });
  }
  return map;
}

/** A CID font's glyph widths (`/W [first [w …] first last w …]`), in thousandths of the font size. */
function glyphWidths(w: string): Map<number, number> {
  const widths = new Map<number, number>();
  const tokens = w.match(/\[|\]|[\d.]+/g) ?? [];
  for (let at = 0; at < tokens.length; ) {
    const first = Number(tokens[at]);
    if (tokens[at + 1] === '[') {
      let code = first;
      for (at += 2; tokens[at] !== ']' && at < tokens.length; at++) widths.set(code++, Number(tokens[at]));
      at++;
    } else {
      const last = Number(tokens[at + 1]);
      for (let code = first; code <= last; code++) widths.set(code, Number(tokens[at + 2]));
      at += 3;
    }
  }
  return widths;
}

/** The embedded fonts' names, without subset prefixes. */
export function pdfFonts(pdf: Buffer): string[] {
  const names = new Set<string>();
  for (const { dict } of objects(pdf).values()) {
    const match = /\/Type \/Font[\s\S]*?\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/.exec(dict);
    if (match?.[1]) names.add(match[1]);
  }
  return [...names].sort();
}

/** The fonts fontkit lays out right to left, whose runs pdfkit writes in visual order. */
const RIGHT_TO_LEFT = /Arabic|Hebrew|Syriac|Thaana|NKo|Adlam|HanifiRohingya|MendeKikakui/;

/** Every text-showing operation of every page, with the font it is drawn in. */
export function pdfRuns(pdf: Buffer): PdfRun[] {
  const all = objects(pdf);
  interface Font {
    name: string;
    cmap: Map<number, string>;
    widths: Map<number, number>;
  }
  const fonts = new Map<string, Font>();
  for (const { dict } of all.values()) {
    const resources = /\/Font <<([^>]*)>>/.exec(dict);
    if (!resources?.[1]) continue;
    for (const [, key, ref] of resources[1].matchAll(/\/(\w+) (\d+) 0 R/g)) {
      const font = all.get(Number(ref));
      const name = /\/BaseFont \/(?:[A-Z]{6}\+)?([\w-]+)/.exec(font?.dict ?? '')?.[1] ?? '?';
      const cmapRef = /\/ToUnicode (\d+) 0 R/.exec(font?.dict ?? '')?.[1];
      const cmap = all.get(Number(cmapRef))?.stream?.toString('latin1') ?? '';
      const descendant = /\/DescendantFonts \[(\d+) 0 R\]/.exec(font?.dict ?? '')?.[1];
      const w = /\/W \[([\s\S]*)\]/.exec(all.get(Number(descendant))?.dict ?? '')?.[1] ?? '';
      fonts.set(key ?? '', { name, cmap: toUnicode(cmap), widths: glyphWidths(w) });
    }
  }
  const runs: PdfRun[] = [];
  for (const { dict, stream } of all.values()) {
    if (!stream || /\/(Subtype|Type)\s*\//.test(dict)) continue;
    const content = stream.toString('latin1');
    // pdfkit flips the page (`1 0 0 -1 0 height cm`) before it writes text.
    const height = Number(/1 0 0 -1 0 ([\d.]+) cm/.exec(content)?.[1] ?? 0);
    let current: Font | undefined;
    // pdfkit writes each fragment of a line in its own BT … ET block, glyphs that carry an offset
    // (Arabic marks) in their own show operations within it.
    for (const [, block] of content.matchAll(/\bBT\b([\s\S]*?)\bET\b/g)) {
      const glyphs: string[] = [];
      const codes: number[] = [];
      let notdef = 0;
      // The text position (set by Tm, moved by each glyph's width and TJ's adjustments), and the
      // leftmost and rightmost points the block's glyphs reach.
      let size = 0;
      let x = 0;
      let y: number | undefined;
      let left = Number.POSITIVE_INFINITY;
      let right = Number.NEGATIVE_INFINITY;
      const ops = /1 0 0 1 ([\d.-]+) ([\d.-]+) Tm|\/(\w+) ([\d.]+) Tf|\[([^\]]*)\] TJ|<([0-9a-f]*)> Tj/gi;
      for (let match = ops.exec(block ?? ''); match; match = ops.exec(block ?? '')) {
        if (match[1]) {
          x = Number(match[1]);
          // The first Tm is the baseline; later ones place marks above or below it.
          y ??= Number(match[2]);
          continue;
        }
        if (match[3]) {
          current = fonts.get(match[3]);
          size = Number(match[4]);
          continue;
        }
        left = Math.min(left, x);
        for (const part of (match[5] ?? `<${match[6]}>`).match(/<[0-9a-f]*>|-?[\d.]+/gi) ?? []) {
          if (!part.startsWith('<')) {
            x -= (Number(part) * size) / 1000;
            continue;
          }
          for (const code of part.slice(1, -1).match(/.{4}/g) ?? []) {
            const glyph = Number.parseInt(code, 16);
            glyphs.push(current?.cmap.get(glyph) ?? '\ufffd');
            codes.push(glyph);
            // pdfkit's subsets keep glyph 0 as code 0, so code 0 is a character the font lacks.
            if (glyph === 0) notdef++;
            x += ((current?.widths.get(glyph) ?? 0) * size) / 1000;
          }
        }
        right = Math.max(right, x);
      }
      if (!current || glyphs.length === 0) continue;
      if (RIGHT_TO_LEFT.test(current.name)) {
        glyphs.reverse();
        codes.reverse();
      }
      runs.push({
        font: current.name,
        text: glyphs.join(''),
        glyphs,
        codes,
        x: left,
        width: right - left,
        y: height - (y ?? 0),
        ...(notdef ? { notdef } : {}),
      });
    }
  }
  return runs;
}

/** The text drawn in one font, all runs joined by newlines. */
export function textInFont(pdf: Buffer, font: string): string {
  return pdfRuns(pdf)
    .filter((run) => run.font === font)
    .map((run) => run.text)
    .join('\n');
}
