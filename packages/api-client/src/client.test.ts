import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPurchasingClient, type PurchasingClient } from './client';
import { isApiError, unwrap } from './errors';
import { createMemoryStore, type SessionStore } from './store';
import {
  buildUser,
  type Handler,
  json,
  type RecordedCall,
  startTestServer,
  type TestServer,
  unreachableBaseUrl,
} from './test/server';

const ORG = '11111111-1111-4111-8111-111111111111';
const OTHER_ORG = '22222222-2222-4222-8222-222222222222';

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

const unauthorized = { message: 'Authentication required', code: 'UNAUTHORIZED', details: [] };

/** What the server saw, as `METHOD /path Bearer-token`. */
function seen(calls: RecordedCall[]): string[] {
  return calls.map((call) => `${call.method} ${call.path} ${call.headers.authorization ?? '-'}`);
}

/**
 * A server that accepts only `access-2` and rotates `refresh-1` into `access-2`/`refresh-2`; `refresh`
 * may delay or refuse the refresh.
 */
function sessionHandler(
  options: { refresh?: (call: RecordedCall) => Promise<unknown> | unknown } = {},
): Handler {
  return async (call, res) => {
    if (call.path === '/api/auth/refresh') {
      await options.refresh?.(call);
      const body = JSON.parse(call.body) as { refresh_token: string };
      if (body.refresh_token !== 'refresh-1')
        return json(res, 401, { ...unauthorized, message: 'Invalid refresh token' });
      return json(res, 200, {
        session: {
          access_token: 'access-2',
          refresh_token: 'refresh-2',
          token_type: 'Bearer',
          expires_in: 900,
        },
      });
    }
    if (call.headers.authorization !== 'Bearer access-2') return json(res, 401, unauthorized);
    if (call.path === '/api/auth/me') return json(res, 200, { user: buildUser() });
    if (call.path === '/api/products' && call.method === 'POST') {
      return json(res, 201, { product: { id: 'p1', ...JSON.parse(call.body) } });
    }
    return json(res, 404, { message: 'Not found', code: 'NOT_FOUND', details: [] });
  };
}

/** Installs {@link sessionHandler}. */
function sessionServer(options: Parameters<typeof sessionHandler>[0] = {}) {
  server.handle(sessionHandler(options));
}

describe('session headers', () => {
  it('sends the stored access token as a Bearer token and the stored organisation as X-Organization-Id', async () => {
    server.handle((_call, res) => json(res, 200, { user: buildUser() }));
    store.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
    store.setOrganizationId(ORG);

    await unwrap(client.api.GET('/auth/me'));

    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]?.headers.authorization).toBe('Bearer access-1');
    expect(server.calls[0]?.headers['x-organization-id']).toBe(ORG);
  });

  it('sends neither header when the store is empty', async () => {
    server.handle((_call, res) => json(res, 200, { organizations: [] }));

    await unwrap(client.api.GET('/organizations'));

    expect(server.calls[0]?.headers.authorization).toBeUndefined();
    expect(server.calls[0]?.headers['x-organization-id']).toBeUndefined();
  });

  it('lets an X-Organization-Id given with the call win over the stored organisation', async () => {
    server.handle((_call, res) => json(res, 200, { cost_centers: [] }));
    store.setOrganizationId(ORG);

    await unwrap(
      client.api.GET('/organizations/{id}/cost-centers', {
        params: { path: { id: OTHER_ORG }, header: { 'X-Organization-Id': OTHER_ORG } },
      }),
    );

    expect(server.calls[0]?.headers['x-organization-id']).toBe(OTHER_ORG);
  });

  it('reads the store on every call, so a new token or organisation applies at once', async () => {
    server.handle((_call, res) => json(res, 200, { user: buildUser() }));
    store.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
    await unwrap(client.api.GET('/auth/me'));
    store.setTokens({ access_token: 'access-9', refresh_token: 'refresh-9' });
    store.setOrganizationId(OTHER_ORG);
    await unwrap(client.api.GET('/auth/me'));

    expect(server.calls[1]?.headers.authorization).toBe('Bearer access-9');
    expect(server.calls[1]?.headers['x-organization-id']).toBe(OTHER_ORG);
  });
});

