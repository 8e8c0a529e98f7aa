import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

/**
 * The portal is served on one origin: its pages, `/api/*` proxied to the purchasing API (API_URL) and
 * `/idp/*` to the portal's identity provider (IDP_URL, without the `/idp` prefix). `npm start` is
 * `vite preview` of the build on 127.0.0.1:$PORT; a real portal serves `dist/` from its own server.
 */
const proxy: Record<string, ProxyOptions> = {
  '/api/': { target: process.env.API_URL ?? 'http://127.0.0.1:3000', changeOrigin: true },
  '/idp/': {
    target: process.env.IDP_URL ?? 'http://127.0.0.1:3001',
    changeOrigin: true,
    rewrite: (path) => path.replace(/^\/idp/, ''),
  },
};

export default defineConfig({
  plugins: [react()],
  server: { proxy },
  preview: { host: '127.0.0.1', port: Number(process.env.PORT ?? 4173), strictPort: true, proxy },
  build: { sourcemap: false },
});
