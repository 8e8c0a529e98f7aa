import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import { columns, createdOnly, withTimestamps } from './shared.js';

/** Approval routing kept in `organizations.settings.approval_policy` (DECISIONS §4). */
export interface ApprovalPolicySettings {
  auto_approve_below: number;
  levels: {
    level: number;
    title: string;
    min_total: number;
    approver: 'manager' | 'department_head' | 'finance_manager' | 'general_manager' | 'role' | 'users';
    role_name?: string;
    user_ids?: string[];
    required_approvals?: number;
    due_in_working_days?: number | null;
  }[];
  /** Roles whose approvers decide when no level has one (absent: Finance Manager, then Super Admin). */
  fallback_approver_roles?: string[];
}

/** `organizations.settings`. */
export interface OrganizationSettings {
  approval_policy: ApprovalPolicySettings;
  /** What an over-budget requisition meets (absent: `require_finance`; docs/decisions.md, issue 13). */
  budget_policy?: 'warn' | 'require_finance' | 'block';
  [key: string]: unknown;
}

/** A tenant: everything but users belongs to exactly one organisation. */
export class Organization extends Model<
  InferAttributes<Organization>,
  InferCreationAttributes<Organization>
> {
  declare id: CreationOptional<string>;
  declare name: string;
  declare code: string;
  declare address: CreationOptional<string | null>;
  declare phone: CreationOptional<string | null>;
  declare website: CreationOptional<string | null>;
  declare fiscal_year_start: CreationOptional<number>;
  declare fiscal_year_end: CreationOptional<number>;
  declare currency: CreationOptional<string>;
  declare settings: CreationOptional<OrganizationSettings>;
  declare is_active: CreationOptional<boolean>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof Organization {
    return Organization.init(
      {
        id: columns.id,
        name: columns.text,
        code: columns.text,
        address: columns.optionalText,
        phone: columns.optionalText,
        website: columns.optionalText,
        fiscal_year_start: { type: DataTypes.SMALLINT, allowNull: false, defaultValue: 1 },
        fiscal_year_end: { type: DataTypes.SMALLINT, allowNull: false, defaultValue: 12 },
        currency: columns.currency,
        settings: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
        is_active: columns.flag(true),
        created_at: columns.timestamp,
        updated_at: columns.timestamp,
      },
      { sequelize, tableName: 'organizations', modelName: 'Organization', ...withTimestamps },
    );
  }
}

/** A person; global across organisations (email unique whatever its case). */
export class User extends Model<InferAttributes<User>, InferCreationAttributes<User>> {
  declare id: CreationOptional<string>;
  declare email: string;
  /** argon2id PHC string; null until the user sets a password (invitation). Never leaves the server. */
  declare password_hash: CreationOptional<string | null>;
  declare first_name: string;
  declare last_name: string;
  declare phone: CreationOptional<string | null>;
  declare avatar_url: CreationOptional<string | null>;
  declare is_active: CreationOptional<boolean>;
  declare last_login_at: CreationOptional<Date | null>;
  /** When the account proved it controls its mailbox (a link used); null: never. */
  declare email_verified_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  declare memberships?: NonAttribute<UserOrganization[]>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof User {
    return User.init(
      {
        id: columns.id,
        email: columns.text,
        password_hash: columns.optionalText,
        first_name: columns.text,
        last_name: columns.text,
        phone: columns.optionalText,
        avatar_url: columns.optionalText,
        is_active: columns.flag(true),
        last_login_at: columns.optionalTimestamp,
        email_verified_at: columns.optionalTimestamp,
        created_at: columns.timestamp,
        updated_at: columns.timestamp,
      },
      { sequelize, tableName: 'users', modelName: 'User', ...withTimestamps },
    );
  }
}

/** A permission name (DECISIONS §2); reference data created by the first migration. */
export class Permission extends Model<InferAttributes<Permission>, InferCreationAttributes<Permission>> {
  declare id: CreationOptional<string>;
  declare name: string;
  declare description: CreationOptional<string | null>;
  declare created_at: CreationOptional<Date>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof Permission {
    return Permission.init(
      {
        id: columns.id,
        name: columns.text,
        description: columns.optionalText,
        created_at: columns.timestamp,
      },
      { sequelize, tableName: 'permissions', modelName: 'Permission', ...createdOnly },
    );
  }
}

