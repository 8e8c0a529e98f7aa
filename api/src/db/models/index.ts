import type { Sequelize } from 'sequelize';
import { AuthSession, LoginThrottle, PasswordToken, RefreshToken } from './auth.js';
import { Budget, CostCenter, GlAccount, Product, Vendor } from './catalog.js';
import {
  Attachment,
  AttachmentBlob,
  AuditLog,
  EmailOutbox,
  PoLineItem,
  PurchaseOrder,
} from './purchasing.js';
import { ApprovalStep, NumberSequence, Requisition, RequisitionLineItem } from './requisitions.js';
import {
  Department,
  Organization,
  Permission,
  Role,
  RolePermission,
  User,
  UserOrganization,
} from './tenancy.js';

export * from './auth.js';
export * from './catalog.js';
export * from './purchasing.js';
export * from './requisitions.js';
export * from './shared.js';
export * from './tenancy.js';

/** Every model, by name. */
export interface Models {
  Organization: typeof Organization;
  User: typeof User;
  Permission: typeof Permission;
  Role: typeof Role;
  RolePermission: typeof RolePermission;
  Department: typeof Department;
  UserOrganization: typeof UserOrganization;
  AuthSession: typeof AuthSession;
  RefreshToken: typeof RefreshToken;
  PasswordToken: typeof PasswordToken;
  LoginThrottle: typeof LoginThrottle;
  CostCenter: typeof CostCenter;
  GlAccount: typeof GlAccount;
  Budget: typeof Budget;
  Vendor: typeof Vendor;
  Product: typeof Product;
  NumberSequence: typeof NumberSequence;
  Requisition: typeof Requisition;
  RequisitionLineItem: typeof RequisitionLineItem;
  ApprovalStep: typeof ApprovalStep;
  PurchaseOrder: typeof PurchaseOrder;
  PoLineItem: typeof PoLineItem;
  Attachment: typeof Attachment;
  AttachmentBlob: typeof AttachmentBlob;
  AuditLog: typeof AuditLog;
  EmailOutbox: typeof EmailOutbox;
}

/**
 * Defines every model and its associations on `sequelize` and answers them. Models hold columns
 * and associations only; the schema itself is owned by the migrations. Attribute names are the
 * snake_case column names, as the contract spells its fields.
 *
 * Sequelize model classes are bound to one instance: call this once per Sequelize instance (a
 * second instance rebinds the classes).
 */
export function initModels(sequelize: Sequelize): Models {
  const models: Models = {
    Organization: Organization.initModel(sequelize),
    User: User.initModel(sequelize),
    Permission: Permission.initModel(sequelize),
    Role: Role.initModel(sequelize),
    RolePermission: RolePermission.initModel(sequelize),
    Department: Department.initModel(sequelize),
    UserOrganization: UserOrganization.initModel(sequelize),
    AuthSession: AuthSession.initModel(sequelize),
    RefreshToken: RefreshToken.initModel(sequelize),
    PasswordToken: PasswordToken.initModel(sequelize),
    LoginThrottle: LoginThrottle.initModel(sequelize),
    CostCenter: CostCenter.initModel(sequelize),
    GlAccount: GlAccount.initModel(sequelize),
    Budget: Budget.initModel(sequelize),
    Vendor: Vendor.initModel(sequelize),
    Product: Product.initModel(sequelize),
    NumberSequence: NumberSequence.initModel(sequelize),
    Requisition: Requisition.initModel(sequelize),
    RequisitionLineItem: RequisitionLineItem.initModel(sequelize),
    ApprovalStep: ApprovalStep.initModel(sequelize),
    PurchaseOrder: PurchaseOrder.initModel(sequelize),
    PoLineItem: PoLineItem.initModel(sequelize),
    Attachment: Attachment.initModel(sequelize),
    AttachmentBlob: AttachmentBlob.initModel(sequelize),
    AuditLog: AuditLog.initModel(sequelize),
    EmailOutbox: EmailOutbox.initModel(sequelize),
  };
  associate(models);
  return models;
}

