import type { PurchasingClient } from '@purchasing/api-client';
import {
  AcceptInviteScreen,
  ApprovalQueueScreen,
  ApprovalReviewScreen,
  AppShell,
  ComingSoonScreen,
  CreateRequisitionScreen,
  CreateUserScreen,
  DashboardScreen,
  DepartmentManagementScreen,
  DepartmentUsersScreen,
  EditRequisitionScreen,
  EditUserScreen,
  ForgotPasswordScreen,
  FullPageSpinner,
  LoginScreen,
  PurchaseOrderCreateScreen,
  PurchaseOrderDetailScreen,
  PurchaseOrderEditScreen,
  PurchaseOrderListScreen,
  purchaseOrderListSearchSchema,
  RequisitionDetailScreen,
  RequisitionListScreen,
  ResetPasswordScreen,
  RolesScreen,
  requisitionListSearchSchema,
  UserListScreen,
  useSession,
} from '@purchasing/screens';
import type { QueryClient } from '@tanstack/react-query';
import {
  type AnyRoute,
  createRootRouteWithContext,
  createRoute,
  getRouteApi,
  Outlet,
  redirect,
  useMatches,
  useParams,
  useRouter,
} from '@tanstack/react-router';
import { type ReactElement, useEffect, useRef } from 'react';
import {
  type AccessDecision,
  decideAccess,
  HOME_PATH,
  type PermissionName,
  type RouteAccess,
  sanitizeRedirect,
} from './access';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** Who may open the route; a route without it is treated as protected (signed-in only). */
    access?: RouteAccess;
    /** The page title: the header's heading and the document title. */
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

  const title = staticData?.title;
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);

  if (onScreen === 'allow') return <Outlet />;
  return <FullPageSpinner label={session.status === 'loading' ? 'Loading your session' : 'Loading...'} />;
}

/** The signed-in layout: the shell (sidebar and header) around every protected page. */
function AppLayout(): ReactElement {
  const leaf = useMatches({ select: (matches) => matches[matches.length - 1] });
  return (
    <AppShell currentPath={leaf?.pathname ?? '/'} title={leaf?.staticData.title}>
      <Outlet />
    </AppShell>
  );
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
  component: ForgotPasswordScreen,
});

/** `/reset-password?token=…`: sets a new password with an emailed reset link. */
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'reset-password',
  staticData: { access: PUBLIC, title: 'Reset password' },
  validateSearch: tokenSearch,
  component: ResetPasswordPage,
});

function ResetPasswordPage(): ReactElement {
  const { token = '' } = resetPasswordRoute.useSearch();
  return <ResetPasswordScreen key={token} token={token} />;
}

/** `/accept-invite?token=…`: an invited person sets their first password. */
const acceptInviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'accept-invite',
  staticData: { access: PUBLIC, title: 'Accept invitation' },
  validateSearch: tokenSearch,
  component: AcceptInvitePage,
});

function AcceptInvitePage(): ReactElement {
  const { token = '' } = acceptInviteRoute.useSearch();
  return <AcceptInviteScreen key={token} token={token} />;
}

const appRoute = createRoute({ getParentRoute: () => rootRoute, id: 'app', component: AppLayout });

function page(
  path: string,
  title: string,
  component: () => ReactElement,
  permission?: PermissionName,
): AnyRoute {
  return createRoute({
    getParentRoute: () => appRoute,
    path,
    staticData: { access: { kind: 'protected', permission }, title },
    component,
  });
}

const comingSoon = (title: string) => () => <ComingSoonScreen title={title} />;

/** `/approvals/{id}`: the review of one requisition; a new id starts a fresh form. */
function ApprovalReviewPage(): ReactElement {
  const { id } = getRouteApi('/app/approvals/$id').useParams();
  return <ApprovalReviewScreen key={id} requisitionId={id} />;
}

/** `/requisitions/{id}`: one requisition; a new id starts with fresh dialogs. */
function RequisitionDetailPage(): ReactElement {
  const { id } = getRouteApi('/app/requisitions/$id').useParams();
  return <RequisitionDetailScreen key={id} requisitionId={id} />;
}

/**
 * `/requisitions`: the list, whose search, filters and page live in the URL (validated, never
 * rejected), so a filtered view can be bookmarked.
 */
const requisitionsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'requisitions',
  staticData: { access: { kind: 'protected' }, title: 'Requisitions' },
  validateSearch: requisitionListSearchSchema,
  component: RequisitionListPage,
});

