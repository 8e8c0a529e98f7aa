import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { characterSet, fontData } from './pdf-font-files.js';
import { guardNullAnchors, withoutReverseChainLookups } from './pdf-fontkit.js';
import { shapingInput, useFont } from './pdf-fonts.js';
import type { Script } from './pdf-scripts.js';
import { woffToSfnt } from './pdf-woff.js';

const require = createRequire(import.meta.url);

interface FontkitFont {
  layout(text: string, features?: string[]): { glyphs: { name: string; id: number }[] };
}

/** The fontkit font pdfkit draws a script in (the regular weight). */
function fontkitFont(script: Script): FontkitFont {
  const doc = new PDFDocument();
  useFont(doc, script, 'regular');
  return (doc as unknown as { _font: { font: FontkitFont } })._font.font;
}

/** The names of the glyphs fontkit lays a name out in, as `drawText` gives it to fontkit. */
function glyphNames(script: Script, text: string): string[] {
  const input = shapingInput({ script, text });
  return fontkitFont(script)
    .layout(input.text, input.features)
    .glyphs.map((glyph) => glyph.name);
}

describe('shaping of the scripts of India, Sri Lanka and Southeast Asia', () => {
  // The glyphs HarfBuzz 6.0.0 (`hb-shape --no-positions --no-clusters`) shapes each name into, with
  // the same font files (@fontsource 5.3.0): conjuncts as one glyph, vowel signs drawn before their
  // consonant moved there, Myanmar's stacked consonants and kinzi formed.
  it.each<[Script, string, string]>([
    [
      'bengali',
      'লক্ষ্মী বিশ্ববিদ্যালয়',
      'uni09B2|uni099509CD09B709CD09AE|uni09C0|space|uni09BF|uni09AC|uni09B609CD.half|baphalabeng.alt4|uni09BE.side|uni09BF|uni09AC|uni09A6|uni09AF.pstf|uni09BE|uni09B2|uni09AF|uni09BC',
    ],
    [
      'tamil',
      'ஸ்ரீ லக்ஷ்மி சென்னை',
      'shritamil|space|latamil|tchaprehalftamil|matamil|ivowelsigntamil|space|evowelsigntamil|catamil|nnnaprehalftamil|aivowelsigntamil|nnnatamil',
    ],
    [
      'gurmukhi',
      'ਅੰਮ੍ਰਿਤਸਰ ਸਿੰਘ',
      'aguru|tippiguru|imatraguru|maguru|rasubscriptguru|taguru|saguru|raguru|space|imatraguru|saguru|tippiguru|ghaguru',
    ],
    [
      'telugu',
      'శ్రీకాకుళం హైదరాబాద్',
      'shiivoweltelu|sharasubscripttelu|kaavoweltelu|katelu|uvowelsigntelu|llatelu|anusvaratelu|space|haivoweltelu|datelu|raavoweltelu|baavoweltelu|dahalanttelu',
    ],
    ['khmer', 'ភ្នំពេញ', 'uni1797|uni17D21793|uni17C6|uni17C1|uni1796|uni1789'],
    ['myanmar', 'မန္တလေး မင်္ဂလာ', 'ma|na.alt|ta.sub|_e|la|visarga|space|ma|ga|kinzi|la|_aa'],
    ['sinhala', 'ශ්\u200dරී ලංකා', 'shiivowelsinh|sharasinh|space|lasinh|anusvarasinh|kasinh|aavowelsignsinh'],
    ['malayalam', 'കൊച്ചി', 'evowelsignmlym|kamlym|aavowelsignmlym|cacamlym|ivowelsignmlym'],
  ])('lays %s %j out in the glyphs HarfBuzz does', (script, text, glyphs) => {
    expect(glyphNames(script, text).join('|')).toBe(glyphs);
  });
});