function associate(m: Models): void {
  const fk = (name: string) => ({ foreignKey: name });

  m.Organization.hasMany(m.Role, { ...fk('organization_id'), as: 'roles' });
  m.Role.belongsTo(m.Organization, { ...fk('organization_id'), as: 'organization' });
  m.Role.belongsToMany(m.Permission, {
    through: m.RolePermission,
    foreignKey: 'role_id',
    otherKey: 'permission_id',
    as: 'permissions',
  });
  m.Permission.belongsToMany(m.Role, {
    through: m.RolePermission,
    foreignKey: 'permission_id',
    otherKey: 'role_id',
    as: 'roles',
  });

  m.Organization.hasMany(m.Department, { ...fk('organization_id'), as: 'departments' });
  m.Department.belongsTo(m.Organization, { ...fk('organization_id'), as: 'organization' });
  m.Department.belongsTo(m.User, { ...fk('department_head_id'), as: 'department_head' });
  m.Department.belongsTo(m.Department, { ...fk('parent_department_id'), as: 'parent_department' });

  m.User.hasMany(m.UserOrganization, { ...fk('user_id'), as: 'memberships' });
  m.Organization.hasMany(m.UserOrganization, { ...fk('organization_id'), as: 'memberships' });
  m.UserOrganization.belongsTo(m.User, { ...fk('user_id'), as: 'user' });
  m.UserOrganization.belongsTo(m.Organization, { ...fk('organization_id'), as: 'organization' });
  m.UserOrganization.belongsTo(m.Role, { ...fk('role_id'), as: 'role' });
  m.UserOrganization.belongsTo(m.Department, { ...fk('department_id'), as: 'department' });
  m.UserOrganization.belongsTo(m.User, { ...fk('manager_id'), as: 'manager' });

  m.User.hasMany(m.AuthSession, { ...fk('user_id'), as: 'sessions' });
  m.AuthSession.belongsTo(m.User, { ...fk('user_id'), as: 'user' });
  m.AuthSession.hasMany(m.RefreshToken, { ...fk('session_id'), as: 'refresh_tokens' });
  m.RefreshToken.belongsTo(m.AuthSession, { ...fk('session_id'), as: 'session' });
  m.PasswordToken.belongsTo(m.User, { ...fk('user_id'), as: 'user' });

  m.Organization.hasMany(m.CostCenter, { ...fk('organization_id'), as: 'cost_centers' });
  m.Organization.hasMany(m.GlAccount, { ...fk('organization_id'), as: 'gl_accounts' });
  m.CostCenter.hasMany(m.Budget, { ...fk('cost_center_id'), as: 'budgets' });
  m.Budget.belongsTo(m.CostCenter, { ...fk('cost_center_id'), as: 'cost_center' });
  m.Organization.hasMany(m.Vendor, { ...fk('organization_id'), as: 'vendors' });
  m.Vendor.hasMany(m.Product, { ...fk('vendor_id'), as: 'products' });
  m.Product.belongsTo(m.Vendor, { ...fk('vendor_id'), as: 'vendor' });

  m.Requisition.belongsTo(m.Organization, { ...fk('organization_id'), as: 'organization' });
  m.Requisition.belongsTo(m.User, { ...fk('requestor_id'), as: 'requestor' });
  m.Requisition.belongsTo(m.CostCenter, { ...fk('cost_center_id'), as: 'cost_center' });
  m.Requisition.belongsTo(m.GlAccount, { ...fk('gl_account_id'), as: 'gl_account' });
  m.Requisition.belongsTo(m.Department, { ...fk('department_id'), as: 'department' });
  m.Requisition.hasMany(m.RequisitionLineItem, { ...fk('requisition_id'), as: 'line_items' });
  m.RequisitionLineItem.belongsTo(m.Requisition, { ...fk('requisition_id'), as: 'requisition' });
  m.RequisitionLineItem.belongsTo(m.Product, { ...fk('product_id'), as: 'product' });
  m.Requisition.hasMany(m.ApprovalStep, { ...fk('requisition_id'), as: 'approval_steps' });
  m.ApprovalStep.belongsTo(m.Requisition, { ...fk('requisition_id'), as: 'requisition' });
  m.ApprovalStep.belongsTo(m.User, { ...fk('approver_id'), as: 'approver' });
  m.ApprovalStep.belongsTo(m.User, { ...fk('actioned_by_id'), as: 'actioned_by' });
  m.ApprovalStep.belongsTo(m.User, { ...fk('delegated_from_id'), as: 'delegated_from' });

  m.PurchaseOrder.belongsTo(m.Organization, { ...fk('organization_id'), as: 'organization' });
  m.PurchaseOrder.belongsTo(m.Requisition, { ...fk('requisition_id'), as: 'requisition' });
  m.Requisition.hasMany(m.PurchaseOrder, { ...fk('requisition_id'), as: 'purchase_orders' });
  m.PurchaseOrder.belongsTo(m.Vendor, { ...fk('vendor_id'), as: 'vendor' });
  m.PurchaseOrder.belongsTo(m.User, { ...fk('created_by_id'), as: 'created_by' });
  m.PurchaseOrder.hasMany(m.PoLineItem, { ...fk('purchase_order_id'), as: 'po_line_items' });
  m.PoLineItem.belongsTo(m.PurchaseOrder, { ...fk('purchase_order_id'), as: 'purchase_order' });
  m.PoLineItem.belongsTo(m.Product, { ...fk('product_id'), as: 'product' });

  m.Attachment.belongsTo(m.User, { ...fk('uploaded_by_id'), as: 'uploaded_by' });
  m.AuditLog.belongsTo(m.User, { ...fk('actor_id'), as: 'actor' });
}
