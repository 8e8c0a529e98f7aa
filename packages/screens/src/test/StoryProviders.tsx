import { createLocalStorageStore, createPurchasingClient } from '@purchasing/api-client';
import { Toaster } from '@purchasing/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactElement, type ReactNode, useState } from 'react';
import { defaultHrefs, type Navigation, PurchasingProvider } from '../PurchasingProvider';
import { SessionProvider } from '../SessionProvider';
import { tokens } from './handlers';

/** A Storage kept in memory, so each story starts from its own session. */
export function createMemoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (index) => [...data.keys()][index] ?? null,
    removeItem: (key) => {
      data.delete(key);
    },
    setItem: (key, value) => {
      data.set(key, String(value));
    },
  };
}

/** Props of {@link StoryProviders}. */
export interface StoryProvidersProps {
  /** Start signed in with the handlers' valid tokens. */
  signedIn?: boolean;
  /** The stored organisation choice. */
  organizationId?: string;
  /** Called by the screens to navigate (a Storybook action). */
  navigate?: Navigation['navigate'];
  children: ReactNode;
}

/** The providers a host supplies, for stories: a QueryClient, the API client against MSW, the session. */
export function StoryProviders({
  signedIn,
  organizationId,
  navigate,
  children,
}: StoryProvidersProps): ReactElement {
  const [env] = useState(() => {
    const initial: Record<string, string> = {};
    if (signedIn) {
      initial.auth_token = tokens.access;
      initial.refresh_token = tokens.refresh;
    }
    if (organizationId) initial.current_organization_id = organizationId;
    const store = createLocalStorageStore(createMemoryStorage(initial));
    return {
      queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
      client: createPurchasingClient({ baseUrl: '/api', store }),
      navigation: { hrefs: defaultHrefs, navigate: navigate ?? (() => {}) } satisfies Navigation,
    };
  });
  return (
    <QueryClientProvider client={env.queryClient}>
      <PurchasingProvider client={env.client} navigation={env.navigation}>
        <SessionProvider>{children}</SessionProvider>
      </PurchasingProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
