import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The signature of a webhook delivery, like Stripe's: header `Purchasing-Signature:
 * t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" keyed with the endpoint's secret>`.
 * A receiver recomputes it over the raw body, compares in constant time and refuses an old `t`.
 */
export const SIGNATURE_HEADER = 'Purchasing-Signature';

/** A new endpoint secret: `whsec_` and 32 random bytes. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** What the API shows of a secret after creation: its last four characters. */
export const secretHint = (secret: string) => `…${secret.slice(-4)}`;

/** The `Purchasing-Signature` value of `body` sent at `timestamp` (unix seconds). */
export function signPayload(secret: string, timestamp: number, body: string): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

/**
 * Checks a `Purchasing-Signature` header against the raw body, as a receiver would: true when one
 * of its `v1` values matches and `t` is within `toleranceSeconds` of `now` (unix seconds).
 */
export function verifySignature(
  secret: string,
  header: string,
  body: string,
  now = Math.floor(Date.now() / 1000),
  toleranceSeconds = 300,
): boolean {
  const parts = header.split(',').map((part) => part.trim().split('=', 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  if (!Number.isInteger(timestamp) || Math.abs(now - timestamp) > toleranceSeconds) return false;
  const expected = Buffer.from(signPayload(secret, timestamp, body).split('v1=')[1]!, 'hex');
  return parts.some(([key, value]) => {
    if (key !== 'v1' || !value || !/^[0-9a-f]{64}$/.test(value)) return false;
    return timingSafeEqual(Buffer.from(value, 'hex'), expected);
  });
}
