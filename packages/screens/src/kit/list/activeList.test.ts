import { describe, expect, it } from 'vitest';
import { activeListPage, activeListSearchSchema, toActiveListFilters } from './activeList';

const rows = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, is_active: i % 3 !== 0 }));

describe('the list of things deactivated rather than deleted', () => {
  it('reads the URL leniently: an unknown status and a bad page are dropped, page 1 is absent', () => {
    expect(activeListSearchSchema.parse({ search: '  dell ', status: 'all', page: '2' })).toEqual({
      search: 'dell',
      status: 'all',
      page: 2,
    });
    expect(activeListSearchSchema.parse({ status: 'deleted', page: '1' })).toEqual({});
    expect(activeListSearchSchema.parse({ status: 'active', page: 'x' })).toEqual({});
  });

  it('asks the server for inactive rows only when the view shows them', () => {
    expect(toActiveListFilters({})).toEqual({});
    expect(toActiveListFilters({ search: 'paper' })).toEqual({ search: 'paper' });
    expect(toActiveListFilters({ status: 'inactive' })).toEqual({ include_inactive: true });
    expect(toActiveListFilters({ status: 'all', search: 'a' })).toEqual({
      search: 'a',
      include_inactive: true,
    });
  });

  it('cuts the page from the whole answer; the Inactive view keeps and counts only inactive rows', () => {
    expect(activeListPage(rows, { page: 2 }, 25)).toEqual({ rows: rows.slice(25), total: 30 });
    const inactive = activeListPage(rows, { status: 'inactive' }, 4);
    expect(inactive.total).toBe(10);
    expect(inactive.rows.map((row) => row.id)).toEqual([1, 4, 7, 10]);
    expect(activeListPage(rows, { status: 'inactive', page: 3 }, 4).rows.map((row) => row.id)).toEqual([
      25, 28,
    ]);
  });
});
