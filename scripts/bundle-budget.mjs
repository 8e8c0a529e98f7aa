#!/usr/bin/env node
/**
 * Bundle budget: what the browser must fetch before the first screen (/login) renders stays within
 * the budget (default 200 KB of JavaScript, gzip -9, as a server would send it), and no source map
 * ships in the build.
 *
 * Builds nothing: reads an existing `host-app/dist` (after `npm run build:app`). The initial JavaScript
 * is index.html's module script and modulepreload links plus the static import graph of the entry
 * chunk, walked in Vite's `.vite/manifest.json` (`imports`, never `dynamicImports`: those load when a
 * route needs them). Prints a table per file (raw, gzip, brotli), then the totals of the initial load
 * and of the whole build; exits 1 with the reason when the budget is exceeded or a `.map` file exists.
 *
 * A second budget holds the signed-in list (`/requisitions`), the cold load Lighthouse audits (issue 19):
 * the same initial JavaScript plus the shell's and the list page's chunks, as the built `boot.js` asks
 * for them (its `preloads`), at most 240 KB gzip by default: what the list does not use stays out of the
 * `signed-in` chunk (host-app/first-pages.ts).
 *
 * Usage: `node scripts/bundle-budget.mjs [--dist host-app/dist] [--budget-kb 200] [--list-budget-kb 240]`
 * (KB = 1,000 bytes).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: 'host-app/dist' },
    'budget-kb': { type: 'string', default: '200' },
    'list-budget-kb': { type: 'string', default: '240' },
  },
});
const dist = path.resolve(repo, values.dist);
const budgetBytes = Number(values['budget-kb']) * 1000;

const fail = (message) => {
  console.error(`bundle-budget: ${message}`);
  process.exit(1);
};

const indexFile = path.join(dist, 'index.html');
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(indexFile)) fail(`${indexFile} not found: build the app first (npm run build:app)`);
if (!existsSync(manifestFile))
  fail(`${manifestFile} not found: host-app's vite.config.ts needs build.manifest`);

/** Every file under `dir`, relative to it, with `/` separators. */
function filesUnder(dir, prefix = '') {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? filesUnder(path.join(dir, entry.name), `${prefix}${entry.name}/`)
      : [`${prefix}${entry.name}`],
  );
}

const maps = filesUnder(dist).filter((file) => file.endsWith('.map'));
if (maps.length > 0) {
  fail(
    `source maps must not ship in the production build (they expose the sources): ${maps.join(', ')}. Set build.sourcemap to false in host-app/vite.config.ts.`,
  );
}

// What index.html makes the browser fetch at once: its module script(s), modulepreloads, stylesheets.
const html = readFileSync(indexFile, 'utf8');
const attribute = (tag, name) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const fromHtml = new Set();
for (const tag of tags) {
  const isModule = tag.startsWith('<script') && attribute(tag, 'type') === 'module';
  const rel = attribute(tag, 'rel');
  const url = isModule
    ? attribute(tag, 'src')
    : rel === 'modulepreload' || rel === 'stylesheet'
      ? attribute(tag, 'href')
      : null;
  if (url?.startsWith('/')) fromHtml.add(url.slice(1));
}

// The entry chunk and its static imports, transitively, from the manifest.
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length === 0) fail('the manifest has no entry chunk');
const initial = new Set(fromHtml);
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || initial.has(`chunk:${key}`)) return;
  initial.add(`chunk:${key}`);
  initial.add(chunk.file);
  for (const css of chunk.css ?? []) initial.add(css);
  for (const imported of chunk.imports ?? []) visit(imported);
};
for (const [key] of entries) visit(key);

const measure = (file) => {
  const bytes = readFileSync(path.join(dist, file));
  return {
    file,
    raw: bytes.length,
    gzip: gzipSync(bytes, { level: 9 }).length,
    brotli: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
};
const initialFiles = [...initial].filter((file) => !file.startsWith('chunk:')).sort();
const missing = initialFiles.filter((file) => !existsSync(path.join(dist, file)));
if (missing.length > 0)
  fail(`index.html or the manifest names files that are not in ${dist}: ${missing.join(', ')}`);
const rows = initialFiles.map(measure);
const js = rows.filter((row) => row.file.endsWith('.js'));
const css = rows.filter((row) => row.file.endsWith('.css'));
const sum = (list, key) => list.reduce((total, row) => total + row[key], 0);
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

console.info(`Loaded before the first screen (${path.relative(repo, dist)}; gzip -9 and brotli 11):\n`);
console.info('| file | raw | gzip | brotli |\n| --- | --- | --- | --- |');
for (const row of [...js, ...css]) {
  console.info(`| ${row.file} | ${kb(row.raw)} | ${kb(row.gzip)} | ${kb(row.brotli)} |`);
}
console.info(
  `| **JavaScript, ${js.length} files** | ${kb(sum(js, 'raw'))} | **${kb(sum(js, 'gzip'))}** | ${kb(sum(js, 'brotli'))} |`,
);
console.info(
  `| CSS, ${css.length} files | ${kb(sum(css, 'raw'))} | ${kb(sum(css, 'gzip'))} | ${kb(sum(css, 'brotli'))} |`,
);

const allJs = filesUnder(dist)
  .filter((file) => file.endsWith('.js'))
  .map(measure);
console.info(
  `\nThe whole build: ${allJs.length} JavaScript files, ${kb(sum(allJs, 'gzip'))} gzip (${allJs.length - js.length} loaded later, by route: ${kb(sum(allJs, 'gzip') - sum(js, 'gzip'))}).`,
);

const initialGzip = sum(js, 'gzip');
if (initialGzip > budgetBytes) {
  fail(
    `${kb(initialGzip)} of gzipped JavaScript loads before the first screen: over the ${kb(budgetBytes)} budget. Split what the first screen does not need into route chunks (host-app/src/routes.tsx).`,
  );
}

// The signed-in list: the first screen's JavaScript plus what boot.js asks for on /requisitions.
const bootFile = path.join(dist, 'boot.js');
const preloads = JSON.parse(
  /const preloads = (\{.*?\});/.exec(readFileSync(bootFile, 'utf8'))?.[1] ?? 'null',
);
if (!preloads?.['/requisitions']) fail(`${bootFile} names no preloads for /requisitions`);
const listFiles = [...new Set([...preloads[''], ...preloads['/requisitions']].map((url) => url.slice(1)))]
  .filter((file) => !initialFiles.includes(file))
  .map(measure);
console.info('\nThe signed-in list (/requisitions) adds, as boot.js asks for them:\n');
console.info('| file | raw | gzip | brotli |\n| --- | --- | --- | --- |');
for (const row of listFiles)
  console.info(`| ${row.file} | ${kb(row.raw)} | ${kb(row.gzip)} | ${kb(row.brotli)} |`);
const listGzip = initialGzip + sum(listFiles, 'gzip');
const listBudget = Number(values['list-budget-kb']) * 1000;
console.info(
  `| **the list's JavaScript in all** | | **${kb(listGzip)}** | ${kb(sum(js, 'brotli') + sum(listFiles, 'brotli'))} |`,
);
if (listGzip > listBudget) {
  fail(
    `${kb(listGzip)} of gzipped JavaScript loads before the signed-in list: over the ${kb(listBudget)} budget. Keep what the list does not use out of the signed-in chunk (host-app/first-pages.ts).`,
  );
}
console.info(
  `\nbundle-budget: ${kb(initialGzip)} of ${kb(budgetBytes)} before sign-in ✓, ${kb(listGzip)} of ${kb(listBudget)} before the list ✓, no source maps`,
);
