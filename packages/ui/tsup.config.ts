import { existsSync, readdirSync } from 'node:fs';
import { defineConfig } from 'tsup';

/**
 * One entry per widget folder besides `src/index.ts`, so the published `dist/` is a module per widget
 * (plus shared chunks) under the one `index.js`: with `sideEffects: false` a host's bundler leaves a
 * widget and its libraries (the date picker's, say) in the chunks of the routes that use it, instead
 * of loading every widget with the first screen.
 */
const widgets = Object.fromEntries(
  readdirSync('src', { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(`src/${entry.name}/index.ts`))
    .filter((entry) => entry.name !== 'test' && entry.name !== '__tests__')
    .map((entry) => [`${entry.name}/index`, `src/${entry.name}/index.ts`]),
);

export default defineConfig({
  entry: { index: 'src/index.ts', ...widgets },
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
  // Peers and siblings stay imports so the host supplies one copy of each.
  external: [
    'react',
    'react-dom',
    'react/jsx-runtime',
    '@radix-ui/themes',
    'lucide-react',
    'react-hot-toast',
  ],
});
