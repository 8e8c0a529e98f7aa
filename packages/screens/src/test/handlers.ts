/**
 * Typed MSW handlers and fixtures for the screens' tests and stories (openapi-msw checks every path,
 * status and body against the contract). Each story or test starts from `handlers` and overrides one
 * group with the factories below.
 */
import type { paths, Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import { createOpenApiHttp } from 'openapi-msw';
import { notificationHandlers } from './notificationHandlers';

/** MSW's `http`, typed by the contract, for paths under `/api`. */
export const http = createOpenApiHttp<paths>({ baseUrl: '/api' });

type User = Schemas['User'];
type Organization = Schemas['Organization'];
type PermissionName = Schemas['PermissionName'];
type UserOrganization = Schemas['UserOrganization'];

/** Password of every demo user. */
export const DEMO_PASSWORD = 'Password123!';

const ALL_PERMISSIONS: PermissionName[] = [
  'requisition.create',
  'requisition.view_all',
  'approval.act',
  'purchase_order.view',
  'purchase_order.manage',
  'purchase_order.receive',
  'user.create',
  'user.edit',
  'user.delete',
  'org.settings',
  'role.manage',
  'vendor.manage',
  'product.manage',
  'budget.view',
  'report.view',
];

const rolePermissions = {
  Admin: ALL_PERMISSIONS.filter((name) => name !== 'role.manage'),
  'Finance Manager': [
    'requisition.create',
    'requisition.view_all',
    'approval.act',
    'purchase_order.view',
    'purchase_order.manage',
    'purchase_order.receive',
    'budget.view',
    'report.view',
    'vendor.manage',
    'product.manage',
  ],
  User: ['requisition.create', 'purchase_order.view'],
} satisfies Record<string, PermissionName[]>;

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

function organization(n: number, name: string, code: string): Organization {
  return {
    id: uuid(n),
    name,
    code,
    address: '1 Market Street, Sydney NSW 2000',
    phone: '+61 2 9000 0000',
    website: null,
    fiscal_year_start: 1,
    fiscal_year_end: 12,
    currency: 'AUD',
    settings: { approval_policy: { auto_approve_below: 0, levels: [] } },
  };
}

/** Acme Corporation (ACME). */
export const acme = organization(101, 'Acme Corporation', 'ACME');
/** Globex Industries (GLOBEX). */
export const globex = organization(102, 'Globex Industries', 'GLOBEX');

function membership(
  n: number,
  org: Organization,
  role: keyof typeof rolePermissions,
  isActive = true,
): UserOrganization {
  return {
    id: uuid(200 + n),
    organization: { id: org.id, name: org.name, code: org.code },
    role: {
      id: uuid(300 + n),
      name: role,
      description: null,
      is_system: true,
      permissions: rolePermissions[role].map((name, index) => ({
        id: uuid(1000 + index),
        name,
        description: null,
      })),
    },
    department: null,
    manager: null,
    is_active: isActive,
    is_pending: false,
  };
}

function user(n: number, first: string, last: string, email: string, memberships: UserOrganization[]): User {
  const permissions = [
    ...new Set(memberships.filter((m) => m.is_active).flatMap((m) => m.role.permissions.map((p) => p.name))),
  ];
  return {
    id: uuid(n),
    first_name: first,
    last_name: last,
    email,
    phone: null,
    avatar_url: null,
    is_active: true,
    last_login_at: '2026-06-01T09:00:00.000Z',
    created_at: '2026-01-10T09:00:00.000Z',
    permissions,
    user_organizations: memberships,
  };
}

/** Alex Morgan: Admin in ACME and Finance Manager in GLOBEX. */
export const adminUser = user(1, 'Alex', 'Morgan', 'admin@acme.test', [
  membership(1, acme, 'Admin'),
  membership(2, globex, 'Finance Manager'),
]);

/** Uma Patel: a plain User in ACME, with an inactive membership in GLOBEX. */
export const plainUser = user(2, 'Uma', 'Patel', 'user@acme.test', [
  membership(3, acme, 'User'),
  membership(4, globex, 'User', false),
]);

/** The dashboard figures of the default handlers. */
export const defaultSummary: Schemas['OrganizationSummary'] = {
  pending_approvals: 7,
  my_requisitions: 12,
  total_spend_this_month: 48250.5,
  budget_utilization: 63.456,
};

/** Tokens the default handlers issue and accept. */
export const tokens = {
  access: 'access-token-1',
  refresh: 'refresh-token-1',
  refreshedAccess: 'access-token-2',
  refreshedRefresh: 'refresh-token-2',
} as const;

const validAccessTokens = new Set<string>([tokens.access, tokens.refreshedAccess]);

function error(message: string, code: Schemas['ErrorCode']) {
  return { message, code, details: [] };
}

/** `POST /auth/login`: signs `who` in with the demo password; otherwise 401 'Invalid email or password'. */
export function loginHandler(who: User = adminUser) {
  return http.post('/auth/login', async ({ request, response }) => {
    const body = await request.json();
    if (body.email.toLowerCase() !== who.email || body.password !== DEMO_PASSWORD) {
      return response(401).json(error('Invalid email or password', 'INVALID_CREDENTIALS'));
    }
    return response(200).json({
      session: {
        access_token: tokens.access,
        refresh_token: tokens.refresh,
        token_type: 'Bearer',
        expires_in: 900,
      },
      user: who,
    });
  });
}

/** `GET /auth/me`: answers `who` for a valid bearer token, else 401. */
export function meHandler(who: User = adminUser) {
  return http.get('/auth/me', ({ request, response }) => {
    const token = request.headers.get('Authorization')?.replace(/^Bearer /, '') ?? '';
    if (!validAccessTokens.has(token))
      return response(401).json(error('Authentication required', 'UNAUTHORIZED'));
    return response(200).json({ user: who });
  });
}

/** `POST /auth/refresh`: rotates the known refresh token, else 401. */
export function refreshHandler() {
  return http.post('/auth/refresh', async ({ request, response }) => {
    const body = await request.json();
    if (body.refresh_token !== tokens.refresh) {
      return response(401).json(error('Invalid refresh token', 'INVALID_REFRESH_TOKEN'));
    }
    return response(200).json({
      session: {
        access_token: tokens.refreshedAccess,
        refresh_token: tokens.refreshedRefresh,
        token_type: 'Bearer',
        expires_in: 900,
      },
    });
  });
}

/** `POST /auth/logout`: 204. */
export function logoutHandler() {
  return http.post('/auth/logout', ({ response }) => response(204).empty());
}

/** `GET /organizations`: the given organisations. */
export function organizationsHandler(organizations: Organization[] = [acme, globex]) {
  return http.get('/organizations', ({ response }) => response(200).json({ organizations }));
}

/** `GET /organizations/{id}/summary`: the given figures for every organisation. */
export function summaryHandler(summary: Schemas['OrganizationSummary'] = defaultSummary) {
  return http.get('/organizations/{id}/summary', ({ response }) => response(200).json({ summary }));
}

/** `GET /organizations/{id}/summary` failing with a 500. */
export function summaryErrorHandler() {
  return http.get('/organizations/{id}/summary', ({ response }) =>
    response(500).json(error('Something went wrong', 'INTERNAL_ERROR')),
  );
}

/** `GET /organizations/{id}/summary` that never answers (loading state). */
export function summaryLoadingHandler() {
  return http.get('/organizations/{id}/summary', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ summary: defaultSummary });
  });
}

/** The default handlers: Alex Morgan signs in, both organisations, the default summary. */
export const handlers = [
  loginHandler(),
  meHandler(),
  refreshHandler(),
  logoutHandler(),
  organizationsHandler(),
  summaryHandler(),
  ...notificationHandlers(),
];
