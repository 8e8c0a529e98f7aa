import { covers, japaneseSlice } from './pdf-font-files.js';

/**
 * The scripts of a text, for the PDFs' fonts (see pdf-fonts.ts): which font draws each character, and
 * a text split into runs of one script. `symbols` and `symbols2` are Noto Sans Symbols and Symbols 2;
 * `japanese-<n>` is slice n of Noto Sans JP (see pdf-font-files.ts).
 */
export type Script =
  | 'latin'
  | 'cjk'
  | 'korean'
  | 'arabic'
  | 'hebrew'
  | 'thai'
  | 'armenian'
  | 'bengali'
  | 'emoji'
  | 'ethiopic'
  | 'georgian'
  | 'gujarati'
  | 'gurmukhi'
  | 'kannada'
  | 'khmer'
  | 'lao'
  | 'malayalam'
  | 'myanmar'
  | 'oriya'
  | 'sinhala'
  | 'tamil'
  | 'telugu'
  | 'tibetan'
  | 'syriac'
  | 'thaana'
  | 'mongolian'
  | 'nko'
  | 'tifinagh'
  | 'cherokee'
  | 'canadian'
  | 'symbols'
  | 'symbols2'
  | `japanese-${number}`;
export type Weight = 'regular' | 'bold';

const RIGHT_TO_LEFT = new Set<Script>(['arabic', 'hebrew', 'syriac', 'thaana', 'nko']);

/**
 * Whether fontkit lays a run in this script out right to left (reversing it): Arabic, Hebrew,
 * Syriac, Thaana and N'Ko. Such a run is given to pdfkit in reading order (see pdf-bidi.ts).
 */
export function isRightToLeft(script: Script): boolean {
  return RIGHT_TO_LEFT.has(script);
}

/** The fonts a space is never drawn in (Noto Emoji's space is an emoji wide): Noto Sans draws it. */
const SPACELESS = new Set<Script>(['emoji', 'symbols', 'symbols2']);

/** The font a space in a run of this script is drawn in: the run's, or Noto Sans for the symbol fonts. */
export function spaceScript(script: Script): Script {
  return SPACELESS.has(script) ? 'latin' : script;
}

/**
 * The Unicode blocks of each script with a font of its own, as [first, last, script]; any other
 * character is drawn in Noto Sans ('latin', which also holds Greek, Cyrillic and Devanagari). The
 * symbol blocks ('symbol': arrows, technical, geometric shapes, miscellaneous symbols, dingbats,
 * pictographs…) go, character by character, to the first font that holds the character: Noto Emoji,
 * Noto Sans Symbols, Noto Sans Symbols 2, else Noto Sans (its empty box). Noto Sans has none of their
 * characters but the dotted circle, which Indic fonts use to show a lone sign, kept in it.
 */
