import type { Request } from '@hapi/hapi';
import type { Config } from '../../config.js';

const ORIGIN = /^https?:\/\/[^/\s?#]+$/i;

/**
 * The base URL of links sent by email: PUBLIC_URL when set, else the origin of the request (the
 * browser's `Origin` header, which is the app's address when a dev server proxies the API, else the
 * scheme and `Host` the API was reached at). Production should set PUBLIC_URL: a `Host` or `Origin`
 * header is whatever the client sent.
 */
export function publicBaseUrl(config: Pick<Config, 'publicUrl'>, request: Request): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  const origin = request.headers.origin;
  if (typeof origin === 'string' && ORIGIN.test(origin)) return origin;
  const protocol = request.server.info.protocol === 'https' ? 'https' : 'http';
  return `${protocol}://${request.info.host}`;
}

/** `base` + `path` with `params` as the query string. */
export function linkTo(base: string, path: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params).toString();
  return `${base}${path}${query ? `?${query}` : ''}`;
}