describe('shaping of Tibetan, Syriac, N’Ko, Thaana, Mongolian and Tifinagh', () => {
  // The glyphs HarfBuzz 6.0.0 (`hb-shape --no-positions --no-clusters`, Debian's libharfbuzz-bin)
  // shapes each name into, with the same font files (@fontsource 5.3.0, WOFF unwrapped; Mongolian's
  // unchanged, with its reverse chaining lookup): Tibetan stacks as one glyph (ལྗ, བཀྲ, སྒྲ, རྒྱ, པདྨ,
  // ཧཱུ), Syriac, N'Ko and Mongolian letters in their joining forms, right-to-left runs in visual
  // order. Glyph advances and mark offsets were compared too, and are equal.
  it.each<[Script, string, string]>([
    [
      'tibetan',
      'བོད་ལྗོངས། བཀྲ་ཤིས་བདེ་ལེགས',
      'uni0F56|uni0F7C|uni0F51|uni0F0B|uni0F630F97|uni0F7C|uni0F44|uni0F66|uni0F0D|space|uni0F56|uni0F400FB2|uni0F0B|uni0F64|uni0F72|uni0F66|uni0F0B|uni0F56|uni0F51|uni0F7A|uni0F0B|uni0F63|uni0F7A|uni0F42|uni0F66',
    ],
    [
      'tibetan',
      'སྒྲོལ་མ རྒྱ་མཚོ ཨོཾ་མ་ཎི་པདྨེ་ཧཱུྃ',
      'uni0F660F920FB2|uni0F7C|uni0F63|uni0F0B|uni0F58|space|uni0F620F920FB1|uni0F0B|uni0F58|uni0F5A|uni0F7C.narrow|space|uni0F68.2|uni0F7C0F7E|uni0F0B|uni0F58|uni0F0B|uni0F4E|uni0F72|uni0F0B|uni0F54|uni0F510FA8|uni0F7A|uni0F0B|uni0F670F710F74|uni0F83',
    ],
    [
      'syriac',
      'ܫܠܡܐ ܡܪܝ ܐܦܪܝܡ',
      'uni0721.fina|uni071D.init|uni072A.fina|uni0726.init|uni0710|space|uni071D|uni072A.fina|uni0721.init|space|uni0710.fina.wideX|uni0721.medi|uni0720.medi|uni072B.init',
    ],
    [
      'nko',
      'ߒߞߏ ߓߡߊߣߊ߲',
      'uni07F2|uni07CA.fina|uni07E3.medi|uni07CA.medi|uni07E1.medi|uni07D3.init|space|uni07CF.fina|uni07DE.medi|uni07D2.init',
    ],
    [
      'thaana',
      'ދިވެހިރާއްޖެ',
      'ebefilithaana|javiyanithaana|sukunthaana|alifuthaana|aabaafilithaana|raathaana|ibifilithaana|haathaana|ebefilithaana|vaavuthaana|ibifilithaana|dhaaluthaana',
    ],
    [
      'mongolian',
      'ᠮᠣᠩᠭᠣᠯ ᠤᠯᠠᠭᠠᠨᠪᠠᠭᠠᠲᠤᠷ',
      'uni182E.M.init|uni1823.O.medi|AGHx.medi|uni1823.O.medi|uni182F.L.fina|space|uni1824.AO.init|uni182F.L.medi|uni1820.A.medi|uni182D.Hx.medi|uni1820.A.medi|uni1828.A.medi|BA.medi|uni182D.Hx.medi|uni1820.A.medi|uni1832.D.medi|uni1824.O.medi|uni1837.R.fina',
    ],
    ['tifinagh', 'ⵜⴰⵎⴰⵣⵉⵖⵜ', 'uni2D5C|uni2D30|uni2D4E|uni2D30|uni2D63|uni2D49|uni2D56|uni2D5C'],
  ])('lays %s %j out in the glyphs HarfBuzz does', (script, text, glyphs) => {
    expect(glyphNames(script, text).join('|')).toBe(glyphs);
  });
});

