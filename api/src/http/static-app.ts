import { existsSync } from 'node:fs';
import path from 'node:path';
import { constants, createBrotliCompress } from 'node:zlib';
import { notFound } from '@hapi/boom';
import type { Lifecycle, Plugin } from '@hapi/hapi';

/**
 * Whether a URL path may be answered from the build folder: never a source map (it would publish the
 * sources; the build emits none, scripts/bundle-budget.mjs checks, and this holds if one appears) nor
 * anything under a dot-folder (`.vite/manifest.json` is for build scripts, not for browsers).
 */
export function isServablePath(urlPath: string): boolean {
  return !urlPath.endsWith('.map') && !urlPath.split('/').some((segment) => segment.startsWith('.'));
}

const refuseUnservable: Lifecycle.Method = (request, h) => {
  if (!isServablePath(request.path)) throw notFound();
  return h.continue;
};

/**
 * The build writes a Brotli (`.br`) and a gzip (`.gz`) copy beside each text file over 1 KB
 * (host-app/vite.config.ts): a browser that accepts one gets it as it is, with its Content-Encoding,
 * instead of the file compressed again on every request.
 */
const precompressed = { lookupCompressed: true, lookupMap: { br: '.br', gzip: '.gz' } };

/**
 * Brotli for answers compressed on the fly (the API's JSON, files without a copy), at quality 4: about
 * gzip's speed with smaller output. Hapi prefers an added encoder when the browser accepts both.
 */
function brotli(options?: { quality?: number }) {
  return createBrotliCompress({
    params: { [constants.BROTLI_PARAM_QUALITY]: options?.quality ?? 4 },
  });
}

/**
 * Serves the built host-app next to `/api` on the same port (production mode): hashed assets
 * are cached for a year, every other path gets `index.html` so the client router can take it.
 */
export const staticAppPlugin: Plugin<{ dir: string }> = {
  name: 'static-app',
  dependencies: ['@hapi/inert'],
  register(server, { dir }) {
    server.encoder('br', brotli);
    const index = path.join(dir, 'index.html');
    if (!existsSync(index)) {
      console.warn(`[api] ${index} not found: build the host app first (npm run build:app).`);
    }
    server.route({
      method: 'GET',
      path: '/assets/{file*}',
      options: {
        auth: false,
        ext: { onPreHandler: { method: refuseUnservable } },
        handler: {
          directory: {
            path: path.join(dir, 'assets'),
            redirectToSlash: false,
            index: false,
            ...precompressed,
          },
        },
        cache: { expiresIn: 365 * 24 * 60 * 60 * 1000, privacy: 'public' },
      },
    });
    server.route({
      method: 'GET',
      path: '/{path*}',
      options: {
        auth: false,
        ext: { onPreHandler: { method: refuseUnservable } },
        handler: (request, h) => {
          const requested = path.normalize(path.join(dir, String(request.params.path ?? '')));
          const isFile =
            requested.startsWith(dir + path.sep) && path.extname(requested) !== '' && existsSync(requested);
          return h
            .file(isFile ? requested : index, { confine: dir, ...precompressed })
            .header('Cache-Control', 'no-cache');
        },
      },
    });
  },
};
