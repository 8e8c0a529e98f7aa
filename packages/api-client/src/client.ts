import type { paths } from '@purchasing/contract';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { ApiError, isAbortError } from './errors';
import { IDEMPOTENCY_KEY_HEADER, newIdempotencyKey, takesIdempotencyKey } from './idempotency';
import { createLocalStorageStore, type SessionStore } from './store';

/** Options of {@link createPurchasingClient}. */
export interface PurchasingClientOptions {
  /**
   * Where the API lives; defaults to `/api` (same origin). Outside a browser page (Node, tests, server
   * rendering) give an absolute URL such as `http://localhost:3000/api`.
   */
  baseUrl?: string;
  /** Where the session is kept; defaults to {@link createLocalStorageStore} on `window.localStorage`. */
  store?: SessionStore;
  /** The `fetch` to send requests with; defaults to the global `fetch` at the time of each call. */
  fetch?: typeof globalThis.fetch;
  /**
   * The portal's own access token, for a portal whose users are signed in by its OpenID Connect
   * issuer (the API accepts that issuer's tokens when configured with `OIDC_ISSUER`). Called before
   * every request, and again once after a 401 (a token it renewed meanwhile is retried once). With
   * it the client never uses the store's tokens nor `/auth/refresh`, and the screens never show a
   * sign-in: the portal signs its users in and out.
   *
   * @example
   * createPurchasingClient({ getAccessToken: () => portalAuth.getAccessToken() })
   */
  getAccessToken?: () => Promise<string | null | undefined> | string | null | undefined;
}

/** The API client of the purchasing platform, as {@link createPurchasingClient} makes it. */
export interface PurchasingClient {
  /**
   * The typed openapi-fetch client (`GET`, `POST`, `PUT`, `DELETE`… over the contract's `paths`). It sends
   * the stored access token and organisation, and refreshes the session once on a 401.
   */
  api: Client<paths>;
  /** The session store the client reads tokens and the organisation from. */
  store: SessionStore;
  /**
   * Exchanges the stored refresh token for new tokens (`POST /auth/refresh`) and stores them. Resolves
   * true when the session was refreshed. Concurrent calls share one request. When the server refuses the
   * refresh token (a 4xx answer), or there is none, both tokens are cleared; when the server cannot be
   * reached or fails (5xx), they are kept and it resolves false.
   */
  refresh(): Promise<boolean>;
  /** True when the access token comes from the portal's `getAccessToken`, not from the store. */
  usesExternalToken: boolean;
}

/** Calls whose 401 means "wrong credentials", not "expired access token": never refreshed. */
const NO_REFRESH_PATHS: ReadonlySet<string> = new Set(['/auth/login', '/auth/refresh']);

