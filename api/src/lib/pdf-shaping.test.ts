import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { guardNullAnchors } from './pdf-fontkit.js';
import { shapingInput, useFont } from './pdf-fonts.js';
import type { Script } from './pdf-scripts.js';

interface FontkitFont {
  layout(text: string, features?: string[]): { glyphs: { name: string }[] };
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
