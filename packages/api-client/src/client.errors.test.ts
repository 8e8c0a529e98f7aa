// @vitest-environment node

import type { components } from '@purchasing/contract';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { createPurchasingClient, type PurchasingClient } from './client';
import { ApiError, isApiError, unwrap } from './errors';
import { createMemoryStore, type SessionStore } from './store';
import { buildUser, json, startTestServer, type TestServer, unreachableBaseUrl } from './test/server';

const _ORG = '11111111-1111-4111-8111-111111111111';
const _OTHER_ORG = '22222222-2222-4222-8222-222222222222';

let server: TestServer;
let store: SessionStore;
let client: PurchasingClient;

beforeEach(async () => {
  server = await startTestServer();
  store = createMemoryStore();
  client = createPurchasingClient({ baseUrl: server.baseUrl, store });
});

afterEach(async () => {
  await server.close();
});

describe('errors', () => {
  it("uses the server's message, code and details", async () => {
    const details = [{ field: 'line_items.0.quantity', message: 'Quantity must be at least 1' }];
    server.handle((_call, res) =>
      json(res, 422, { message: 'Validation failed', code: 'VALIDATION_FAILED', details }),
    );

    const error = await unwrap(client.api.GET('/organizations')).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Validation failed',
      code: 'VALIDATION_FAILED',
      details,
      status: 422,
    });
  });

  it("falls back to 'HTTP {status}: {statusText}' when the body has no message", async () => {
    server.handle((_call, res) => {
      res.writeHead(503, { 'Content-Type': 'text/html' });
      res.end('<h1>Bad gateway page</h1>');
    });

    const error = await unwrap(client.api.GET('/organizations')).catch((e: unknown) => e);

    expect(error).toMatchObject({
      message: 'HTTP 503: Service Unavailable',
      code: 'HTTP_503',
      details: [],
      status: 503,
    });
  });

  it('keeps the fallback texts for an empty error body', async () => {
    server.handle((_call, res) => {
      res.writeHead(500, { 'Content-Length': '0' });
      res.end();
    });

    const error = await unwrap(client.api.GET('/organizations')).catch((e: unknown) => e);

    expect(error).toMatchObject({
      message: 'HTTP 500: Internal Server Error',
      code: 'HTTP_500',
      status: 500,
    });
  });

  it('turns an unreachable server into an ApiError with status 0 and code NETWORK_ERROR', async () => {
    const offline = createPurchasingClient({ baseUrl: await unreachableBaseUrl(), store });

    const viaUnwrap = await unwrap(offline.api.GET('/organizations')).catch((e: unknown) => e);
    const viaCall = await offline.api.GET('/organizations').catch((e: unknown) => e);

    for (const error of [viaUnwrap, viaCall]) {
      expect(isApiError(error)).toBe(true);
      expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', details: [] });
    }
  });

  it('lets an aborted call reject with its AbortError', async () => {
    server.handle(() => {
      // Never answers: the caller aborts.
    });
    const controller = new AbortController();
    const pending = unwrap(client.api.GET('/organizations', { signal: controller.signal })).catch(
      (e: unknown) => e,
    );
    await expect.poll(() => server.calls.length).toBe(1);
    controller.abort();

    const error = await pending;

    expect(isApiError(error)).toBe(false);
    expect(error).toMatchObject({ name: 'AbortError' });
  });

  it('returns the typed success body from unwrap', async () => {
    server.handle((_call, res) => json(res, 200, { user: buildUser() }));

    const data = await unwrap(client.api.GET('/auth/me'));

    expectTypeOf(data).toEqualTypeOf<{ user: components['schemas']['User'] }>();
    expect(data.user.first_name).toBe('Uma');
  });
});
