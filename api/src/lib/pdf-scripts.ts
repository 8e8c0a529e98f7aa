import { covers, japaneseSlice } from './pdf-font-files.js';
import { SCRIPT_FONTS, type Script, type ScriptFont, scriptFont } from './pdf-script-table.js';

/**
 * The scripts of a text, for the PDFs' fonts (see pdf-fonts.ts): which font draws each character, and
 * a text split into runs of one script. The scripts and their blocks: pdf-script-table.ts. `symbols`
 * and `symbols2` are Noto Sans Symbols and Symbols 2; `japanese-<n>` is slice n of Noto Sans JP (see
 * pdf-font-files.ts).
 */
export type { Script } from './pdf-script-table.js';
export type Weight = 'regular' | 'bold';

/**
 * Whether fontkit lays a run in this script out right to left (reversing it): Arabic, Hebrew,
 * Syriac, Thaana, N'Ko, Mende Kikakui, and Adlam and Hanifi Rohingya (shaped as Arabic) (`rtl` in
 * pdf-script-table.ts). Such a run is given to
 * pdfkit in reading order (see pdf-bidi.ts).
 */
export function isRightToLeft(script: Script): boolean {
  return scriptFont(script)?.rtl === true;
}

/** The fonts a space is never drawn in (Noto Emoji's space is an emoji wide): Noto Sans draws it. */
const SPACELESS = new Set<Script>(['emoji', 'symbols', 'symbols2']);

/** The font a space in a run of this script is drawn in: the run's, or Noto Sans for the symbol fonts. */
export function spaceScript(script: Script): Script {
  return SPACELESS.has(script) ? 'latin' : script;
}

/**
 * The symbol blocks ('symbol': arrows, technical, geometric shapes, miscellaneous symbols, dingbats,
 * pictographs…): each character goes to the first font that holds it: Noto Emoji, Noto Sans Symbols,
 * Noto Sans Symbols 2, else Noto Sans (its empty box). Noto Sans has none of their characters but the
 * dotted circle, which Indic fonts use to show a lone sign, kept in it.
 */
const SYMBOL_BLOCKS: [number, number][] = [
  // The combining keycap (#️⃣ draws as # and a keycap, not as one glyph).
  [0x20e3, 0x20e3],
  [0x2190, 0x21ff],
  [0x2300, 0x23ff],
  [0x25a0, 0x25cb],
  [0x25cd, 0x25ff],
  [0x2600, 0x27bf],
  [0x2900, 0x297f],
  [0x2b00, 0x2bff],
  // Mahjong and playing cards to symbols and pictographs extended-A: emoji, flags, skin tones.
  [0x1f000, 0x1faff],
  // Tags, which spell a subdivision's flag (England's, Scotland's) after a black flag.
  [0xe0020, 0xe007f],
];

/**
 * The Unicode blocks of each script with a font of its own (pdf-script-table.ts) and the symbol
 * blocks, as [first, last, script], in order; any other character is drawn in Noto Sans ('latin',
 * which also holds Greek, Cyrillic and Devanagari).
 */
const BLOCKS: [number, number, Script | 'symbol'][] = [
  ...Object.entries(SCRIPT_FONTS).flatMap(([script, entry]) =>
    ((entry as ScriptFont).blocks ?? []).map(([first, last]): [number, number, Script] => [
      first,
      last,
      script as Script,
    ]),
  ),
  ...SYMBOL_BLOCKS.map(([first, last]): [number, number, 'symbol'] => [first, last, 'symbol']),
].sort((a, b) => a[0] - b[0]);

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
