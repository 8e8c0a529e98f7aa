/**
 * The portal's own sign-in. A real intranet gets its person's access token from its single sign-on
 * (an OpenID Connect provider); this one asks the test identity provider behind `/idp` for a token of
 * a fixed person and keeps it until shortly before it expires. Nothing here knows about purchasing.
 */
export const signedInAs = { email: 'manager@acme.test', name: 'Mark Evans' };

let current: { token: string; expiresAt: number } | null = null;
let pending: Promise<string> | null = null;

async function requestToken(): Promise<string> {
  const response = await fetch('/idp/token', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: signedInAs.email }),
  });
  if (!response.ok) throw new Error(`The portal could not sign ${signedInAs.email} in (${response.status})`);
  const body = (await response.json()) as { access_token: string; expires_in: number };
  current = { token: body.access_token, expiresAt: Date.now() + body.expires_in * 1000 };
  return body.access_token;
}

/** The signed-in person's access token; a fresh one when the last is about to expire. */
export function getAccessToken(): Promise<string> {
  if (current && current.expiresAt - Date.now() > 30_000) return Promise.resolve(current.token);
  pending ??= requestToken().finally(() => {
    pending = null;
  });
  return pending;
}
