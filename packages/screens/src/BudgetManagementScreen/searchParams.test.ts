import { describe, expect, it } from 'vitest';
import { budgetManagementSearchSchema } from './searchParams';

describe('budgetManagementSearchSchema', () => {
  it('reads the fiscal year from the URL text or a number', () => {
    expect(budgetManagementSearchSchema.parse({ fiscal_year: '2025' })).toEqual({ fiscal_year: 2025 });
    expect(budgetManagementSearchSchema.parse({ fiscal_year: 2031 })).toEqual({ fiscal_year: 2031 });
  });

  it('drops a year the contract refuses and unknown keys instead of failing', () => {
    for (const fiscal_year of ['1999', '2201', '2025.5', 'next', '', ['2025', '2026'], null]) {
      expect(budgetManagementSearchSchema.parse({ fiscal_year, page: '2' })).toEqual({});
    }
  });

  it('answers an empty search for something that is not a search at all', () => {
    expect(budgetManagementSearchSchema.parse(undefined)).toEqual({});
    expect(budgetManagementSearchSchema.parse('fiscal_year=2025')).toEqual({});
  });
});
