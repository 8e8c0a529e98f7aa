/**
 * Builds the portal: the page (public/, plain HTML, CSS and JavaScript, copied as they are) and the
 * custom element's bundle (src/purchasing-approvals.tsx → dist/purchasing-approvals.js, with React 18,
 * Radix Themes and our packages inside; CSS files are imported as text for the shadow root).
 */
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
cpSync('public', 'dist', { recursive: true });
await build({
  entryPoints: ['src/purchasing-approvals.tsx'],
  outfile: 'dist/purchasing-approvals.js',
  bundle: true,
  format: 'esm',
  minify: true,
  target: 'es2022',
  jsx: 'automatic',
  loader: { '.css': 'text' },
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'info',
});
