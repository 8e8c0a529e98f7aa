import {
  createLocalStorageStore,
  createPurchasingClient,
  type PurchasingClient,
} from '@purchasing/api-client';
import { Theme } from '@radix-ui/themes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { describe, expect, it } from 'vitest';
import { defaultHrefs, PurchasingProvider } from '../PurchasingProvider';
import { tokens } from '../test/handlers';
import { server } from '../test/server';
import { preloadSession, SessionProvider, useSession } from './SessionProvider';

function Status() {
  const session = useSession();
  return <p data-testid="status">{`${session.status} ${session.user?.first_name ?? 'nobody'}`}</p>;
}

function countRequests(method: string, path: string) {
  const seen: Request[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === method && new URL(request.url).pathname === path) seen.push(request);
  });
  return seen;
}

function newClient(): PurchasingClient {
  return createPurchasingClient({
    baseUrl: 'http://localhost/api',
    store: createLocalStorageStore(window.localStorage),
  });
}

function mount(client: PurchasingClient) {
  return render(
    <StrictMode>
      <Theme>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <PurchasingProvider client={client} navigation={{ hrefs: defaultHrefs, navigate: () => {} }}>
            <SessionProvider>
              <Status />
            </SessionProvider>
          </PurchasingProvider>
        </QueryClientProvider>
      </Theme>
    </StrictMode>,
  );
}

describe('preloadSession (issue 19: the session check starts before the first render)', () => {
  it('starts GET /auth/me at once, and the provider takes that check over instead of asking again', async () => {
    const meCalls = countRequests('GET', '/api/auth/me');
    window.localStorage.setItem('auth_token', tokens.access);
    window.localStorage.setItem('refresh_token', tokens.refresh);
    const client = newClient();
    preloadSession(client);
    preloadSession(client);
    await waitFor(() => expect(meCalls).toHaveLength(1));
    mount(client);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated Alex'));
    expect(meCalls).toHaveLength(1);
  });

  it('refreshes a refused token once, even under StrictMode', async () => {
    const refreshCalls = countRequests('POST', '/api/auth/refresh');
    window.localStorage.setItem('auth_token', 'expired-token');
    window.localStorage.setItem('refresh_token', tokens.refresh);
    const client = newClient();
    preloadSession(client);
    mount(client);
    await waitFor(() => expect(screen.getByTestId('status')).toHaveTextContent('authenticated Alex'));
    expect(refreshCalls).toHaveLength(1);
  });

  it('does nothing without a stored session', async () => {
    const meCalls = countRequests('GET', '/api/auth/me');
    const client = newClient();
    preloadSession(client);
    mount(client);
    expect(screen.getByTestId('status')).toHaveTextContent('unauthenticated nobody');
    expect(meCalls).toHaveLength(0);
  });
});
