'use client';
/**
 * The providers the purchasing screens need, wired to the portal's identity and to Next's router. A
 * client component: it holds state (the query cache, the API client) and a router hook.
 */
import { createMemoryStore, createPurchasingClient, defaultQueryClientOptions } from '@purchasing/api-client';
import { defaultHrefs, type Navigation, PurchasingProvider, SessionProvider } from '@purchasing/screens';
import { Toaster } from '@purchasing/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { type ReactNode, useMemo, useState } from 'react';
import { getAccessToken } from './identity';

/** Wraps the portal's pages: one query cache and one API client per browser tab (and per server request). */
export function Purchasing({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: defaultQueryClientOptions }));
  const [client] = useState(() =>
    createPurchasingClient({ baseUrl: '/api', store: createMemoryStore(), getAccessToken }),
  );
  const navigation = useMemo<Navigation>(
    () => ({
      hrefs: defaultHrefs,
      navigate: (href, options) => (options?.replace ? router.replace(href) : router.push(href)),
    }),
    [router],
  );
  return (
    <QueryClientProvider client={queryClient}>
      <PurchasingProvider client={client} navigation={navigation}>
        <SessionProvider>{children}</SessionProvider>
      </PurchasingProvider>
      <Toaster />
    </QueryClientProvider>
  );
}
