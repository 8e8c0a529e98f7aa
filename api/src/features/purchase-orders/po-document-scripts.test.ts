import { describe, expect, it } from 'vitest';
import { pdfFonts, pdfRuns } from '../../../test/pdf-inspect.js';
import { purchaseOrderView } from '../../../test/po-view.js';
import { renderPurchaseOrderPdf } from './po-document.js';
import type { PurchaseOrderView } from './purchase-orders.presenter.js';

/** A line in each script added in the fourth pass, each in its font; joining scripts also letter by letter. */
const NAMES: [font: string, text: string][] = [
  ['NotoSerifTibetan-Regular', 'བོད་ལྗོངས། སྒྲོལ་མ རྒྱ་མཚོ'],
  ['NotoSansSyriac-Regular', 'ܫܠܡܐ ܫ ܠ ܡ 12'],
  ['NotoSansThaana-Regular', 'މާލެ 20'],
  ['NotoSansMongolian-Regular', 'ᠮᠣᠩᠭᠣᠯ ᠮ ᠣ ᠯ'],
  ['NotoSansNKo-Regular', 'ߒߞߏ ߒ ߞ ߏ'],
  ['NotoSansTifinagh-Regular', 'ⵜⴰⵎⴰⵣⵉⵖⵜ'],
  ['NotoSansCherokee-Regular', 'ᏣᎳᎩ'],
  ['NotoSansCanadianAboriginal-Regular', 'ᐃᓄᒃᑎᑐᑦ'],
];

async function render(change: (order: PurchaseOrderView) => void, buyerName = 'Northwind Traders') {
  const world = purchaseOrderView(NAMES.length);
  world.po_line_items.forEach((line, index) => {
    line.description = NAMES[index]![1];
  });
  change(world);
  const pdf = await renderPurchaseOrderPdf({
    order: world,
    buyer: { name: buyerName, address: null, phone: null },
    sentAt: new Date('2026-11-21T10:00:00Z'),
  });
  return { pdf, runs: pdfRuns(pdf) };
}

