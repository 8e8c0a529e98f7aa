// @vitest-environment node
import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPurchasingClient, type PurchasingClient } from './client';
import { approvalQueries, requisitionKeys, requisitionQueries } from './purchasing-queries';
import { createMemoryStore } from './store';
import { json, startTestServer, type TestServer } from './test/server';

const ACME = '11111111-1111-4111-8111-111111111111';

let server: TestServer;
let client: PurchasingClient;
let queryClient: QueryClient;

/** Each list answers an empty page whose cursor names the offset it was asked for. */
beforeEach(async () => {
  server = await startTestServer();
  server.handle((call, res) => {
    const url = new URL(call.path, 'http://localhost');
    const offset = Number(url.searchParams.get('offset') ?? 0);
    const pagination = { limit: 10, offset, total: 0, cursor: `at-${offset}` };
    if (url.pathname === '/api/requisitions') return json(res, 200, { requisitions: [], pagination });
    if (url.pathname === '/api/approvals/pending')
      return json(res, 200, { pending_approvals: [], pagination });
    return json(res, 200, { approvals: [], pagination });
  });
  client = createPurchasingClient({
    baseUrl: server.baseUrl,
    store: createMemoryStore({ access_token: 'access-1', refresh_token: 'refresh-1' }),
  });
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
});

afterEach(async () => {
  queryClient.clear();
  await server.close();
});

const requisitionsPage = (cursor?: () => string | undefined) =>
  requisitionQueries.list(client, ACME, { status: ['approved'], limit: 10, offset: 20 }, { cursor });
const pendingPage = (cursor?: () => string | undefined) =>
  approvalQueries.pending(client, ACME, { status: 'Pending', limit: 10, offset: 20 }, { cursor });
const historyPage = (cursor?: () => string | undefined) =>
  approvalQueries.history(client, ACME, { limit: 10, offset: 20 }, { cursor });

const sent = (index = 0) => new URL(server.calls[index]?.path ?? '', 'http://localhost');

describe('the cursor hint of the paged lists', () => {
  type Hint = (() => string | undefined) | undefined;
  /** Each list query: its key and a fetch, both built with a cursor hint. */
  const lists: {
    name: string;
    path: string;
    key: (cursor: Hint) => QueryKey;
    fetch: (cursor: Hint) => Promise<unknown>;
  }[] = [
    {
      name: 'requisitionQueries.list',
      path: '/api/requisitions',
      key: (cursor) => requisitionsPage(cursor).queryKey,
      fetch: (cursor) => queryClient.fetchQuery({ ...requisitionsPage(cursor), staleTime: 0 }),
    },
    {
      name: 'approvalQueries.pending',
      path: '/api/approvals/pending',
      key: (cursor) => pendingPage(cursor).queryKey,
      fetch: (cursor) => queryClient.fetchQuery({ ...pendingPage(cursor), staleTime: 0 }),
    },
    {
      name: 'approvalQueries.history',
      path: '/api/approvals/history',
      key: (cursor) => historyPage(cursor).queryKey,
      fetch: (cursor) => queryClient.fetchQuery({ ...historyPage(cursor), staleTime: 0 }),
    },
  ];

  it.each(lists)('$name sends the cursor beside the offset', async ({ path, fetch }) => {
    await fetch(() => 'at-10');
    expect(sent().pathname).toBe(path);
    expect(sent().searchParams.get('cursor')).toBe('at-10');
    expect(sent().searchParams.get('offset')).toBe('20');
    expect(server.calls[0]?.headers['x-organization-id']).toBe(ACME);
  });

  it.each(lists)('$name keeps the same query key with or without a cursor', ({ key }) => {
    expect(key(() => 'at-10')).toEqual(key(undefined));
    expect(JSON.stringify(key(() => 'at-10'))).not.toContain('at-10');
  });

  it.each(lists)('$name sends no cursor when the hint has none', async ({ fetch }) => {
    await fetch(() => undefined);
    expect(sent().searchParams.has('cursor')).toBe(false);
    await fetch(undefined);
    expect(sent(1).searchParams.has('cursor')).toBe(false);
  });

  it('reads the cursor when the page is fetched, not when the options are built', async () => {
    let shown: string | undefined;
    const options = requisitionQueries.list(client, ACME, { offset: 10 }, { cursor: () => shown });
    shown = 'at-0';
    await queryClient.fetchQuery(options);
    expect(sent().searchParams.get('cursor')).toBe('at-0');
  });

  it('serves a page fetched with a cursor from the cache of the same filters, and invalidates it with the rest', async () => {
    const withHint = requisitionQueries.list(client, ACME, { offset: 10 }, { cursor: () => 'at-0' });
    await queryClient.fetchQuery(withHint);
    const plain = requisitionQueries.list(client, ACME, { offset: 10 });
    expect(queryClient.getQueryData(plain.queryKey)?.pagination.cursor).toBe('at-10');

    await queryClient.invalidateQueries({ queryKey: requisitionKeys.all(ACME) });
    expect(queryClient.getQueryState(plain.queryKey)?.isInvalidated).toBe(true);
  });
});
