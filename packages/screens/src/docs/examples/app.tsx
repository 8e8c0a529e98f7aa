import '@radix-ui/themes/styles.css';
import { createPurchasingClient, defaultQueryClientOptions } from '@purchasing/api-client';
import {
  AppShell,
  DashboardScreen,
  defaultHrefs,
  FullPageSpinner,
  LoginScreen,
  type Navigation,
  PurchasingProvider,
  SessionProvider,
  useSession,
} from '@purchasing/screens';
import { Toaster } from '@purchasing/ui';
import { Theme } from '@radix-ui/themes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

const client = createPurchasingClient({ baseUrl: '/api' });
const queryClient = new QueryClient({ defaultOptions: defaultQueryClientOptions });

// A minimal adapter for illustration; real hosts adapt their router, e.g. TanStack Router: navigate: (href, o) => router.navigate({ href, replace: o?.replace })
const navigation: Navigation = {
  hrefs: defaultHrefs, // override any path: { ...defaultHrefs, dashboard: () => '/purchasing' }
  navigate: (href, options) =>
    options?.replace ? window.history.replaceState(null, '', href) : window.history.pushState(null, '', href),
};

function Routes({ path }: { path: string }) {
  const { status } = useSession();
  if (status === 'loading') return <FullPageSpinner label="Loading your session" />;
  if (status === 'unauthenticated') return <LoginScreen redirectTo={path} />;
  return (
    <AppShell currentPath={path}>
      <DashboardScreen />
    </AppShell>
  );
}

export function App() {
  return (
    <Theme accentColor="indigo">
      <QueryClientProvider client={queryClient}>
        <PurchasingProvider client={client} navigation={navigation}>
          <SessionProvider>
            <Routes path={window.location.pathname} />
          </SessionProvider>
        </PurchasingProvider>
      </QueryClientProvider>
      <Toaster />
    </Theme>
  );
}
