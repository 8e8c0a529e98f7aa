import {
  createMemoryStore,
  createPurchasingClient,
  defaultQueryClientOptions,
  type PurchasingClient,
} from '@purchasing/api-client';
import { requisitionListQuery } from '@purchasing/screens';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { describe, expect, it } from 'vitest';
import { createAppRouter } from './router';

const ORGANIZATION = '6f1c1c1e-1d52-4c4b-9a0f-6a1c0a4e9b01';
const OTHER_ORGANIZATION = '0b7d5c5e-2f1a-4d8e-8c3b-2e9a7f6d4c02';
const page = { requisitions: [], pagination: { total: 0, limit: 10, offset: 0 } };

/**
 * A client whose requests are answered here (the list page, the organisations), recording each
 * request's path, query and organisation header.
 */
function recordingClient(store: Parameters<typeof createMemoryStore>[0], organizations: string[]) {
  const requests: RecordedRequest[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const request = input as Request;
    const url = new URL(request.url);
    requests.push({
      path: url.pathname,
      query: url.search,
      organization: request.headers.get('x-organization-id'),
    });
    const body =
      url.pathname === '/api/organizations'
        ? { organizations: organizations.map((id) => ({ id, name: id })) }
        : page;
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  };
  const client = createPurchasingClient({
    baseUrl: 'http://localhost/api',
    store: createMemoryStore(store),
    fetch,
  });
  return { client, requests };
}

async function open(client: PurchasingClient, href: string) {
  const queryClient = new QueryClient({ defaultOptions: defaultQueryClientOptions });
  const router = createAppRouter({ queryClient, client }, createMemoryHistory({ initialEntries: [href] }));
  await router.load();
  // The loader does not wait for the page; the test waits for it to arrive.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { router, queryClient };
}

interface RecordedRequest {
  path: string;
  query: string;
  organization: string | null;
}

const listRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.path === '/api/requisitions');

describe("the requisition list route's loader (issue 12: data in parallel with the code)", () => {
  it("asks for the page the screen will show, in the stored organisation, into the screen's own query", async () => {
    const { client, requests } = recordingClient({ access_token: 'token', organization_id: ORGANIZATION }, [
      ORGANIZATION,
      OTHER_ORGANIZATION,
    ]);
    const { queryClient } = await open(client, '/requisitions?status=draft&page=3');

    expect(listRequests(requests)).toEqual([
      { path: '/api/requisitions', query: '?status=draft&limit=10&offset=20', organization: ORGANIZATION },
    ]);
    const { queryKey } = requisitionListQuery(client, ORGANIZATION, { status: ['draft'], page: 3 });
    expect(queryClient.getQueryData(queryKey)).toEqual(page);
  });

  it('asks nothing when the search changes on the list (the screen asks, with its cursor)', async () => {
    const { client, requests } = recordingClient({ access_token: 'token', organization_id: ORGANIZATION }, [
      ORGANIZATION,
    ]);
    const { router } = await open(client, '/requisitions');
    expect(listRequests(requests)).toHaveLength(1);

    await router.navigate({ href: '/requisitions?page=2' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listRequests(requests)).toHaveLength(1);
  });

  it("uses the user's only organisation when none is stored yet, and waits for the session otherwise", async () => {
    const single = recordingClient({ access_token: 'token' }, [ORGANIZATION]);
    await open(single.client, '/requisitions');
    expect(listRequests(single.requests).map((request) => request.organization)).toEqual([ORGANIZATION]);

    const several = recordingClient({ access_token: 'token' }, [ORGANIZATION, OTHER_ORGANIZATION]);
    await open(several.client, '/requisitions');
    expect(listRequests(several.requests)).toEqual([]);
  });

  it('asks nothing without a stored session', async () => {
    const { client, requests } = recordingClient({ organization_id: ORGANIZATION }, [ORGANIZATION]);
    await open(client, '/requisitions');
    expect(requests).toEqual([]);
  });
});
