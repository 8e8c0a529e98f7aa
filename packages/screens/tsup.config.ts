import { existsSync, readdirSync } from 'node:fs';
import { defineConfig } from 'tsup';

/**
 * One entry per screen folder besides `src/index.ts`, so the published `dist/` is a module per screen
 * (plus shared chunks) under the one `index.js`: a host that lazy-loads screens per route (with
 * `sideEffects: false`) gets each screen in its route's chunk, not all of them in its first one.
 */
const screens = Object.fromEntries(
  readdirSync('src', { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`src/${entry.name}/index.ts`))
    .filter((entry) => entry.name !== 'test' && entry.name !== '__tests__')
    .map((entry) => [`${entry.name}/index`, `src/${entry.name}/index.ts`]),
);

export default defineConfig({
  entry: { index: 'src/index.ts', ...screens },
  format: ['esm'],
  splitting: true,
  // The package's one public entry point: types for `index` only (the others are its parts).
  dts: { entry: { index: 'src/index.ts' } },
  clean: true,
  sourcemap: true,
  target: 'es2022',
  // Every module is a client module for React Server Components (Next.js App Router): a server
  // component may import the package and render its components, which the framework then renders
  // as client components; without it the import crashes on `createContext`, absent on the server.
  banner: { js: "'use client';" },
  // Peers and sibling packages stay imports so the host supplies one copy of each (one React, one
  // QueryClient context, one toast store).
  external: [
    'react',
    'react-dom',
    'react/jsx-runtime',
    '@radix-ui/themes',
    '@tanstack/react-query',
    '@purchasing/api-client',
    '@purchasing/ui',
    '@hookform/resolvers',
    'react-hook-form',
    'zod',
    'lucide-react',
  ],
});
