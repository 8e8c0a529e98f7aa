import type { components } from '@purchasing/api-client';
import type { Db } from '../../http/context.js';
import { cappedTotal, counterTotal, selectPageWithTotal } from '../counters.js';
import {
  COUNT_CAP,
  encodeCursor,
  filterHash,
  planPage,
  type SeekKey,
  seekKeySql,
  seekSql,
} from '../paging.js';
import { likePattern } from '../requisitions/requisitions.service.js';
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

/**
 * A page of the organisation's purchase orders, newest first. `search` matches the PO number or
 * the vendor's name, as two index-backed branches of a UNION (trigram indexes on `po_number` and
 * `vendors.name`); an OR across the join would read every order of the organisation.
 *
 * The total is exact and read from the maintained counters when only statuses are filtered;
 * otherwise it is counted up to {@link COUNT_CAP} (`total_capped` beyond). It is read in the page's
 * own statement (an InitPlan), as the requisition list's is.
 */
export async function listPurchaseOrders(
  db: Db,
  actor: Actor,
  filter: PurchaseOrderFilter,
): Promise<{
  data: PurchaseOrderSummaryView[];
  pagination: components['schemas']['Pagination'];
}> {
  assertMayView(actor);
  const bind: unknown[] = [actor.scope.organizationId];
  const where = ['po.organization_id = $1'];
  const param = (value: unknown) => {
    bind.push(value);
    return `$${bind.length}`;
  };
  const search = filter.search?.trim();
  if (search) {
    const p = param(likePattern(search));
    where.push(`po.id IN (
        SELECT x.id FROM purchase_orders x WHERE x.organization_id = $1 AND x.po_number ILIKE ${p}
        UNION
        SELECT x.id FROM purchase_orders x
         WHERE x.organization_id = $1 AND x.vendor_id IN (
           SELECT sv.id FROM vendors sv WHERE sv.organization_id = $1 AND sv.name ILIKE ${p}))`);
  }
  if (filter.status?.length) where.push(`po.status = ANY(${param(filter.status)}::text[])`);
  if (filter.vendor_id?.length) where.push(`po.vendor_id = ANY(${param(filter.vendor_id)}::uuid[])`);
  // Dates are calendar days in UTC, both ends inclusive (as the requisition list's).
  if (filter.date_from)
    where.push(`po.created_at >= (${param(filter.date_from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.date_to)
    where.push(`po.created_at < (${param(filter.date_to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
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
    : cappedTotal(db, `SELECT 1 FROM purchase_orders po WHERE ${where.join(' AND ')}`, bind, COUNT_CAP);
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
  if (seek.reversed) rows.reverse();
  const keys: SeekKey[] = rows.map((row) => ({ at: row.seek_at, id: row.seek_id }));
  const data = rows.map(({ seek_at: _at, seek_id: _id, ...row }) => presentSummary(row));
  return {
    data,
    pagination: {
      limit,
      offset,
      total: count.total,
      total_capped: count.capped,
      ...(keys.length ? { cursor: encodeCursor(hash, offset, keys) } : {}),
    },
  };
}