const BLOCKS: [number, number, Script | 'symbol'][] = [
  [0x0530, 0x058f, 'armenian'],
  [0x0590, 0x05ff, 'hebrew'],
  [0x0600, 0x06ff, 'arabic'],
  [0x0700, 0x074f, 'syriac'],
  [0x0750, 0x077f, 'arabic'],
  [0x0780, 0x07bf, 'thaana'],
  [0x07c0, 0x07ff, 'nko'],
  [0x0860, 0x086f, 'syriac'],
  [0x0870, 0x08ff, 'arabic'],
  [0x0980, 0x09ff, 'bengali'],
  [0x0a00, 0x0a7f, 'gurmukhi'],
  [0x0a80, 0x0aff, 'gujarati'],
  [0x0b00, 0x0b7f, 'oriya'],
  [0x0b80, 0x0bff, 'tamil'],
  [0x0c00, 0x0c7f, 'telugu'],
  [0x0c80, 0x0cff, 'kannada'],
  [0x0d00, 0x0d7f, 'malayalam'],
  [0x0d80, 0x0dff, 'sinhala'],
  [0x0e00, 0x0e7f, 'thai'],
  [0x0e80, 0x0eff, 'lao'],
  [0x0f00, 0x0fff, 'tibetan'],
  [0x1000, 0x109f, 'myanmar'],
  [0x10a0, 0x10ff, 'georgian'],
  // Hangul jamo and syllables (the compatibility jamo lie inside the CJK range below).
  [0x1100, 0x11ff, 'korean'],
  [0x1200, 0x139f, 'ethiopic'],
  [0x13a0, 0x13ff, 'cherokee'],
  [0x1400, 0x167f, 'canadian'],
  [0x1780, 0x17ff, 'khmer'],
  [0x1800, 0x18af, 'mongolian'],
  [0x18b0, 0x18ff, 'canadian'],
  [0x19e0, 0x19ff, 'khmer'],
  [0x1c90, 0x1cbf, 'georgian'],
  // The combining keycap (#️⃣ draws as # and a keycap, not as one glyph).
  [0x20e3, 0x20e3, 'symbol'],
  [0x2190, 0x21ff, 'symbol'],
  [0x2300, 0x23ff, 'symbol'],
  [0x25a0, 0x25cb, 'symbol'],
  [0x25cd, 0x25ff, 'symbol'],
  [0x2600, 0x27bf, 'symbol'],
  [0x2900, 0x297f, 'symbol'],
  [0x2b00, 0x2bff, 'symbol'],
  [0x2d00, 0x2d2f, 'georgian'],
  [0x2d30, 0x2d7f, 'tifinagh'],
  [0x2d80, 0x2ddf, 'ethiopic'],
  [0x2e80, 0x2fdf, 'cjk'],
  [0x3000, 0x312f, 'cjk'],
  [0x3130, 0x318f, 'korean'],
  [0x3190, 0x31ff, 'cjk'],
  [0x3400, 0x4dbf, 'cjk'],
  [0x4e00, 0x9fff, 'cjk'],
  [0xa960, 0xa97f, 'korean'],
  [0xa9e0, 0xa9ff, 'myanmar'],
  [0xaa60, 0xaa7f, 'myanmar'],
  [0xab00, 0xab2f, 'ethiopic'],
  [0xab70, 0xabbf, 'cherokee'],
  [0xac00, 0xd7ff, 'korean'],
  [0xf900, 0xfaff, 'cjk'],
  [0xfb13, 0xfb17, 'armenian'],
  [0xfb1d, 0xfb4f, 'hebrew'],
  [0xfb50, 0xfdff, 'arabic'],
  [0xfe30, 0xfe4f, 'cjk'],
  [0xfe70, 0xfeff, 'arabic'],
  [0xff00, 0xffef, 'cjk'],
  [0x111e0, 0x111ff, 'sinhala'],
  [0x11660, 0x1167f, 'mongolian'],
  [0x11ab0, 0x11abf, 'canadian'],
  [0x1e7e0, 0x1e7ff, 'ethiopic'],
  // Mahjong and playing cards to symbols and pictographs extended-A: emoji, flags, skin tones.
  [0x1f000, 0x1faff, 'symbol'],
  [0x20000, 0x3ffff, 'cjk'],
  // Tags, which spell a subdivision's flag (England's, Scotland's) after a black flag.
  [0xe0020, 0xe007f, 'symbol'],
];

/**
 * Characters that take the script of the text around them, like spaces: the zero-width joiner and
 * non-joiner (which ask a font for a letter's joined or half form, or join emoji into one, so they
 * must stay in its run), the variation selectors (text or emoji style) and the dandas (the full
 * stops of the scripts of India, which every Indic font holds).
 */
const JOINERS = new Set([0x200c, 0x200d, 0xfe0e, 0xfe0f, 0x0964, 0x0965]);

/** The fonts a symbol is looked for in, in order. */
const SYMBOL_FONTS: Script[] = ['emoji', 'symbols', 'symbols2'];

/**
 * Hiragana and katakana letters (not the middle dot and the prolonged sound mark, which Chinese
 * text uses too): a text holding one is Japanese.
 */
const KANA = /[\u3041-\u3096\u309d-\u309f\u30a1-\u30fa\u30fd-\u30ff\u31f0-\u31ff\uff66-\uff6f\uff71-\uff9d]/u;

/** Whether a text is Japanese: it holds kana. Its Chinese characters are then drawn in Japanese forms. */
export function isJapanese(text: string): boolean {
  return KANA.test(text);
}

/**
 * The script of one character, or null for spaces and joiners, which join the run around them. In a
 * Japanese text (`japanese`, see {@link isJapanese}) a character of the Chinese font that Noto Sans JP
 * holds (kanji, kana, Japanese punctuation, full-width forms) is drawn in Noto Sans JP's slice that
 * holds it instead of Noto Sans SC.
 */
export function scriptOf(char: string, japanese = false): Script | null {
  const code = char.codePointAt(0) ?? 0;
  if (/\s/.test(char) || JOINERS.has(code)) return null;
  for (const [first, last, script] of BLOCKS) {
    if (code < first) break;
    if (code > last) continue;
    if (script === 'symbol') return SYMBOL_FONTS.find((font) => covers(font, code)) ?? 'latin';
    const slice = japanese && script === 'cjk' ? japaneseSlice(code) : undefined;
    return slice === undefined ? script : `japanese-${slice}`;
  }
  return 'latin';
}

export interface Run {
  script: Script;
  text: string;
}

