// First: it configures Zod before any module below builds a schema.
import './zod-config';
import '@radix-ui/themes/styles.css';
import './global.css';
import {
  createLocalStorageStore,
  createPurchasingClient,
  defaultQueryClientOptions,
} from '@purchasing/api-client';
import { PurchasingProvider, SessionProvider } from '@purchasing/screens';
import { Toaster } from '@purchasing/ui';
import { Theme } from '@radix-ui/themes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppRouter, createNavigation } from './router';
import { prefetchSignedInChunks } from './routes';

const queryClient = new QueryClient({ defaultOptions: defaultQueryClientOptions });
const client = createPurchasingClient({ store: createLocalStorageStore() });
const router = createAppRouter({ queryClient, client });
const navigation = createNavigation(router);

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
