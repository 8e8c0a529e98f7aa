/**
 * What the walk (../walk.spec.ts) must find for each default role: the sidebar's items, in order, and
 * the heading (the page's one h1) of the screen each leads to. A route that disappears from a role's
 * sidebar or appears in it, or a screen that loses or renames its heading, fails the walk.
 *
 * Derived from the specification and the app:
 * - the items and their order: document 1 §2 "Sidebar" (ten items), with the app's three additions in
 *   the order of `packages/screens/src/AppShell/sidebarItems.ts` (Exchange Rates and Roles after
 *   Departments, Budgets after Roles);
 * - who sees what: the permission each item needs (document 1 §2 and §6: Users `user.edit`,
 *   Departments `org.settings`; the app: Approvals `approval.act`, Purchase Orders
 *   `purchase_order.view`, Out of Office `approval.act`, Exchange Rates `org.settings`, Roles `role.manage`, Budgets `budget.view`),
 *   read against the default roles' permissions of DECISIONS.md §2;
 * - the headings: the spec's where it gives one ('Approval Queue', 'Purchase Orders', the placeholders
 *   "headed with [their] name"), else the screen's own title.
 * Where the spec and the app differ (document 1 §6 shows every other item to every signed-in user; the
 * app hides Approvals from a role without `approval.act`), the list follows the app: the spec's
 * Approvals would lead the User role to a screen that refuses it.
 */

/** One item of the sidebar: its label, where it leads, and the h1 of the screen there. */
export interface SidebarRoute {
  label: string;
  path: string;
  /**
   * The h1's text: the exact text, or the text followed by the count badge ('Requisitions 25 in
   * total', 'Approval Queue 3 awaiting approval'); a pattern when it names the user (the dashboard).
   */
  heading: string | RegExp;
}

const dashboard: SidebarRoute = { label: 'Dashboard', path: '/dashboard', heading: /^Welcome back, \S.*!$/ };
const requisitions: SidebarRoute = { label: 'Requisitions', path: '/requisitions', heading: 'Requisitions' };
/** Document 1 §2: the queue is "Titled 'Approval Queue'". */
const approvals: SidebarRoute = { label: 'Approvals', path: '/approvals', heading: 'Approval Queue' };
/** Issue 15 item 4: each approver's absences and delegate, after the queue. */
const outOfOffice: SidebarRoute = {
  label: 'Out of Office',
  path: '/out-of-office',
  heading: 'Out of Office',
};
/** Document 2 §2: "Title 'Purchase Orders'". */
const purchaseOrders: SidebarRoute = {
  label: 'Purchase Orders',
  path: '/purchase-orders',
  heading: 'Purchase Orders',
};
/** The vendor list (issue 16 item 1), headed like the placeholder it replaced, with its count. */
const vendors: SidebarRoute = { label: 'Vendors', path: '/vendors', heading: 'Vendors' };
/** Document 2 §1: each placeholder "is headed with its name". */
const products: SidebarRoute = { label: 'Products', path: '/products', heading: 'Products' };
const users: SidebarRoute = { label: 'Users', path: '/admin/users', heading: 'Users' };
/** The screen is another change's (its heading against the sidebar's 'Departments' is open). */
const departments: SidebarRoute = {
  label: 'Departments',
  path: '/admin/departments',
  heading: 'Department Management',
};
const exchangeRates: SidebarRoute = {
  label: 'Exchange Rates',
  path: '/admin/exchange-rates',
  heading: 'Exchange Rates',
};
const roles: SidebarRoute = { label: 'Roles', path: '/admin/roles', heading: 'Roles & Permissions' };
const budgets: SidebarRoute = { label: 'Budgets', path: '/budgets', heading: 'Budget Management' };
const reports: SidebarRoute = { label: 'Reports', path: '/reports', heading: 'Reports' };
const settings: SidebarRoute = { label: 'Settings', path: '/settings', heading: 'Settings' };

/** The default roles (DECISIONS.md §2). */
export type DefaultRole =
  | 'Super Admin'
  | 'Admin'
  | 'General Manager'
  | 'Finance Manager'
  | 'Department Head'
  | 'Manager'
  | 'User';

/** Each default role's sidebar, in order (the walk signs in as its demo user, in ACME). */
export const SIDEBAR_ROUTES: Readonly<Record<DefaultRole, readonly SidebarRoute[]>> = {
  // All permissions.
  'Super Admin': [
    dashboard,
    requisitions,
    approvals,
    outOfOffice,
    purchaseOrders,
    vendors,
    products,
    users,
    departments,
    exchangeRates,
    roles,
    budgets,
    reports,
    settings,
  ],
  // All but role.manage: no Roles.
  Admin: [
    dashboard,
    requisitions,
    approvals,
    outOfOffice,
    purchaseOrders,
    vendors,
    products,
    users,
    departments,
    exchangeRates,
    budgets,
    reports,
    settings,
  ],
  // requisition.*, approval.act, purchase_order.*, budget.view, report.view.
  'General Manager': [
    dashboard,
    requisitions,
    approvals,
    outOfOffice,
    purchaseOrders,
    vendors,
    products,
    budgets,
    reports,
    settings,
  ],
  // The General Manager's, with vendor.manage and product.manage (no item of their own yet).
  'Finance Manager': [
    dashboard,
    requisitions,
    approvals,
    outOfOffice,
    purchaseOrders,
    vendors,
    products,
    budgets,
    reports,
    settings,
  ],
  // requisition.create, requisition.view_all, approval.act, purchase_order.view, budget.view.
  'Department Head': [
    dashboard,
    requisitions,
    approvals,
    outOfOffice,
    purchaseOrders,
    vendors,
    products,
    budgets,
    settings,
  ],
  // requisition.create, approval.act, purchase_order.view: no Reports (report.view).
  Manager: [dashboard, requisitions, approvals, outOfOffice, purchaseOrders, vendors, products, settings],
  // requisition.create, purchase_order.view: no Approvals (the queue needs approval.act), no Reports.
  User: [dashboard, requisitions, purchaseOrders, vendors, products, settings],
};

/** Whether an h1's text is `expected`: exactly, or followed by a list's count badge. */
export function headingMatches(text: string, expected: string | RegExp): boolean {
  if (typeof expected !== 'string') return expected.test(text);
  if (text === expected) return true;
  if (!text.startsWith(`${expected} `)) return false;
  return /^[\d,]+\+? (in total|awaiting approval)$/.test(text.slice(expected.length + 1));
}
