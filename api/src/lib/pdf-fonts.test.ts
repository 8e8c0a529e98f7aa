import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { fontFile } from './pdf-font-files.js';
import { isJapanese, scriptOf, scriptRuns } from './pdf-fonts.js';
import { SCRIPT_FONTS, type Script, type ScriptFont } from './pdf-script-table.js';
import { myanmarVisualOrder } from './pdf-scripts.js';

const require = createRequire(import.meta.url);

describe('the script table', () => {
  const entries = Object.entries(SCRIPT_FONTS) as [Script, ScriptFont][];

  it('sends the first and last character of each block to its script, no two blocks overlapping', () => {
    const blocks = entries.flatMap(([script, entry]) =>
      (entry.blocks ?? []).map((block) => ({ script, block })),
    );
    for (const { script, block } of blocks) {
      for (const char of [String.fromCodePoint(block[0]), String.fromCodePoint(block[1])]) {
        // U+3000, the ideographic space, is a space: it joins the run around it.
        expect(scriptOf(char), script).toBe(/\s/.test(char) ? null : script);
      }
    }
    const sorted = blocks.map(({ block }) => block).sort((a, b) => a[0] - b[0]);
    for (let index = 1; index < sorted.length; index++) {
      expect(sorted[index]![0]).toBeGreaterThan(sorted[index - 1]![1]);
    }
  });

  it('names an installed file for every script in both weights, bold only where the font has one', () => {
    for (const [script, entry] of entries) {
      for (const weight of ['regular', 'bold'] as const) {
        const file = fontFile(script, weight);
        expect(() => require.resolve(file), file).not.toThrow();
        expect(file.includes('700') || file.includes('Bold'), file).toBe(
          weight === 'bold' && !entry.regularOnly,
        );
      }
    }
  });
});

describe('scriptOf', () => {
  it.each([
    ['A', 'latin'],
    ['é', 'latin'],
    ['Ж', 'latin'],
    ['Ω', 'latin'],
    ['7', 'latin'],
    ['東', 'cjk'],
    ['の', 'cjk'],
    ['，', 'cjk'],
    ['ع', 'arabic'],
    ['ﻻ', 'arabic'],
    ['ש', 'hebrew'],
    ['״', 'hebrew'],
    ['ﬠ', 'hebrew'],
    ['ก', 'thai'],
    ['่', 'thai'],
    ['한', 'korean'],
    ['ㄱ', 'korean'],
    ['क', 'latin'],
    ['्', 'latin'],
    ['Ա', 'armenian'],
    ['և', 'armenian'],
    ['ﬓ', 'armenian'],
    ['ক', 'bengali'],
    ['ৎ', 'bengali'],
    ['አ', 'ethiopic'],
    ['ⶀ', 'ethiopic'],
    ['თ', 'georgian'],
    ['Ა', 'georgian'],
    ['ⴀ', 'georgian'],
    ['ક', 'gujarati'],
    ['ਪ', 'gurmukhi'],
    ['ಕ', 'kannada'],
    ['ក', 'khmer'],
    ['᧠', 'khmer'],
    ['ກ', 'lao'],
    ['ക', 'malayalam'],
    ['က', 'myanmar'],
    ['ꩠ', 'myanmar'],
    ['ଓ', 'oriya'],
    ['ශ', 'sinhala'],
    ['க', 'tamil'],
    ['్', 'telugu'],
    ['ཀ', 'tibetan'],
    ['ྐ', 'tibetan'],
    ['ܐ', 'syriac'],
    ['ࡠ', 'syriac'],
    ['ހ', 'thaana'],
    ['ߊ', 'nko'],
    ['ᠠ', 'mongolian'],
    ['ⴰ', 'tifinagh'],
    ['Ꭰ', 'cherokee'],
    ['ꭰ', 'cherokee'],
    ['ᐁ', 'canadian'],
    ['ᢰ', 'canadian'],
    ['🙂', 'emoji'],
    ['🇦', 'emoji'],
    ['☃', 'emoji'],
    ['⭐', 'emoji'],
    ['✔', 'emoji'],
    // Symbols Noto Emoji lacks, in the first symbol font that holds them.
    ['→', 'symbols'],
    ['←', 'symbols'],
    ['⌘', 'symbols2'],
    ['✓', 'symbols2'],
    ['★', 'symbols2'],
    ['■', 'symbols2'],
    ['○', 'symbols2'],
    ['▶', 'emoji'],
    ['◌', 'latin'],
    // A symbol block's character no font holds stays in Noto Sans (its empty box).
    ['\u2bfe', 'latin'],
    ['𐌀', 'latin'],
    ['\ufe0f', null],
    [' ', null],
    ['\u200d', null],
    ['\u200c', null],
    ['।', null],
  ])('reads %j as %s', (char, script) => {
    expect(scriptOf(char)).toBe(script);
  });
});

