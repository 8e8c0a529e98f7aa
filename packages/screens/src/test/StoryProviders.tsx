import { createMemoryStore, createPurchasingClient } from '@purchasing/api-client';
import { Toaster } from '@purchasing/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactElement, type ReactNode, useState } from 'react';
import { defaultHrefs, type Navigation, PurchasingProvider } from '../PurchasingProvider';
import { SessionProvider } from '../SessionProvider';
import { tokens } from './handlers';

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
    // In memory, so each story starts from its own session.
    const store = createMemoryStore({
      access_token: signedIn ? tokens.access : null,
      refresh_token: signedIn ? tokens.refresh : null,
      organization_id: organizationId ?? null,
    });
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
