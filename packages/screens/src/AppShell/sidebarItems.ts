import type { Schemas } from '@purchasing/api-client';
import {
  ArrowLeftRight,
  BarChart3,
  Building2,
  CheckSquare,
  FileText,
  LayoutDashboard,
  type LucideIcon,
  Package,
  PiggyBank,
  Plane,
  Settings,
  ShieldCheck,
  ShoppingCart,
  Store,
  Users,
} from 'lucide-react';
import type { Hrefs } from '../PurchasingProvider';

/** One entry of the sidebar. */
export interface SidebarItem {
  /** Stable key. */
  id: string;
  /** The visible label, also the page title in the header. */
  label: string;
  /** Where it leads, from the host's hrefs. */
  href(hrefs: Hrefs): string;
  /** Its icon. */
  icon: LucideIcon;
  /** Shown only when the user's role in the current organisation has this permission. */
  permission?: Schemas['PermissionName'];
}

/**
 * The sidebar's ten items in the specification's order (document 1 §2), with Roles (for `role.manage`,
 * which the documents give no screen) after Departments, and Budgets (for `budget.view`; issue 13) after Roles.
 * A role sees only what it can use (issue 19): Approvals needs `approval.act` (the queue answers 403
 * without it) and Purchase Orders `purchase_order.view`.
 */
export const sidebarItems: readonly SidebarItem[] = [
  { id: 'dashboard', label: 'Dashboard', href: (h) => h.dashboard(), icon: LayoutDashboard },
  { id: 'requisitions', label: 'Requisitions', href: (h) => h.requisitions(), icon: FileText },
  {
    id: 'approvals',
    label: 'Approvals',
    href: (h) => h.approvals(),
    icon: CheckSquare,
    permission: 'approval.act',
  },
  {
    id: 'out-of-office',
    label: 'Out of Office',
    href: (h) => h.outOfOffice?.() ?? '/out-of-office',
    icon: Plane,
    permission: 'approval.act',
  },
  {
    id: 'purchase-orders',
    label: 'Purchase Orders',
    href: (h) => h.purchaseOrders(),
    icon: ShoppingCart,
    permission: 'purchase_order.view',
  },
  { id: 'vendors', label: 'Vendors', href: (h) => h.vendors(), icon: Store },
  { id: 'products', label: 'Products', href: (h) => h.products(), icon: Package },
  { id: 'users', label: 'Users', href: (h) => h.users(), icon: Users, permission: 'user.edit' },
  {
    id: 'departments',
    label: 'Departments',
    href: (h) => h.departments(),
    icon: Building2,
    permission: 'org.settings',
  },
  {
    id: 'exchange-rates',
    label: 'Exchange Rates',
    href: (h) => h.exchangeRates(),
    icon: ArrowLeftRight,
    permission: 'org.settings',
  },
  { id: 'roles', label: 'Roles', href: (h) => h.roles(), icon: ShieldCheck, permission: 'role.manage' },
  { id: 'budgets', label: 'Budgets', href: (h) => h.budgets(), icon: PiggyBank, permission: 'budget.view' },
  { id: 'reports', label: 'Reports', href: (h) => h.reports(), icon: BarChart3, permission: 'report.view' },
  { id: 'settings', label: 'Settings', href: (h) => h.settings(), icon: Settings },
];

/** Whether `currentPath` is `href` or lies under it. */
export function isActivePath(currentPath: string, href: string): boolean {
  const path = currentPath.split(/[?#]/)[0] ?? '';
  return path === href || path.startsWith(`${href}/`);
}
