import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

const apiPort = process.env.API_PORT ?? '3000';

/**
 * The reference host app. Sibling workspace packages resolve from source (`source` export condition);
 * in development `/api` is proxied to the API server (API_PORT, default 3000). In production the API
 * serves `dist/` itself, with an SPA fallback to `index.html`.
 */
export default defineConfig({
  plugins: [react()],
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
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
});