/**
 * Splits a text into runs of one script. Spaces stay in the run they follow, except that a space
 * after a right-to-left script joins it only when the same script follows (so a run of right-to-left
 * words is laid out right to left as one, and digits or Latin after it are not), and that spaces are
 * never drawn in Noto Emoji (its space is an emoji wide; it has no no-break space) or the symbol fonts
 * but in Noto Sans. Joiners go where spaces would. Tabs and carriage returns become spaces. `japanese`
 * (whether the whole field is Japanese, by default whether `value` is) is passed to `scriptOf`.
 */
export function scriptRuns(value: string, japanese = isJapanese(value)): Run[] {
  const chars = Array.from(value.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, ' '));
  const runs: Run[] = [];
  let pendingSpace = '';
  const push = (script: Script, text: string) => {
    const last = runs[runs.length - 1];
    if (last && last.script === script) last.text += text;
    else runs.push({ script, text });
  };
  const pushSpaces = (script: Script, text: string) => {
    for (const char of text) push(/\s/.test(char) ? spaceScript(script) : script, char);
  };
  let previous: Script | null = null;
  for (const char of chars) {
    const script: Script | null = markScript(char, previous) ?? scriptOf(char, japanese);
    previous = script ?? previous;
    if (script === null) {
      pendingSpace += char;
      continue;
    }
    if (pendingSpace) {
      const last = runs[runs.length - 1];
      const into = !last
        ? script
        : isRightToLeft(last.script) && script !== last.script
          ? script
          : last.script;
      pushSpaces(into, pendingSpace);
      pendingSpace = '';
    }
    push(script, char);
  }
  if (pendingSpace) pushSpaces(runs[runs.length - 1]?.script ?? 'latin', pendingSpace);
  return runs;
}

/** The combining marks shared by scripts (Unicode's Inherited script: U+0300–036F and the like). */
const SHARED_MARK = /^[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]$/;

/**
 * The script of a shared combining mark written after a letter of `previous`: that script when its
 * font holds the mark (Syriac, Tifinagh, Cherokee and Canadian syllabics write some of U+0300–036F
 * over their letters), so the mark is placed on its letter; else null (the mark goes by its block, to
 * Noto Sans).
 */
export function markScript(char: string, previous: Script | null): Script | null {
  if (!previous || previous === 'latin' || !SHARED_MARK.test(char)) return null;
  return covers(previous, char.codePointAt(0) ?? 0) ? previous : null;
}

/** Myanmar's combining signs (and the joiners), which belong to the letter before them. */
const MYANMAR_SIGN =
  /[\u102B-\u103E\u1056-\u1059\u105E-\u1060\u1062-\u1064\u1067-\u106D\u1071-\u1074\u1082-\u108D\u108F\u109A-\u109D\uA9E5\uAA7B-\uAA7D\u200C\u200D]/;

/** The kinzi: a Nga with asat and virama, stacked above the consonant after it. */
const KINZI = '\u1004\u103a\u1039';

/**
 * A Myanmar text in the order its glyphs are drawn, as HarfBuzz's Myanmar shaper reorders it (fontkit
 * has no Myanmar shaper). Two signs are written after their consonant but drawn before it: the vowel
 * sign E (U+1031) and the medial Ra (U+103C, drawn around it); each is moved before its syllable's
 * first consonant (E first). The kinzi, written before its consonant, is moved after it. A consonant
 * after the virama (U+1039) is stacked below, not the start of a syllable. Given the text in this
 * order and {@link MYANMAR_FEATURES}, fontkit draws the glyphs HarfBuzz draws for the names in the
 * tests.
 */
export function myanmarVisualOrder(text: string): string {
  const chars = Array.from(text);
  const out: string[] = [];
  let base = -1;
  for (let index = 0; index < chars.length; index++) {
    const char = chars[index]!;
    const myanmar = scriptOf(char) === 'myanmar';
    if (myanmar && MYANMAR_SIGN.test(char)) {
      if ((char === '\u1031' || char === '\u103c') && base >= 0) {
        let at = base;
        if (char === '\u103c') while (out[at] === '\u1031') at++;
        out.splice(at, 0, char);
        continue;
      }
    } else if (myanmar && out[out.length - 1] !== '\u1039') {
      base = out.length;
      const next = chars[index + 3];
      if (chars.slice(index, index + 3).join('') === KINZI && next && scriptOf(next) === 'myanmar') {
        out.push(next, ...KINZI);
        index += 3;
        continue;
      }
    } else if (!myanmar && !MYANMAR_SIGN.test(char)) {
      base = -1;
    }
    out.push(char);
  }
  return out.join('');
}

/**
 * The features HarfBuzz's Myanmar shaper applies beyond the defaults fontkit applies to any script:
 * the forms of the reordered medial Ra, of stacked consonants and of the medials below and after.
 */
export const MYANMAR_FEATURES: PDFKit.Mixins.OpenTypeFeatures[] = [
  'rphf',
  'pref',
  'blwf',
  'pstf',
  'pres',
  'abvs',
  'blws',
  'psts',
];
