import type { Plugin, Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import type { Config } from '../config.js';

/** Paths that carry a secret token: the decision link's page and its calls. */
const SECRET_URL = /^\/(api\/email-decisions|email-decision)\//;

/**
 * Content-Security-Policy on every response: a locked-down one for the API and a strict one for
 * the host app (Radix Themes needs inline styles), plus nosniff, referrer policy and HSTS in
 * production. `frame-ancestors` comes from configuration so
 * intranet portals can embed the screens.
 */
export const securityHeadersPlugin: Plugin<Config> = {
  name: 'security-headers',
  register(server, config) {
    const appPolicy = [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      `frame-ancestors ${config.frameAncestors}`,
    ].join('; ');
    const apiPolicy = `default-src 'none'; frame-ancestors ${config.frameAncestors}`;
    server.ext('onPreResponse', (request: Request, h: ResponseToolkit) => {
      const response = request.response;
      if ('isBoom' in response && response.isBoom) return h.continue;
      const reply = response as ResponseObject;
      const isApi = request.path === '/api' || request.path.startsWith('/api/');
      reply.header('Content-Security-Policy', isApi ? apiPolicy : appPolicy);
      reply.header('X-Content-Type-Options', 'nosniff');
      // A page or call whose URL holds a secret (an emailed decision link) never sends it on as a referrer.
      reply.header(
        'Referrer-Policy',
        SECRET_URL.test(request.path) ? 'no-referrer' : 'strict-origin-when-cross-origin',
      );
      reply.header('X-Download-Options', 'noopen');
      if (config.frameAncestors === "'none'") reply.header('X-Frame-Options', 'DENY');
      if (config.env === 'production')
        reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
      if (isApi && !reply.headers['cache-control']) reply.header('Cache-Control', 'no-store');
      return h.continue;
    });
  },
};
