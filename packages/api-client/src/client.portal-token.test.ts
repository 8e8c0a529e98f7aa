import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPurchasingClient, type PurchasingClient } from './client';
import { isApiError, unwrap } from './errors';
import { createMemoryStore, type SessionStore } from './store';
import { buildUser, json, type RecordedCall, startTestServer, type TestServer } from './test/server';

const ORG = '11111111-1111-4111-8111-111111111111';
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

const unauthorized = { message: 'Authentication required', code: 'UNAUTHORIZED', details: [] };

/** What the server saw, as `METHOD /path Bearer-token`. */
function seen(calls: RecordedCall[]): string[] {
  return calls.map((call) => `${call.method} ${call.path} ${call.headers.authorization ?? '-'}`);
}

describe("a portal's own token (getAccessToken)", () => {
  /** A client whose token comes from a getter that answers `tokens` in turn (the last one after). */
  function portalClient(tokens: (string | null)[]) {
    let calls = 0;
    const getter = () => tokens[Math.min(calls++, tokens.length - 1)] ?? null;
    return {
      portal: createPurchasingClient({
        baseUrl: server.baseUrl,
        store,
        getAccessToken: async () => getter(),
      }),
      getterCalls: () => calls,
    };
  }

  it('sends the getter’s token, not the stored one, and the stored organisation', async () => {
    server.handle((_call, res) => json(res, 200, { user: buildUser() }));
    store.setTokens({ access_token: 'access-1', refresh_token: 'refresh-1' });
    store.setOrganizationId(ORG);
    const { portal } = portalClient(['portal-1']);

    await unwrap(portal.api.GET('/auth/me'));

    expect(portal.usesExternalToken).toBe(true);
    expect(server.calls[0]?.headers.authorization).toBe('Bearer portal-1');
    expect(server.calls[0]?.headers['x-organization-id']).toBe(ORG);
  });

  it('retries a 401 once with the token the getter renewed, and never calls /auth/refresh', async () => {
    server.handle((call, res) =>
      call.headers.authorization === 'Bearer portal-2'
        ? json(res, 200, { user: buildUser() })
        : json(res, 401, unauthorized),
    );
    const { portal } = portalClient(['portal-1', 'portal-2']);

    await unwrap(portal.api.GET('/auth/me'));

    expect(seen(server.calls)).toEqual([
      'GET /api/auth/me Bearer portal-1',
      'GET /api/auth/me Bearer portal-2',
    ]);
  });

  it('gives the 401 without a retry when the getter has nothing newer', async () => {
    server.handle((_call, res) => json(res, 401, unauthorized));
    const { portal, getterCalls } = portalClient(['portal-1']);

    const error = await unwrap(portal.api.GET('/auth/me')).catch((caught: unknown) => caught);

    expect(isApiError(error) && error.status).toBe(401);
    expect(seen(server.calls)).toEqual(['GET /api/auth/me Bearer portal-1']);
    expect(getterCalls()).toBe(2);
    expect(await portal.refresh()).toBe(true);
  });

  it('sends no Authorization header while the getter has no token (or fails)', async () => {
    server.handle((_call, res) => json(res, 200, { organizations: [] }));
    const failing = createPurchasingClient({
      baseUrl: server.baseUrl,
      store,
      getAccessToken: () => Promise.reject(new Error('portal signed out')),
    });

    await unwrap(failing.api.GET('/organizations'));

    expect(server.calls[0]?.headers.authorization).toBeUndefined();
    expect(await failing.refresh()).toBe(false);
  });

  it('keeps the store’s own session client as it was', () => {
    expect(client.usesExternalToken).toBe(false);
  });
});
