import { describe, expect, it } from 'vitest';
import {
  isUuid,
  lenient,
  listOf,
  listSearchSchema,
  oneOf,
  pagedSearchQueries,
  pageNumber,
  searchCompactor,
  searchText,
} from './listSearch';

interface ThingSearch {
  search?: string;
  kind?: ('a' | 'b')[];
  owner_id?: string[];
  page?: number;
}

const compact = searchCompactor<ThingSearch>(['search', 'kind', 'owner_id', 'page']);
const OWNER = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

describe('list search helpers', () => {
  it('compacts a search in the order of its keys: blank text, empty lists and page 1 go', () => {
    expect(compact({ search: '', kind: [], page: 1 })).toEqual({});
    const kept = compact({ page: 3, kind: ['a'], search: 'desk' });
    expect(kept).toEqual({ search: 'desk', kind: ['a'], page: 3 });
    expect(Object.keys(kept)).toEqual(['search', 'kind', 'page']);
  });

  it('reads a URL search leniently and compacts it; an unreadable one opens the list unfiltered', () => {
    const schema = listSearchSchema(
      {
        search: lenient(searchText),
        kind: listOf(oneOf(['a', 'b'] as const)),
        owner_id: listOf(isUuid),
        page: lenient(pageNumber),
      },
      compact,
    );
    expect(schema.parse({ search: 2026, kind: ['a', 'z'], owner_id: 'nope', page: '2' })).toEqual({
      search: '2026',
      kind: ['a'],
      page: 2,
    });
    expect(schema.parse({ owner_id: [OWNER], page: -1 })).toEqual({ owner_id: [OWNER] });
    expect(schema.parse('not an object')).toEqual({});
  });

  it('gives the filters without paging, whether any is set, and one page of the query', () => {
    const { toListFilters, hasActiveFilters, toPageQuery } = pagedSearchQueries(compact, 10);
    expect(toListFilters({ search: 'x', kind: [], page: 2 })).toEqual({ search: 'x' });
    expect(hasActiveFilters({ page: 4 })).toBe(false);
    expect(hasActiveFilters({ kind: ['b'] })).toBe(true);
    expect(toPageQuery({})).toEqual({ limit: 10, offset: 0 });
    expect(toPageQuery({ kind: ['a'], page: 3 })).toEqual({ kind: ['a'], limit: 10, offset: 20 });
  });
});
