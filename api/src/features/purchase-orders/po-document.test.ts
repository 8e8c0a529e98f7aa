import { describe, expect, it } from 'vitest';
import { type PdfRun, pdfFonts, pdfRuns, textInFont } from '../../../test/pdf-inspect.js';
import { purchaseOrderView } from '../../../test/po-view.js';
import { forgetFontFiles, loadedFontFiles } from '../../lib/pdf-font-files.js';
import { formatDay, formatMoney, pdfText, renderPurchaseOrderPdf } from './po-document.js';
import type { PurchaseOrderView } from './purchase-orders.presenter.js';

describe('pdfText', () => {
  it.each([
    ['Acme Office Supplies', 'Acme Office Supplies'],
    ['Gdańsk Łódź', 'Gdańsk Łódź'],
    ['東京 Trading', '東京 Trading'],
    ['Tab\there\r\nnext line\u0007', 'Tab here\nnext line'],
  ])('keeps %j in its script as %j', (input, output) => {
    expect(pdfText(input)).toBe(output);
  });
});

describe('formatMoney and formatDay', () => {
  it.each([
    [1234.5, 'AUD', '$1,234.50'],
    [0, 'USD', 'USD 0.00'],
    [1000, 'JPY', 'JPY 1,000'],
  ])('formats %d %s as %s', (amount, currency, text) => {
    expect(formatMoney(amount, currency).replace(/\u00a0/g, ' ')).toBe(text);
  });

  it.each([
    ['2026-11-14', '14 Nov 2026'],
    ['2026-01-01T23:30:00.000Z', '1 Jan 2026'],
    [null, '—'],
  ])('reads %s as %s, never shifted by a time zone', (value, text) => {
    expect(formatDay(value)).toBe(text);
  });
});

const order = purchaseOrderView;

const pageCount = (pdf: Buffer) => pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0;

