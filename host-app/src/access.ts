import type { Schemas } from '@purchasing/api-client';
import type { SessionStatus } from '@purchasing/screens';

/** A permission name of the contract (DECISIONS §2). */
export type PermissionName = Schemas['PermissionName'];

/**
 * Who may open a route:
 * - `public`: anyone, signed in or not (password reset and invitation screens, redirect-only routes);
 * - `guest`: the sign-in screen; a signed-in user is sent on to the remembered location;
 * - `protected`: a signed-in user, who also needs `permission` in the current organisation when given.
 */
export type RouteAccess =
  | { kind: 'public' }
  | { kind: 'guest' }
  | { kind: 'protected'; permission?: PermissionName | undefined };

/** The parts of the session (`useSession()`) the guard decides on. */
export interface SessionSnapshot {
  status: SessionStatus;
  /** True while the user's organisations (and so the current organisation's permissions) are loading. */
  organizationsLoading: boolean;
  /** Whether the user's role in the current organisation has this permission. */
  hasPermission(name: PermissionName): boolean;
}

/** The route being opened. */
export interface RouteRequest {
  access: RouteAccess;
  /** The requested location: path, query and hash (`/requisitions?status=draft#top`). */
  href: string;
  /** The sign-in screen's `redirect` query value, untrusted. */
  redirect?: unknown;
}

/**
 * What the guard does: render the route (`allow`), show the centred spinner until the session or the
 * organisation's permissions are known (`wait`), or replace the location with `redirect`.
 */
export type AccessDecision = 'allow' | 'wait' | { redirect: string };

/** Where a signed-in user goes by default, and when a screen's permission is missing. */
export const HOME_PATH = '/dashboard';
/** The sign-in screen. */
export const LOGIN_PATH = '/login';

// Any origin works: it only tells a same-origin relative path from everything else.
const PROBE_ORIGIN = 'http://redirect.invalid';
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused.
const CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/;

/**
 * Returns `value` when it is a same-origin relative location (a path starting with exactly one `/`,
 * with optional query and hash), normalised as the browser would resolve it; otherwise `fallback`.
 * Refuses absolute and protocol-relative URLs (`https://evil.test`, `//evil.test`, `/\evil.test`),
 * control characters, anything that is not a string, and the sign-in screen itself (no loop).
 */
export function sanitizeRedirect(value: unknown, fallback: string = HOME_PATH): string {
  if (typeof value !== 'string' || value.length > 2048) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (CONTROL_CHARACTERS.test(value)) return fallback;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PROBE_ORIGIN) return fallback;
  // Dot segments can collapse into a protocol-relative path ('/..//evil.test' → '//evil.test').
  if (url.pathname.startsWith('//')) return fallback;
  if (url.pathname === LOGIN_PATH || url.pathname.startsWith(`${LOGIN_PATH}/`)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in screen's location that remembers `href` (path, query and hash) to come back to. */
export function loginHref(href: string): string {
  const target = sanitizeRedirect(href, '');
  if (!target || target === HOME_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?${new URLSearchParams({ redirect: target }).toString()}`;
}

/**
 * The route guard's decision (document 1 §2, §6; document 2 §2), as a pure function of the session and
 * the route: a visitor who is not signed in goes to the sign-in screen with the requested location
 * remembered; while the session is being restored the spinner shows; a signed-in user lacking the
 * route's permission in the current organisation goes to the dashboard; a signed-in user opening the
 * sign-in screen goes to the remembered location (when it is safe) or the dashboard.
 */
export function decideAccess(session: SessionSnapshot, route: RouteRequest): AccessDecision {
  const { access } = route;
  if (access.kind === 'public') return 'allow';
  if (session.status === 'loading') return 'wait';
  if (access.kind === 'guest') {
    return session.status === 'authenticated' ? { redirect: sanitizeRedirect(route.redirect) } : 'allow';
  }
  if (session.status === 'unauthenticated') return { redirect: loginHref(route.href) };
  if (!access.permission) return 'allow';
  // Permissions belong to the current organisation's role: unknown until the organisations load.
  if (session.organizationsLoading) return 'wait';
  return session.hasPermission(access.permission) ? 'allow' : { redirect: HOME_PATH };
}
