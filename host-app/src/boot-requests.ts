/**
 * The answers boot.js asked for before the app's code had loaded (issue 19): the session check and the
 * organisations, sent with the stored access token and organisation. {@link withBootRequests} wraps the
 * API client's `fetch` so that the first request the client makes for one of them takes boot.js's answer
 * instead of asking again, when it is the same request: a GET of the same path and query with the same
 * `Authorization` and `X-Organization-Id` headers (a token refreshed or an organisation chosen since
 * boot.js ran asks anew). Each answer is taken once; one that failed is asked for again.
 */

/** What boot.js leaves on `window.purchasingBootRequests`, by path. */
export interface BootRequest {
  headers: Record<string, string>;
  response: Promise<Response>;
}

declare global {
  interface Window {
    purchasingBootRequests?: Record<string, BootRequest>;
  }
}

const COMPARED = ['Authorization', 'X-Organization-Id'] as const;

function sameRequest(request: Request, boot: BootRequest): boolean {
  if (request.method !== 'GET') return false;
  const headers = new Headers(boot.headers);
  return COMPARED.every((name) => request.headers.get(name) === headers.get(name));
}

/** Takes boot.js's answer for this request, if there is one and it is the same request. */
function takeBootAnswer(request: Request, scope: Window): Promise<Response> | null {
  const requests = scope.purchasingBootRequests;
  if (!requests) return null;
  const url = new URL(request.url, scope.location.href);
  if (url.origin !== scope.location.origin) return null;
  const key = `${url.pathname}${url.search}`;
  const boot = requests[key];
  if (!boot) return null;
  delete requests[key];
  return sameRequest(request, boot) ? boot.response : null;
}

/** `base`, but the first matching request for each of boot.js's answers takes that answer. */
export function withBootRequests(
  base: typeof globalThis.fetch,
  scope: Window = window,
): typeof globalThis.fetch {
  return (input, init) => {
    // openapi-fetch sends a Request (its init, when given, carries no method or headers of its own).
    const request = input instanceof Request && !init?.method && !init?.headers ? input : null;
    const early = request ? takeBootAnswer(request, scope) : null;
    if (!early) return base(input, init);
    return early.catch(() => base(input, init));
  };
}
