import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Fonts for the PDFs the API makes (purchase orders, history exports): Noto Sans for Latin, Greek and
 * Cyrillic, Noto Sans SC for Chinese (and Japanese kana), Noto Sans Arabic for Arabic. pdfkit embeds
 * only the glyphs a document uses (a subset), and it has no fallback between fonts, so each text is
 * split into runs by script and each run is drawn in its own font (see docs/decisions.md "Documents").
 */
export type Script = 'latin' | 'cjk' | 'arabic';
export type Weight = 'regular' | 'bold';

const FILES: Record<Script, Record<Weight, string>> = {
  latin: {
    regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
  },
  cjk: {
    regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
  },
  arabic: {
    regular: '@expo-google-fonts/noto-sans-arabic/400Regular/NotoSansArabic_400Regular.ttf',
    bold: '@expo-google-fonts/noto-sans-arabic/700Bold/NotoSansArabic_700Bold.ttf',
  },
};

const require = createRequire(import.meta.url);
/** Font files read once, on first use (the Chinese ones are 10 MB each and most orders never need them). */
const loaded = new Map<string, Buffer>();
const registered = new WeakMap<PDFKit.PDFDocument, Set<string>>();

/** The name a font is registered under in a document, e.g. `NotoSans-latin-bold`. */
export function fontName(script: Script, weight: Weight): string {
  return `NotoSans-${script}-${weight}`;
}

/** Selects the font for a script and weight in the document, registering it the first time. */
export function useFont(doc: PDFKit.PDFDocument, script: Script, weight: Weight): PDFKit.PDFDocument {
  const name = fontName(script, weight);
  const names = registered.get(doc) ?? new Set<string>();
  registered.set(doc, names);
  if (!names.has(name)) {
    const file = FILES[script][weight];
    let data = loaded.get(file);
    if (!data) {
      data = readFileSync(require.resolve(file));
      loaded.set(file, data);
    }
    doc.registerFont(name, data);
    names.add(name);
  }
  return doc.font(name);
}

/** The script of one character, or null for spaces, which join the run around them. */
export function scriptOf(char: string): Script | null {
  const code = char.codePointAt(0) ?? 0;
  if (/\s/.test(char)) return null;
  if (
    (code >= 0x0600 && code <= 0x06ff) ||
    (code >= 0x0750 && code <= 0x077f) ||
    (code >= 0x0870 && code <= 0x08ff) ||
    (code >= 0xfb50 && code <= 0xfdff) ||
    (code >= 0xfe70 && code <= 0xfeff)
  ) {
    return 'arabic';
  }
  if (
    (code >= 0x2e80 && code <= 0x2fdf) ||
    (code >= 0x3000 && code <= 0x31ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xffef) ||
    (code >= 0x20000 && code <= 0x3ffff)
  ) {
    return 'cjk';
  }
  return 'latin';
}

export interface Run {
  script: Script;
  text: string;
}

/**
 * Splits a text into runs of one script. Spaces stay in the run they follow, except that a space
 * after Arabic joins it only when Arabic follows (so a run of Arabic words is laid out right to left
 * as one, and digits or Latin after it are not). Tabs and carriage returns become spaces.
 */
export function scriptRuns(value: string): Run[] {
  const chars = Array.from(value.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' '));
  const runs: Run[] = [];
  let pendingSpace = '';
  const push = (script: Script, text: string) => {
    const last = runs[runs.length - 1];
    if (last && last.script === script) last.text += text;
    else runs.push({ script, text });
  };
  for (const char of chars) {
    const script = scriptOf(char);
    if (script === null) {
      pendingSpace += char;
      continue;
    }
    if (pendingSpace) {
      const last = runs[runs.length - 1];
      const into = !last ? script : last.script === 'arabic' && script !== 'arabic' ? script : last.script;
      push(into, pendingSpace);
      pendingSpace = '';
    }
    push(script, char);
  }
  if (pendingSpace) push(runs[runs.length - 1]?.script ?? 'latin', pendingSpace);
  return runs;
}

/**
 * Draws a text in any script: one `text` call per run, continued, so wrapping and the position carry
 * on from run to run. Without x and y it starts where the document stands, like `doc.text`.
 */
export function drawText(
  doc: PDFKit.PDFDocument,
  value: string,
  weight: Weight,
  x?: number,
  y?: number,
  options: PDFKit.Mixins.TextOptions = {},
): PDFKit.PDFDocument {
  // With features given, pdfkit shapes a line's run as a whole rather than word by word, so a run of
  // Arabic words is reversed as one (right to left) instead of each word on its own.
  const shaped = { ...options, features: options.features ?? [] };
  // Each line on its own: pdfkit drops a line break at the end of a continued run.
  value.split(/\r\n?|\n/).forEach((line, lineIndex) => {
    const runs = scriptRuns(line);
    if (runs.length === 0) runs.push({ script: 'latin', text: '' });
    runs.forEach((run, index) => {
      useFont(doc, run.script, weight);
      const continued = index < runs.length - 1;
      if (index > 0) doc.text(run.text, { continued });
      else if (lineIndex > 0) doc.text(run.text, x ?? doc.x, doc.y, { ...shaped, continued });
      else if (x === undefined && y === undefined) doc.text(run.text, { ...shaped, continued });
      else doc.text(run.text, x, y, { ...shaped, continued });
    });
  });
  return doc;
}

/**
 * The height a text takes when drawn with `drawText`: the largest of its height in each font it
 * uses, so a row is never too short for its tallest script.
 */
export function heightOfText(
  doc: PDFKit.PDFDocument,
  value: string,
  weight: Weight,
  options: PDFKit.Mixins.TextOptions = {},
): number {
  const text = scriptRuns(value)
    .map((run) => run.text)
    .join('');
  const scripts = new Set(scriptRuns(value).map((run) => run.script));
  if (scripts.size === 0) scripts.add('latin');
  let height = 0;
  for (const script of scripts) {
    useFont(doc, script, weight);
    height = Math.max(height, doc.heightOfString(text, options));
  }
  return height;
}
