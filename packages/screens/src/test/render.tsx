import { createLocalStorageStore, createPurchasingClient } from '@purchasing/api-client';
import { Toaster } from '@purchasing/ui';
import { Theme } from '@radix-ui/themes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type RenderResult, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { defaultHrefs, type Navigation, PurchasingProvider } from '../PurchasingProvider';
import { SessionProvider } from '../SessionProvider';
import { tokens } from './handlers';

/** Options of {@link renderScreen}. */
export interface RenderScreenOptions {
  /** Store a signed-in session (the handlers' valid tokens) before rendering. */
  signedIn?: boolean;
  /** Store this organisation choice before rendering. */
  organizationId?: string;
  /** The portal's own token getter (`createPurchasingClient({ getAccessToken })`) instead of stored tokens. */
  getAccessToken?: () => Promise<string | null>;
}

/**
 * Renders `ui` inside the providers a host supplies: a fresh QueryClient without retries, the real API
 * client on localStorage (against MSW), a spy navigation, the session and the toaster.
 */
export function renderScreen(ui: ReactElement, options: RenderScreenOptions = {}) {
  if (options.signedIn) {
    window.localStorage.setItem('auth_token', tokens.access);
    window.localStorage.setItem('refresh_token', tokens.refresh);
  }
  if (options.organizationId) window.localStorage.setItem('current_organization_id', options.organizationId);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const store = createLocalStorageStore(window.localStorage);
  const client = createPurchasingClient({
    baseUrl: 'http://localhost/api',
    store,
    ...(options.getAccessToken ? { getAccessToken: options.getAccessToken } : {}),
  });
  const navigate = vi.fn<Navigation['navigate']>();
  const navigation: Navigation = { hrefs: defaultHrefs, navigate };
  const user = userEvent.setup();
  const result: RenderResult = render(
    <Theme>
      <QueryClientProvider client={queryClient}>
        <PurchasingProvider client={client} navigation={navigation}>
          <SessionProvider>{ui}</SessionProvider>
        </PurchasingProvider>
      </QueryClientProvider>
      <Toaster />
    </Theme>,
  );
  return { ...result, user, navigate, navigation, client, store, queryClient };
}