/** The ids of the glyphs fontkit lays a name out in, as `drawText` gives it to fontkit. */
function glyphIds(script: Script, text: string): number[] {
  const input = shapingInput({ script, text });
  return fontkitFont(script)
    .layout(input.text, input.features)
    .glyphs.map((glyph) => glyph.id);
}

describe('shaping of the Limited Use scripts (Universal Shaping Engine and others)', () => {
  // The glyph ids HarfBuzz 6.0.0 (`hb-shape --no-glyph-names --no-clusters --no-positions`) shapes
  // each name into, with the same font files (@fontsource, WOFF unwrapped): Javanese, Balinese and
  // Sundanese vowel signs and stacked consonants, Tai Tham's sakot, Lepcha's and Limbu's signs, in
  // fontkit's Universal Shaping Engine. Advances and mark offsets were compared too, and are equal.
  it.each<[Script, string, string]>([
    [
      'javanese',
      'ꦧꦺꦴꦤ꧀ꦢꦺꦴꦮꦺꦴꦱꦺꦴ ꦪꦺꦴꦒꦾꦏꦂꦠ',
      '92|50|78|92|47|277|78|92|57|78|92|60|78|3|92|53|78|27|100|24|11|43',
    ],
    ['balinese', 'ᬤᬾᬦ᭄ᬧᬲᬃ ᬲ᭄ᬯᬲ᭄ᬢ᭄ᬬᬲ᭄ᬢᬸ', '67|41|43|193|55|8|3|55|210|55|185|200|55|185|155'],
    ['sundanese', 'ᮘᮔ᮪ᮓᮥᮀ ᮞᮥᮔ᮪ᮓ', '31|27|55|26|48|7|5|37|48|27|55|26'],
    ['taitham', 'ᨩ᩠ᨿᨦᩉ᩠ᨾᩲ᩵', '497|588|493|531|574|555|673'],
    ['cham', 'ꨌꩌ ꨀꨇꩉ', '27|86|3|68|22|64'],
    // Chakma's virama and the subjoined form (@expo-google-fonts' TTF, as hb-shape read it).
    ['chakma', '𑄌𑄋𑄴𑄟𑄳𑄦', '42|41|108|61|166'],
    ['lepcha', 'ᰛᰩᰵ ᰜᰠᰦ', '127|131|28|98|29|33|124'],
    ['limbu', 'ᤕᤠᤰᤌᤢᤱ', '23|33|45|14|35|46'],
    ['meetei', 'ꯃꯤꯇꯩ ꯃꯌꯦꯛ', '35|68|39|73|3|35|44|70|59'],
    ['saurashtra', 'ꢱꣃꢬꢵꢰ꣄ꢜ꣄ꢬ', '54|72|49|58|53|73|33|73|49'],
    ['tagalog', 'ᜊᜌ᜔ᜊᜌᜒᜈ᜔', '15|17|24|15|17|22|13|24'],
    // Adlam and Hanifi Rohingya joined (shaped as Arabic), in visual order; Newa by the Universal
    // Shaping Engine (see `shapeAs` in pdf-script-table.ts); Mende Kikakui right to left.
    ['adlam', '𞤀𞤣𞤤𞤢𞤥 𞤆𞤵𞤤𞤢𞤪', '310|144|256|337|94|327|260|144|256|181|4'],
    ['rohingya', '𐴌𐴟𐴇𐴥𐴝𐴚𐴒𐴙𐴝', '151|132|84|128|152|163|48|144|69'],
    ['newa', '𑐣𑐾𑐥𑐵𑐮 𑐏𑐾𑐫𑐵𑐂', '118|69|44|60|53|3|104|69|50|60|9'],
    ['mende', '𞠀𞠁𞠂', '7|6|5'],
    ['buhid', 'ᝊᝓᝑᝒᝇ', '24|39|37|38|18'],
    ['kayahli', 'ꤊꤢ꤬ꤛꤢ꤭', '20|44|54|37|44|56'],
  ])('lays %s %j out in the glyphs HarfBuzz does', (script, text, glyphs) => {
    expect(glyphIds(script, text).join('|')).toBe(glyphs);
  });
});

