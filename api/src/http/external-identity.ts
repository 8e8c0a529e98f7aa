import { createRemoteJWKSet, decodeJwt, errors, type JWTPayload, jwtVerify } from 'jose';
import type { ExternalIdentityConfig } from '../config.js';
import { DomainError } from '../domain/errors.js';

/**
 * Access tokens of the portal's own OpenID Connect issuer (issue 17 item 2), accepted beside the
 * API's own: a portal that embeds the screens passes its users' tokens and the screens never show
 * a sign-in. The deployment names one issuer (`OIDC_ISSUER`), its JWKS (`OIDC_JWKS_URI`), the
 * audience its tokens carry for this API (`OIDC_AUDIENCE`) and the claim holding the user's email
 * (`OIDC_EMAIL_CLAIM`, default `email`); the email names the user, who must exist and be active, and
 * everything after (membership, permission) is checked as for our own tokens.
 *
 * `jose` verifies: the signature against the issuer's published keys (fetched when first needed,
 * cached, fetched again for an unknown key id, so the issuer can rotate keys), the algorithm (an
 * asymmetric one of `OIDC_ALGORITHMS`: `none` and HMAC are never accepted), the issuer, the audience,
 * the expiry (required) and not-before, with 15 s of clock skew. A token that fails any of them is a
 * 401, like a bad token of ours; a token whose `email_verified` is false is refused too.
 */
export interface ExternalIdentity {
  /** The verified email (lower case) of the token's user. */
  email: string;
}

/** True when `token` claims to come from `issuer` (read without verifying: it only picks the verifier). */
export function claimsIssuer(token: string, issuer: string): boolean {
  try {
    return decodeJwt(token).iss === issuer;
  } catch {
    return false;
  }
}

/** A verifier of the configured issuer's tokens: the identity, or null when the token is not good. */
export function externalTokenVerifier(config: ExternalIdentityConfig) {
  const keys = createRemoteJWKSet(new URL(config.jwksUri), {
    timeoutDuration: 5_000,
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
  });
  return async (token: string): Promise<ExternalIdentity | null> => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, keys, {
        issuer: config.issuer,
        audience: config.audience,
        algorithms: config.algorithms,
        clockTolerance: 15,
        requiredClaims: ['exp'],
      }));
    } catch (error) {
      // The issuer's keys could not be read: not the caller's fault, and not a reason to sign them out.
      if (error instanceof errors.JWKSTimeout || isFetchFailure(error)) {
        throw new DomainError(
          503,
          'SERVICE_UNAVAILABLE',
          'The identity provider could not be reached; try again shortly',
        );
      }
      return null;
    }
    const email = payload[config.emailClaim];
    if (typeof email !== 'string' || !email.includes('@')) return null;
    if (payload.email_verified === false) return null;
    return { email: email.trim().toLowerCase() };
  };
}

/** A JWKS request that failed on the network or with an error status (jose's own errors aside). */
function isFetchFailure(error: unknown): boolean {
  if (error instanceof errors.JOSEError) {
    return error.code === 'ERR_JOSE_GENERIC' && /fetch|response/i.test(error.message);
  }
  return error instanceof TypeError || (error instanceof Error && error.name === 'AbortError');
}