describe('renderPurchaseOrderPdf in the remaining living scripts, Japanese and symbols', () => {
  it('draws Tibetan, Syriac, Thaana, Mongolian, N’Ko, Tifinagh, Cherokee and Canadian syllabics, each in its font, every character in a real glyph', async () => {
    const { pdf, runs } = await render(() => {}, 'ܫܠܡܐ');
    expect(pdfFonts(pdf)).toEqual(
      ['NotoSans-Bold', 'NotoSans-Regular', 'NotoSansSyriac-Bold', ...NAMES.map(([font]) => font)].sort(),
    );
    expect(runs.filter((run) => run.notdef)).toEqual([]);
    const glyphs = (font: string) => runs.filter((run) => run.font === font).flatMap((run) => run.glyphs);
    for (const [font, text] of NAMES) {
      const drawn = glyphs(font).join('');
      for (const char of text.replace(/[\s\d]/g, '')) expect(drawn, font).toContain(char);
    }
    // Tibetan stacks are one glyph each (uni0F630F97, uni0F660F920FB2 and uni0F620F920FB1, as HarfBuzz
    // forms them: see pdf-shaping.test.ts), the vowel sign o a glyph of its own above.
    expect(glyphs('NotoSerifTibetan-Regular')).toEqual([
      ...['བ', 'ོ', 'ད', '་', 'ལྗ', 'ོ', 'ང', 'ས', '།', ' '],
      ...['སྒྲ', 'ོ', 'ལ', '་', 'མ', ' ', 'རྒྱ', '་', 'མ', 'ཚ', 'ོ'],
    ]);
    // Mongolian joins (left to right, drawn horizontally), nga and ga as one ligature.
    expect(glyphs('NotoSansMongolian-Regular').slice(0, 5)).toEqual(['ᠮ', 'ᠣ', 'ᠩᠭ', 'ᠣ', 'ᠯ']);
  });

  it('joins Syriac, N’Ko and Mongolian letters: a letter inside a word is drawn in another glyph than alone', async () => {
    const { runs } = await render(() => {});
    for (const [font, letters] of [
      ['NotoSansSyriac-Regular', ['ܫ', 'ܠ', 'ܡ']],
      ['NotoSansNKo-Regular', ['ߒ', 'ߞ', 'ߏ']],
      ['NotoSansMongolian-Regular', ['ᠮ', 'ᠣ', 'ᠯ']],
    ] as const) {
      const run = runs.find((candidate) => candidate.font === font)!;
      // The word first, then each letter alone, last (pdf-inspect reads right-to-left runs in reading order).
      for (const letter of letters) {
        const codes = run.glyphs.flatMap((glyph, index) => (glyph === letter ? [run.codes[index]] : []));
        expect(codes.length, `${font} ${letter}`).toBeGreaterThanOrEqual(2);
        expect(codes[0], `${font} ${letter}`).not.toBe(codes[codes.length - 1]);
      }
    }
  });

  it('draws Syriac, Thaana and N’Ko right to left: the number on the left, the line aligned right', async () => {
    const { runs } = await render(() => {});
    for (const font of ['NotoSansSyriac-Regular', 'NotoSansThaana-Regular']) {
      const at = runs.findIndex((run) => run.font === font);
      expect(runs[at - 1], font).toMatchObject({ font: 'NotoSans-Regular' });
      expect(runs[at - 1]!.text.trim(), font).toMatch(/^\d+$/);
      expect(runs[at - 1]!.x, font).toBeLessThan(runs[at]!.x);
    }
    const syriac = runs.find((run) => run.font === 'NotoSansSyriac-Regular')!;
    expect(syriac.text).toBe('ܫܠܡܐ ܫ ܠ ܡ ');
    const nko = runs.find((run) => run.font === 'NotoSansNKo-Regular')!;
    expect(nko.text).toBe('ߒߞߏ ߒ ߞ ߏ');
    // Right-aligned in the description column (x 72, 193 wide).
    expect(nko.x + nko.width).toBeCloseTo(72 + 193, 0);
  });

  it('draws a Japanese vendor’s kanji in Noto Sans JP, even in fields without kana, and Chinese in Noto Sans SC', async () => {
    const { pdf, runs } = await render((world) => {
      world.vendor = {
        ...(world.vendor as NonNullable<PurchaseOrderView['vendor']>),
        name: '山田商事株式会社',
        address: '東京都港区芝公園4-2-8',
        country: 'Japan',
      };
      world.po_line_items[0]!.description = 'ヤマダ 直骨';
      world.po_line_items[1]!.description = '北京 直骨';
    });
    expect(pdfFonts(pdf)).toContain('NotoSansJP-Regular');
    const text = (font: string) =>
      runs
        .filter((run) => run.font === font)
        .map((run) => run.text)
        .join('');
    // Noto Sans JP comes in slices (one embedded font per slice used), read back in order.
    expect(text('NotoSansJP-Regular')).toBe('山田商事株式会社東京都港区芝公園ヤマダ 直骨');
    expect(text('NotoSansSC-Regular')).toBe('北京 直骨');
    expect(runs.filter((run) => run.notdef)).toEqual([]);
  });

  it('gives a line mixing Noto Sans JP’s slices and Noto Sans the height of one line, as it is drawn', async () => {
    const { runs } = await render((world) => {
      world.po_line_items[0]!.description = 'ヤマダ 直骨 海 写 歩 東京都港区芝公園4-2-8';
      world.po_line_items[1]!.description = 'Item 2';
      world.po_line_items[2]!.description = 'Item 3';
    });
    const row = (index: string) => runs.find((run) => run.x === 50 && run.text === index)!.y;
    const japanese = runs.filter((run) => run.font === 'NotoSansJP-Regular');
    expect(new Set(japanese.map((run) => run.y.toFixed(1))).size).toBe(1);
    // Measured in each slice alone (the characters of the others at the empty box's width), the
    // line wrapped to two and the row took two lines' height.
    expect(row('2') - row('1')).toBeLessThan((row('3') - row('2')) * 1.3);
  });

  it('draws arrows, check marks, stars and geometric shapes in the symbol fonts, emoji in Noto Emoji, with no empty box', async () => {
    const { runs } = await render((world) => {
      world.notes = 'Deliver → dock 3 ✓ ★ ■ ○ ← ☎️ ✔';
    });
    const notes = runs.slice(runs.findIndex((run) => run.text === 'Notes') + 1);
    const drawn = notes.slice(
      0,
      notes.findIndex((run) => run.text === 'Terms'),
    );
    expect(drawn.filter((run) => run.notdef)).toEqual([]);
    expect(drawn.map(({ font, text }) => ({ font, text }))).toEqual([
      { font: 'NotoSans-Regular', text: 'Deliver ' },
      { font: 'NotoSansSymbols-Regular', text: '→' },
      { font: 'NotoSans-Regular', text: ' dock 3 ' },
      { font: 'NotoSansSymbols2-Regular', text: '✓' },
      { font: 'NotoSans-Regular', text: ' ' },
      { font: 'NotoSansSymbols2-Regular', text: '★' },
      { font: 'NotoSans-Regular', text: ' ' },
      { font: 'NotoSansSymbols2-Regular', text: '■' },
      { font: 'NotoSans-Regular', text: ' ' },
      { font: 'NotoSansSymbols2-Regular', text: '○' },
      { font: 'NotoSans-Regular', text: ' ' },
      { font: 'NotoSansSymbols-Regular', text: '←' },
      { font: 'NotoSans-Regular', text: ' ' },
      { font: 'NotoEmoji-Regular', text: '☎️' },
      { font: 'NotoSans-Regular', text: ' ' },
      { font: 'NotoEmoji-Regular', text: '✔' },
    ]);
  });
});
