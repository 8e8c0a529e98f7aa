import type { Config } from '../../config.js';

/**
 * The base URL of links sent by email: the configured PUBLIC_URL (or, on the embedded default, the
 * address the server listens on). Never a request header: `Host`, `Origin` and `X-Forwarded-*` are
 * whatever the caller sent, and a link built from them hands a live token to the caller's site.
 */
export function publicBaseUrl(config: Pick<Config, 'publicUrl'>): string {
  return config.publicUrl;
}

/** `base` + `path` with `params` as the query string. */
export function linkTo(base: string, path: string, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params).toString();
  return `${base}${path}${query ? `?${query}` : ''}`;
}
