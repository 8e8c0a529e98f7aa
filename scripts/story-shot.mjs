#!/usr/bin/env node
/**
 * Screenshots of stories, for a person to look at: builds Storybook into a temporary folder (unless
 * --static DIR is given), serves it on a free port and saves one PNG per story id in Debian's Chromium.
 *
 *   node scripts/story-shot.mjs [--static DIR] [--out DIR] [--width 1280] [--height 900] <story-id>...
 *   e.g. node scripts/story-shot.mjs screens-requisitionlistscreen--default
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const index = args.indexOf(name);
  if (index < 0) return fallback;
  const [value] = args.splice(index, 2).slice(1);
  return value;
};
let staticDir = option('--static', null);
const outDir = option('--out', '/tmp/story-shots');
const width = Number(option('--width', '1280'));
const height = Number(option('--height', '900'));
const storyIds = args;
if (storyIds.length === 0) {
  console.error('usage: node scripts/story-shot.mjs [--static DIR] [--out DIR] <story-id>...');
  process.exit(2);
}
if (!staticDir) {
  staticDir = mkdtempSync(path.join(tmpdir(), 'storybook-'));
  execFileSync('npx', ['storybook', 'build', '--quiet', '-o', staticDir], { stdio: 'inherit' });
}
mkdirSync(outDir, { recursive: true });

const types = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};
const server = createServer((request, response) => {
  const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
  let file = path.join(staticDir, pathname);
  if (!file.startsWith(staticDir) || !existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  if (statSync(file).isDirectory()) file = path.join(file, 'index.html');
  response.writeHead(200, { 'Content-Type': types[path.extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  const page = await browser.newPage({ viewport: { width, height } });
  for (const id of storyIds) {
    await page.goto(`http://127.0.0.1:${port}/iframe.html?id=${encodeURIComponent(id)}&viewMode=story`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(600);
    const file = path.join(outDir, `${id}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
    console.info(file);
  }
} finally {
  await browser.close();
  server.close();
}
