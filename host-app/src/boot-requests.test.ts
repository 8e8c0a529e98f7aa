import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BootRequest, withBootRequests } from './boot-requests';

const here = path.dirname(fileURLToPath(import.meta.url));
const bootScript = readFileSync(path.join(here, '..', 'boot.js'), 'utf8');
const ORGANIZATION = '00000000-0000-4000-8000-000000000001';

function runBoot(at: string): void {
  window.history.replaceState(null, '', at);
  new Function(bootScript)();
}

function answer(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
}

/** A request as the API client sends it (its middleware sets both headers from the store). */
function asked(url: string, token = 'token-1', organization: string | null = ORGANIZATION, method = 'GET') {
  const headers = new Headers({ Authorization: `Bearer ${token}` });
  if (organization) headers.set('X-Organization-Id', organization);
  return new Request(new URL(url, window.location.href), { method, headers });
}

describe('boot.js asks for the session and the organisations before the app loads', () => {
  let fetched: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    window.localStorage.clear();
    delete window.purchasingBootRequests;
    fetched = vi.fn(async (url: string) => answer({ from: 'boot', url }));
    vi.stubGlobal('fetch', fetched);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
    delete window.purchasingBootRequests;
    document.documentElement.className = '';
    for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
  });

  it('with a stored token, on a signed-in page, with the headers the client sends', () => {
    window.localStorage.setItem('auth_token', 'token-1');
    window.localStorage.setItem('current_organization_id', ORGANIZATION);
    runBoot('/requisitions?status=draft');
    expect(fetched.mock.calls.map(([url]) => url)).toEqual(['/api/auth/me', '/api/organizations']);
    for (const [, init] of fetched.mock.calls) {
      expect(init.headers).toEqual({ Authorization: 'Bearer token-1', 'X-Organization-Id': ORGANIZATION });
    }
    expect(Object.keys(window.purchasingBootRequests ?? {})).toEqual(['/api/auth/me', '/api/organizations']);
  });

  it('asks for nothing signed out, with only a refresh token, or on a public page', () => {
    runBoot('/requisitions');
    window.localStorage.setItem('refresh_token', 'refresh');
    runBoot('/requisitions');
    window.localStorage.setItem('auth_token', 'token-1');
    runBoot('/login');
    runBoot('/email-decision/abc');
    expect(fetched).not.toHaveBeenCalled();
    expect(window.purchasingBootRequests).toBeUndefined();
  });
});

describe('withBootRequests', () => {
  let base: ReturnType<typeof vi.fn>;
  const boot = (url: string, headers: Record<string, string>, response: Promise<Response>) => {
    window.purchasingBootRequests = {
      ...window.purchasingBootRequests,
      [url]: { headers, response } satisfies BootRequest,
    };
  };
  const bootHeaders = { Authorization: 'Bearer token-1', 'X-Organization-Id': ORGANIZATION };

  beforeEach(() => {
    base = vi.fn(async (input: Request) => answer({ from: 'network', url: new URL(input.url).pathname }));
  });
  afterEach(() => {
    delete window.purchasingBootRequests;
  });

  it("takes boot.js's answer for the same request, once", async () => {
    boot('/api/auth/me', bootHeaders, Promise.resolve(answer({ from: 'boot' })));
    const send = withBootRequests(base as unknown as typeof fetch);
    expect(await (await send(asked('/api/auth/me'))).json()).toEqual({ from: 'boot' });
    expect(base).not.toHaveBeenCalled();
    expect(await (await send(asked('/api/auth/me'))).json()).toEqual({
      from: 'network',
      url: '/api/auth/me',
    });
  });

  it('asks anew for another token, another organisation, another method, path or query', async () => {
    const send = withBootRequests(base as unknown as typeof fetch);
    const cases: [string, Request][] = [
      ['/api/auth/me', asked('/api/auth/me', 'token-2')],
      ['/api/organizations', asked('/api/organizations', 'token-1', null)],
      ['/api/auth/me', asked('/api/auth/me', 'token-1', ORGANIZATION, 'DELETE')],
      ['/api/organizations', asked('/api/organizations?page=2')],
    ];
    for (const [url, request] of cases) {
      boot(url, bootHeaders, Promise.resolve(answer({ from: 'boot' })));
      expect((await (await send(request)).json()).from, `${request.method} ${request.url}`).toBe('network');
    }
    expect(base).toHaveBeenCalledTimes(cases.length);
  });

  it("asks again when boot.js's request failed", async () => {
    boot('/api/organizations', bootHeaders, Promise.reject(new TypeError('offline')));
    const send = withBootRequests(base as unknown as typeof fetch);
    expect((await (await send(asked('/api/organizations'))).json()).from).toBe('network');
  });
});
