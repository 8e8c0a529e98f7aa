import { describe, expect, it } from 'vitest';
import { scriptOf, scriptRuns } from './pdf-fonts.js';

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
    [' ', null],
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

  it('makes tabs and carriage returns spaces and line breaks', () => {
    expect(scriptRuns('a\tb\r\nc')).toEqual([{ script: 'latin', text: 'a b\nc' }]);
    expect(scriptRuns('')).toEqual([]);
  });
});