describe('scriptRuns', () => {
  it('keeps a text in one script as one run', () => {
    expect(scriptRuns('Ромашка ООО, Οδός Ερμού 12')).toEqual([
      { script: 'latin', text: 'Ромашка ООО, Οδός Ερμού 12' },
    ]);
  });

  it('splits a text at each change of script, spaces staying with the run before them', () => {
    expect(scriptRuns('Бухгалтерия, 北京 Office')).toEqual([
      { script: 'latin', text: 'Бухгалтерия, ' },
      { script: 'cjk', text: '北京 ' },
      { script: 'latin', text: 'Office' },
    ]);
  });

  it('keeps Arabic words together, but not the digits or Latin after them', () => {
    expect(scriptRuns('شارع الملك فهد 12')).toEqual([
      { script: 'arabic', text: 'شارع الملك فهد' },
      { script: 'latin', text: ' 12' },
    ]);
  });

  it('keeps Hebrew words together, but not the digits after them', () => {
    expect(scriptRuns('רחוב הרצל 12')).toEqual([
      { script: 'hebrew', text: 'רחוב הרצל' },
      { script: 'latin', text: ' 12' },
    ]);
  });

  it('gives Thai, Korean and Devanagari (in Noto Sans) their runs, marks staying with their letter', () => {
    expect(scriptRuns('ถนนสุขุมวิท 21, 서울 강남구 / श्री')).toEqual([
      { script: 'thai', text: 'ถนนสุขุมวิท ' },
      { script: 'latin', text: '21, ' },
      { script: 'korean', text: '서울 강남구 ' },
      { script: 'latin', text: '/ श्री' },
    ]);
  });

  it('gives each script of India, Sri Lanka and Southeast Asia its run, signs staying with their letter', () => {
    expect(scriptRuns('ঢাকা বিশ্ববিদ্যালয়, சென்னை 600001, ភ្នំពេញ / ວຽງຈັນ')).toEqual([
      { script: 'bengali', text: 'ঢাকা বিশ্ববিদ্যালয়' },
      { script: 'latin', text: ', ' },
      { script: 'tamil', text: 'சென்னை ' },
      { script: 'latin', text: '600001, ' },
      { script: 'khmer', text: 'ភ្នំពេញ ' },
      { script: 'latin', text: '/ ' },
      { script: 'lao', text: 'ວຽງຈັນ' },
    ]);
  });

  it('gives Armenian, Georgian and Ethiopic their runs', () => {
    expect(scriptRuns('Երևան, თბილისი, አዲስ አበባ')).toEqual([
      { script: 'armenian', text: 'Երևան' },
      { script: 'latin', text: ', ' },
      { script: 'georgian', text: 'თბილისი' },
      { script: 'latin', text: ', ' },
      { script: 'ethiopic', text: 'አዲስ አበባ' },
    ]);
  });

  it('keeps joiners and dandas in the run of the letters around them', () => {
    // Sinhala ශ්‍රී asks for the rakaaraansaya with a zero-width joiner; Persian writes a
    // zero-width non-joiner inside words.
    expect(scriptRuns('ශ්\u200dරී ලංකා')).toEqual([{ script: 'sinhala', text: 'ශ්\u200dරී ලංකා' }]);
    expect(scriptRuns('می\u200cخواهم')).toEqual([{ script: 'arabic', text: 'می\u200cخواهم' }]);
    expect(scriptRuns('ঢাকা। Dhaka')).toEqual([
      { script: 'bengali', text: 'ঢাকা। ' },
      { script: 'latin', text: 'Dhaka' },
    ]);
  });

  it('keeps an emoji sequence or flag in one run, its joiners and selectors with it, spaces out of it', () => {
    expect(scriptRuns('Café ☕️ 👨\u200d👩\u200d👧\u00a0🇦🇺!')).toEqual([
      { script: 'latin', text: 'Café ' },
      { script: 'emoji', text: '☕️' },
      { script: 'latin', text: ' ' },
      { script: 'emoji', text: '👨\u200d👩\u200d👧' },
      { script: 'latin', text: '\u00a0' },
      { script: 'emoji', text: '🇦🇺' },
      { script: 'latin', text: '!' },
    ]);
  });

  it('gives the remaining living scripts their runs, right-to-left words together, spaces of symbols in Noto Sans', () => {
    expect(scriptRuns('ܫܠܡܐ ܡܪܝ 12, ߒߞߏ ߞߊ, ᠮᠣᠩᠭᠣᠯ ᠤᠯᠤᠰ')).toEqual([
      { script: 'syriac', text: 'ܫܠܡܐ ܡܪܝ' },
      { script: 'latin', text: ' 12, ' },
      { script: 'nko', text: 'ߒߞߏ ߞߊ' },
      { script: 'latin', text: ', ' },
      { script: 'mongolian', text: 'ᠮᠣᠩᠭᠣᠯ ᠤᠯᠤᠰ' },
    ]);
    expect(scriptRuns('→ ✓ ☃ A')).toEqual([
      { script: 'symbols', text: '→' },
      { script: 'latin', text: ' ' },
      { script: 'symbols2', text: '✓' },
      { script: 'latin', text: ' ' },
      { script: 'emoji', text: '☃' },
      { script: 'latin', text: ' A' },
    ]);
  });

  it('keeps a shared combining mark on a letter whose font holds it, else gives it to Noto Sans', () => {
    // Tifinagh dot below, Syriac diaeresis (seyame), Cherokee grave: in the letter's font, placed on it.
    expect(scriptRuns('ⵣ\u0323ⵓⵍ ܐ\u0308ܬ Ꭰ\u0300 7')).toEqual([
      { script: 'tifinagh', text: 'ⵣ\u0323ⵓⵍ ' },
      { script: 'syriac', text: 'ܐ\u0308ܬ' },
      { script: 'cherokee', text: ' Ꭰ\u0300 ' },
      { script: 'latin', text: '7' },
    ]);
    // Noto Serif Tibetan has no U+0301: the mark stays in Noto Sans, as before.
    expect(scriptRuns('ཀ\u0301')).toEqual([
      { script: 'tibetan', text: 'ཀ' },
      { script: 'latin', text: '\u0301' },
    ]);
  });

  it('draws a Japanese text’s kanji, kana and punctuation in the Noto Sans JP slice holding each, Chinese in Noto Sans SC', () => {
    expect(isJapanese('東京都港区 ヤマダ')).toBe(true);
    expect(isJapanese('北京市・海淀区')).toBe(false);
    expect(scriptRuns('北京 直骨')).toEqual([{ script: 'cjk', text: '北京 直骨' }]);
    const japanese = scriptRuns('東京 ヤマダ、直骨');
    expect(japanese.map((run) => run.text).join('')).toBe('東京 ヤマダ、直骨');
    expect(japanese.every((run) => /^japanese-\d+$/.test(run.script))).toBe(true);
    // Kana and Japanese punctuation share a slice; a field known to be Japanese needs no kana.
    expect(scriptRuns('ヤマダ、')).toEqual([{ script: 'japanese-119', text: 'ヤマダ、' }]);
    expect(scriptRuns('東', true)).toEqual([{ script: 'japanese-115', text: '東' }]);
    expect(scriptRuns('東', false)).toEqual([{ script: 'cjk', text: '東' }]);
  });

  it('makes tabs and carriage returns spaces and line breaks', () => {
    expect(scriptRuns('a\tb\r\nc')).toEqual([{ script: 'latin', text: 'a b\nc' }]);
    expect(scriptRuns('')).toEqual([]);
  });
});

describe('myanmarVisualOrder', () => {
  it.each([
    ['ရန်ကုန်', 'ရန်ကုန်'],
    // The vowel sign E and the medial Ra go before their consonant, E first.
    ['မြန်မာ', '\u103cမန်မာ'],
    ['နေပြည်တော်', '\u1031န\u103cပည်\u1031တာ်'],
    ['ပြေ', '\u1031\u103cပ'],
    // A stacked consonant (after the virama) does not start a syllable.
    ['မန္တလေး', 'မန္တ\u1031လး'],
    // The kinzi goes after its consonant.
    ['မင်္ဂလာ', 'မဂင်္လာ'],
    // Text around it, and a sign with no consonant before it, stay where they are.
    ['Yangon ရွှေ 5', 'Yangon \u1031ရွှ 5'],
    ['\u1031က', '\u1031က'],
  ])('gives %j as %j', (text, drawn) => {
    expect(myanmarVisualOrder(text)).toBe(drawn);
  });
});
