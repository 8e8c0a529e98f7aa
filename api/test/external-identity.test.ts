import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExternalIdentityConfig, loadConfig } from '../src/config.js';
import type { Organization, User } from '../src/db/models/index.js';
import { accessTokenFor, call, createTestApp, expectContract } from './app.js';
import { buildMembership, buildOrganization, buildUser } from './factories.js';

/**
 * Issue 17 item 2: access tokens of the portal's own OpenID Connect issuer, beside ours. The issuer
 * is played by this test: a key pair made here and its public key served as a JWKS on a local port.
 */
const ISSUER = 'https://id.portal.example';
const AUDIENCE = 'purchasing-api-portal';

type KeyPair = Awaited<ReturnType<typeof generateKeyPair>>;
let keys: KeyPair;
let strangerKeys: KeyPair;
let jwksServer: Server;
let jwksUri: string;
let app: Awaited<ReturnType<typeof createTestApp>>;
let organization: Organization;
let member: User;

function external(overrides: Partial<ExternalIdentityConfig> = {}): ExternalIdentityConfig {
  return {
    issuer: ISSUER,
    jwksUri,
    audience: AUDIENCE,
    emailClaim: 'email',
    algorithms: ['RS256'],
    ...overrides,
  };
}

/** A token as the portal's issuer signs it; `claims` and `options` change what makes it good. */
async function portalToken(
  claims: JWTPayload,
  options: {
    issuer?: string;
    audience?: string;
    expiresIn?: string | number;
    key?: KeyPair;
    kid?: string;
  } = {},
): Promise<string> {
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'portal-key-1' })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? AUDIENCE)
    .setSubject('portal-user-42')
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? '5m')
    .sign((options.key ?? keys).privateKey);
}

beforeAll(async () => {
  keys = await generateKeyPair('RS256');
  strangerKeys = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'portal-key-1', alg: 'RS256', use: 'sig' };
  jwksServer = createServer((request, response) => {
    if (request.url !== '/jwks') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  jwksUri = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks`;
  app = await createTestApp({ externalIdentity: external() });
  organization = await buildOrganization(app.models);
  member = await buildUser(app.models);
  await buildMembership(app.models, { user: member, organization, roleName: 'User' });
});

afterAll(async () => {
  await app?.close();
  await new Promise((resolve) => jwksServer?.close(resolve));
});

const me = (token: string) => call(app.server, 'GET', '/api/auth/me', { token });
const requisitions = (token: string, org = organization) =>
  call(app.server, 'GET', '/api/requisitions', { token, organizationId: org.id });

describe("the portal's own access tokens", () => {
  it('are accepted for the user their email names, with that user’s membership and permissions', async () => {
    const token = await portalToken({ email: member.email.toUpperCase(), email_verified: true });
    const who = await me(token);
    expectContract(who, 'getMe');
    expect(who.statusCode, who.payload).toBe(200);
    expect(JSON.parse(who.payload).user.email).toBe(member.email);

    const list = await requisitions(token);
    expectContract(list, 'listRequisitions');
    expect(list.statusCode, list.payload).toBe(200);
    // The User role cannot manage users: the permission check runs as for our own tokens.
    const users = await call(app.server, 'GET', '/api/users', { token, organizationId: organization.id });
    expect(users.statusCode).toBe(403);
  });

  it('are refused from another issuer, for another audience, expired, or signed by another key', async () => {
    const claims = { email: member.email };
    const refused = [
      await portalToken(claims, { issuer: 'https://id.other.example' }),
      await portalToken(claims, { audience: 'someone-else' }),
      await portalToken(claims, { expiresIn: Math.floor(Date.now() / 1000) - 120 }),
      await portalToken(claims, { key: strangerKeys }),
      await portalToken(claims, { key: strangerKeys, kid: 'unknown-key' }),
    ];
    for (const token of refused) {
      const response = await me(token);
      expect(response.statusCode, response.payload).toBe(401);
      expectContract(response, 'getMe');
    }
  });

  it('are refused when signed with a shared secret or not signed at all, whatever the header says', async () => {
    const hmac = await new SignJWT({ email: member.email })
      .setProtectedHeader({ alg: 'HS256', kid: 'portal-key-1' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('a-secret-anyone-could-have-guessed-here'));
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none' })}.${encode({
      iss: ISSUER,
      aud: AUDIENCE,
      email: member.email,
      exp: Math.floor(Date.now() / 1000) + 300,
    })}.`;
    for (const token of [hmac, unsigned]) expect((await me(token)).statusCode).toBe(401);
  });

  it('are refused for an unknown or deactivated user, an unverified email, or no email claim', async () => {
    const inactive = await buildUser(app.models, { is_active: false });
    await buildMembership(app.models, { user: inactive, organization });
    for (const claims of [
      { email: 'nobody-here@example.test' },
      { email: inactive.email },
      { email: member.email, email_verified: false },
      {},
    ]) {
      expect((await me(await portalToken(claims))).statusCode).toBe(401);
    }
  });

  it('answer 403 in an organisation the user is not a member of', async () => {
    const other = await buildOrganization(app.models);
    const response = await requisitions(await portalToken({ email: member.email }), other);
    expect(response.statusCode).toBe(403);
    expect(JSON.parse(response.payload).code).toBe('ORGANIZATION_FORBIDDEN');
  });

  it('leave the API’s own tokens working beside them', async () => {
    const own = await accessTokenFor(app.server, member);
    expect((await me(own)).statusCode).toBe(200);
    expect((await requisitions(own)).statusCode).toBe(200);
  });

  it('answer 503, not 401, when the issuer’s keys cannot be read', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const unreachable = await createTestApp({
      externalIdentity: external({ jwksUri: `http://127.0.0.1:${port}/jwks` }),
    });
    try {
      const response = await call(unreachable.server, 'GET', '/api/auth/me', {
        token: await portalToken({ email: member.email }),
      });
      expect(response.statusCode, response.payload).toBe(503);
      expect(JSON.parse(response.payload).code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await unreachable.close();
    }
  });
});

describe('OIDC_* configuration', () => {
  const base = {
    OIDC_ISSUER: ISSUER,
    OIDC_AUDIENCE: AUDIENCE,
    OIDC_JWKS_URI: 'https://id.portal.example/jwks',
  };

  it('is off unless OIDC_ISSUER is set, and reads every part when it is', () => {
    expect(loadConfig({}).externalIdentity).toBeNull();
    expect(loadConfig({ ...base, OIDC_EMAIL_CLAIM: 'upn' }).externalIdentity).toEqual({
      issuer: ISSUER,
      audience: AUDIENCE,
      jwksUri: 'https://id.portal.example/jwks',
      emailClaim: 'upn',
      algorithms: ['RS256', 'PS256', 'ES256'],
    });
  });

  it('refuses a missing audience or JWKS, plain http off the loopback in production, and shared-secret algorithms', () => {
    expect(() => loadConfig({ ...base, OIDC_AUDIENCE: '' })).toThrow(/OIDC_AUDIENCE/);
    expect(() => loadConfig({ ...base, OIDC_JWKS_URI: '' })).toThrow(/OIDC_JWKS_URI/);
    expect(() =>
      loadConfig({ ...base, NODE_ENV: 'production', OIDC_JWKS_URI: 'http://id.portal.example/jwks' }),
    ).toThrow(/https/);
    expect(() => loadConfig({ ...base, OIDC_ALGORITHMS: 'RS256,HS256' })).toThrow(/asymmetric/);
    expect(() => loadConfig({ ...base, OIDC_ISSUER: 'purchasing-platform' })).toThrow(/own issuer/);
  });
});
