import { organizationQueries, type PurchasingClient } from '@purchasing/api-client';
import {
  approvalQueueSearchSchema,
  budgetManagementSearchSchema,
  FullPageSpinner,
  LoginScreen,
  productListSearchSchema,
  purchaseOrderListSearchSchema,
  type RequisitionListSearch,
  reportsSearchSchema,
  requisitionListQuery,
  requisitionListSearchSchema,
  useSession,
  vendorListSearchSchema,
} from '@purchasing/screens';
import type { QueryClient } from '@tanstack/react-query';
import {
  type AnyRoute,
  createRootRouteWithContext,
  createRoute,
  lazyRouteComponent as lazy,
  Outlet,
  type RouteComponent,
  redirect,
  useMatches,
  useRouter,
} from '@tanstack/react-router';
import { type ReactElement, useEffect, useLayoutEffect, useRef } from 'react';
import {
  type AccessDecision,
  decideAccess,
  HOME_PATH,
  type PermissionName,
  type RouteAccess,
  sanitizeRedirect,
} from './access';
import { dismissBootShell } from './boot-shell';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Who may open the route; a route without it is treated as protected (signed-in only). */
    access?: RouteAccess;
    /** The page title, in the document title (the header shows the program title; each screen names itself). */
    title?: string;
  }
}

/** What every route's `beforeLoad` and loader receive (`createRouter({ context })`). */
export interface RouterContext {
  queryClient: QueryClient;
  client: PurchasingClient;
}

const PROTECTED: RouteAccess = { kind: 'protected' };
const PUBLIC: RouteAccess = { kind: 'public' };
const APP_NAME = 'Purchasing';

function accessOf(staticData: { access?: RouteAccess } | undefined): RouteAccess {
  return staticData?.access ?? PROTECTED;
}

/**
 * The guard. It renders from the matches on screen (so nothing protected shows before the decision
 * allows it) and redirects from the router's latest location (so a navigation already under way, such
 * as the sign-in screen's own redirect or Sign out's move to /login, is not overridden by a decision
 * about the page being left).
 */
function RootLayout(): ReactElement {
  const session = useSession();
  const router = useRouter();
  const leaf = useMatches({ select: (matches) => matches[matches.length - 1] });
  const staticData = leaf?.staticData;
  const onScreen = decideAccess(session, { access: accessOf(staticData), href: leaf?.pathname ?? '/' });
  const lastRedirect = useRef<string | null>(null);

  useEffect(() => {
    const location = router.latestLocation;
    const [, , route] = router.getMatchedRoutes(location.pathname);
    const decision: AccessDecision = decideAccess(session, {
      access: accessOf(route?.options.staticData),
      href: location.href,
      redirect: (location.search as { redirect?: unknown }).redirect,
    });
    if (typeof decision !== 'object') {
      lastRedirect.current = null;
      return;
    }
    const key = `${location.href} -> ${decision.redirect}`;
    if (lastRedirect.current === key) return;
    lastRedirect.current = key;
    void router.navigate({ href: decision.redirect, replace: true });
  });

  // index.html's frame of the signed-in shell stays until the shell replaces it (pages/shell.tsx);
  // any other page, or a redirect away, removes it here.
  const ownShell = onScreen === 'allow' && accessOf(staticData).kind === 'protected';
  const waiting = onScreen !== 'allow' && session.status === 'loading';
  useLayoutEffect(() => {
    if (!ownShell && !waiting) dismissBootShell();
  }, [ownShell, waiting]);

  const title = staticData?.title;
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);

  if (onScreen === 'allow') return <Outlet />;
  return <FullPageSpinner label={session.status === 'loading' ? 'Loading your session' : 'Loading...'} />;
}

/**
 * Route-level code splitting: the entry chunk holds what the sign-in screen needs (the guard above,
 * {@link LoginScreen}, the providers); every other page, and the signed-in shell, is a chunk the
 * router fetches when a route needs it (scripts/bundle-budget.mjs checks the entry's size). The
 * search schemas stay here: a route validates its search before its component loads.
 */
