import type { paths } from '@purchasing/contract';
import type { QueryClient } from '@tanstack/react-query';
import { type PendingApprovalFilters, requisitionKeys } from './purchasing-queries';

type PendingPage = paths['/approvals/pending']['get']['responses'][200]['content']['application/json'];

/**
 * After the server has confirmed a decision on `requisitionId` (approve, reject, request information
 * or delegate), takes its step out of every cached page of the caller's **pending** queue, and counts
 * it out of their totals, so that a queue shown next (the review returns to it) is already right
 * instead of showing the decided step until its refetch answers. The Completed tab is left to its
 * refetch: where the decided step lands there depends on the server's order.
 *
 * Only confirmed decisions come here (never optimistically): the pages stay what the server will
 * answer. Invalidate `requisitionKeys.all(org)` as well, which refetches them in the background.
 */
export function forgetDecidedStep(
  queryClient: QueryClient,
  organizationId: string,
  requisitionId: string,
): void {
  const pendingRoot = [...requisitionKeys.all(organizationId), 'approvals', 'pending'] as const;
  for (const [queryKey, page] of queryClient.getQueriesData<PendingPage>({ queryKey: pendingRoot })) {
    const filters = queryKey[queryKey.length - 1] as PendingApprovalFilters | undefined;
    if (!page || filters?.status === 'Completed') continue;
    const kept = page.pending_approvals.filter((step) => step.requisition.id !== requisitionId);
    const removed = page.pending_approvals.length - kept.length;
    if (removed === 0) continue;
    const { pagination } = page;
    queryClient.setQueryData<PendingPage>(queryKey, {
      ...page,
      pending_approvals: kept,
      pagination: {
        ...pagination,
        total: pagination.total_capped ? pagination.total : Math.max(0, pagination.total - removed),
      },
    });
  }
}
