/**
 * The portal's own sign-in, not ours: its people are signed in by the portal's identity provider
 * (reached at /idp, proxied by next.config.mjs). This demo portal has one fixed person; a real one
 * would ask its OpenID Connect library for the current user's access token.
 */
export const PORTAL_USER = 'manager@acme.test';

let cached: { token: string; expiresAt: number } | undefined;

/** An access token of the portal's provider for {@link PORTAL_USER}, renewed a minute before it expires. */
export async function getAccessToken(): Promise<string> {
  if (cached && cached.expiresAt - 60_000 > Date.now()) return cached.token;
  const response = await fetch('/idp/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: PORTAL_USER }),
  });
  if (!response.ok) throw new Error(`The portal's sign-in failed: HTTP ${response.status}`);
  const body = (await response.json()) as { access_token: string; expires_in: number };
  cached = { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
  return cached.token;
}
