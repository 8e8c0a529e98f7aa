import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import {
  baseDirection,
  breakWord,
  layoutParagraph,
  needsBidi,
  visualRuns,
  wrapParagraph,
} from './pdf-bidi.js';
import { drawText, layoutBidiParagraph } from './pdf-fonts.js';
import type { Run } from './pdf-scripts.js';

/** Runs as given to pdfkit; a run in the Arabic font is reversed by fontkit, so it reads in logical order. */
describe('visualRuns', () => {
  it('puts the number of a right-to-left street on its left, the Arabic words after it', () => {
    expect(visualRuns('شارع الملك فهد 12')).toEqual({
      direction: 'rtl',
      runs: [
        { script: 'latin', text: '12' },
        { script: 'arabic', text: 'شارع الملك فهد ' },
      ],
    });
  });

  it('keeps a left-to-right line in order, an Arabic name inside it in its own run', () => {
    expect(visualRuns('Vendor: شركة الأمل Ltd 12')).toEqual({
      direction: 'ltr',
      runs: [
        { script: 'latin', text: 'Vendor: ' },
        { script: 'arabic', text: 'شركة الأمل' },
        { script: 'latin', text: ' Ltd 12' },
      ],
    });
  });

  it('draws an emoji between Hebrew words in Noto Emoji, its variation selector after it, spaces in Noto Sans', () => {
    expect(visualRuns('שלום ☕️ עולם')).toEqual({
      direction: 'rtl',
      runs: [
        { script: 'hebrew', text: 'עולם' },
        { script: 'latin', text: ' ' },
        { script: 'emoji', text: '☕\ufe0f' },
        { script: 'hebrew', text: 'שלום ' },
      ],
    });
  });

  it('never reverses digits: Arabic-Indic ones are given reversed, for fontkit to turn back', () => {
    expect(visualRuns('شارع ١٢٣ الملك')).toEqual({
      direction: 'rtl',
      runs: [
        { script: 'arabic', text: ' الملك' },
        { script: 'arabic', text: '٣٢١' },
        { script: 'arabic', text: 'شارع ' },
      ],
    });
  });

  it('mirrors brackets in right-to-left text', () => {
    expect(visualRuns('مرحبا (عالم)').runs).toEqual([
      { script: 'latin', text: '(' },
      { script: 'arabic', text: 'عالم' },
      { script: 'latin', text: ')' },
      { script: 'arabic', text: 'مرحبا ' },
    ]);
  });

  it('lays Hebrew out as Arabic: the number on the left, the words as one run in reading order', () => {
    expect(visualRuns('רחוב הרצל 12')).toEqual({
      direction: 'rtl',
      runs: [
        { script: 'latin', text: '12' },
        { script: 'hebrew', text: 'רחוב הרצל ' },
      ],
    });
  });

  it('keeps a left-to-right address in order, a Hebrew street with its number inside it', () => {
    // "50" belongs to the right-to-left stretch (rule N1): it stands on the Hebrew words' left.
    expect(visualRuns('Warehouse 3, רחוב דיזנגוף 50, Tel Aviv')).toEqual({
      direction: 'ltr',
      runs: [
        { script: 'latin', text: 'Warehouse 3, 50' },
        { script: 'hebrew', text: 'רחוב דיזנגוף ' },
        { script: 'latin', text: ', Tel Aviv' },
      ],
    });
  });

  it('lays Syriac, Thaana and N’Ko out right to left like Arabic, N’Ko digits (strong right to left) with the words', () => {
    expect(visualRuns('ܫܠܡܐ ܡܪܝ 12')).toEqual({
      direction: 'rtl',
      runs: [
        { script: 'latin', text: '12' },
        { script: 'syriac', text: 'ܫܠܡܐ ܡܪܝ ' },
      ],
    });
    expect(visualRuns('Dock 3, މާލެ 20').runs).toEqual([
      { script: 'latin', text: 'Dock 3, 20' },
      { script: 'thaana', text: 'މާލެ ' },
    ]);
    expect(visualRuns('ߒߞߏ ߞߊ ߁߂')).toEqual({
      direction: 'rtl',
      runs: [{ script: 'nko', text: 'ߒߞߏ ߞߊ ߁߂' }],
    });
    expect(['ܐ', 'ހ', 'ߊ'].every((char) => needsBidi(char))).toBe(true);
    // A shared combining mark (seyame, U+0308) stays in the Syriac run, on its letter.
    expect(visualRuns('ܐ\u0308ܬ 5').runs).toEqual([
      { script: 'latin', text: '5' },
      { script: 'syriac', text: 'ܐ\u0308ܬ ' },
    ]);
  });

  it('lays Adlam, Hanifi Rohingya and Mende Kikakui (outside the BMP) out right to left, each pair of UTF-16 units whole', () => {
    expect(baseDirection('𞤀𞤣𞤤𞤢𞤥 12')).toBe('rtl');
    expect(visualRuns('𞤀𞤣𞤤𞤢𞤥 𞤆𞤵𞤤𞤢𞤪 12')).toEqual({
      direction: 'rtl',
      runs: [
        { script: 'latin', text: '12' },
        { script: 'adlam', text: '𞤀𞤣𞤤𞤢𞤥 𞤆𞤵𞤤𞤢𞤪 ' },
      ],
    });
    expect(visualRuns('𐴌𐴟𐴇𐴥𐴝 7').runs).toEqual([
      { script: 'latin', text: '7' },
      { script: 'rohingya', text: '𐴌𐴟𐴇𐴥𐴝 ' },
    ]);
    expect(visualRuns('Dock 3, 𞠀𞠁𞠂 20').runs).toEqual([
      { script: 'latin', text: 'Dock 3, 20' },
      { script: 'mende', text: '𞠀𞠁𞠂 ' },
    ]);
    expect(['𞤀', '𐴌', '𞠀'].every((char) => needsBidi(char))).toBe(true);
    expect(needsBidi('ꆈꌠ ᱚᱞ ꦗꦮ 𑐣𑐾')).toBe(false);
  });

  it('mirrors brackets around Latin in a Hebrew line and puts the Latin words left of the Hebrew', () => {
    expect(visualRuns('ספרי חשבונות (ledgers)').runs).toEqual([
      { script: 'latin', text: '(ledgers)' },
      { script: 'hebrew', text: 'ספרי חשבונות ' },
    ]);
  });

  it('leaves a text without right-to-left characters as one run', () => {
    expect(needsBidi('Acme Office Supplies 12')).toBe(false);
    expect(needsBidi('شارع')).toBe(true);
    expect(needsBidi('רחוב')).toBe(true);
    expect(visualRuns('Acme 12')).toEqual({ direction: 'ltr', runs: [{ script: 'latin', text: 'Acme 12' }] });
  });

  it('takes the base direction from the first strong character', () => {
    expect(baseDirection('12 شارع Main')).toBe('rtl');
    expect(baseDirection('Main شارع')).toBe('ltr');
    expect(baseDirection('12')).toBe('ltr');
    expect(baseDirection('12 רחוב Main')).toBe('rtl');
    expect(baseDirection('Main רחוב')).toBe('ltr');
  });
});

