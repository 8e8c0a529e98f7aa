import type { components } from '@purchasing/contract';
import { likePattern, select } from '../../db-query.js';
import type { Db } from '../../http/context.js';
import { cappedTotal, counterTotal, selectPageWithTotal } from '../counters.js';
import {
  answerPage,
  COUNT_CAP,
  filterHash,
  planPage,
  SEARCH_COUNT_CAP,
  seekKeySql,
  seekSql,
} from '../paging.js';
import { indexPattern, looksLikeNumber } from '../requisitions/requisition-search.js';
import type { PurchaseOrderStatus } from './po-rules.js';
import {
  JOINS,
  type PurchaseOrderSummaryRow,
  type PurchaseOrderSummaryView,
  presentSummary,
  SUMMARY_COLUMNS,
} from './purchase-orders.presenter.js';
import { type Actor, assertMayView } from './purchase-orders.service.js';

/** Filters and page of the purchase order list (`listPurchaseOrders` query). */
export interface PurchaseOrderFilter {
  search?: string | undefined;
  status?: PurchaseOrderStatus[] | undefined;
  vendor_id?: string[] | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  cursor?: string | undefined;
}

/** Characters a PO number (`PO-2026-00001`) is made of: a term with another cannot be part of one. */
const NUMBER_CHARACTERS = /^[po0-9-]+$/i;

/**
 * What a search term matches before the page is read: the organisation's vendors whose name has it
 * (a few hundred names at most), and the orders whose number has it, looked up in the trigram index
 * by the term's digits when it has a run of five (`%01234%`: `PO-20` is in every number, and reading
 * those trigrams' lists is what made a number search cost 350 ms at 1M). 'every': a short fragment of
 * a number (`2025`, `PO-`), in too many orders to list, tested on each order as the page is read
 * newest first.
 */
async function searchMatches(
  db: Db,
  organizationId: string,
  search: string,
): Promise<{ vendors: string[]; orders: string[] } | 'every'> {
  if (NUMBER_CHARACTERS.test(search) && !looksLikeNumber(search)) return 'every';
  const pattern = likePattern(search);
  const rows = await select<{ kind: 'vendor' | 'order'; id: string }>(
    db,
    looksLikeNumber(search)
      ? `SELECT 'vendor' AS kind, v.id FROM vendors v WHERE v.organization_id = $1 AND v.name ILIKE $2
         UNION ALL
         SELECT 'order', x.id FROM purchase_orders x
          WHERE (x.organization_id = $1) IS TRUE AND x.po_number ILIKE $3 AND (x.po_number || '') ILIKE $2`
      : `SELECT 'vendor' AS kind, v.id FROM vendors v WHERE v.organization_id = $1 AND v.name ILIKE $2`,
    looksLikeNumber(search) ? [organizationId, pattern, indexPattern(search)] : [organizationId, pattern],
  );
  return {
    vendors: rows.filter((row) => row.kind === 'vendor').map((row) => row.id),
    orders: rows.filter((row) => row.kind === 'order').map((row) => row.id),
  };
}

/**
 * The rules of the purchase-order list, shared by the list and its export: the organisation (bound
 * at `$1`), the search ({@link searchMatches}) and the filters, as conditions on `purchase_orders po`;
 * `param` binds a value and answers its position.
 */
