import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { woffToSfnt } from './pdf-woff.js';

interface FontkitFont {
  numGlyphs: number;
  postscriptName: string;
  layout(text: string): { glyphs: { id: number; path: { toSVG(): string } }[] };
}

/** A font file as pdfkit's fontkit reads it. */
function open(data: Buffer): FontkitFont {
  const doc = new PDFDocument();
  doc.registerFont('font', data);
  doc.font('font');
  return (doc as unknown as { _font: { font: FontkitFont } })._font.font;
}

const require = createRequire(import.meta.url);
const read = (file: string) => readFileSync(require.resolve(file));

describe('woffToSfnt', () => {
  it.each([
    ['@fontsource/noto-sans-hebrew/files/noto-sans-hebrew-hebrew-700-normal.woff', 'שלום 12'],
    ['@fontsource/noto-sans-bengali/files/noto-sans-bengali-bengali-400-normal.woff', 'লক্ষ্মী'],
    ['@fontsource/noto-emoji/files/noto-emoji-emoji-400-normal.woff', '☕ 🇦🇺'],
  ])('unwraps %s into the same font: glyphs, shaping and outlines', (file, text) => {
    const woff = read(file);
    const sfnt = woffToSfnt(woff);
    expect(sfnt.readUInt32BE(0)).toBe(0x00010000);
    const [before, after] = [open(woff), open(sfnt)];
    expect(after.postscriptName).toBe(before.postscriptName);
    expect(after.numGlyphs).toBe(before.numGlyphs);
    const glyphs = (font: FontkitFont) =>
      font.layout(text).glyphs.map((glyph) => [glyph.id, glyph.path.toSVG()]);
    expect(glyphs(after)).toEqual(glyphs(before));
  });

  it('gives any other file back as it is', () => {
    const ttf = read('@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf');
    expect(woffToSfnt(ttf)).toBe(ttf);
  });
});
