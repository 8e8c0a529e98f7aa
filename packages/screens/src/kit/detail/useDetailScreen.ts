import { isApiError, type PurchasingClient, type PurchasingQueryOptions } from '@purchasing/api-client';
import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePurchasing } from '../../PurchasingProvider';
import { useSession } from '../../SessionProvider';
import { isMissingRecord } from '../../shared/missingRecord';

/** What a detail screen shows: its states, in the order they are met. */
export type DetailStatus = 'pending' | 'no-organization' | 'not-found' | 'error' | 'ready';

/** How one record is read: an api-client query factory, and where the record sits in its answer. */
export interface DetailSpec<TBody, TRecord, TKey extends QueryKey> {
  /** An api-client factory, e.g. `requisitionQueries.detail`. */
  query: (
    client: PurchasingClient,
    organizationId: string,
    id: string,
  ) => PurchasingQueryOptions<TBody, TKey>;
  /** The record in the answer, e.g. `(body) => body.requisition`. */
  pick: (body: TBody) => TRecord;
  /** The record's id, from the route. */
  id: string;
}

/** The state of a detail screen, for {@link DetailScreen}. */
export interface DetailScreenState<TRecord> {
  status: DetailStatus;
  /** The record once `status` is 'ready' (kept while a refresh runs). */
  record: TRecord | undefined;
  /** The current organisation's id; '' while there is none. */
  organizationId: string;
  /** The failure when `status` is 'error'. */
  error: unknown;
  /** Asks again after a failure ('error' only: a missing record is never asked again). */
  retry(): void;
}

/**
 * Reads one record of the current organisation: waits for the organisations, answers 'no-organization'
 * when the user has none, and reads 400 and 404 as 'not-found' (a malformed or unknown id), which is
 * asked once and never retried; any other 4xx is not retried either, a network or server failure once.
 */
export function useDetailScreen<TBody, TRecord, TKey extends QueryKey>({
  query,
  pick,
  id,
}: DetailSpec<TBody, TRecord, TKey>): DetailScreenState<TRecord> {
  const { client } = usePurchasing();
  const { currentOrganization, organizationsLoading } = useSession();
  const organizationId = currentOrganization?.id ?? '';
  const hostRetry = useQueryClient().getDefaultOptions().queries?.retry;
  const detail = useQuery({
    ...query(client, organizationId, id),
    enabled: organizationId !== '',
    // A refusal (4xx) stays a refusal however often it is asked; other failures follow the host's rule.
    retry: (failureCount: number, error: Error) => {
      if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
      if (typeof hostRetry === 'function') return hostRetry(failureCount, error);
      if (typeof hostRetry === 'number') return failureCount < hostRetry;
      return hostRetry ?? failureCount < 3;
    },
  });
  const retry = () => void detail.refetch();
  const base = { organizationId, retry, error: detail.error };
  if (organizationsLoading) return { ...base, status: 'pending', record: undefined };
  if (!currentOrganization) return { ...base, status: 'no-organization', record: undefined };
  if (detail.data !== undefined) return { ...base, status: 'ready', record: pick(detail.data) };
  if (detail.isError) {
    return { ...base, status: isMissingRecord(detail.error) ? 'not-found' : 'error', record: undefined };
  }
  return { ...base, status: 'pending', record: undefined };
}
