/**
 * The example portals' own identity provider, for the tests only: a key pair made at start, its
 * public half served as a JWKS, and access tokens issued for an email. The API under test is started
 * with OIDC_ISSUER/OIDC_JWKS_URI/OIDC_AUDIENCE naming it (issue 17 item 2), so a portal signs its
 * people in with its own tokens and our screens never show a sign-in.
 *
 *   GET  /jwks.json            the public key set
 *   POST /token {"email": "…"} {"access_token": "…", "token_type": "Bearer", "expires_in": 300}
 *
 * It trusts whoever asks, which is what a test's provider may do and a real one never does: it
 * listens on 127.0.0.1 only.
 */
import { createServer } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export const EXAMPLES_AUDIENCE = 'purchasing-example-portals';

/** Starts the provider on `port` (0: any); resolves to its issuer URL, JWKS URL and a stop(). */
export async function startIssuer(port = 0) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'portal-1', alg: 'RS256', use: 'sig' };
  let issuer = '';
  const server = createServer(async (request, response) => {
    const send = (status, body) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    try {
      const url = new URL(request.url ?? '/', issuer);
      if (request.method === 'GET' && url.pathname === '/jwks.json') return send(200, { keys: [jwk] });
      if (request.method === 'POST' && url.pathname === '/token') {
        let text = '';
        for await (const chunk of request) text += chunk;
        const email = JSON.parse(text || '{}').email;
        if (typeof email !== 'string' || !email.includes('@')) return send(400, { error: 'email required' });
        const token = await new SignJWT({ email, email_verified: true })
          .setProtectedHeader({ alg: 'RS256', kid: jwk.kid })
          .setIssuer(issuer)
          .setAudience(EXAMPLES_AUDIENCE)
          .setSubject(`portal:${email}`)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(privateKey);
        return send(200, { access_token: token, token_type: 'Bearer', expires_in: 300 });
      }
      send(404, { error: 'not found' });
    } catch (error) {
      send(400, { error: String(error?.message ?? error) });
    }
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${server.address().port}`;
  return {
    issuer,
    jwksUri: `${issuer}/jwks.json`,
    audience: EXAMPLES_AUDIENCE,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
