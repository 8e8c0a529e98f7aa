/**
 * The portal serves one origin: `/api/*` goes to the purchasing API (same path) and `/idp/*` to the
 * portal's identity provider (without the prefix). Rewrites are fixed at build time, so API_URL and
 * IDP_URL must be set for `next build` (and, the same, for `next start`).
 */
const apiUrl = process.env.API_URL;
const idpUrl = process.env.IDP_URL;
if (!apiUrl || !idpUrl) throw new Error('Set API_URL and IDP_URL for next build and next start');

/** @type {import('next').NextConfig} */
export default {
  // The example lives inside the repository: build from this folder only, never the repo's node_modules.
  turbopack: { root: import.meta.dirname },
  outputFileTracingRoot: import.meta.dirname,
  poweredByHeader: false,
  async rewrites() {
    return [
      { source: '/api/:path*', destination: `${apiUrl}/api/:path*` },
      { source: '/idp/:path*', destination: `${idpUrl}/:path*` },
    ];
  },
};