describe('Hanifi Rohingya marks', () => {
  it('places the tahala over its letter as HarfBuzz does (its abvm feature asked for)', () => {
    const input = shapingInput({ script: 'rohingya', text: '𐴇𐴥𐴝' });
    const run = (
      fontkitFont('rohingya') as unknown as {
        layout(
          text: string,
          features: string[],
        ): { glyphs: { id: number }[]; positions: { xOffset: number }[] };
      }
    ).layout(input.text, input.features);
    // hb-shape: [151+629|163@392,0+0|49+699] (visual order).
    expect(run.glyphs.map((glyph) => glyph.id)).toEqual([151, 163, 49]);
    expect(run.positions.map((position) => position.xOffset)).toEqual([0, 392, 0]);
  });
});

describe('withoutReverseChainLookups', () => {
  it('empties Noto Sans Mongolian’s reverse chaining lookup, which fontkit cannot read, and leaves other fonts as they are', () => {
    const mongolian = woffToSfnt(
      readFileSync(
        require.resolve(
          '@fontsource/noto-sans-mongolian/files/noto-sans-mongolian-mongolian-400-normal.woff',
        ),
      ),
    );
    const fixed = withoutReverseChainLookups(mongolian);
    expect(fixed).not.toBe(mongolian);
    expect(fixed.length).toBe(mongolian.length);
    expect(fixed.compare(mongolian)).not.toBe(0);
    const tibetan = fontData('tibetan', 'regular');
    expect(withoutReverseChainLookups(tibetan)).toBe(tibetan);
  });
});

describe('characterSet', () => {
  it.each<Script>(['latin', 'emoji', 'symbols', 'symbols2', 'tibetan', 'mongolian', 'japanese-119'])(
    'reads the characters of the %s font as fontkit does',
    (script) => {
      const font = fontkitFont(script) as unknown as { characterSet: number[] };
      const fontkitSet = font.characterSet.filter((code) => code !== 0xffff);
      const ours = [...characterSet(fontData(script, 'regular'))].filter((code) => code !== 0xffff);
      expect(ours.sort((a, b) => a - b)).toEqual([...new Set(fontkitSet)].sort((a, b) => a - b));
    },
  );
});

describe('guardNullAnchors', () => {
  // fontkit's own GPOS processor is guarded as soon as a document uses a font (see the Telugu,
  // Gurmukhi and Khmer names above, which fontkit 2.0.4 fails on unguarded), so the guard is shown on
  // a stand-in with the same shape.
  class Processor {
    applied: string[] = [];
    applyAnchor(
      markRecord: { markAnchor: { xCoordinate: number } | null },
      baseAnchor: { xCoordinate: number } | null,
    ) {
      this.applied.push(`${baseAnchor!.xCoordinate},${markRecord.markAnchor!.xCoordinate}`);
    }
  }
  const font = { _layoutEngine: { engine: { GPOSProcessor: new Processor() } } };

  it('skips a mark whose anchor or base anchor is null, and positions the others as before', () => {
    const processor = font._layoutEngine.engine.GPOSProcessor;
    expect(() => processor.applyAnchor({ markAnchor: null }, { xCoordinate: 1 })).toThrow(TypeError);
    guardNullAnchors(font);
    guardNullAnchors(font);
    processor.applyAnchor({ markAnchor: null }, { xCoordinate: 1 });
    processor.applyAnchor({ markAnchor: { xCoordinate: 2 } }, null);
    processor.applyAnchor({ markAnchor: { xCoordinate: 2 } }, { xCoordinate: 1 });
    expect(processor.applied).toEqual(['1,2']);
  });

  it('leaves a font without a GPOS processor alone', () => {
    expect(() => guardNullAnchors({ _layoutEngine: { engine: { GPOSProcessor: null } } })).not.toThrow();
    expect(() => guardNullAnchors(undefined)).not.toThrow();
  });
});
