import { approvalQueries, type PendingApprovalFilters } from '@purchasing/api-client';
import { defineListResource } from '../kit/list/useListScreen';
import {
  APPROVAL_QUEUE_PAGE_SIZES,
  type ApprovalQueueSearch,
  approvalQueueSearchSchema,
  compactQueueSearch,
} from './approvalQueue.search';

export {
  APPROVAL_QUEUE_ORDERS,
  APPROVAL_QUEUE_PAGE_SIZES,
  type ApprovalQueueSearch,
  approvalQueueSearchSchema,
} from './approvalQueue.search';

/** The queue's two views: the open steps, or the ones the caller decided. */
export type QueueStatus = NonNullable<PendingApprovalFilters['status']>;

/** The `GET /approvals/pending` query of one page of the queue: `limit` cards from `(page - 1) * limit`. */
function toPageQuery(search: ApprovalQueueSearch): PendingApprovalFilters {
  const limit = search.page_size ?? APPROVAL_QUEUE_PAGE_SIZES[0];
  return {
    status: search.status ?? 'Pending',
    ...(search.sort === 'due' && search.status !== 'Completed' ? { sort: 'due' as const } : {}),
    ...(search.level ? { level: search.level.map(Number) } : {}),
    ...(search.date_from ? { date_from: search.date_from } : {}),
    ...(search.date_to ? { date_to: search.date_to } : {}),
    ...(search.due === 'overdue' ? { overdue: true } : {}),
    ...(search.search ? { search: search.search } : {}),
    limit,
    offset: ((search.page ?? 1) - 1) * limit,
  };
}

/**
 * The approval queue (`GET /approvals/pending`): the caller's open steps, or under Completed the ones
 * they decided, paged by the cursor of the page on screen with its offset, counted up to the server's
 * cap. The Pending | Completed toggle and the order are the list's view, not filters.
 */
export const approvalQueue = defineListResource({
  pageSize: APPROVAL_QUEUE_PAGE_SIZES[0],
  pageSizes: APPROVAL_QUEUE_PAGE_SIZES,
  viewKeys: ['status', 'sort'],
  parse: (value) => approvalQueueSearchSchema.parse(value),
  compact: compactQueueSearch,
  query: (client, organizationId, search: ApprovalQueueSearch, hint) =>
    approvalQueries.pending(client, organizationId, toPageQuery(search), hint),
  page: ({ pending_approvals, pagination }) => ({
    rows: pending_approvals,
    total: pagination.total,
    totalCapped: pagination.total_capped ?? false,
    cursor: pagination.cursor,
  }),
});
