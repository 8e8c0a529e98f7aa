import { readdirSync } from 'node:fs';
import { defineConfig } from 'tsup';

/** Migrations are loaded by path at run time (umzug globs them), so each one is an entry of its own. */
const migrations = Object.fromEntries(
  readdirSync('src/db/migrations')
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => [`migrations/${file.replace(/\.ts$/, '')}`, `src/db/migrations/${file}`]),
);

/**
 * The production server as plain JavaScript (`npm run build -w api` → `api/dist/`), so `npm start`
 * runs `node dist/start.js` without a TypeScript loader. Dependencies stay imports (tsup leaves
 * `dependencies` external); shared code goes to chunks beside the entries.
 *
 * Paths read at run time stay right because every compiled file sits one folder below `api/`, as
 * `src/config.ts` does: `config.ts` finds `openapi.yaml`, `.data/` and `host-app/dist` from there,
 * and the migrator finds `migrations/` beside itself (`dist/migrations/*.js`, as `src/db/migrations/*.ts`).
 */
export default defineConfig({
  entry: { start: 'src/start.ts', cli: 'src/db/cli.ts', ...migrations },
  format: ['esm'],
  platform: 'node',
  target: 'node20',
  outDir: 'dist',
  splitting: true,
  clean: true,
  // Not minified, and with maps for `node --enable-source-maps`: a production stack trace stays readable.
  sourcemap: true,
});
