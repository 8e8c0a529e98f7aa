import { describe, expect, it } from 'vitest';
import {
  decideAccess,
  loginHref,
  type PermissionName,
  type SessionSnapshot,
  sanitizeRedirect,
} from './access';

function session(
  status: SessionSnapshot['status'],
  permissions: PermissionName[] = [],
  organizationsLoading = false,
): SessionSnapshot {
  return { status, organizationsLoading, hasPermission: (name) => permissions.includes(name) };
}

describe('sanitizeRedirect', () => {
  it.each([
    '/dashboard',
    '/requisitions?status=draft#top',
    '/requisitions?status=draft&status=approved',
    '/admin/users/123/edit',
    '/approvals#',
  ])('keeps the same-origin relative location %s', (value) => {
    expect(sanitizeRedirect(value)).toBe(value === '/approvals#' ? '/approvals' : value);
  });

  it.each([
    ['an absolute URL', 'https://evil.example/phish'],
    ['a protocol-relative URL', '//evil.example/phish'],
    ['a backslash that browsers read as a slash', '/\\evil.example'],
    ['a tab hiding a second slash', '/\t/evil.example'],
    ['a newline', '/requisitions\n'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a relative path without a leading slash', 'dashboard'],
    ['an empty string', ''],
    ['the sign-in screen itself', '/login?redirect=%2Fdashboard'],
    ['a sign-in sub-path', '/login/again'],
    ['a number', 42],
    ['an array', ['/dashboard']],
    ['undefined', undefined],
    ['an overlong value', `/${'a'.repeat(3000)}`],
  ])('refuses %s and answers the dashboard', (_case, value) => {
    expect(sanitizeRedirect(value)).toBe('/dashboard');
  });

  it('answers the given fallback when it refuses', () => {
    expect(sanitizeRedirect('//evil.example', '/elsewhere')).toBe('/elsewhere');
  });

  it('normalises dot segments so the result stays a path on this site', () => {
    expect(sanitizeRedirect('/a/../requisitions')).toBe('/requisitions');
    expect(sanitizeRedirect('/..//evil.example')).toBe('/dashboard');
  });
});

describe('loginHref', () => {
  it('remembers path, query and hash in the redirect parameter', () => {
    const href = loginHref('/requisitions?status=draft#top');
    expect(href).toBe('/login?redirect=%2Frequisitions%3Fstatus%3Ddraft%23top');
    expect(new URLSearchParams(href.split('?')[1]).get('redirect')).toBe('/requisitions?status=draft#top');
  });

  it('leaves the parameter out for the dashboard, where sign-in goes anyway', () => {
    expect(loginHref('/dashboard')).toBe('/login');
  });

  it('does not remember an unsafe location', () => {
    expect(loginHref('//evil.example')).toBe('/login');
  });
});

describe('decideAccess', () => {
  const requisitions = { access: { kind: 'protected' } as const, href: '/requisitions?status=draft#top' };
  const users = { access: { kind: 'protected', permission: 'user.edit' } as const, href: '/admin/users' };
  const login = (redirect?: unknown) => ({ access: { kind: 'guest' } as const, href: '/login', redirect });
  const publicRoute = { access: { kind: 'public' } as const, href: '/reset-password' };

  it('shows the spinner while the session is being restored', () => {
    expect(decideAccess(session('loading'), requisitions)).toBe('wait');
    expect(decideAccess(session('loading'), login('/requisitions'))).toBe('wait');
  });

  it('sends a visitor who is not signed in to /login, remembering the location', () => {
    expect(decideAccess(session('unauthenticated'), requisitions)).toEqual({
      redirect: '/login?redirect=%2Frequisitions%3Fstatus%3Ddraft%23top',
    });
    expect(decideAccess(session('unauthenticated'), users)).toEqual({
      redirect: '/login?redirect=%2Fadmin%2Fusers',
    });
  });

  it('lets a signed-in user open a route that needs no permission', () => {
    expect(decideAccess(session('authenticated'), requisitions)).toBe('allow');
  });

  it("allows a permission route when the current organisation's role has the permission", () => {
    expect(decideAccess(session('authenticated', ['user.edit']), users)).toBe('allow');
  });

  it('sends a signed-in user without the permission to the dashboard', () => {
    expect(decideAccess(session('authenticated', ['requisition.create']), users)).toEqual({
      redirect: '/dashboard',
    });
  });

  it("waits for the organisations before judging a permission (they carry the role's permissions)", () => {
    expect(decideAccess(session('authenticated', [], true), users)).toBe('wait');
    expect(decideAccess(session('authenticated', [], true), requisitions)).toBe('allow');
  });

  it('shows the sign-in screen to a visitor who is not signed in', () => {
    expect(decideAccess(session('unauthenticated'), login('/requisitions'))).toBe('allow');
  });

  it('sends a signed-in user away from /login to the remembered location or the dashboard', () => {
    expect(decideAccess(session('authenticated'), login('/requisitions?status=draft#top'))).toEqual({
      redirect: '/requisitions?status=draft#top',
    });
    expect(decideAccess(session('authenticated'), login())).toEqual({ redirect: '/dashboard' });
    expect(decideAccess(session('authenticated'), login('https://evil.example'))).toEqual({
      redirect: '/dashboard',
    });
  });

  it('opens public routes whatever the session', () => {
    for (const status of ['loading', 'authenticated', 'unauthenticated'] as const) {
      expect(decideAccess(session(status), publicRoute)).toBe('allow');
    }
  });
});
