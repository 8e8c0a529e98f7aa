import { describe, expect, it } from 'vitest';
import {
  compactSearch,
  hasActiveFilters,
  requisitionListSearchSchema,
  toListFilters,
  toPageQuery,
} from './searchParams';

const CENTER = '00000000-0000-4000-8000-000000000501';

describe('requisitionListSearchSchema', () => {
  it('keeps a valid search as it is', () => {
    const search = {
      search: 'laptop',
      status: ['draft', 'approved'],
      category: ['capital'],
      cost_center_id: [CENTER],
      date_from: '2026-10-01',
      date_to: '2026-10-31',
      page: 3,
    };
    expect(requisitionListSearchSchema.parse(search)).toEqual(search);
  });

  it('reads a single value of a list filter as a list (a key given once in the URL)', () => {
    expect(requisitionListSearchSchema.parse({ status: 'draft', category: 'freight' })).toEqual({
      status: ['draft'],
      category: ['freight'],
    });
  });

  it('drops unknown keys and invalid values instead of failing', () => {
    expect(
      requisitionListSearchSchema.parse({
        status: ['draft', 'archived', 7, 'draft'],
        category: 'furniture',
        cost_center_id: ['not-a-uuid', CENTER],
        date_from: '2026-02-31',
        date_to: 'yesterday',
        page: -2,
        sort: 'amount',
      }),
    ).toEqual({ status: ['draft'], cost_center_id: [CENTER] });
  });

  it('reads search text that a router parsed as a number back as text, trimmed', () => {
    expect(requisitionListSearchSchema.parse({ search: 2026 })).toEqual({ search: '2026' });
    expect(requisitionListSearchSchema.parse({ search: '   ' })).toEqual({});
  });

  it('accepts a page given as text and leaves page 1 out', () => {
    expect(requisitionListSearchSchema.parse({ page: '4' })).toEqual({ page: 4 });
    expect(requisitionListSearchSchema.parse({ page: 1 })).toEqual({});
    expect(requisitionListSearchSchema.parse({ page: 2.5 })).toEqual({});
  });

  it('answers an empty search for something that is not a search at all', () => {
    expect(requisitionListSearchSchema.parse(null)).toEqual({});
    expect(requisitionListSearchSchema.parse('status=draft')).toEqual({});
  });
});

describe('the list query', () => {
  it('asks for ten rows from the offset of the page', () => {
    expect(toPageQuery({})).toEqual({ limit: 10, offset: 0 });
    expect(toPageQuery({ status: ['approved'], page: 3 })).toEqual({
      status: ['approved'],
      limit: 10,
      offset: 20,
    });
  });

  it('leaves paging out of the export filters and empty values out of both', () => {
    expect(toListFilters({ search: 'x', category: [], page: 2 })).toEqual({ search: 'x' });
    expect(compactSearch({ search: '', status: [], page: 1 })).toEqual({});
  });

  it('tells a filtered list from an unfiltered one, whatever the page', () => {
    expect(hasActiveFilters({ page: 4 })).toBe(false);
    expect(hasActiveFilters({ date_to: '2026-01-01' })).toBe(true);
  });
});