/** Every character 5 points wide. */
const measure = (run: Run) => run.text.length * 5;

describe('layoutParagraph', () => {
  it('aligns a right-to-left paragraph on the right of its box', () => {
    const [line] = layoutParagraph('طلب شراء', { width: 200 }, measure);
    expect(line).toEqual({
      direction: 'rtl',
      width: 40,
      runs: [{ script: 'arabic', text: 'طلب شراء', x: 160, width: 40 }],
    });
  });

  it('aligns a Hebrew paragraph on the right and wraps it in reading order', () => {
    const lines = layoutParagraph('רחוב הרצל 12 תל אביב', { width: 60 }, measure);
    expect(lines.map((line) => line.runs.map((run) => run.text))).toEqual([
      ['12', 'רחוב הרצל '],
      ['תל אביב'],
    ]);
    for (const line of lines) expect(line.runs.at(-1)!.x + line.runs.at(-1)!.width).toBe(60);
  });

  it('keeps a left-to-right paragraph on the left, and a centred one centred', () => {
    expect(layoutParagraph('Acme', { width: 200 }, measure)[0]?.runs[0]?.x).toBe(0);
    expect(layoutParagraph('طلب شراء', { width: 200, align: 'center' }, measure)[0]?.runs[0]?.x).toBe(80);
  });

  it('wraps a right-to-left paragraph in reading order, each line aligned right', () => {
    const lines = layoutParagraph('شارع الملك فهد 12 الرياض', { width: 60 }, measure);
    expect(lines.map((line) => line.runs.map((run) => run.text))).toEqual([
      ['شارع الملك'],
      ['12', 'فهد '],
      ['الرياض'],
    ]);
    for (const line of lines) expect(line.runs.at(-1)!.x + line.runs.at(-1)!.width).toBe(60);
  });

  it('breaks only at spaces and drops a line’s trailing spaces', () => {
    expect(wrapParagraph('ab cd  ef', 12, (text) => text.length * 5)).toEqual([
      [0, 2],
      [3, 5],
      [7, 9],
    ]);
    expect(wrapParagraph('', 12, () => 0)).toEqual([[0, 0]]);
  });
});

