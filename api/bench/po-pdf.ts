/**
 * Purchase-order PDF benchmark (issue 16 item 8): `renderPurchaseOrderPdf` in a warm process, an
 * order with one line and the vendor's name in each script, one with a line in each Limited Use script
 * (the fifth pass) and one with every script at once.
 * Prints a Markdown row per order: its PDF's bytes, the median of 7 renders (after 3 to warm up) and
 * the 7 times. No database.
 *
 *   node --import tsx api/bench/po-pdf.ts            # every order
 *   node --import tsx api/bench/po-pdf.ts 'Latin only'
 */
import { performance } from 'node:perf_hooks';
import {
  type PurchaseOrderDocumentInput,
  renderPurchaseOrderPdf,
} from '../src/features/purchase-orders/po-document.js';
import { purchaseOrderView } from '../test/po-view.js';

/** The scripts of the third pass (docs/benchmarks.md, "Purchase-order PDF in every script"). */
const EARLIER = [
  'লক্ষ্মী বিশ্ববিদ্যালয়',
  'ਅੰਮ੍ਰਿਤਸਰ',
  'શ્રી કૃષ્ણ ટ્રેડર્સ',
  'ଭୁବନେଶ୍ୱର',
  'சென்னை',
  'హైదరాబాద్',
  'ಬೆಂಗಳೂರು',
  'കൊച്ചി',
  'ශ්\u200dරී ලංකා',
  'ភ្នំពេញ',
  'ວຽງຈັນ',
  'မန္တလေး',
  'Երևան',
  'თბილისი',
  'አዲስ አበባ',
];

const NAMES: [label: string, name: string][] = [
  ['Tibetan', 'བོད་ལྗོངས། བཀྲ་ཤིས་བདེ་ལེགས'],
  ['Syriac', 'ܫܠܡܐ ܡܪܝ ܐܦܪܝܡ'],
  ['Thaana', 'ދިވެހިރާއްޖެ މާލެ'],
  ['Mongolian', 'ᠮᠣᠩᠭᠣᠯ ᠤᠯᠤᠰ'],
  ["N'Ko", 'ߒߞߏ ߞߐߣߊߞߙߌ'],
  ['Tifinagh', 'ⵜⴰⵎⴰⵣⵉⵖⵜ ⴰⴳⴰⴷⵉⵔ'],
  ['Cherokee', 'ᏣᎳᎩ ᏌᏊ'],
  ['Canadian syllabics', 'ᐃᓄᒃᑎᑐᑦ ᐃᖃᓗᐃᑦ'],
  ['Japanese', 'ヤマダ商事 東京都港区芝公園4-2-8'],
  ['Latin with symbols', 'Deliver → dock 3 ✓ ★ ■ ○'],
  ['Javanese', 'ꦧꦺꦴꦤ꧀ꦢꦺꦴꦮꦺꦴꦱꦺꦴ ꦪꦺꦴꦒꦾꦏꦂꦠ'],
  ['Adlam', '𞤀𞤣𞤤𞤢𞤥 𞤆𞤵𞤤𞤢𞤪'],
  ['Yi', 'ꆈꌠꁱꂷ'],
];

/** The fifth pass: UAX #31's Limited Use scripts with a Noto font on npm, one name each. */
const LIMITED = [
  '𞤀𞤣𞤤𞤢𞤥 𞤆𞤵𞤤𞤢𞤪',
  'ᬩᬮᬶ ᬅᬓ᭄ᬱᬭ',
  'ꚠꚡꚢ ꚣꚤ',
  'ᨒᨚᨈᨑ',
  'ᝊᝓᝑᝒᝇ',
  'ꨌꩌ ꨀꨇꩉ',
  '𐴌𐴟𐴇𐴥𐴝𐴚𐴒𐴙𐴝',
  'ᜱᜨᜳᜨᜳᜢ',
  'ꦗꦮ ꦲꦏ꧀ꦱꦫ',
  'ꤊꤢ꤬ꤛꤢ꤭',
  'ᰛᰩᰵ',
  'ᤕᤠᤰᤌᤢᤱ',
  'ꓡꓲ ꓢꓴ',
  'ꯃꯤꯇꯩ ꯃꯌꯦꯛ',
  '𞠀𞠁𞠂',
  '𖼀𖽔𖾏',
  '𑐣𑐾𑐥𑐵𑐮',
  'ᦑᦲᧂᦺ',
  '𞄀𞄄𞄰𞄩',
  'ᱚᱞ ᱪᱤᱠᱤ',
  '𐓏𐓘𐓻𐓘𐓻𐓟',
  'ꢱꣃꢬꢵꢰ꣄ꢜ꣄ꢬ',
  'ᮞᮥᮔ᮪ᮓ',
  'ꠍꠤꠟꠐꠤ',
  'ᜊᜌ᜔ᜊᜌᜒᜈ᜔',
  'ᝦᝪᝯ',
  'ᥖᥭᥰ ᥘᥫᥴ',
  'ᩃᩣ᩠ᨶᨶᩣ',
  'ꪼꪕꪒꪾ',
  '𖩰𖩱𖩲',
  '𞊐𞊑𞊒',
  '𑯀𑯁𑯂',
  'ꕙꔤ',
  'ꆈꌠꁱꂷ',
];

const sentAt = new Date('2026-11-21T10:00:00Z');
const buyer = { name: 'Northwind Traders', address: null, phone: null };

function named(name: string): PurchaseOrderDocumentInput {
  const order = purchaseOrderView(1);
  order.vendor = { ...(order.vendor as NonNullable<typeof order.vendor>), name };
  return { order, buyer, sentAt };
}

function orderWithLines(names: string[]): PurchaseOrderDocumentInput {
  const order = purchaseOrderView(names.length);
  order.po_line_items.forEach((line, index) => {
    line.description = `${names[index]} 7`;
  });
  return { order, buyer, sentAt };
}

function everything(): PurchaseOrderDocumentInput {
  const lines = [...EARLIER, ...NAMES.map(([, name]) => name), ...LIMITED];
  const order = purchaseOrderView(lines.length);
  order.po_line_items.forEach((line, index) => {
    line.description = `${lines[index]} 7`;
  });
  order.notes = 'Call ahead ☎️ 🇦🇺 → ✓ ★';
  return { order, buyer: { ...buyer, name: 'চট্টগ্রাম বন্দর' }, sentAt };
}

const cases: [string, () => PurchaseOrderDocumentInput][] = [
  ['Latin only', () => named('Acme')],
  ...NAMES.map(([label, name]): [string, () => PurchaseOrderDocumentInput] => [
    `${label} name`,
    () => named(name),
  ]),
  ['Limited Use (34 lines)', () => orderWithLines(LIMITED)],
  ['all', everything],
];

const only = process.argv[2];
for (const [label, make] of cases) {
  if (only && label !== only) continue;
  const input = make();
  let bytes = 0;
  for (let warm = 0; warm < 3; warm++) bytes = (await renderPurchaseOrderPdf(input)).length;
  const times: number[] = [];
  for (let run = 0; run < 7; run++) {
    const start = performance.now();
    await renderPurchaseOrderPdf(input);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const ms = times.map((time) => time.toFixed(0));
  process.stdout.write(`| ${label} | ${bytes} | ${ms[3]} ms | ${ms.join(' ')} |\n`);
}
