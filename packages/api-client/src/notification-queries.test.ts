// @vitest-environment node
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPurchasingClient, type PurchasingClient } from './client';
import { notificationKeys, notificationQueries } from './notification-queries';
import { createMemoryStore } from './store';
import { json, type RecordedCall, startTestServer, type TestServer } from './test/server';

const ACME = '11111111-1111-4111-8111-111111111111';

let server: TestServer;
let client: PurchasingClient;
let queryClient: QueryClient;
let unread = 2;
const calls: RecordedCall[] = [];

beforeEach(async () => {
  calls.length = 0;
  unread = 2;
  server = await startTestServer();
  server.handle((call, res) => {
    calls.push(call);
    const etag = `"${unread}"`;
    if (call.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag });
      res.end();
      return;
    }
    res.setHeader('ETag', etag);
    json(res, 200, { unread_count: unread, latest_at: '2026-11-27T18:20:00.000Z' });
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

describe('notificationQueries.unreadCount', () => {
  it('sends the last entity tag and keeps the same answer on 304; a change answers anew', async () => {
    const options = notificationQueries.unreadCount(client, ACME);
    expect(options.queryKey).toEqual(notificationKeys.unreadCount(ACME));
    const first = await queryClient.fetchQuery(options);
    expect(first.unread_count).toBe(2);
    expect(calls[0]!.headers['if-none-match']).toBeUndefined();

    const second = await queryClient.fetchQuery({ ...options, staleTime: 0 });
    expect(calls[1]!.headers['if-none-match']).toBe('"2"');
    expect(second).toBe(first);

    unread = 0;
    const third = await queryClient.fetchQuery({ ...options, staleTime: 0 });
    expect(third.unread_count).toBe(0);
    expect(calls[2]!.headers['x-organization-id']).toBe(ACME);
  });
});

describe('notificationQueries.pages', () => {
  it('asks for the first page, then each next one by the previous next_cursor, until there is none', async () => {
    server.handle((call, res) => {
      calls.push(call);
      const cursor = new URL(call.path, 'http://x').searchParams.get('cursor');
      const page = (ids: string[], next: string | null) =>
        json(res, 200, {
          notifications: ids.map((id) => ({ id })),
          next_cursor: next,
          unread_count: 0,
        });
      if (cursor === null) page(['a', 'b'], 'c1');
      else if (cursor === 'c1') page(['c', 'd'], 'c2');
      else page(['e'], null);
    });
    const options = notificationQueries.pages(client, ACME, { limit: 2 });
    expect(options.queryKey).toEqual([...notificationKeys.all(ACME), 'list', 'pages', { limit: 2 }]);
    const observer = new InfiniteQueryObserver(queryClient, options);
    const first = await observer.refetch();
    expect(first.data?.pages.map((p) => p.notifications.length)).toEqual([2]);
    expect(observer.getCurrentResult().hasNextPage).toBe(true);
    await observer.fetchNextPage();
    const last = await observer.fetchNextPage();
    expect(last.data?.pages.flatMap((p) => p.notifications.map((n) => n.id))).toEqual([
      'a',
      'b',
      'c',
      'd',
      'e',
    ]);
    expect(last.hasNextPage).toBe(false);
    expect(calls.map((call) => new URL(call.path, 'http://x').search)).toEqual([
      '?limit=2',
      '?limit=2&cursor=c1',
      '?limit=2&cursor=c2',
    ]);
  });
});