describe('renderPurchaseOrderPdf', () => {
  const render = (lines: number) =>
    renderPurchaseOrderPdf({
      order: order(lines),
      buyer: { name: 'Northwind Traders', address: null, phone: null },
      sentAt: new Date('2026-11-21T10:00:00Z'),
    });

  it('renders a short order as a one-page PDF', async () => {
    const pdf = await render(1);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toContain('%%EOF');
    expect(pageCount(pdf)).toBe(1);
  });

  it('continues a long order on further pages', async () => {
    expect(pageCount(await render(80))).toBeGreaterThanOrEqual(3);
  });

  it('carries the organisation, the vendor, the lines, the totals and the terms', async () => {
    const withTax = order(2);
    Object.assign(withTax, { subtotal_amount: 200, tax_amount: 20, total_amount: 220 });
    const pdf = await renderPurchaseOrderPdf({
      order: withTax,
      buyer: {
        name: 'Northwind Traders',
        address: '1 George St\nSydney',
        phone: '02 9999 0000',
        website: 'northwind.example',
      },
      sentAt: new Date('2026-11-21T10:00:00Z'),
    });
    const texts = pdfRuns(pdf).map((run) => run.text);
    for (const expected of [
      'Northwind Traders',
      '1 George St',
      'Sydney',
      '02 9999 0000',
      'northwind.example',
      'Acme',
      'orders@acme.example',
      'Item 1',
      'Item 2',
      'Subtotal',
      '$200.00',
      '$20.00',
      '$220.00',
      'Terms',
      'Cash on Delivery',
      'Call ahead.',
    ]) {
      expect(
        texts.some((text) => text.includes(expected)),
        expected,
      ).toBe(true);
    }
    // A Latin-only order embeds Noto Sans alone.
    expect(pdfFonts(pdf)).toEqual(['NotoSans-Bold', 'NotoSans-Regular']);
  });

  it('reads only Noto Sans (regular and bold) for a Latin-only order, none of the other scripts’ fonts', async () => {
    forgetFontFiles();
    await renderPurchaseOrderPdf({
      order: order(2),
      buyer: { name: 'Northwind Traders', address: 'Main St 1', phone: null },
      sentAt: new Date('2026-11-21T10:00:00Z'),
    });
    expect(loadedFontFiles().sort()).toEqual([
      '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
      '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
    ]);
  });

  it('draws names and addresses in Cyrillic, Greek, Chinese and Arabic, each in its font', async () => {
    const world = order(1);
    world.vendor = {
      ...(world.vendor as NonNullable<PurchaseOrderView['vendor']>),
      name: 'Ромашка ООО',
      address: 'Οδός Ερμού 12',
      city: '上海市',
      country: 'مصر',
    };
    world.shipping_address = 'شارع الملك فهد 12';
    world.billing_address = 'Бухгалтерия, 北京 Office';
    const pdf = await renderPurchaseOrderPdf({
      order: world,
      buyer: { name: '东京贸易有限公司', address: 'Москва', phone: null },
      sentAt: new Date('2026-11-21T10:00:00Z'),
    });
    expect(pdfFonts(pdf)).toEqual([
      'NotoSans-Bold',
      'NotoSans-Regular',
      'NotoSansArabic-Regular',
      'NotoSansSC-Bold',
      'NotoSansSC-Regular',
    ]);
    const latin = textInFont(pdf, 'NotoSans-Regular');
    for (const text of ['Ромашка ООО', 'Οδός Ερμού 12', 'Бухгалтерия', 'Москва', '12']) {
      expect(latin).toContain(text);
    }
    expect(textInFont(pdf, 'NotoSansSC-Bold')).toBe('东京贸易有限公司');
    expect(textInFont(pdf, 'NotoSansSC-Regular').split('\n')).toEqual(['上海市', '北京 ']);
    // Read back in logical order: the Arabic glyphs are laid out right to left (the space before
    // the number, on their left, with them).
    expect(textInFont(pdf, 'NotoSansArabic-Regular').split('\n')).toEqual(['مصر', 'شارع الملك فهد ']);
  });

  it('draws Hebrew, Devanagari, Thai and Korean names and addresses, every character in a real glyph', async () => {
    const world = order(1);
    world.vendor = {
      ...(world.vendor as NonNullable<PurchaseOrderView['vendor']>),
      name: 'שלום סחר בע״מ',
      address: 'רחוב הרצל 12',
      city: 'श्री क्षेत्र नई दिल्ली',
      state_province: 'กรุงเทพมหานคร',
      postal_code: '04524',
      country: '대한민국',
    };
    world.shipping_address = 'Warehouse 3, רחוב דיזנגוף 50, Tel Aviv';
    world.billing_address = 'ถนนสุขุมวิท 21\n서울특별시 강남구 테헤란로 152';
    const pdf = await renderPurchaseOrderPdf({
      order: world,
      buyer: { name: 'בית המסחר הצפוני', address: null, phone: null },
      sentAt: new Date('2026-11-21T10:00:00Z'),
    });
    expect(pdfFonts(pdf)).toEqual([
      'NotoSans-Bold',
      'NotoSans-Regular',
      'NotoSansHebrew-Bold',
      'NotoSansHebrew-Regular',
      'NotoSansKR-Regular',
      'NotoSansThai-Regular',
    ]);
    const runs = pdfRuns(pdf);
    // No character falls back to a font's empty box (glyph 0).
    expect(runs.filter((run) => run.notdef)).toEqual([]);
    // Hebrew reads back in logical order (laid out right to left), with the number on its left.
    expect(textInFont(pdf, 'NotoSansHebrew-Bold')).toBe('בית המסחר הצפוני');
    expect(textInFont(pdf, 'NotoSansHebrew-Regular').split('\n')).toEqual([
      'שלום סחר בע״מ',
      'רחוב הרצל ',
      'רחוב דיזנגוף ',
    ]);
    const street = runs.findIndex((run) => run.text === 'רחוב הרצל ');
    expect(runs[street - 1]).toMatchObject({ font: 'NotoSans-Regular', text: '12' });
    expect(runs[street - 1]!.x).toBeLessThan(runs[street]!.x);
    // Devanagari is in Noto Sans, which shapes it (conjuncts such as श्र and क्ष are one glyph each).
    expect(textInFont(pdf, 'NotoSans-Regular')).toContain('श्री क्षेत्र नई');
    expect(textInFont(pdf, 'NotoSansThai-Regular').replace(/\s/g, '')).toContain('ถนนสุขุมวิท');
    expect(textInFont(pdf, 'NotoSansKR-Regular').split('\n')).toEqual([
      '대한민국',
      '서울특별시 강남구 테헤란로 ',
    ]);
    // A line mixing fonts stands on one baseline, Noto Sans' (Noto Sans KR's ascender is taller).
    const korean = runs.findIndex((run) => run.text === '서울특별시 강남구 테헤란로 ');
    expect(runs[korean + 1]).toMatchObject({ font: 'NotoSans-Regular', text: '152' });
    expect(runs[korean]!.y).toBeCloseTo(runs[korean + 1]!.y, 1);
  });

  it('draws names in the scripts of India, Sri Lanka, Southeast Asia, the Caucasus and Ethiopia, and emoji, each in its font, shaped', async () => {
    const names: [string, string][] = [
      ['Bengali', 'লক্ষ্মী বিশ্ববিদ্যালয়'],
      ['Gurmukhi', 'ਅੰਮ੍ਰਿਤਸਰ'],
      ['Gujarati', 'શ્રી કૃષ્ણ ટ્રેડર્સ'],
      ['Oriya', 'ଭୁବନେଶ୍ୱର'],
      ['Tamil', 'சென்னை'],
      ['Telugu', 'హైదరాబాద్'],
      ['Kannada', 'ಬೆಂಗಳೂರು'],
      ['Malayalam', 'കൊച്ചി'],
      ['Sinhala', 'ශ්\u200dරී ලංකා'],
      ['Khmer', 'ភ្នំពេញ'],
      ['Lao', 'ວຽງຈັນ'],
      ['Myanmar', 'မန္တလေး'],
      ['Armenian', 'Երևան'],
      ['Georgian', 'თბილისი'],
      ['Ethiopic', 'አዲስ አበባ'],
    ];
    const world = order(names.length);
    world.notes = 'Call ahead ☎️ 🇦🇺 👨\u200d👩\u200d👧 👍🏽';
    world.po_line_items.forEach((line, index) => {
      line.description = `${names[index]![1]} 7`;
    });
    const pdf = await renderPurchaseOrderPdf({
      order: world,
      buyer: { name: 'চট্টগ্রাম বন্দর', address: 'ਸਿੰਘ ਟ੍ਰੇਡਰਜ਼', phone: null },
      sentAt: new Date('2026-11-21T10:00:00Z'),
    });
    const fonts = names.map(([script]) => `NotoSans${script}-Regular`);
    expect(pdfFonts(pdf)).toEqual(
      ['NotoEmoji-Regular', 'NotoSans-Bold', 'NotoSans-Regular', 'NotoSansBengali-Bold', ...fonts].sort(),
    );
    const runs = pdfRuns(pdf);
    expect(runs.filter((run) => run.notdef)).toEqual([]);
    const glyphs = (font: string) => runs.filter((run) => run.font === font).flatMap((run) => run.glyphs);
    // Each name in its own font, every character of it drawn (in the glyphs' order); shaped: conjuncts are one
    // glyph (ক্ষ্ম, ஸ்ரீ), vowel signs written after their consonant drawn before it (ি, ெ, ေ).
    for (const [index, font] of fonts.entries()) {
      const drawn = glyphs(font).join('').normalize('NFD');
      for (const char of names[index]![1].normalize('NFD').replace(/\s/g, '')) {
        expect(drawn, font).toContain(char);
      }
    }
    expect(glyphs('NotoSansBengali-Regular').slice(0, 5)).toEqual(['ল', 'ক্ষ্ম', 'ী', ' ', 'ি']);
    expect(glyphs('NotoSansBengali-Bold').join('')).toBe('চট্টগ্রাম বন্দর');
    expect(glyphs('NotoSansTamil-Regular')).toEqual(['ெ', 'ச', 'ன்', 'ை', 'ன', ' ']);
    expect(glyphs('NotoSansMyanmar-Regular')).toEqual(['မ', 'န', '္တ', 'ေ', 'လ', 'း', ' ']);
    // The buyer's address, then the line (ਟ੍ਰੇ: the subscript Ra a glyph of its own, as in ਮ੍ਰਿ).
    expect(glyphs('NotoSansGurmukhi-Regular')).toEqual([
      ...['ਿ', 'ਸ', 'ੰ', 'ਘ', ' ', 'ਟ', '੍ਰ', 'ੇ', 'ਡ', 'ਰ', 'ਜ਼'],
      ...['ਅ', 'ੰ', 'ਿ', 'ਮ', '੍ਰ', 'ਤ', 'ਸ', 'ਰ', ' '],
    ]);
    // Emoji in Noto Emoji (monochrome): a flag and a family one glyph each, a skin tone left out.
    expect(glyphs('NotoEmoji-Regular')).toEqual(['☎️', '🇦🇺', '👨\u200d👩\u200d👧', '👍']);
    const tamil = runs.findIndex((run) => run.font === 'NotoSansTamil-Regular');
    expect(runs[tamil + 1]).toMatchObject({ font: 'NotoSans-Regular', text: '7' });
  });

  it('draws a character no bundled font holds (a historic script) as its font’s empty box, the rest as usual', async () => {
    const world = order(1);
    world.vendor = {
      ...(world.vendor as NonNullable<PurchaseOrderView['vendor']>),
      name: 'Snow ☃ Tibet 𐌀𐌁𐌂',
    };
    const pdf = await renderPurchaseOrderPdf({
      order: world,
      buyer: { name: 'Northwind Traders', address: null, phone: null },
      sentAt: new Date('2026-11-21T10:00:00Z'),
    });
    const vendor = pdfRuns(pdf).find((run) => run.text.includes('Tibet'));
    expect(vendor).toMatchObject({ font: 'NotoSans-Regular', notdef: 3 });
    expect(pdfRuns(pdf).find((run) => run.text.startsWith('☃'))).toMatchObject({ font: 'NotoEmoji-Regular' });
    expect(pdfRuns(pdf).some((run) => run.text === 'Cash on Delivery')).toBe(true);
  });

  it('draws the number of a right-to-left address on its left: the number first, then the Arabic words', async () => {
    const world = order(1);
    world.shipping_address = 'شارع الملك فهد 12';
    const pdf = await renderPurchaseOrderPdf({
      order: world,
      buyer: { name: 'Northwind Traders', address: null, phone: null },
      sentAt: new Date('2026-11-21T10:00:00Z'),
    });
    const runs = pdfRuns(pdf);
    const title = runs.findIndex((run) => run.text === 'SHIP TO');
    // Drawn left to right: the number, then the Arabic run (which fontkit lays out right to left).
    expect(runs.slice(title + 1, title + 3).map(({ font, text }) => ({ font, text }))).toEqual([
      { font: 'NotoSans-Regular', text: '12' },
      { font: 'NotoSansArabic-Regular', text: 'شارع الملك فهد ' },
    ]);
  });

  it('embeds only the glyphs used: one Chinese name adds a few kilobytes, not the 10 MB font', async () => {
    const latin = await render(1);
    const chinese = order(1);
    chinese.vendor = {
      ...(chinese.vendor as NonNullable<PurchaseOrderView['vendor']>),
      name: '东京贸易有限公司',
    };
    const pdf = await renderPurchaseOrderPdf({
      order: chinese,
      buyer: { name: 'Northwind Traders', address: null, phone: null },
      sentAt: new Date('2026-11-21T10:00:00Z'),
    });
    expect(textInFont(pdf, 'NotoSansSC-Regular')).toBe('东京贸易有限公司');
    expect(pdf.length).toBeLessThan(40_000);
    expect(pdf.length - latin.length).toBeLessThan(15_000);
  });
});

