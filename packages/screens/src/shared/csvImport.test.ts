import { describe, expect, it } from 'vitest';
import { columnProblems, columnsLine, readCsvImport } from './csvImport';

describe('readCsvImport', () => {
  it('reads the header in any case and spacing, without the byte order mark, blank columns left out', () => {
    const file = readCsvImport('\uFEFF Name ,SKU,\nPaper,PAP-1,\n', 'greedy');
    expect(file.fields).toEqual(['name', 'sku']);
    expect(file.records).toEqual([{ name: 'Paper', sku: 'PAP-1', '': '' }]);
  });

  it('keeps blank lines when told to, so row numbers stay those of the file', () => {
    expect(readCsvImport('email\n\na@example.com\n', false).records).toHaveLength(3);
    expect(readCsvImport('email\n\na@example.com\n', 'greedy').records).toHaveLength(1);
  });
});

describe('columnProblems', () => {
  it('names the required columns missing and the unknown ones', () => {
    expect(columnProblems(['sku', 'colour'], ['name'], ['name', 'sku'])).toEqual({
      missing: ['name'],
      unknown: ['colour'],
    });
    expect(columnProblems(['name'], ['name'], ['name', 'sku'])).toEqual({ missing: [], unknown: [] });
  });

  it('says which columns the first line must name', () => {
    expect(columnsLine(['name', 'sku'])).toBe('The first line must name the columns: name, sku.');
  });
});
