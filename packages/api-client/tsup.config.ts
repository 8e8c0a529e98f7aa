import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  // The peer stays an import so the host supplies its one copy of TanStack Query (its cache and context).
  external: ['@tanstack/react-query'],
});