describe('renderPurchaseOrderPdf with a word wider than its box', () => {
  const BLOCK = { left: 50, step: 168, width: 158 };
  const email = 'purchasing-department-orders@very-long-vendor-domain-name.example.com';
  const arabic = 'المستشفياتالجامعيةوالمراكزالطبيةالتخصصية';
  const url = 'https://portal.example.com/receiving/warehouse-number-0042/dock';

  it('breaks it across lines inside the vendor, ship-to and bill-to boxes, left to right and right to left', async () => {
    const world = order(1);
    world.vendor = {
      ...(world.vendor as NonNullable<PurchaseOrderView['vendor']>),
      email,
      address: `شارع ${arabic}`,
    };
    world.shipping_address = `${arabic} 12`;
    world.billing_address = url;
    const pdf = await renderPurchaseOrderPdf({
      order: world,
      buyer: { name: 'Northwind Traders', address: null, phone: null },
      sentAt: new Date('2026-11-21T10:00:00Z'),
    });
    const runs = pdfRuns(pdf);
    const blocks = runs.slice(
      runs.findIndex((run) => run.text === 'VENDOR'),
      runs.findIndex((run) => run.text === '#'),
    );
    const column = (index: number) =>
      blocks.filter((run) => Math.floor((run.x - BLOCK.left + 1) / BLOCK.step) === index);
    for (const run of blocks) {
      const left = BLOCK.left + Math.floor((run.x - BLOCK.left + 1) / BLOCK.step) * BLOCK.step;
      expect(run.x, run.text).toBeGreaterThanOrEqual(left - 0.01);
      expect(run.x + run.width, run.text).toBeLessThanOrEqual(left + BLOCK.width + 0.01);
    }
    const text = (runs: PdfRun[], font: string) =>
      runs
        .filter((run) => run.font === font)
        .map((run) => run.text)
        .join('')
        .replace(/\s/g, '');
    const lines = (runs: PdfRun[]) => new Set(runs.map((run) => run.y.toFixed(1))).size;
    // Nothing lost or repeated: the pieces read back as the word, over several lines (the Arabic
    // glyph for glyph: a letter's forms can share a glyph, which reads back as one of the letters).
    expect(text(column(0), 'NotoSans-Regular')).toContain(email);
    expect(text(column(0), 'NotoSansArabic-Regular')).toHaveLength(`شارع${arabic}`.length);
    expect(text(column(1), 'NotoSansArabic-Regular')).toHaveLength(arabic.length);
    expect(text(column(1), 'NotoSans-Regular')).toBe('12');
    expect(lines(column(1))).toBeGreaterThanOrEqual(3);
    expect(text(column(2), 'NotoSans-Regular')).toBe(url);
    expect(lines(column(2))).toBeGreaterThanOrEqual(3);
    // A right-to-left line is aligned right: its pieces end at the box's right edge.
    for (const run of column(1).filter((run) => run.font === 'NotoSansArabic-Regular')) {
      expect(run.x + run.width).toBeCloseTo(BLOCK.left + BLOCK.step + BLOCK.width, 1);
    }
  });
});
