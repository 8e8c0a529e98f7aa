/**
 * The requisition list's fixtures: varied requisitions, `GET /requisitions` filtering and paging like
 * the server (capped count, a cursor per page), and a very large organisation whose count stops at
 * 10,000.
 */
import type { Schemas } from '@purchasing/api-client';
import { http } from './handlers';
import {
  invalidCursor,
  invalidCursorBody,
  type PagingOptions,
  pageOf,
  pageRequest,
  pagination,
} from './paging';
import { approverRef, buildRequisition, costCenters, requestorRef, toSummary } from './requisitionHandlers';

type Requisition = Schemas['Requisition'];

const LIST_STATUSES: Requisition['status'][] = [
  'draft',
  'under_review',
  'info_requested',
  'approved',
  'rejected',
  'po_created',
  'submitted',
  'cancelled',
];
const LIST_CATEGORIES: Requisition['category'][] = [
  'standard',
  'freight',
  'maintenance',
  'utilities',
  'services',
  'capital',
];
const LIST_CURRENCIES: Requisition['currency'][] = ['AUD', 'AUD', 'AUD', 'USD', 'EUR', 'AUD', 'JPY'];
const LIST_JUSTIFICATIONS = [
  'Laptops for the two new analysts',
  'Quarterly freight for the Melbourne warehouse restock',
  'Replace the worn conveyor belt on line 2 before the peak season',
  'Electricity top-up for the data room',
  'External audit support for the FY26 close',
  'Forklift for the new loading dock',
  null,
];

/**
 * Requisition `n` of a varied list (see {@link buildRequisitionList}): status, category, cost centre,
 * currency and requestor cycle with `n`; created `n` days after 1 Oct 2026 unless `created` is given.
 */
export function buildListRequisition(
  n: number,
  created = new Date(Date.UTC(2026, 9, 1 + n, 9, 30)).toISOString(),
): Requisition {
  const center = costCenters[n % costCenters.length] ?? costCenters[0]!;
  return buildRequisition(n, {
    status: LIST_STATUSES[n % LIST_STATUSES.length],
    category: LIST_CATEGORIES[n % LIST_CATEGORIES.length],
    currency: LIST_CURRENCIES[n % LIST_CURRENCIES.length],
    justification: LIST_JUSTIFICATIONS[n % LIST_JUSTIFICATIONS.length] ?? null,
    total_amount: Math.round(((n * 7919) % 150_000) + 120.5 * n) + (n % 4) * 0.25,
    requestor: n % 3 === 0 ? approverRef : requestorRef,
    cost_center_id: center.id,
    cost_center: center,
    created_at: created,
    updated_at: created,
  });
}

/**
 * `count` varied requisitions for the list screen, newest first: statuses, categories, cost centres and
 * currencies cycle; every third one is raised by Alex Morgan (the default signed-in user), the others by
 * Uma Patel. Number `n` is REQ-2026-000nn, created `n` days after 1 Oct 2026.
 */
export function buildRequisitionList(count: number): Requisition[] {
  return Array.from({ length: count }, (_, index) => buildListRequisition(count - index));
}

/**
 * `GET /requisitions` over `requisitions` (read on every call, so deletions through
 * `createRequisitionApi` show) applying every filter of the contract: search (number, justification,
 * requestor name or email), status[], category[], cost_center_id[], date_from, date_to (creation day,
 * inclusive), limit and offset, with a capped count and a cursor per page (test/paging.ts).
 * `onRequest` sees each request's URL (to check the query string).
 */
export function requisitionListHandler(
  requisitions: Requisition[],
  onRequest?: (url: URL) => void,
  options: PagingOptions = {},
) {
  return http.get('/requisitions', ({ request, response }) => {
    const url = new URL(request.url);
    onRequest?.(url);
    const params = url.searchParams;
    if (invalidCursor(params)) return response(400).json(invalidCursorBody);
    const search = params.get('search')?.toLowerCase() ?? '';
    const statuses = params.getAll('status');
    const categories = params.getAll('category');
    const centers = params.getAll('cost_center_id');
    const from = params.get('date_from');
    const to = params.get('date_to');
    const matching = requisitions.filter((r) => {
      const day = r.created_at.slice(0, 10);
      const text = [
        r.requisition_number,
        r.justification ?? '',
        `${r.requestor.first_name} ${r.requestor.last_name}`,
        r.requestor.email,
      ]
        .join(' ')
        .toLowerCase();
      return (
        (statuses.length === 0 || statuses.includes(r.status)) &&
        (categories.length === 0 || categories.includes(r.category)) &&
        (centers.length === 0 || centers.includes(r.cost_center_id)) &&
        (!from || day >= from) &&
        (!to || day <= to) &&
        (search === '' || text.includes(search))
      );
    });
    const page = pageOf(matching, params, options);
    return response(200).json({ requisitions: page.rows.map(toSummary), pagination: page.pagination });
  });
}

/**
 * `GET /requisitions` of a very large organisation: `count` requisitions (numbered down from `count`,
 * newest first, one every 7 minutes before 20 Nov 2026), made only for the page asked for. Filters are
 * ignored; the count stops at 10,000 (`COUNT_CAP`) like the server's, so any `count` above it answers
 * `total: 10000, total_capped: true`. `onRequest` sees each request's URL.
 */
export function largeRequisitionListHandler(count: number, onRequest?: (url: URL) => void) {
  const newest = Date.UTC(2026, 10, 20, 9, 30);
  return http.get('/requisitions', ({ request, response }) => {
    const url = new URL(request.url);
    onRequest?.(url);
    const params = url.searchParams;
    if (invalidCursor(params)) return response(400).json(invalidCursorBody);
    const { limit, offset } = pageRequest(params);
    const rows = Array.from({ length: Math.max(0, Math.min(limit, count - offset)) }, (_, index) => {
      const position = offset + index;
      return toSummary(
        buildListRequisition(count - position, new Date(newest - position * 7 * 60_000).toISOString()),
      );
    });
    return response(200).json({ requisitions: rows, pagination: pagination(params, count, rows.length) });
  });
}