describe('refresh on 401', () => {
  beforeEach(() => {
    store.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
  });

  it('refreshes once and retries once with the new token after a 401', async () => {
    sessionServer();

    const data = await unwrap(client.api.GET('/auth/me'));

    expect(data.user.email).toBe('user@acme.test');
    expect(seen(server.calls)).toEqual([
      'GET /api/auth/me Bearer access-1',
      'POST /api/auth/refresh -',
      'GET /api/auth/me Bearer access-2',
    ]);
    expect(JSON.parse(server.calls[1]?.body ?? '')).toEqual({ refresh_token: 'refresh-1' });
    expect(store.getAccessToken()).toBe('access-2');
    expect(store.getRefreshToken()).toBe('refresh-2');
  });

  it('sends the original body again when it retries a POST', async () => {
    sessionServer();
    store.setOrganizationId(ORG);
    const body = { name: 'A4 paper', unit_price: 12.5, unit_of_measure: 'box' as const, sku: 'PAP-A4' };

    const data = await unwrap(
      client.api.POST('/products', { params: { header: { 'X-Organization-Id': ORG } }, body }),
    );

    expect(data.product.id).toBe('p1');
    const posts = server.calls.filter((call) => call.path === '/api/products');
    expect(posts).toHaveLength(2);
    expect(posts.map((call) => JSON.parse(call.body))).toEqual([body, body]);
    expect(posts[1]?.headers.authorization).toBe('Bearer access-2');
    expect(posts[1]?.headers['content-type']).toBe('application/json');
    expect(posts[1]?.headers['x-organization-id']).toBe(ORG);
  });

  it('shares one refresh between calls that get a 401 at the same time', async () => {
    let releaseRefresh!: () => void;
    const refreshHeld = new Promise<void>((resolve) => {
      releaseRefresh = resolve;
    });
    sessionServer({ refresh: () => refreshHeld });

    const both = Promise.all([unwrap(client.api.GET('/auth/me')), unwrap(client.api.GET('/auth/me'))]);
    await expect.poll(() => server.calls.filter((call) => call.path === '/api/auth/refresh').length).toBe(1);
    releaseRefresh();
    await both;

    expect(seen(server.calls).sort()).toEqual(
      [
        'GET /api/auth/me Bearer access-1',
        'GET /api/auth/me Bearer access-1',
        'POST /api/auth/refresh -',
        'GET /api/auth/me Bearer access-2',
        'GET /api/auth/me Bearer access-2',
      ].sort(),
    );
  });

  it('retries without a second refresh when another call already refreshed the session', async () => {
    let releaseSlowCall!: () => void;
    const slowCallHeld = new Promise<void>((resolve) => {
      releaseSlowCall = resolve;
    });
    const session = sessionHandler();
    server.handle(async (call, res) => {
      // The organisations call sent with the old token answers its 401 only after the refresh is done.
      if (call.path === '/api/organizations' && call.headers.authorization === 'Bearer access-1') {
        await slowCallHeld;
        return json(res, 401, unauthorized);
      }
      if (call.path === '/api/organizations') return json(res, 200, { organizations: [] });
      return session(call, res);
    });

    const slow = unwrap(client.api.GET('/organizations'));
    await expect.poll(() => server.calls.length).toBe(1);
    await unwrap(client.api.GET('/auth/me'));
    releaseSlowCall();
    await expect(slow).resolves.toEqual({ organizations: [] });

    expect(seen(server.calls)).toEqual([
      'GET /api/organizations Bearer access-1',
      'GET /api/auth/me Bearer access-1',
      'POST /api/auth/refresh -',
      'GET /api/auth/me Bearer access-2',
      'GET /api/organizations Bearer access-2',
    ]);
    // A second refresh would have reused the rotated refresh token and lost the session.
    expect(store.getRefreshToken()).toBe('refresh-2');
  });

  it('clears both tokens and gives the original 401 when the server refuses the refresh token', async () => {
    store.setTokens({ access_token: 'access-1', refresh_token: 'revoked' });
    sessionServer();

    const error = await unwrap(client.api.GET('/auth/me')).catch((e: unknown) => e);

    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED', message: 'Authentication required' });
    expect(seen(server.calls)).toEqual(['GET /api/auth/me Bearer access-1', 'POST /api/auth/refresh -']);
    expect(store.getAccessToken()).toBeNull();
    expect(store.getRefreshToken()).toBeNull();
  });

  it('clears the access token without calling refresh when there is no refresh token', async () => {
    store.clearTokens();
    store.setTokens({ access_token: 'access-1', refresh_token: '' });
    sessionServer();

    const error = await unwrap(client.api.GET('/auth/me')).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401 });
    expect(seen(server.calls)).toEqual(['GET /api/auth/me Bearer access-1']);
    expect(store.getAccessToken()).toBeNull();
    expect(store.getRefreshToken()).toBeNull();
  });

  it('keeps the tokens when the refresh fails with a server error, so an outage does not sign the user out', async () => {
    server.handle((call, res) =>
      call.path === '/api/auth/refresh'
        ? json(res, 503, { message: 'Down for maintenance', code: 'UNAVAILABLE', details: [] })
        : json(res, 401, unauthorized),
    );

    const error = await unwrap(client.api.GET('/auth/me')).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401, message: 'Authentication required' });
    expect(store.getAccessToken()).toBe('access-1');
    expect(store.getRefreshToken()).toBe('refresh-1');
  });

  it('retries only once: a second 401 is returned, not refreshed again', async () => {
    server.handle((call, res) =>
      call.path === '/api/auth/refresh'
        ? json(res, 200, {
            session: {
              access_token: 'access-2',
              refresh_token: 'refresh-2',
              token_type: 'Bearer',
              expires_in: 900,
            },
          })
        : json(res, 401, unauthorized),
    );

    const error = await unwrap(client.api.GET('/auth/me')).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401 });
    expect(seen(server.calls)).toEqual([
      'GET /api/auth/me Bearer access-1',
      'POST /api/auth/refresh -',
      'GET /api/auth/me Bearer access-2',
    ]);
  });

  it('does not refresh after a 401 from /auth/login', async () => {
    sessionServer();
    server.handle((_call, res) =>
      json(res, 401, { message: 'Invalid email or password', code: 'INVALID', details: [] }),
    );

    const error = await unwrap(
      client.api.POST('/auth/login', { body: { email: 'user@acme.test', password: 'wrong' } }),
    ).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401, message: 'Invalid email or password' });
    expect(server.calls.map((call) => call.path)).toEqual(['/api/auth/login']);
    expect(store.getRefreshToken()).toBe('refresh-1');
  });

  it('does not refresh after a 401 from /auth/refresh itself', async () => {
    server.handle((_call, res) =>
      json(res, 401, { message: 'Invalid refresh token', code: 'INVALID', details: [] }),
    );

    const error = await unwrap(
      client.api.POST('/auth/refresh', { body: { refresh_token: 'refresh-1' } }),
    ).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 401, message: 'Invalid refresh token' });
    expect(server.calls.map((call) => call.path)).toEqual(['/api/auth/refresh']);
  });
});

