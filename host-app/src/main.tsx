// First: it configures Zod before any module below builds a schema.
import './zod-config';
import './radix-themes.css';
import './global.css';
import {
  createLocalStorageStore,
  createPurchasingClient,
  defaultQueryClientOptions,
  organizationQueries,
} from '@purchasing/api-client';
import { PurchasingProvider, preloadSession, SessionProvider } from '@purchasing/screens';
import { Toaster } from '@purchasing/ui';
import { Theme } from '@radix-ui/themes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { withBootRequests } from './boot-requests';
import { createAppRouter, createNavigation } from './router';
import { prefetchSignedInChunks } from './routes';

const queryClient = new QueryClient({ defaultOptions: defaultQueryClientOptions });
// The session check and the organisations boot.js asked for before this code loaded (boot-requests.ts).
const client = createPurchasingClient({
  store: createLocalStorageStore(),
  fetch: withBootRequests((input, init) => globalThis.fetch(input, init)),
});
const router = createAppRouter({ queryClient, client });
const navigation = createNavigation(router);

// Issue 12: what the first screen waits for is asked at once, in parallel, before React's first render,
// instead of one after the other behind it (the session check, then the organisations, then the page's
// code and its data). With a stored session: the session check itself (`/auth/me`, which the
// SessionProvider would start only after the first render; it takes this one over) and the
// organisations (the session asks for them only once `/auth/me` has answered; same query, so it finds
// them in the cache). For the page in the address bar: its route chunks and its loaders, such as the
// requisition list's, which starts the page's data (the router runs them only once React has rendered;
// then it finds the chunks loaded and the data asked for, the same query).
preloadSession(client);
if (client.store.getAccessToken()) {
  queryClient.prefetchQuery(organizationQueries.list(client)).catch(() => {});
}
// A failed chunk or loader is the router's to report when it loads the route itself.
router
  .preloadRoute({ to: '.', href: `${window.location.pathname}${window.location.search}` })
  .catch(() => {});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Theme accentColor="indigo" grayColor="slate" radius="medium">
      <QueryClientProvider client={queryClient}>
        <PurchasingProvider client={client} navigation={navigation}>
          <SessionProvider>
            <RouterProvider router={router} />
          </SessionProvider>
        </PurchasingProvider>
      </QueryClientProvider>
      <Toaster />
    </Theme>
  </StrictMode>,
);
prefetchSignedInChunks();