function RequisitionListPage(): ReactElement {
  const search = requisitionsRoute.useSearch();
  const navigate = requisitionsRoute.useNavigate();
  return (
    <RequisitionListScreen
      search={search}
      onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}

/** `/requisitions/{id}/edit`: the edit form; a new id starts a fresh form. */
function EditRequisitionPage(): ReactElement {
  const { id } = getRouteApi('/app/requisitions/$id/edit').useParams();
  return <EditRequisitionScreen key={id} requisitionId={id} />;
}

/**
 * `/admin/users/{id}` and `/admin/users/{id}/edit` both open the edit screen (DECISIONS §6); a new id
 * starts a fresh form.
 */
function EditUserPage(): ReactElement {
  const { id = '' } = useParams({ strict: false });
  return <EditUserScreen key={id} userId={id} />;
}

/**
 * `/purchase-orders`: the list, whose search, filters and page live in the URL (validated, never
 * rejected), so a filtered view can be bookmarked.
 */
const purchaseOrdersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'purchase-orders',
  staticData: { access: { kind: 'protected' }, title: 'Purchase Orders' },
  validateSearch: purchaseOrderListSearchSchema,
  component: PurchaseOrderListPage,
});

function PurchaseOrderListPage(): ReactElement {
  const search = purchaseOrdersRoute.useSearch();
  const navigate = purchaseOrdersRoute.useNavigate();
  return (
    <PurchaseOrderListScreen
      search={search}
      onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}

/** `/purchase-orders/{id}`: one purchase order; a new id starts with fresh dialogs. */
function PurchaseOrderDetailPage(): ReactElement {
  const { id } = getRouteApi('/app/purchase-orders/$id').useParams();
  return <PurchaseOrderDetailScreen key={id} purchaseOrderId={id} />;
}

/** `/purchase-orders/{id}/edit`: the edit form of a draft; a new id starts a fresh form. */
function PurchaseOrderEditPage(): ReactElement {
  const { id } = getRouteApi('/app/purchase-orders/$id/edit').useParams();
  return <PurchaseOrderEditScreen key={id} purchaseOrderId={id} />;
}

/** `/admin/departments/{departmentId}/users`: one department's users; a new id starts afresh. */
function DepartmentUsersPage(): ReactElement {
  const { departmentId } = getRouteApi('/app/admin/departments/$departmentId/users').useParams();
  return <DepartmentUsersScreen key={departmentId} departmentId={departmentId} />;
}

/** Every screen of document 1 §2 and document 2 §2 (and DECISIONS §6), by path. */
const appPages = [
  page('dashboard', 'Dashboard', DashboardScreen),
  requisitionsRoute,
  page('requisitions/create', 'Create Requisition', CreateRequisitionScreen),
  page('requisitions/$id', 'Requisition Details', RequisitionDetailPage),
  page('requisitions/$id/edit', 'Edit Requisition', EditRequisitionPage),
  page('approvals', 'Approvals', ApprovalQueueScreen),
  page('approvals/$id', 'Approval Review', ApprovalReviewPage),
  purchaseOrdersRoute,
  page('purchase-orders/create', 'Create Purchase Order', PurchaseOrderCreateScreen),
  page('purchase-orders/$id', 'Purchase Order Details', PurchaseOrderDetailPage),
  page('purchase-orders/$id/edit', 'Edit Purchase Order', PurchaseOrderEditPage),
  page('admin/users', 'Users', UserListScreen, 'user.edit'),
  page('admin/users/new', 'Create User', CreateUserScreen, 'user.create'),
  page('admin/users/$id', 'Edit User', EditUserPage, 'user.edit'),
  page('admin/users/$id/edit', 'Edit User', EditUserPage, 'user.edit'),
  page('admin/departments', 'Departments', DepartmentManagementScreen, 'org.settings'),
  page('admin/departments/$departmentId/users', 'Department Users', DepartmentUsersPage, 'org.settings'),
  page('admin/roles', 'Roles', RolesScreen, 'role.manage'),
  page('vendors', 'Vendors', comingSoon('Vendors')),
  page('products', 'Products', comingSoon('Products')),
  page('reports', 'Reports', comingSoon('Reports')),
  page('settings', 'Settings', comingSoon('Settings')),
];

/** The host's route tree (code-based: no generated file). */
export const routeTree = rootRoute.addChildren([
  indexRoute,
  loginRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  acceptInviteRoute,
  appRoute.addChildren(appPages),
  unknownRoute,
]);