/** A role of one organisation; system roles are the defaults and cannot be deleted. */
export class Role extends Model<InferAttributes<Role>, InferCreationAttributes<Role>> {
  declare id: CreationOptional<string>;
  declare organization_id: string;
  declare name: string;
  declare description: CreationOptional<string | null>;
  declare is_system: CreationOptional<boolean>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  declare permissions?: NonAttribute<Permission[]>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof Role {
    return Role.init(
      {
        id: columns.id,
        organization_id: columns.organizationId,
        name: columns.text,
        description: columns.optionalText,
        is_system: columns.flag(false),
        created_at: columns.timestamp,
        updated_at: columns.timestamp,
      },
      { sequelize, tableName: 'roles', modelName: 'Role', ...withTimestamps },
    );
  }
}

/** Grants a permission to a role. */
export class RolePermission extends Model<
  InferAttributes<RolePermission>,
  InferCreationAttributes<RolePermission>
> {
  declare role_id: string;
  declare permission_id: string;
  declare created_at: CreationOptional<Date>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof RolePermission {
    return RolePermission.init(
      {
        role_id: { type: DataTypes.UUID, primaryKey: true },
        permission_id: { type: DataTypes.UUID, primaryKey: true },
        created_at: columns.timestamp,
      },
      { sequelize, tableName: 'role_permissions', modelName: 'RolePermission', ...createdOnly },
    );
  }
}

/** A department of one organisation, with an optional head and parent department. */
export class Department extends Model<InferAttributes<Department>, InferCreationAttributes<Department>> {
  declare id: CreationOptional<string>;
  declare organization_id: string;
  declare name: string;
  /** Upper case. */
  declare code: string;
  declare description: CreationOptional<string | null>;
  declare department_head_id: CreationOptional<string | null>;
  declare parent_department_id: CreationOptional<string | null>;
  declare is_active: CreationOptional<boolean>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof Department {
    return Department.init(
      {
        id: columns.id,
        organization_id: columns.organizationId,
        name: columns.text,
        code: columns.text,
        description: columns.optionalText,
        department_head_id: { type: DataTypes.UUID, allowNull: true },
        parent_department_id: { type: DataTypes.UUID, allowNull: true },
        is_active: columns.flag(true),
        created_at: columns.timestamp,
        updated_at: columns.timestamp,
      },
      { sequelize, tableName: 'departments', modelName: 'Department', ...withTimestamps },
    );
  }
}

/** A user's membership of an organisation: role, department, manager and whether it is active. */
export class UserOrganization extends Model<
  InferAttributes<UserOrganization>,
  InferCreationAttributes<UserOrganization>
> {
  declare id: CreationOptional<string>;
  declare user_id: string;
  declare organization_id: string;
  declare role_id: string;
  declare department_id: CreationOptional<string | null>;
  declare manager_id: CreationOptional<string | null>;
  declare is_active: CreationOptional<boolean>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  declare user?: NonAttribute<User>;
  declare organization?: NonAttribute<Organization>;
  declare role?: NonAttribute<Role>;
  declare department?: NonAttribute<Department | null>;
  declare manager?: NonAttribute<User | null>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof UserOrganization {
    return UserOrganization.init(
      {
        id: columns.id,
        user_id: { type: DataTypes.UUID, allowNull: false },
        organization_id: columns.organizationId,
        role_id: { type: DataTypes.UUID, allowNull: false },
        department_id: { type: DataTypes.UUID, allowNull: true },
        manager_id: { type: DataTypes.UUID, allowNull: true },
        is_active: columns.flag(true),
        created_at: columns.timestamp,
        updated_at: columns.timestamp,
      },
      { sequelize, tableName: 'user_organizations', modelName: 'UserOrganization', ...withTimestamps },
    );
  }
}