/** Every UTF-16 unit 5 points wide (a combining mark too). */
const units = (text: string) => text.length * 5;
/** A word's pieces as texts. */
const pieces = (word: string, width: number) => {
  let at = 0;
  return breakWord(word, width, units).map((length) => {
    at += length;
    return word.slice(at - length, at);
  });
};

describe('breakWord and wrapParagraph with a word wider than the box', () => {
  it('break the word into pieces as long as fit, on a line of its own', () => {
    expect(pieces('abcdefghij', 22)).toEqual(['abcd', 'efgh', 'ij']);
    expect(wrapParagraph('ab abcdefghij cd', 20, units)).toEqual([
      [0, 2],
      [3, 7],
      [7, 11],
      [11, 13],
      [14, 16],
    ]);
  });

  it('never break inside a grapheme cluster (a letter and its combining mark)', () => {
    const word = 'x\u0302'.repeat(5);
    expect(pieces(word, 25)).toEqual(['x\u0302x\u0302', 'x\u0302x\u0302', 'x\u0302']);
  });

  it('break an e-mail address or URL after its punctuation when that fills half the line', () => {
    expect(pieces('orders@acme-supplies.example', 75)).toEqual(['orders@acme-', 'supplies.', 'example']);
  });

  it('break an Arabic word between letters that do not join, so every letter keeps its shape', () => {
    // م س ت و د | ع ا | ت ك ب ي ر ة: after dal and after alef the letters do not join.
    expect(pieces('مستودعاتكبيرة', 30)).toEqual(['مستود', 'عا', 'تكبيرة']);
    // Before the article (alef-lam) rather than inside it.
    expect(pieces('المراكزالطبية', 50)).toEqual(['المراكز', 'الطبية']);
  });

  it('never break lam-alef, their ligature, even when it is wider than the box', () => {
    expect(pieces('لالالا', 15)).toEqual(['لا', 'لا', 'لا']);
    expect(pieces('لالا', 5)).toEqual(['لا', 'لا']);
  });

  it('wrap a right-to-left paragraph with an over-wide word inside the box, each line aligned right', () => {
    const lines = layoutParagraph('شارع المستشفياتالجامعية 12', { width: 50 }, measure);
    for (const line of lines) {
      expect(line.width).toBeLessThanOrEqual(50);
      expect(line.runs.at(-1)!.x + line.runs.at(-1)!.width).toBe(50);
    }
    expect(lines.map((line) => line.runs.map((run) => run.text).join(''))).toEqual([
      'شارع',
      'المستشفيا',
      'تالجامعية',
      '12',
    ]);
  });
});

describe('layoutBidiParagraph', () => {
  it('right-aligns an Arabic paragraph in the fonts pdfkit draws it in', () => {
    const doc = new PDFDocument({ size: 'A4' });
    doc.fontSize(9);
    const [line] = layoutBidiParagraph(doc, 'شارع الملك فهد 12', 'regular', { width: 158 });
    expect(line!.direction).toBe('rtl');
    expect(line!.runs.map((run) => run.script)).toEqual(['latin', 'arabic']);
    const last = line!.runs.at(-1)!;
    expect(last.x + last.width).toBeCloseTo(158, 5);
    expect(line!.runs[0]!.x).toBeGreaterThan(60);
    expect(line!.height).toBeGreaterThan(9);
    // One baseline for the line: the taller of the fonts' ascenders (Noto Sans Arabic's).
    expect(line!.ascent).toBeCloseTo((9 * 1374) / 1000, 5);
    doc.end();
  });

  it('right-aligns a Hebrew paragraph in Noto Sans Hebrew, the number in Noto Sans on its left', () => {
    const doc = new PDFDocument({ size: 'A4' });
    doc.fontSize(9);
    const [line] = layoutBidiParagraph(doc, 'רחוב הרצל 12', 'regular', { width: 158 });
    expect(line!.direction).toBe('rtl');
    expect(line!.runs.map((run) => run.script)).toEqual(['latin', 'hebrew']);
    const last = line!.runs.at(-1)!;
    expect(last.x + last.width).toBeCloseTo(158, 5);
    expect(last.width).toBeGreaterThan(20);
    doc.end();
  });

  it('goes on on a new page past the bottom margin, and not when told not to break lines', () => {
    const doc = new PDFDocument({ size: 'A4', bufferPages: true });
    drawText(doc, 'طلب شراء', 'regular', 50, doc.page.height - 60, { width: 200 });
    expect(doc.bufferedPageRange().count).toBe(2);
    drawText(doc, 'طلب شراء', 'regular', 50, doc.page.height - 60, { width: 200, lineBreak: false });
    expect(doc.bufferedPageRange().count).toBe(2);
    doc.end();
  });
});
