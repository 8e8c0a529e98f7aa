import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dismissBootShell } from './boot-shell';

/** index.html's frame of the signed-in shell, and boot.js, which shows it before the app's code. */
const here = path.dirname(fileURLToPath(import.meta.url));
const html = readFileSync(path.join(here, '..', 'index.html'), 'utf8');
const bootScript = readFileSync(path.join(here, '..', 'boot.js'), 'utf8');

function load(path: string): void {
  window.history.replaceState(null, '', path);
  document.body.innerHTML = html.slice(html.indexOf('<body>') + 6, html.indexOf('</body>'));
  // boot.js is a classic script of its own (the Content-Security-Policy allows no inline script).
  new Function(bootScript)();
}

const root = document.documentElement;

describe('boot.js and the shell frame', () => {
  beforeEach(() => {
    window.localStorage.clear();
    root.className = '';
  });
  afterEach(() => {
    window.localStorage.clear();
    root.className = '';
    for (const link of document.head.querySelectorAll('link[rel="modulepreload"]')) link.remove();
  });

  it('shows the frame on a signed-in page with a stored session', () => {
    window.localStorage.setItem('auth_token', 'token');
    load('/requisitions?status=draft');
    expect(root.classList.contains('boot-signed-in')).toBe(true);
    expect(root.classList.contains('boot-sidebar-collapsed')).toBe(false);
    expect(document.getElementById('boot-shell')?.textContent).toContain('Purchasing Platform');
    expect(document.getElementById('boot-shell')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('remembers a collapsed sidebar, and a session with only its refresh token', () => {
    window.localStorage.setItem('refresh_token', 'refresh');
    window.localStorage.setItem('purchasing.sidebar_collapsed', 'true');
    load('/dashboard/');
    expect(root.classList.contains('boot-signed-in')).toBe(true);
    expect(root.classList.contains('boot-sidebar-collapsed')).toBe(true);
  });

  it('shows nothing signed out, or on a public page', () => {
    load('/requisitions');
    expect(root.classList.contains('boot-signed-in')).toBe(false);
    window.localStorage.setItem('auth_token', 'token');
    for (const path of [
      '/login',
      '/login/',
      '/forgot-password',
      '/reset-password?token=x',
      '/accept-invite',
      '/email-decision/abc',
    ]) {
      load(path);
      expect(root.classList.contains('boot-signed-in'), path).toBe(false);
    }
  });

  it('preloads nothing in development (the build writes the files)', () => {
    window.localStorage.setItem('auth_token', 'token');
    load('/requisitions');
    expect(document.head.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
  });

  it('goes when the app dismisses it', () => {
    window.localStorage.setItem('auth_token', 'token');
    load('/requisitions');
    dismissBootShell();
    expect(document.getElementById('boot-shell')).toBeNull();
    expect(root.classList.contains('boot-signed-in')).toBe(false);
    expect(() => dismissBootShell()).not.toThrow();
  });
});
