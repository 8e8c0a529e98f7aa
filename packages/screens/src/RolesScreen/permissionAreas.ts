/** How the Roles screen groups the permission catalogue into areas of the product. */
import type { Schemas } from '@purchasing/api-client';

type Permission = Schemas['Permission'];

/** One area of the permission matrix and the permission names it holds (by their prefix). */
export interface PermissionArea {
  id: string;
  label: string;
  /** Name prefixes of the area's permissions ('requisition.' holds requisition.create and view_all). */
  prefixes: readonly string[];
}

/** The areas in the order the matrix shows them; a permission matching none goes under 'Other'. */
export const PERMISSION_AREAS: readonly PermissionArea[] = [
  { id: 'requisitions', label: 'Requisitions', prefixes: ['requisition.'] },
  { id: 'approvals', label: 'Approvals', prefixes: ['approval.'] },
  { id: 'purchase-orders', label: 'Purchase Orders', prefixes: ['purchase_order.'] },
  { id: 'users', label: 'Users', prefixes: ['user.'] },
  { id: 'organization', label: 'Organization & Roles', prefixes: ['org.', 'role.'] },
  { id: 'catalogue', label: 'Vendors & Products', prefixes: ['vendor.', 'product.'] },
  { id: 'insights', label: 'Budgets & Reports', prefixes: ['budget.', 'report.'] },
];

const OTHER: PermissionArea = { id: 'other', label: 'Other', prefixes: [] };

/**
 * The catalogue grouped by area, areas in {@link PERMISSION_AREAS} order and permissions in the
 * catalogue's order; empty areas are left out. A permission a newer server adds lands in its area by
 * prefix, or under 'Other'.
 */
export function groupPermissions(
  permissions: readonly Permission[],
): { area: PermissionArea; permissions: Permission[] }[] {
  const groups = [...PERMISSION_AREAS, OTHER].map((area) => ({ area, permissions: [] as Permission[] }));
  for (const permission of permissions) {
    const group =
      groups.find(({ area }) => area.prefixes.some((prefix) => permission.name.startsWith(prefix))) ??
      groups[groups.length - 1];
    group?.permissions.push(permission);
  }
  return groups.filter((group) => group.permissions.length > 0);
}

/** Whether `role` is the system role that always keeps every permission (the server refuses changes). */
export function isSuperAdminRole(role: Pick<Schemas['Role'], 'name' | 'is_system'>): boolean {
  return role.is_system && role.name === 'Super Admin';
}