const chunks = {
  shell: () => import('./pages/shell'),
  account: () => import('./pages/account'),
  dashboard: () => import('./pages/dashboard'),
  requisitionList: () => import('./pages/requisition-list'),
  requisitions: () => import('./pages/requisitions'),
  approvals: () => import('./pages/approvals'),
  purchaseOrders: () => import('./pages/purchase-orders'),
  admin: () => import('./pages/admin'),
  vendors: () => import('./pages/vendors'),
  products: () => import('./pages/products'),
  reports: () => import('./pages/reports'),
};

/**
 * Fetches the signed-in shell and the dashboard (where signing in lands) once the user first acts on
 * the page (a key or a pointer: typing the sign-in form's email starts it), so that signing in does not
 * wait for them. Not at once nor when the browser is first idle: evaluating them would compete with the
 * first screen's own work on a slow phone (issue 19); they load after the first screen, outside its
 * budget.
 */
export function prefetchSignedInChunks(): void {
  const events = ['keydown', 'pointerdown'] as const;
  const prefetch = () => {
    for (const event of events) window.removeEventListener(event, prefetch, true);
    // A failed prefetch is harmless (the route fetches its chunk again when visited): no unhandled rejection.
    chunks.shell().catch(() => {});
    chunks.dashboard().catch(() => {});
  };
  for (const event of events) window.addEventListener(event, prefetch, { capture: true, passive: true });
}

function LoginPage(): ReactElement {
  const { redirect: requested } = loginRoute.useSearch();
  return <LoginScreen redirectTo={sanitizeRedirect(requested)} />;
}

const toDashboard = () => {
  throw redirect({ href: HOME_PATH, replace: true });
};

const rootRoute = createRootRouteWithContext<RouterContext>()({ component: RootLayout });

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { access: PUBLIC },
  beforeLoad: toDashboard,
});

/** Any path no route claims goes to the dashboard (document 1 §2). */
const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  staticData: { access: PUBLIC },
  beforeLoad: toDashboard,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  staticData: { access: { kind: 'guest' }, title: 'Sign in' },
  validateSearch: (search: Record<string, unknown>): { redirect?: string } =>
    typeof search.redirect === 'string' ? { redirect: search.redirect } : {},
  component: LoginPage,
});

/** The token of a password link (`?token=…`); the first one when the key repeats, '' when absent. */
function tokenSearch(search: Record<string, unknown>): { token?: string } {
  const value = Array.isArray(search.token) ? search.token[0] : search.token;
  return typeof value === 'string' ? { token: value } : {};
}

/** `/forgot-password`: asks for a reset link (DECISIONS §7), signed in or not. */
const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'forgot-password',
  staticData: { access: PUBLIC, title: 'Forgot password' },
  component: lazy(chunks.account, 'ForgotPasswordScreen'),
});

/** `/reset-password?token=…`: sets a new password with an emailed reset link. */
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password',
  staticData: { access: PUBLIC, title: 'Reset password' },
  validateSearch: tokenSearch,
  component: lazy(chunks.account, 'ResetPasswordPage'),
});

/** `/accept-invite?token=…`: an invited person sets their first password. */
const acceptInviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'accept-invite',
  staticData: { access: PUBLIC, title: 'Accept invitation' },
  validateSearch: tokenSearch,
  component: lazy(chunks.account, 'AcceptInvitePage'),
});

/** `/email-decision/<token>`: confirms an Approve or Reject link of an "awaiting your decision" mail. */
const emailDecisionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'email-decision/$token',
  staticData: { access: PUBLIC, title: 'Decision' },
  component: lazy(chunks.account, 'EmailDecisionPage'),
});

const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  component: lazy(chunks.shell, 'AppLayout'),
});

function page(path: string, title: string, component: RouteComponent, permission?: PermissionName): AnyRoute {
  return createRoute({
    getParentRoute: () => appRoute,
    path,
    staticData: { access: { kind: 'protected', permission }, title },
    component,
  });
}

