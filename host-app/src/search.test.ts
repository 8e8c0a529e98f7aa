import { requisitionListSearchSchema } from '@purchasing/screens';
import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './search';

describe('URL search format', () => {
  it('writes lists as repeated keys and leaves out what is not set', () => {
    expect(
      stringifySearch({
        search: 'laptop bag',
        status: ['draft', 'approved'],
        page: 2,
        date_from: undefined,
        x: [],
      }),
    ).toBe('?search=laptop+bag&status=draft&status=approved&page=2');
    expect(stringifySearch({})).toBe('');
  });

  it('reads a repeated key as a list and a single key as a string', () => {
    expect(parseSearch('?status=draft&status=approved&search=REQ-2026&page=3')).toEqual({
      status: ['draft', 'approved'],
      search: 'REQ-2026',
      page: '3',
    });
    expect(parseSearch('')).toEqual({});
  });

  it('round-trips the requisition list filters through the route schema', () => {
    const filters = {
      search: '2026',
      status: ['under_review' as const],
      cost_center_id: ['00000000-0000-4000-8000-000000000501', '00000000-0000-4000-8000-000000000502'],
      page: 4,
    };
    expect(requisitionListSearchSchema.parse(parseSearch(stringifySearch(filters)))).toEqual(filters);
  });

  it('keeps a redirect path with its own query intact', () => {
    const redirect = '/requisitions?status=draft&page=2#top';
    expect(parseSearch(stringifySearch({ redirect }))).toEqual({ redirect });
  });
});