/** Answers to `POST /auth/refresh` that say the refresh token itself is no good (not "try later"). */
function refusesRefreshToken(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

function bearerToken(request: Request): string | null {
  const header = request.headers.get('Authorization');
  return header?.startsWith('Bearer ') ? header.slice('Bearer '.length) : null;
}

/**
 * Creates the API client: openapi-fetch over the contract's `paths`, with middleware that
 *
 * - sends `Authorization: Bearer <access token>` when the store has one, and `X-Organization-Id` from the
 *   store when it holds an organisation (a header given with the call wins);
 * - sends a fresh `Idempotency-Key` (a random UUID) on every call to an operation that declares it in
 *   the contract (the writes that create or decide), unless the call gives its own; a retry of the call
 *   (after a refresh) sends the same key, so the server makes the change at most once. To retry a
 *   call yourself without a second change, pass the same key again: `params: { header:
 *   { 'Idempotency-Key': key } }`;
 * - answers a 401 (except from `/auth/login` and `/auth/refresh`) by refreshing the session once (one
 *   refresh shared by concurrent calls) and retrying the call once with the new token, its body included;
 *   when the refresh fails the caller gets the original 401;
 * - turns a call that cannot reach the server into an {@link ApiError} with status 0 and code
 *   `NETWORK_ERROR`.
 *
 * @example
 * const client = createPurchasingClient();
 * const { user } = await unwrap(client.api.GET('/auth/me'));
 */
export function createPurchasingClient(options: PurchasingClientOptions = {}): PurchasingClient {
  const { baseUrl = '/api', store = createLocalStorageStore(), fetch: customFetch, getAccessToken } = options;
  // Looked up per call, so a fetch replaced after creation (test interceptors, polyfills) is used.
  const baseFetch: typeof globalThis.fetch = customFetch ?? ((input, init) => globalThis.fetch(input, init));

  // A sent body cannot be read again, so each request with a body is cloned just before it goes out
  // (after every onRequest middleware, the host's included) to be replayable after a refresh.
  const replays = new WeakMap<Request, Request>();
  const sendingFetch: typeof globalThis.fetch = (input, init) => {
    if (input instanceof Request && input.body !== null) replays.set(input, input.clone());
    return baseFetch(input, init);
  };

  const api = createClient<paths>({ baseUrl, fetch: sendingFetch });
  // The refresh call goes out without the middleware: no stale bearer token, no refresh of a refresh.
  const bare = createClient<paths>({ baseUrl, fetch: baseFetch });

  let inflight: Promise<boolean> | null = null;

  async function performRefresh(): Promise<boolean> {
    const refreshToken = store.getRefreshToken();
    if (!refreshToken) {
      store.clearTokens();
      return false;
    }
    const result = await bare
      .POST('/auth/refresh', { body: { refresh_token: refreshToken } })
      // Unreachable server: the session may well still be good, so the tokens are kept.
      .catch(() => null);
    if (!result) return false;
    // Signed out (or signed in afresh) while the refresh was under way: that newer state wins.
    const changedMeanwhile = store.getRefreshToken() !== refreshToken;
    if (result.data) {
      if (changedMeanwhile) return store.getAccessToken() !== null;
      const { access_token, refresh_token } = result.data.session;
      store.setTokens({ access_token, refresh_token });
      return true;
    }
    if (refusesRefreshToken(result.response.status) && !changedMeanwhile) store.clearTokens();
    return false;
  }

  /** The portal's token now (its getter may renew it); errors count as no token. */
  async function externalToken(): Promise<string | null> {
    try {
      return (await getAccessToken?.()) || null;
    } catch {
      return null;
    }
  }

  function refresh(): Promise<boolean> {
    if (getAccessToken) return externalToken().then((token) => token !== null);
    inflight ??= performRefresh().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  const sessionMiddleware: Middleware = {
    async onRequest({ request, schemaPath }) {
      // Set before the body is cloned for a replay, so a retry carries the same key.
      if (!request.headers.has(IDEMPOTENCY_KEY_HEADER) && takesIdempotencyKey(request.method, schemaPath)) {
        request.headers.set(IDEMPOTENCY_KEY_HEADER, newIdempotencyKey());
      }
      const accessToken = getAccessToken ? await externalToken() : store.getAccessToken();
      if (accessToken) request.headers.set('Authorization', `Bearer ${accessToken}`);
      const organizationId = store.getOrganizationId();
      if (organizationId && !request.headers.has('X-Organization-Id')) {
        request.headers.set('X-Organization-Id', organizationId);
      }
      return request;
    },

    async onResponse({ request, response, schemaPath, options: callOptions }) {
      if (response.status !== 401 || NO_REFRESH_PATHS.has(schemaPath)) return undefined;
      const replay = replays.get(request) ?? (request.body === null ? request.clone() : undefined);
      replays.delete(request);

      let refreshed: boolean;
      let accessToken: string | null;
      if (getAccessToken) {
        // The portal's token: retried once only when its getter now gives another one.
        accessToken = await externalToken();
        refreshed = accessToken !== null && accessToken !== bearerToken(request);
      } else {
        const current = store.getAccessToken();
        // Another call (or another tab) already refreshed since this one was sent: just retry.
        refreshed = current !== null && current !== bearerToken(request) ? true : await refresh();
        accessToken = store.getAccessToken();
      }
      // Without a replayable body (a per-call `fetch` bypassed the cloning) the 401 is answered as it is.
      if (!refreshed || !accessToken || !replay) return response;

      // Release the 401's body without waiting: some fetch implementations (msw) never settle cancel().
      void response.body?.cancel().catch(() => undefined);
      replay.headers.set('Authorization', `Bearer ${accessToken}`);
      const send = callOptions.fetch === sendingFetch ? baseFetch : callOptions.fetch;
      try {
        // Sent directly, not through the middleware again: exactly one retry, never a loop.
        return await send(replay);
      } catch (error) {
        if (isAbortError(error)) throw error;
        throw ApiError.network(error);
      }
    },

    onError({ error }) {
      if (isAbortError(error) || error instanceof ApiError) return undefined;
      return ApiError.network(error);
    },
  };
  api.use(sessionMiddleware);

  return { api, store, refresh, usesExternalToken: getAccessToken !== undefined };
}