/**
 * The organisation the screens will work in, as far as it is known before the session is restored:
 * the stored choice, else the only organisation of the user (the organisations are asked for at
 * start-up, ./main.tsx); null when it takes the session to choose.
 */
async function expectedOrganizationId({ queryClient, client }: RouterContext): Promise<string | null> {
  const stored = client.store.getOrganizationId();
  if (stored) return stored;
  const { organizations } = await queryClient.ensureQueryData(organizationQueries.list(client));
  return organizations.length === 1 ? (organizations[0]?.id ?? null) : null;
}

/**
 * Starts the request of the list's first page when the list is entered (a load of the page, or a
 * move to it from elsewhere), in parallel with the route's code and the session check, instead of
 * after both: the screen then renders the rows from the cache at once (issue 12, "Flat at a
 * million"). Same query, key and request as the screen's own ({@link requisitionListQuery}); only with
 * a stored session (the screen asks itself otherwise), never awaited (a failure is the screen's to
 * show, when it asks again), and not when the search changes on the list (the screen asks for later
 * pages itself, with the cursor of the page on screen).
 */
function prefetchRequisitionList(
  context: RouterContext,
  search: RequisitionListSearch,
  cause: 'enter' | 'stay' | 'preload',
): void {
  const { queryClient, client } = context;
  if (cause === 'stay' || !client.store.getAccessToken()) return;
  expectedOrganizationId(context)
    .then((organizationId) =>
      organizationId
        ? queryClient.prefetchQuery(requisitionListQuery(client, organizationId, search))
        : undefined,
    )
    .catch(() => {});
}

const requisitionsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'requisitions',
  staticData: { access: { kind: 'protected' }, title: 'Requisitions' },
  validateSearch: requisitionListSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => prefetchRequisitionList(context, deps, cause),
  component: lazy(chunks.requisitionList, 'RequisitionListPage'),
});

const purchaseOrdersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'purchase-orders',
  staticData: { access: { kind: 'protected', permission: 'purchase_order.view' }, title: 'Purchase Orders' },
  validateSearch: purchaseOrderListSearchSchema,
  component: lazy(chunks.purchaseOrders, 'PurchaseOrderListPage'),
});

/** The approval queue: its view, order, search, filters and page live in the URL. */
const approvalsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'approvals',
  staticData: { access: { kind: 'protected', permission: 'approval.act' }, title: 'Approvals' },
  validateSearch: approvalQueueSearchSchema,
  component: lazy(chunks.approvals, 'ApprovalQueuePage'),
});

const budgetsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'budgets',
  staticData: { access: { kind: 'protected', permission: 'budget.view' }, title: 'Budgets' },
  validateSearch: budgetManagementSearchSchema,
  component: lazy(chunks.admin, 'BudgetsPage'),
});

/** Every member may see the vendors (issue 16 item 1); changing them needs `vendor.manage`. */
const vendorsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'vendors',
  staticData: { access: { kind: 'protected' }, title: 'Vendors' },
  validateSearch: vendorListSearchSchema,
  component: lazy(chunks.vendors, 'VendorListPage'),
});

/** Every member may see the products (issue 16 item 2); changing them needs `product.manage`. */
const productsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'products',
  staticData: { access: { kind: 'protected' }, title: 'Products' },
  validateSearch: productListSearchSchema,
  component: lazy(chunks.products, 'ProductListPage'),
});

/** Reports (issue 16 item 4) need `report.view`; the period and cost centre live in the URL. */
const reportsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'reports',
  staticData: { access: { kind: 'protected', permission: 'report.view' }, title: 'Reports' },
  validateSearch: reportsSearchSchema,
  component: lazy(chunks.reports, 'ReportsPage'),
});

/** Every screen of document 1 §2 and document 2 §2 (and DECISIONS §6), by path. */

