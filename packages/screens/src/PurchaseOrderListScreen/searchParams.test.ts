import { describe, expect, it } from 'vitest';
import {
  compactPurchaseOrderSearch,
  hasActiveFilters,
  purchaseOrderListSearchSchema,
  toListFilters,
  toPageQuery,
} from './searchParams';

const VENDOR = '00000000-0000-4000-8000-000000000801';

describe('purchaseOrderListSearchSchema', () => {
  it('keeps a valid search as it is', () => {
    const search = {
      search: 'PO-2026',
      status: ['draft', 'sent'],
      vendor_id: [VENDOR],
      date_from: '2026-10-01',
      date_to: '2026-10-31',
      page: 3,
    };
    expect(purchaseOrderListSearchSchema.parse(search)).toEqual(search);
  });

  it('reads a single value of a list filter as a list (a key given once in the URL)', () => {
    expect(purchaseOrderListSearchSchema.parse({ status: 'received', vendor_id: VENDOR })).toEqual({
      status: ['received'],
      vendor_id: [VENDOR],
    });
  });

  it('drops unknown keys and invalid values instead of failing', () => {
    expect(
      purchaseOrderListSearchSchema.parse({
        status: ['sent', 'approved', 4, 'sent'],
        vendor_id: ['acme', VENDOR],
        date_from: '2026-02-30',
        date_to: 'tomorrow',
        page: 0,
        category: ['capital'],
      }),
    ).toEqual({ status: ['sent'], vendor_id: [VENDOR] });
  });

  it('reads a numeric search back as trimmed text and leaves page 1 out', () => {
    expect(purchaseOrderListSearchSchema.parse({ search: 2026, page: '1' })).toEqual({ search: '2026' });
    expect(purchaseOrderListSearchSchema.parse({ search: '  ', page: '5' })).toEqual({ page: 5 });
  });

  it('answers an empty search for something that is not a search at all', () => {
    expect(purchaseOrderListSearchSchema.parse(undefined)).toEqual({});
    expect(purchaseOrderListSearchSchema.parse('status=sent')).toEqual({});
  });
});

describe('the list query', () => {
  it('asks for ten rows at offset (page - 1) × 10 with the filters', () => {
    expect(toPageQuery({ status: ['draft'], page: 3 })).toEqual({ status: ['draft'], limit: 10, offset: 20 });
    expect(toPageQuery({})).toEqual({ limit: 10, offset: 0 });
  });

  it('exports every page of the filters, without paging', () => {
    expect(toListFilters({ search: 'tech', page: 4 })).toEqual({ search: 'tech' });
  });

  it('tells filtered from unfiltered, whatever the page', () => {
    expect(hasActiveFilters({ page: 2 })).toBe(false);
    expect(hasActiveFilters({ vendor_id: [VENDOR] })).toBe(true);
    expect(compactPurchaseOrderSearch({ search: '', status: [], page: 1 })).toEqual({});
  });
});
