import { act, render, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  acme,
  adminUser,
  globex,
  http,
  logoutHandler,
  meHandler,
  organizationsHandler,
  plainUser,
  tokens,
} from '../test/handlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { useSession } from './SessionProvider';

let session: ReturnType<typeof useSession> | null = null;

/** Shows the session's state and keeps a handle on it for the test to call. */
function Probe() {
  session = useSession();
  return (
    <dl>
      <dt>status</dt>
      <dd data-testid="status">{session.status}</dd>
      <dt>user</dt>
      <dd data-testid="user">{session.user?.first_name ?? 'nobody'}</dd>
      <dt>organization</dt>
      <dd data-testid="organization">{session.currentOrganization?.name ?? 'none'}</dd>
      <dt>permissions</dt>
      <dd data-testid="permissions">{session.permissions.join(',')}</dd>
    </dl>
  );
}

/** Uses the session without a provider. */
function Outside() {
  useSession();
  return null;
}

const status = () => screen.getByTestId('status').textContent;

function countRequests(method: string, path: string) {
  const seen: Request[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === method && new URL(request.url).pathname === path) seen.push(request.clone());
  });
  return seen;
}

describe("SessionProvider with the portal's own token (getAccessToken)", () => {
  it('is signed in from the portal’s token with nothing stored, and never refreshes', async () => {
    const refreshes = countRequests('POST', '/api/auth/refresh');
    const { store } = renderScreen(<Probe />, { getAccessToken: async () => tokens.access });
    expect(status()).toBe('loading');
    await waitFor(() => expect(status()).toBe('authenticated'));
    expect(screen.getByTestId('user').textContent).toBe(adminUser.first_name);
    expect(store.getAccessToken()).toBeNull();
    expect(refreshes).toHaveLength(0);
  });

  it('is signed out, without touching the store, when the server refuses the portal’s token', async () => {
    const { store } = renderScreen(<Probe />, { getAccessToken: async () => 'a-token-the-api-refuses' });
    await waitFor(() => expect(status()).toBe('unauthenticated'));
    expect(store.getRefreshToken()).toBeNull();
  });
});

