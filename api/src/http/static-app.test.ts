import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import Hapi from '@hapi/hapi';
import Inert from '@hapi/inert';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServablePath, staticAppPlugin } from './static-app.js';

const VENDOR = `export const words = '${'purchasing '.repeat(400)}';`;

describe('serving the built host app', () => {
  let dir: string;
  let server: Hapi.Server;

  beforeAll(async () => {
    // A build folder holding what must never reach a browser beside what must.
    dir = await mkdtemp(path.join(tmpdir(), 'static-app-'));
    await mkdir(path.join(dir, 'assets'));
    await mkdir(path.join(dir, '.vite'));
    await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>app</title>');
    await writeFile(path.join(dir, 'favicon.svg'), '<svg/>');
    await writeFile(path.join(dir, 'assets', 'index-abc.js'), 'export {};');
    // The build's compressed copies (host-app/vite.config.ts): marked, so the test can tell which was sent.
    await writeFile(path.join(dir, 'assets', 'vendor-abc.js'), VENDOR);
    await writeFile(path.join(dir, 'assets', 'vendor-abc.js.br'), brotliCompressSync(`${VENDOR}/*br*/`));
    await writeFile(path.join(dir, 'assets', 'vendor-abc.js.gz'), gzipSync(`${VENDOR}/*gz*/`));
    await writeFile(path.join(dir, 'assets', 'index-abc.js.map'), '{"sources":["src/main.tsx"]}');
    await writeFile(path.join(dir, 'app.js.map'), '{}');
    await writeFile(path.join(dir, '.vite', 'manifest.json'), '{}');
    server = Hapi.server();
    await server.register(Inert);
    await server.register({ plugin: staticAppPlugin, options: { dir } });
  });

  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const get = (url: string) => server.inject({ method: 'GET', url });

  it('serves hashed assets, files at the root and index.html for client routes', async () => {
    expect((await get('/assets/index-abc.js')).statusCode).toBe(200);
    expect((await get('/favicon.svg')).statusCode).toBe(200);
    const route = await get('/requisitions?status=draft');
    expect(route.statusCode).toBe(200);
    expect(route.payload).toContain('<title>app</title>');
  });

  it("sends the build's Brotli or gzip copy as it is to a browser that accepts it", async () => {
    const asked = (encoding: string) =>
      server.inject({
        method: 'GET',
        url: '/assets/vendor-abc.js',
        headers: { 'accept-encoding': encoding },
      });
    const br = await asked('gzip, deflate, br, zstd');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(`${VENDOR}/*br*/`);
    const gz = await asked('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload).toEqual(gzipSync(`${VENDOR}/*gz*/`));
    const plain = await asked('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(VENDOR);
  });

  it('compresses what has no copy with Brotli when the browser accepts it', async () => {
    const route = await server.inject({
      method: 'GET',
      url: '/requisitions',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(route.statusCode).toBe(200);
    // index.html is under the 1 KB Hapi compresses from; a large answer of another route is:
    server.route({
      method: 'GET',
      path: '/api/large',
      handler: () => ({ words: VENDOR }),
    });
    const large = await server.inject({
      method: 'GET',
      url: '/api/large',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString())).toEqual({ words: VENDOR });
  });

  it('never serves a source map, even when one is in the build folder', async () => {
    for (const url of ['/assets/index-abc.js.map', '/app.js.map']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.payload).not.toContain('sources');
    }
  });

  it('never serves the build manifest or anything else under a dot-folder', async () => {
    expect((await get('/.vite/manifest.json')).statusCode).toBe(404);
    expect((await get('/assets/.hidden')).statusCode).toBe(404);
  });

  it('tells servable paths from the rest', () => {
    expect(isServablePath('/assets/vendor-1.js')).toBe(true);
    expect(isServablePath('/approvals/42')).toBe(true);
    expect(isServablePath('/assets/vendor-1.js.map')).toBe(false);
    expect(isServablePath('/.vite/manifest.json')).toBe(false);
  });
});