describe('client.refresh()', () => {
  it('exchanges the stored refresh token for new tokens and resolves true', async () => {
    store.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
    sessionServer();

    await expect(client.refresh()).resolves.toBe(true);

    expect(store.getAccessToken()).toBe('access-2');
    expect(store.getRefreshToken()).toBe('refresh-2');
  });

  it('sends one request for concurrent calls', async () => {
    store.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
    sessionServer();

    const results = await Promise.all([client.refresh(), client.refresh(), client.refresh()]);

    expect(results).toEqual([true, true, true]);
    expect(server.calls.map((call) => call.path)).toEqual(['/api/auth/refresh']);
  });

  it('resolves false and keeps the tokens when the server cannot be reached', async () => {
    const offline = createPurchasingClient({ baseUrl: await unreachableBaseUrl(), store });
    store.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });

    await expect(offline.refresh()).resolves.toBe(false);

    expect(store.getAccessToken()).toBe('access-1');
    expect(store.getRefreshToken()).toBe('refresh-1');
  });

  it('resolves false and clears both tokens when the refresh token is refused', async () => {
    store.setTokens({ access_token: 'access-1', refresh_token: 'stolen' });
    sessionServer();

    await expect(client.refresh()).resolves.toBe(false);

    expect(store.getAccessToken()).toBeNull();
    expect(store.getRefreshToken()).toBeNull();
  });
});
