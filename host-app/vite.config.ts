import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin, type UserConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { modulesUsedBy } from './first-pages';

const apiPort = process.env.API_PORT ?? '3000';

/**
 * A module of a workspace package (resolved from source), or Vite's helper of dynamic imports (which
 * the route table needs, and which would otherwise follow the lazy date picker into `signed-in`).
 */
function firstScreenCode(id: string): boolean {
  return /[\\/]packages[\\/](ui|screens|api-client|contract)[\\/]src[\\/]|vite[\\/]preload-helper/.test(id);
}

/**
 * What the signed-in shell and the list pages share: the shell, the screens' list and page kit, the
 * widgets (but the date picker, loaded on demand), lucide's icons and the Radix parts they use.
 */
function signedInShared(id: string): boolean {
  if (/[\\/]DatePicker[\\/]DatePicker\.tsx$/.test(id)) return false;
  return (
    /[\\/]packages[\\/]screens[\\/]src[\\/](AppShell|kit[\\/](list[\\/]|[^\\/]+$)|shared[\\/](BaseAmount|display|csv)\.tsx?$)/.test(
      id,
    ) ||
    /[\\/]packages[\\/]ui[\\/]src[\\/]/.test(id) ||
    /node_modules[\\/](lucide-react|@radix-ui)[\\/]/.test(id)
  );
}

/** The pages whose code boot.js asks for when one is in the address bar, by path (the shell's always). */
const bootPages: Record<string, string> = {
  '': 'shell',
  '/dashboard': 'dashboard',
  '/requisitions': 'requisition-list',
};

/**
 * Writes `boot.js` (index.html's first script, ./boot.js) into the build with the files of the
 * signed-in shell's and the pages' chunks, less those the entry loads anyway, so that a cold signed-in
 * page asks for them before the entry has run (issue 19). In development the dev server serves the
 * script as it is, which preloads nothing.
 */
function bootScript(): Plugin {
  return {
    name: 'purchasing-boot-script',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((output) => (output.type === 'chunk' ? [output] : []));
      const entry = chunks.find((chunk) => chunk.isEntry);
      const initial = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
      const preloads = Object.fromEntries(
        Object.entries(bootPages).map(([path, page]) => {
          const chunk = chunks.find((candidate) =>
            candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/src/pages/${page}.tsx`),
          );
          if (!chunk) throw new Error(`boot.js: no chunk for src/pages/${page}.tsx`);
          const files = [chunk.fileName, ...chunk.imports].filter((file) => !initial.has(file));
          return [path, files.map((file) => `/${file}`)];
        }),
      );
      const template = readFileSync(new URL('./boot.js', import.meta.url), 'utf8');
      const marker = 'const preloads = {};';
      if (!template.includes(marker)) throw new Error(`boot.js: no \`${marker}\``);
      this.emitFile({
        type: 'asset',
        fileName: 'boot.js',
        source: template.replace(marker, `const preloads = ${JSON.stringify(preloads)};`),
      });
    },
  };
}

/**
 * The reference host app. Sibling workspace packages resolve from source (`source` export condition);
 * in development `/api` is proxied to the API server (API_PORT, default 3000). In production the API
 * serves `dist/` itself, with an SPA fallback to `index.html`.
 */
export default defineConfig(async ({ command }): Promise<UserConfig> => {
  // What the shell and the first pages use (./first-pages.ts): only that goes to `signed-in`; the other
  // shared widgets go to `signed-in-more`, loaded by the pages that use them. A build only.
  const firstPages =
    command === 'build'
      ? await modulesUsedBy(fileURLToPath(new URL('.', import.meta.url)), Object.values(bootPages))
      : null;
  const usedFirst = (id: string) => firstPages?.has(id.replace(/\?.*$/, '')) ?? true;
  return {
    plugins: [
      react(),
      bootScript(),
      // Brotli (quality 11) and gzip (level 9) copies of every text file over 1 KB beside it, which the
      // API serves to a browser that accepts them (api/src/http/static-app.ts) instead of compressing
      // each answer on the fly at gzip's default level: fewer bytes before the first screen (issue 19).
      compression({
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
        threshold: 1024,
        logLevel: 'silent',
      }),
    ],
    resolve: { conditions: ['source', ...defaultClientConditions] },
    server: {
      proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
    },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // No source maps in the production build: the API serves dist/ to anyone, and maps would publish the
      // sources. `.vite/manifest.json` lets scripts/bundle-budget.mjs walk what loads before the first screen.
      sourcemap: false,
      manifest: true,
      rolldownOptions: {
        output: {
          // Libraries change less often than the app: separate chunks stay cached across releases. Only
          // the libraries the first screen needs (`$initial`) are grouped; the others stay in the route
          // chunks that use them, so grouping never makes the sign-in screen load more.
          //
          // The signed-in pages share many small modules (the shell, the list kit, widgets, icons, Radix
          // parts), which would otherwise each become a chunk of their own: a cold list then waited for
          // some twenty requests, a round trip each on a phone's link (issue 19). The workspace packages'
          // modules of the first screen go to `app`; those the signed-in shell and the lists share, to
          // `signed-in`, which the first protected page loads in one request.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 4 },
              { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 3 },
              { name: 'app', test: firstScreenCode, tags: ['$initial'], priority: 2 },
              { name: 'signed-in', test: (id: string) => signedInShared(id) && usedFirst(id), priority: 1 },
              {
                name: 'signed-in-more',
                test: (id: string) => signedInShared(id) && !usedFirst(id),
                priority: 0,
              },
            ],
          },
        },
      },
    },
  };
});
