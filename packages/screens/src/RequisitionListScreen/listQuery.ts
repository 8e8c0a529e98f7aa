import { type PurchasingClient, requisitionQueries } from '@purchasing/api-client';
import { type RequisitionListSearch, toPageQuery } from './searchParams';

/**
 * The query of the first page {@link RequisitionListScreen} asks for when it opens on `search` in
 * `organizationId`: the same key and request as the screen's own, so a host's route loader can start
 * it while the screen's code still loads (`queryClient.prefetchQuery(requisitionListQuery(…))`) and
 * the screen shows the rows from the cache on its first render instead of asking again.
 */
export function requisitionListQuery(
  client: PurchasingClient,
  organizationId: string,
  search: RequisitionListSearch,
): ReturnType<typeof requisitionQueries.list> {
  return requisitionQueries.list(client, organizationId, toPageQuery(search));
}