describe('SessionProvider', () => {
  it('is signed out at once without stored tokens', () => {
    renderScreen(<Probe />);
    expect(status()).toBe('unauthenticated');
  });

  it('restores the session from a stored token with GET /auth/me', async () => {
    const meCalls = countRequests('GET', '/api/auth/me');
    renderScreen(<Probe />, { signedIn: true });
    expect(status()).toBe('loading');
    await waitFor(() => expect(status()).toBe('authenticated'));
    expect(screen.getByTestId('user')).toHaveTextContent('Alex');
    expect(meCalls[0]?.headers.get('Authorization')).toBe(`Bearer ${tokens.access}`);
  });

  it('refreshes once and fetches the user again when the stored token is refused', async () => {
    const refreshCalls = countRequests('POST', '/api/auth/refresh');
    window.localStorage.setItem('auth_token', 'expired-token');
    window.localStorage.setItem('refresh_token', tokens.refresh);
    const { store } = renderScreen(<Probe />);
    await waitFor(() => expect(status()).toBe('authenticated'));
    expect(refreshCalls).toHaveLength(1);
    expect(store.getAccessToken()).toBe(tokens.refreshedAccess);
    expect(store.getRefreshToken()).toBe(tokens.refreshedRefresh);
  });

  it('clears the tokens when the refresh token is refused with 401', async () => {
    window.localStorage.setItem('auth_token', 'expired-token');
    window.localStorage.setItem('refresh_token', 'revoked-refresh-token');
    const { store } = renderScreen(<Probe />);
    await waitFor(() => expect(status()).toBe('unauthenticated'));
    expect(store.getAccessToken()).toBeNull();
    expect(store.getRefreshToken()).toBeNull();
  });

  it('clears the tokens when the refresh is refused with 403', async () => {
    server.use(
      // The contract gives /auth/refresh no 403; a gateway or a future rule may still answer one.
      http.untyped.post('/api/auth/refresh', () =>
        HttpResponse.json({ message: 'Account inactive', code: 'forbidden', details: [] }, { status: 403 }),
      ),
    );
    window.localStorage.setItem('auth_token', 'expired-token');
    window.localStorage.setItem('refresh_token', tokens.refresh);
    const { store } = renderScreen(<Probe />);
    await waitFor(() => expect(status()).toBe('unauthenticated'));
    expect(store.getAccessToken()).toBeNull();
    expect(store.getRefreshToken()).toBeNull();
  });

  it('keeps the tokens and offers a retry when the server cannot be reached', async () => {
    server.use(
      http.get('/auth/me', () => HttpResponse.error()),
      http.post('/auth/refresh', () => HttpResponse.error()),
    );
    const { store, user } = renderScreen(<Probe />, { signedIn: true });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText(/You are still signed in/)).toBeInTheDocument();
    expect(store.getAccessToken()).toBe(tokens.access);
    expect(store.getRefreshToken()).toBe(tokens.refresh);

    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(status()).toBe('authenticated'));
  });

  it('clears the session when the user cannot be fetched and there is no refresh token', async () => {
    window.localStorage.setItem('auth_token', 'expired-token');
    const { store } = renderScreen(<Probe />);
    await waitFor(() => expect(status()).toBe('unauthenticated'));
    expect(store.getAccessToken()).toBeNull();
  });

  it('signs this tab out when another tab removes the token', async () => {
    renderScreen(<Probe />, { signedIn: true });
    await waitFor(() => expect(status()).toBe('authenticated'));
    act(() => {
      window.localStorage.removeItem('auth_token');
      window.dispatchEvent(
        new StorageEvent('storage', {
          key: 'auth_token',
          oldValue: tokens.access,
          newValue: null,
          storageArea: window.localStorage,
        }),
      );
    });
    await waitFor(() => expect(status()).toBe('unauthenticated'));
    expect(screen.getByTestId('user')).toHaveTextContent('nobody');
  });

  it('defaults to the first organisation with an active membership and stores the choice', async () => {
    const { store } = renderScreen(<Probe />, { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('organization')).toHaveTextContent('Acme Corporation'));
    expect(store.getOrganizationId()).toBe(acme.id);
  });

  it('uses the stored organisation when the user is still an active member there', async () => {
    renderScreen(<Probe />, { signedIn: true, organizationId: globex.id });
    await waitFor(() => expect(screen.getByTestId('organization')).toHaveTextContent('Globex Industries'));
  });

  it('ignores a stored organisation whose membership is inactive', async () => {
    server.use(meHandler(plainUser));
    const { store } = renderScreen(<Probe />, { signedIn: true, organizationId: globex.id });
    await waitFor(() => expect(screen.getByTestId('organization')).toHaveTextContent('Acme Corporation'));
    expect(store.getOrganizationId()).toBe(acme.id);
  });

  it("takes the permissions from the current organisation's role, not the union", async () => {
    renderScreen(<Probe />, { signedIn: true, organizationId: globex.id });
    await waitFor(() => expect(screen.getByTestId('organization')).toHaveTextContent('Globex Industries'));
    expect(adminUser.permissions).toContain('user.edit');
    expect(session?.permissions).not.toContain('user.edit');
    expect(session?.hasPermission('purchase_order.manage')).toBe(true);
  });

  it('switches to an organisation with an active membership and sends its id from then on', async () => {
    const { store } = renderScreen(<Probe />, { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('organization')).toHaveTextContent('Acme Corporation'));
    expect(session?.hasPermission('user.edit')).toBe(true);
    let switched = false;
    act(() => {
      switched = session?.switchOrganization(globex.id) ?? false;
    });
    expect(switched).toBe(true);
    expect(screen.getByTestId('organization')).toHaveTextContent('Globex Industries');
    expect(store.getOrganizationId()).toBe(globex.id);
    expect(session?.hasPermission('user.edit')).toBe(false);
  });

  it('refuses to switch to an organisation whose membership is inactive or that the user does not belong to', async () => {
    server.use(meHandler(plainUser));
    const { store } = renderScreen(<Probe />, { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('organization')).toHaveTextContent('Acme Corporation'));
    let results: boolean[] = [];
    act(() => {
      results = [
        session?.switchOrganization(globex.id) ?? true,
        session?.switchOrganization('00000000-0000-4000-8000-999999999999') ?? true,
      ];
    });
    expect(results).toEqual([false, false]);
    expect(screen.getByTestId('organization')).toHaveTextContent('Acme Corporation');
    expect(store.getOrganizationId()).toBe(acme.id);
  });

  it('lists only organisations with an active membership', async () => {
    server.use(meHandler(plainUser), organizationsHandler([acme, globex]));
    renderScreen(<Probe />, { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('organization')).toHaveTextContent('Acme Corporation'));
    expect(session?.organizations.map((o) => o.name)).toEqual(['Acme Corporation']);
  });

  it('signs out: POST /auth/logout with the refresh token, then clears tokens, organisation and cache', async () => {
    const logoutCalls = countRequests('POST', '/api/auth/logout');
    server.use(logoutHandler());
    const { store, queryClient } = renderScreen(<Probe />, { signedIn: true });
    await waitFor(() => expect(screen.getByTestId('organization')).toHaveTextContent('Acme Corporation'));
    queryClient.setQueryData(['cached', 'for', 'the', 'previous', 'user'], { secret: true });
    await act(async () => {
      await session?.logout();
    });
    expect(status()).toBe('unauthenticated');
    expect(await logoutCalls[0]?.json()).toEqual({ refresh_token: tokens.refresh });
    expect(store.getAccessToken()).toBeNull();
    expect(store.getRefreshToken()).toBeNull();
    expect(store.getOrganizationId()).toBeNull();
    expect(queryClient.getQueryData(['cached', 'for', 'the', 'previous', 'user'])).toBeUndefined();
    expect(session?.organizations).toEqual([]);
    expect(session?.currentOrganization).toBeNull();
  });

  it('throws a clear error when used outside the provider', () => {
    const silence = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Outside />)).toThrow(/useSession must be used inside <SessionProvider>/);
    silence.mockRestore();
  });
});
