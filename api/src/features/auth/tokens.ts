import { createHash, randomBytes } from 'node:crypto';
import HapiJwt from '@hapi/jwt';
import type { Config } from '../../config.js';

/** A new opaque refresh token (256 random bits) and the hash that is stored in its place. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

/** SHA-256 of an opaque token: tokens are high-entropy, so a fast hash is enough to store them. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Signs a short-lived access token for a user's session (token family). */
export function signAccessToken(config: Config, userId: string, sessionId: string): string {
  return HapiJwt.token.generate(
    { sub: userId, sid: sessionId, aud: config.jwt.audience, iss: config.jwt.issuer },
    { key: config.jwt.secret, algorithm: 'HS256' },
    { ttlSec: config.jwt.accessTtlSec },
  );
}
