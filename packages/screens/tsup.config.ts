import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
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
