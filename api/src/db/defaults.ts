import type { Transaction } from 'sequelize';
import { DEFAULT_FALLBACK_APPROVER_ROLES } from '../domain/approval-routing.js';
import { DEFAULT_BUDGET_POLICY } from '../domain/budget-policy.js';
import type { PermissionName } from '../domain/permissions.js';
import type { Models, Organization, OrganizationSettings, Role } from './models/index.js';

/** Every permission with its description (typed by the domain's list, so none can be missing). */
export const PERMISSION_DESCRIPTIONS: Record<PermissionName, string> = {
  'requisition.create': 'Create, edit and submit own requisitions',
  'requisition.view_all': 'View every requisition of the organization',
  'approval.act': 'Approve, reject, request information on and delegate requisitions',
  'purchase_order.view': 'View purchase orders',
  'purchase_order.manage': 'Create, edit, send and cancel purchase orders',
  'purchase_order.receive': 'Record receipt of purchase orders',
  'user.create': 'Create users and send invitations',
  'user.edit': 'Edit users, their roles, departments and managers',
  'user.delete': 'Deactivate users',
  'org.settings': 'Manage organization settings and departments',
  'role.manage': 'Create, edit and delete roles and their permissions',
  'vendor.manage': 'Manage vendors',
  'product.manage': 'Manage products',
  'budget.view': 'View budgets and budget checks',
  'report.view': 'View reports',
};

const ALL = Object.keys(PERMISSION_DESCRIPTIONS) as PermissionName[];
const REQUISITION_ALL: PermissionName[] = ['requisition.create', 'requisition.view_all'];
const PURCHASE_ORDER_ALL: PermissionName[] = [
  'purchase_order.view',
  'purchase_order.manage',
  'purchase_order.receive',
];

/** Names of the default roles. */
export type DefaultRoleName =
  | 'Super Admin'
  | 'Admin'
  | 'General Manager'
  | 'Finance Manager'
  | 'Department Head'
  | 'Manager'
  | 'User';

/** A default role: its name, description and permissions. */
export interface DefaultRole {
  name: DefaultRoleName;
  description: string;
  permissions: readonly PermissionName[];
}

/** The seven default roles of every organisation (DECISIONS §2), flagged `is_system`. */
export const DEFAULT_ROLES: readonly DefaultRole[] = [
  { name: 'Super Admin', description: 'Full access, including roles and permissions', permissions: ALL },
  {
    name: 'Admin',
    description: 'Administers users, departments and settings; everything but roles',
    permissions: ALL.filter((name) => name !== 'role.manage'),
  },
  {
    name: 'General Manager',
    description: 'Approves at the highest level and oversees purchasing',
    permissions: [...REQUISITION_ALL, 'approval.act', ...PURCHASE_ORDER_ALL, 'budget.view', 'report.view'],
  },
  {
    name: 'Finance Manager',
    description: 'Approves large requisitions, buys, and manages vendors and products',
    permissions: [
      ...REQUISITION_ALL,
      'approval.act',
      ...PURCHASE_ORDER_ALL,
      'budget.view',
      'report.view',
      'vendor.manage',
      'product.manage',
    ],
  },
  {
    name: 'Department Head',
    description: "Approves the department's requisitions and sees all requisitions",
    permissions: [
      'requisition.create',
      'requisition.view_all',
      'approval.act',
      'purchase_order.view',
      'budget.view',
    ],
  },
  {
    name: 'Manager',
    description: 'Approves the requisitions of the people they manage',
    permissions: ['requisition.create', 'approval.act', 'purchase_order.view'],
  },
  {
    name: 'User',
    description: 'Raises requisitions',
    permissions: ['requisition.create', 'purchase_order.view'],
  },
];

/**
 * The default approval policy (DECISIONS §4): levels 1–4, auto-approval off, and the fallback
 * approver group (Finance Managers, then Super Admins) for a requisition no level gives to anyone
 * other than its requestor (docs/decisions.md, Security (issue 11): approvals).
 */
export const DEFAULT_APPROVAL_POLICY: OrganizationSettings['approval_policy'] = {
  auto_approve_below: 0,
  fallback_approver_roles: [...DEFAULT_FALLBACK_APPROVER_ROLES],
  levels: [
    { level: 1, title: 'Manager Approval', min_total: 0, approver: 'manager' },
    { level: 2, title: 'Department Head Approval', min_total: 5000, approver: 'department_head' },
    { level: 3, title: 'Finance Manager Approval', min_total: 25000, approver: 'finance_manager' },
    { level: 4, title: 'General Manager Approval', min_total: 100000, approver: 'general_manager' },
  ],
};

/** Settings of a new organisation: a copy of the default approval policy and the default budget policy. */
export function defaultOrganizationSettings(): OrganizationSettings {
  return { approval_policy: structuredClone(DEFAULT_APPROVAL_POLICY), budget_policy: DEFAULT_BUDGET_POLICY };
}

/** Inserts any missing permission (the first migration inserts them; this keeps old databases whole). */
export async function ensurePermissions(models: Models, transaction?: Transaction): Promise<void> {
  await models.Permission.bulkCreate(
    ALL.map((name) => ({ name, description: PERMISSION_DESCRIPTIONS[name] })),
    { ignoreDuplicates: true, transaction: transaction ?? null },
  );
}

/**
 * Creates the seven default roles of DECISIONS §2 in `organization` (is_system true) with their
 * permissions, and answers them by name. Pass the surrounding transaction, if any.
 */
export async function createDefaultRoles(
  models: Models,
  organization: Pick<Organization, 'id'>,
  transaction?: Transaction,
): Promise<Record<DefaultRoleName, Role>> {
  const options = { transaction: transaction ?? null };
  await ensurePermissions(models, transaction);
  const permissions = await models.Permission.findAll(options);
  const idByName = new Map(permissions.map((permission) => [permission.name, permission.id]));
  const roles = await models.Role.bulkCreate(
    DEFAULT_ROLES.map((role) => ({
      organization_id: organization.id,
      name: role.name,
      description: role.description,
      is_system: true,
    })),
    { ...options, returning: true },
  );
  await models.RolePermission.bulkCreate(
    DEFAULT_ROLES.flatMap((definition, index) =>
      definition.permissions.map((name) => ({
        role_id: roles[index]!.id,
        permission_id: idByName.get(name)!,
      })),
    ),
    options,
  );
  return Object.fromEntries(roles.map((role) => [role.name, role])) as Record<DefaultRoleName, Role>;
}
