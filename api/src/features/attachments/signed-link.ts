import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a download link stays valid: 5 minutes. */
export const DOWNLOAD_LINK_TTL_SEC = 5 * 60;

/** A signed download link as `getAttachmentUrl` answers it. */
export interface DownloadLink {
  /** `/api/attachments/{id}/download?expires=<unix seconds>&signature=<base64url>`. */
  url: string;
  expires_at: string;
}

/** What checking a link's `expires` and `signature` found. */
export type LinkCheck = 'valid' | 'invalid' | 'expired';

// Ids are compared as PostgreSQL compares uuids, case-insensitively: sign the canonical form.
const canonical = (id: string) => id.toLowerCase();

function mac(secret: string, id: string, expires: number): Buffer {
  return createHmac('sha256', secret)
    .update(`${canonical(id)}.${expires}`)
    .digest();
}

/** The base64url HMAC-SHA256 of the attachment id and the expiry (Unix seconds). */
export function signDownload(secret: string, id: string, expires: number): string {
  return mac(secret, id, expires).toString('base64url');
}

/** A link to download attachment `id`, valid {@link DOWNLOAD_LINK_TTL_SEC} seconds from `now`. */
export function createDownloadLink(secret: string, id: string, now: Date = new Date()): DownloadLink {
  const expires = Math.floor(now.getTime() / 1000) + DOWNLOAD_LINK_TTL_SEC;
  const query = new URLSearchParams({
    expires: String(expires),
    signature: signDownload(secret, id, expires),
  });
  return {
    url: `/api/attachments/${encodeURIComponent(canonical(id))}/download?${query.toString()}`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
}

/**
 * Checks a link in constant time: `invalid` unless the signature is the one the server made for
 * this id and expiry, then `expired` once the expiry has passed.
 */
export function checkDownloadLink(
  secret: string,
  id: string,
  expires: number,
  signature: string,
  now: Date = new Date(),
): LinkCheck {
  const expected = mac(secret, id, expires);
  const given = Buffer.from(signature, 'base64url');
  // Equal lengths first: timingSafeEqual throws on a length mismatch (which reveals nothing secret).
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  // Re-encoding must give back what was sent: base64url decoding ignores stray trailing bits.
  if (given.toString('base64url') !== signature) return 'invalid';
  if (Math.floor(now.getTime() / 1000) > expires) return 'expired';
  return 'valid';
}