export async function purchaseOrderConditions(
  db: Db,
  actor: Actor,
  filter: PurchaseOrderFilter,
  param: (value: unknown) => string,
): Promise<string[]> {
  assertMayView(actor);
  const where = ['po.organization_id = $1'];
  const search = filter.search?.trim();
  if (search) {
    const matches = await searchMatches(db, actor.scope.organizationId, search);
    if (matches === 'every') where.push(`(po.po_number || '') ILIKE ${param(likePattern(search))}`);
    else {
      const either = [
        ...(matches.vendors.length ? [`po.vendor_id = ANY(${param(matches.vendors)}::uuid[])`] : []),
        ...(matches.orders.length ? [`po.id = ANY(${param(matches.orders)}::uuid[])`] : []),
      ];
      // Orders by number alone: read by id. With vendors, the orders are read newest first and each
      // tested (`IS TRUE`, which no index answers): the vendor index gave a vendor's orders out of the
      // list's order, and a common name ("Office", 13 vendors, 72,000 orders) had them all sorted (1 s).
      where.push(
        either.length === 0
          ? 'FALSE'
          : matches.vendors.length
            ? `(${either.join(' OR ')}) IS TRUE`
            : either[0]!,
      );
    }
  }
  if (filter.status?.length) where.push(`po.status = ANY(${param(filter.status)}::text[])`);
  if (filter.vendor_id?.length) where.push(`po.vendor_id = ANY(${param(filter.vendor_id)}::uuid[])`);
  // Dates are calendar days in UTC, both ends inclusive (as the requisition list's).
  if (filter.date_from)
    where.push(`po.created_at >= (${param(filter.date_from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.date_to)
    where.push(`po.created_at < (${param(filter.date_to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return where;
}

/**
 * A page of the organisation's purchase orders, newest first. `search` matches the PO number or
 * the vendor's name ({@link searchMatches}).
 *
 * The total is exact and read from the maintained counters when only statuses are filtered;
 * otherwise it is counted up to {@link COUNT_CAP}, or {@link SEARCH_COUNT_CAP} with a search
 * (`total_capped` beyond). It is read in the page's own statement (an InitPlan), as the requisition
 * list's is.
 */
export async function listPurchaseOrders(
  db: Db,
  actor: Actor,
  filter: PurchaseOrderFilter,
): Promise<{
  data: PurchaseOrderSummaryView[];
  pagination: components['schemas']['Pagination'];
}> {
  const bind: unknown[] = [actor.scope.organizationId];
  const param = (value: unknown) => {
    bind.push(value);
    return `$${bind.length}`;
  };
  const where = await purchaseOrderConditions(db, actor, filter, param);
  const search = filter.search?.trim();
  const limit = filter.limit ?? 10;
  const offset = filter.offset ?? 0;
  const { limit: _l, offset: _o, cursor, ...filters } = filter;
  const hash = filterHash(['purchase-orders', actor.scope.organizationId, filters]);
  const onlyStatuses = !search && !filter.vendor_id?.length && !filter.date_from && !filter.date_to;
  // The filters only read `po` and subqueries: the count needs no join.
  const total = onlyStatuses
    ? counterTotal(
        db,
        actor.scope.organizationId,
        '$1',
        param,
        filter.status?.length ? [...new Set(filter.status)].map((s) => `po:${s}`) : ['po'],
      )
    : cappedTotal(
        db,
        `SELECT 1 FROM purchase_orders po WHERE ${where.join(' AND ')}`,
        bind,
        search ? SEARCH_COUNT_CAP : COUNT_CAP,
      );
  const seek = seekSql(
    planPage(cursor, hash, offset, limit),
    { at: 'po.created_at', id: 'po.id', direction: 'DESC' },
    param,
  );
  if (seek.where) where.push(seek.where);
  // The page's ids first, then their columns, so the joins run for the rows shown and not for every
  // row an OFFSET skips; the total in the same statement (an InitPlan): one round trip.
  const { rows, total: count } = await selectPageWithTotal<
    PurchaseOrderSummaryRow & { seek_at: string; seek_id: string }
  >(
    db,
    (totalColumn) => `SELECT ${SUMMARY_COLUMNS}, ${seekKeySql('po.created_at', 'po.id')}, ${totalColumn}
       FROM purchase_orders po ${JOINS}
      WHERE po.id IN (SELECT po.id FROM purchase_orders po WHERE ${where.join(' AND ')}
                       ORDER BY ${seek.orderBy} LIMIT ${param(limit)} OFFSET ${param(seek.offset)})
      ORDER BY ${seek.orderBy}`,
    bind,
    total,
  );
  const answer = answerPage({ rows, reversed: seek.reversed, hash, limit, offset, total: count });
  return { data: answer.rows.map(presentSummary), pagination: answer.pagination };
}
