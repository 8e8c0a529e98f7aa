// GLUE: this file exists only to host the purchasing screens on the portal's routes (counted in README.md).
import './purchasing.css';
import '@radix-ui/themes/styles.css';
import { createMemoryStore, createPurchasingClient, defaultQueryClientOptions } from '@purchasing/api-client';
import * as screens from '@purchasing/screens';
import { Toaster } from '@purchasing/ui';
import { Theme } from '@radix-ui/themes';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Outlet, type RouteObject, useNavigate, useParams } from 'react-router';
import { getAccessToken } from './auth';

// Our client with the portal's own token; where our screens live in the portal.
const client = createPurchasingClient({ store: createMemoryStore(), getAccessToken });
const queryClient = new QueryClient({ defaultOptions: defaultQueryClientOptions });
const at = (path: string) => (id: string) => `${path}/${encodeURIComponent(id)}`;
const paths = { dashboard: () => '/', approvals: () => '/tasks', approvalReview: at('/tasks') };
const hrefs = { ...screens.defaultHrefs, ...paths, requisitionDetail: at('/requests') };

function Purchasing() {
  const navigate = useNavigate();
  const navigation = useMemo(() => ({ hrefs, navigate }), [navigate]);
  return (
    <Theme accentColor="indigo" hasBackground={false}>
      <QueryClientProvider client={queryClient}>
        <screens.PurchasingProvider client={client} navigation={navigation}>
          <screens.SessionProvider>
            <Outlet />
          </screens.SessionProvider>
        </screens.PurchasingProvider>
      </QueryClientProvider>
      <Toaster />
    </Theme>
  );
}

const Review = () => <screens.ApprovalReviewScreen requisitionId={useParams().id!} />;
const Detail = () => <screens.RequisitionDetailScreen requisitionId={useParams().id!} />;

/** The portal's purchasing routes: /tasks, /tasks/:id and /requests/:id, inside the providers above. */
export const purchasingRoutes: RouteObject = {
  element: <Purchasing />,
  children: [
    { path: 'tasks', Component: screens.ApprovalQueueScreen },
    { path: 'tasks/:id', Component: Review },
    { path: 'requests/:id', Component: Detail },
  ],
};
