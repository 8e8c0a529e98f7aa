import {
  ApiError,
  createMemoryStore,
  createPurchasingClient,
  defaultQueryClientOptions,
  type PurchasingClient,
  requisitionQueries,
} from '@purchasing/api-client';
import { QueryClient } from '@tanstack/react-query';

/** The client a portal gives `PurchasingProvider` of `@purchasing/screens`: its own token, our API. */
export function createPortalClient(getPortalToken: () => Promise<string | null>): PurchasingClient {
  return createPurchasingClient({
    baseUrl: 'https://purchasing.example.com/api',
    store: createMemoryStore(), // the chosen organisation only: the tokens are the portal's
    getAccessToken: getPortalToken,
  });
}

/** One cache for the screens and the portal's loaders. */
export const queryClient = new QueryClient({ defaultOptions: defaultQueryClientOptions });

/** A portal route's loader: warms the cache the detail screen reads; `null` when there is no such record. */
export async function loadRequisition(client: PurchasingClient, organizationId: string, id: string) {
  try {
    const { requisition } = await queryClient.ensureQueryData(
      requisitionQueries.detail(client, organizationId, id),
    );
    return requisition;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
