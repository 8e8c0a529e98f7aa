import { describe, expect, it } from 'vitest';
import { pdfFonts, pdfRuns } from '../../../test/pdf-inspect.js';
import { purchaseOrderView } from '../../../test/po-view.js';
import { renderPurchaseOrderPdf } from './po-document.js';

/**
 * A line in each script of UAX #31's Limited Use table (Table 7) with a Noto font on npm, added in the
 * fifth pass, each with the font it is drawn in.
 */
const NAMES: [font: string, text: string][] = [
  ['NotoSansAdlam-Regular', '𞤀𞤣𞤤𞤢𞤥 𞤆𞤵𞤤𞤢𞤪'],
  ['NotoSansBalinese-Regular', 'ᬩᬮᬶ ᬅᬓ᭄ᬱᬭ'],
  ['NotoSansBamum-Regular', 'ꚠꚡꚢ ꚣꚤ'],
  ['NotoSansBuginese-Regular', 'ᨒᨚᨈᨑ'],
  ['NotoSansBuhid-Regular', 'ᝊᝓᝑᝒᝇ'],
  ['NotoSansChakma-Regular', '𑄌𑄋𑄴𑄟𑄳𑄦'],
  ['NotoSansCham-Regular', 'ꨌꩌ ꨀꨇꩉ'],
  ['NotoSansHanifiRohingya-Regular', '𐴌𐴟𐴇𐴥𐴝𐴚𐴒𐴙𐴝'],
  ['NotoSansHanunoo-Regular', 'ᜱᜨᜳᜨᜳᜢ'],
  ['NotoSansJavanese-Regular', 'ꦗꦮ ꦲꦏ꧀ꦱꦫ'],
  ['NotoSansKayahLi-Regular', 'ꤊꤢ꤬ꤛꤢ꤭'],
  ['NotoSansLepcha-Regular', 'ᰛᰩᰵ'],
  ['NotoSansLimbu-Regular', 'ᤕᤠᤰᤌᤢᤱ'],
  ['NotoSansLisu-Regular', 'ꓡꓲ ꓢꓴ'],
  ['NotoSansMeeteiMayek-Regular', 'ꯃꯤꯇꯩ ꯃꯌꯦꯛ'],
  ['NotoSansMendeKikakui-Regular', '𞠀𞠁𞠂'],
  ['NotoSansMiao-Regular', '𖼀𖽔𖾏'],
  ['NotoSansNewa-Regular', '𑐣𑐾𑐥𑐵𑐮'],
  ['NotoSansNewTaiLue-Regular', 'ᦑᦲᧂᦺ'],
  ['NotoSerifHmongNyiakeng-Regular', '𞄀𞄄𞄰𞄩'],
  ['NotoSansOlChiki-Regular', 'ᱚᱞ ᱪᱤᱠᱤ'],
  ['NotoSansOsage-Regular', '𐓏𐓘𐓻𐓘𐓻𐓟'],
  ['NotoSansSaurashtra-Regular', 'ꢱꣃꢬꢵꢰ꣄ꢜ꣄ꢬ'],
  ['NotoSansSundanese-Regular', 'ᮞᮥᮔ᮪ᮓ'],
  ['NotoSansSylotiNagri-Regular', 'ꠍꠤꠟꠐꠤ'],
  ['NotoSansTagalog-Regular', 'ᜊᜌ᜔ᜊᜌᜒᜈ᜔'],
  ['NotoSansTagbanwa-Regular', 'ᝦᝪᝯ'],
  ['NotoSansTaiLe-Regular', 'ᥖᥭᥰ ᥘᥫᥴ'],
  ['NotoSansTaiTham-Regular', 'ᩃᩣ᩠ᨶᨶᩣ'],
  ['NotoSansTaiViet-Regular', 'ꪼꪕꪒꪾ'],
  ['NotoSansTangsa-Regular', '𖩰𖩱𖩲'],
  ['NotoSerifToto-Regular', '𞊐𞊑𞊒'],
  ['NotoSansSunuwar-Regular', '𑯀𑯁𑯂'],
  ['NotoSansVai-Regular', 'ꕙꔤ'],
  ['NotoSansYi-Regular', 'ꆈꌠꁱꂷ'],
];

async function render(buyerName = 'Northwind Traders') {
  const world = purchaseOrderView(NAMES.length);
  world.po_line_items.forEach((line, index) => {
    line.description = `${NAMES[index]![1]} 7`;
  });
  const pdf = await renderPurchaseOrderPdf({
    order: world,
    buyer: { name: buyerName, address: null, phone: null },
    sentAt: new Date('2026-11-21T10:00:00Z'),
  });
  return { pdf, runs: pdfRuns(pdf) };
}

describe('renderPurchaseOrderPdf in the Limited Use scripts', () => {
  it('draws each in its font, every character in a real glyph, bold where the font has a bold', async () => {
    const { pdf, runs } = await render('ꯃꯤꯇꯩ ꯃꯌꯦꯛ 𞤀𞤣𞤤𞤢𞤥');
    expect(pdfFonts(pdf)).toEqual(
      [
        'NotoSans-Bold',
        'NotoSans-Regular',
        'NotoSansAdlam-Bold',
        'NotoSansMeeteiMayek-Bold',
        ...NAMES.map(([font]) => font),
      ].sort(),
    );
    expect(runs.filter((run) => run.notdef)).toEqual([]);
    for (const [font, text] of NAMES) {
      const drawn = runs
        .filter((run) => run.font === font)
        .flatMap((run) => run.glyphs)
        .join('');
      for (const char of text.replace(/\s/g, '')) expect(drawn, `${font} ${char}`).toContain(char);
    }
  });

  it('draws Adlam, Hanifi Rohingya and Mende Kikakui right to left: the number on the left, the line aligned right', async () => {
    const { runs } = await render();
    for (const font of [
      'NotoSansAdlam-Regular',
      'NotoSansHanifiRohingya-Regular',
      'NotoSansMendeKikakui-Regular',
    ]) {
      const at = runs.findIndex((run) => run.font === font);
      expect(runs[at - 1], font).toMatchObject({ font: 'NotoSans-Regular' });
      expect(runs[at - 1]!.text.trim(), font).toBe('7');
      expect(runs[at - 1]!.x, font).toBeLessThan(runs[at]!.x);
      // Right-aligned in the description column (x 72, 193 wide).
      expect(runs[at]!.x + runs[at]!.width, font).toBeCloseTo(72 + 193, 0);
    }
    // Read back in reading order (pdf-inspect reverses right-to-left fonts' runs).
    expect(runs.find((run) => run.font === 'NotoSansAdlam-Regular')!.text).toBe('𞤀𞤣𞤤𞤢𞤥 𞤆𞤵𞤤𞤢𞤪 ');
    expect(runs.find((run) => run.font === 'NotoSansMendeKikakui-Regular')!.text).toBe('𞠀𞠁𞠂 ');
  });
});
