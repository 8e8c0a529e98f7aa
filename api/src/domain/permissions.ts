/** Every permission the server knows (DECISIONS §2). */
export const PERMISSIONS = [
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
] as const;

export type PermissionName = (typeof PERMISSIONS)[number];

/** A membership as far as permission derivation needs it. */
export interface MembershipPermissions {
  is_active: boolean;
  organization_active?: boolean;
  permissions: readonly string[];
}

/**
 * A user's permissions are the unique set of permission names from the roles of the active
 * organisation links (document 1 §6), sorted for a stable answer.
 */
export function derivePermissions(memberships: readonly MembershipPermissions[]): string[] {
  const names = new Set<string>();
  for (const membership of memberships) {
    if (!membership.is_active || membership.organization_active === false) continue;
    for (const name of membership.permissions) names.add(name);
  }
  return [...names].sort();
}
