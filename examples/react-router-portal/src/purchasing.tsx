// GLUE: this file exists only to host the purchasing screens on the portal's routes (counted in README.md).
import '@purchasing/screens/embed.css';
import '@radix-ui/themes/styles.css';
import { createMemoryStore, createPurchasingClient } from '@purchasing/api-client';
import * as screens from '@purchasing/screens';
import { Outlet, type RouteObject, useNavigate, useParams } from 'react-router';
import { getAccessToken } from './auth';

// Our client with the portal's own token; where our screens live in the portal (the rest keep our paths).
const client = createPurchasingClient({ store: createMemoryStore(), getAccessToken });
const hrefs = {
  dashboard: () => '/',
  approvals: () => '/tasks',
  approvalReview: (id: string) => `/tasks/${id}`,
  requisitionDetail: (id: string) => `/requests/${id}`,
};

const Purchasing = () => (
  <screens.PurchasingEmbed client={client} navigate={useNavigate()} hrefs={hrefs}>
    <Outlet />
  </screens.PurchasingEmbed>
);
const Review = () => <screens.ApprovalReviewScreen requisitionId={useParams().id!} />;
const Detail = () => <screens.RequisitionDetailScreen requisitionId={useParams().id!} />;

/** The portal's purchasing routes: /tasks, /tasks/:id and /requests/:id, inside the embed above. */
export const purchasingRoutes: RouteObject = {
  element: <Purchasing />,
  children: [
    { path: 'tasks', Component: screens.ApprovalQueueScreen },
    { path: 'tasks/:id', Component: Review },
    { path: 'requests/:id', Component: Detail },
  ],
};