const appPages = [
  page('dashboard', 'Dashboard', lazy(chunks.dashboard, 'DashboardScreen')),
  requisitionsRoute,
  page('requisitions/create', 'Create Requisition', lazy(chunks.requisitions, 'CreateRequisitionScreen')),
  page('requisitions/$id', 'Requisition Details', lazy(chunks.requisitions, 'RequisitionDetailPage')),
  page('requisitions/$id/edit', 'Edit Requisition', lazy(chunks.requisitions, 'EditRequisitionPage')),
  approvalsRoute,
  // Not gated: the review shows anyone who may read the requisition its real state ("You don't have a
  // pending approval for this requisition."), never a refusal.
  page('approvals/$id', 'Approval Review', lazy(chunks.approvals, 'ApprovalReviewPage')),
  purchaseOrdersRoute,
  page(
    'purchase-orders/create',
    'Create Purchase Order',
    lazy(chunks.purchaseOrders, 'PurchaseOrderCreateScreen'),
  ),
  page(
    'purchase-orders/$id',
    'Purchase Order Details',
    lazy(chunks.purchaseOrders, 'PurchaseOrderDetailPage'),
  ),
  page(
    'purchase-orders/$id/edit',
    'Edit Purchase Order',
    lazy(chunks.purchaseOrders, 'PurchaseOrderEditPage'),
  ),
  page('admin/users', 'Users', lazy(chunks.admin, 'UserListScreen'), 'user.edit'),
  page('admin/users/new', 'Create User', lazy(chunks.admin, 'CreateUserScreen'), 'user.create'),
  page('admin/users/$id', 'Edit User', lazy(chunks.admin, 'EditUserPage'), 'user.edit'),
  page('admin/users/$id/edit', 'Edit User', lazy(chunks.admin, 'EditUserPage'), 'user.edit'),
  page('admin/departments', 'Departments', lazy(chunks.admin, 'DepartmentManagementScreen'), 'org.settings'),
  page(
    'admin/departments/$departmentId/users',
    'Department Users',
    lazy(chunks.admin, 'DepartmentUsersPage'),
    'org.settings',
  ),
  page('admin/exchange-rates', 'Exchange Rates', lazy(chunks.admin, 'ExchangeRatesScreen'), 'org.settings'),
  page('admin/roles', 'Roles', lazy(chunks.admin, 'RolesScreen'), 'role.manage'),
  page('out-of-office', 'Out of Office', lazy(chunks.approvals, 'OutOfOfficeScreen'), 'approval.act'),
  // The bell's pages: every member's own notifications and how they are told.
  page('notifications', 'Notifications', lazy(chunks.approvals, 'NotificationsScreen')),
  budgetsRoute,
  vendorsRoute,
  page('vendors/new', 'New Vendor', lazy(chunks.vendors, 'VendorCreatePage'), 'vendor.manage'),
  page('vendors/$vendorId', 'Vendor Details', lazy(chunks.vendors, 'VendorDetailPage')),
  page('vendors/$vendorId/edit', 'Edit Vendor', lazy(chunks.vendors, 'VendorEditPage'), 'vendor.manage'),
  productsRoute,
  page('products/new', 'New Product', lazy(chunks.products, 'ProductCreatePage'), 'product.manage'),
  page(
    'products/$productId/edit',
    'Edit Product',
    lazy(chunks.products, 'ProductEditPage'),
    'product.manage',
  ),
  reportsRoute,
  // Every member reads the settings; changing them needs `org.settings` (the screen shows them read-only).
  page('settings', 'Settings', lazy(chunks.admin, 'SettingsPage')),
  page(
    'settings/notifications',
    'Notification Settings',
    lazy(chunks.approvals, 'NotificationSettingsScreen'),
  ),
  page('settings/webhooks', 'Webhooks', lazy(chunks.admin, 'WebhooksScreen'), 'org.settings'),
  // Editable with `org.settings`, read-only for approvers; the screen refuses anyone else.
  page('settings/approval-policy', 'Approval Policy', lazy(chunks.admin, 'ApprovalPolicyScreen')),
];

/** The host's route tree (code-based: no generated file). */
export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  acceptInviteRoute,
  emailDecisionRoute,
  appRoute.addChildren(appPages),
  unknownRoute,
]);
