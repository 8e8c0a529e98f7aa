import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Hapi from '@hapi/hapi';
import Inert from '@hapi/inert';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServablePath, staticAppPlugin } from './static-app.js';

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
