/**
 * Paging as the server answers the requisition list and the approval lists (issue 12): `limit` and
 * `offset`, a count that stops at {@link COUNT_CAP} (`total_capped` beyond), and a cursor naming each
 * page, which a request may send back beside its `offset`.
 */
import type { Schemas } from '@purchasing/api-client';

type Pagination = Schemas['Pagination'];

/** Where the server stops counting a broad filter in a very large organisation. */
export const COUNT_CAP = 10_000;

/** The cursor the handlers answer for the page at `offset` (opaque to the screens). */
export const pageCursor = (offset: number) => `page-${offset}`;

/** Options of the paged handlers. */
export interface PagingOptions {
  /** Count at most this many matches and answer `total_capped` beyond; the server's cap by default. */
  countCap?: number;
}

/** A `cursor` parameter the handlers did not issue: the server answers 400 for a malformed one. */
export function invalidCursor(params: URLSearchParams): boolean {
  const cursor = params.get('cursor');
  return cursor !== null && !/^page-\d+$/.test(cursor);
}

/** The contract's 400 for a cursor it cannot read. */
export const invalidCursorBody = {
  message: 'Validation failed',
  code: 'VALIDATION_FAILED',
  details: [{ field: 'cursor', message: 'Invalid cursor: send back a pagination.cursor of this list' }],
} satisfies Schemas['ErrorResponse'];

/** The `limit` and `offset` of a request (10 and 0 when absent). */
export function pageRequest(params: URLSearchParams): { limit: number; offset: number } {
  return { limit: Number(params.get('limit') ?? 10), offset: Number(params.get('offset') ?? 0) };
}

/** The `pagination` of a page of `rowCount` rows at `offset` among `matching` matches. */
export function pagination(
  params: URLSearchParams,
  matching: number,
  rowCount: number,
  { countCap = COUNT_CAP }: PagingOptions = {},
): Pagination {
  const { limit, offset } = pageRequest(params);
  const capped = matching > countCap;
  return {
    limit,
    offset,
    total: capped ? countCap : matching,
    total_capped: capped,
    ...(rowCount > 0 ? { cursor: pageCursor(offset) } : {}),
  };
}

/** The page a request asks for out of `matching`, and its `pagination`. */
export function pageOf<T>(
  matching: readonly T[],
  params: URLSearchParams,
  options: PagingOptions = {},
): { rows: T[]; pagination: Pagination } {
  const { limit, offset } = pageRequest(params);
  const rows = matching.slice(offset, offset + limit);
  return { rows, pagination: pagination(params, matching.length, rows.length, options) };
}
