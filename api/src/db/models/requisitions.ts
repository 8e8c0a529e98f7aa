import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { CostCenter, GlAccount, Product } from './catalog.js';
import {
  type ApprovalAction,
  columns,
  createdOnly,
  type Money,
  noTimestamps,
  type RequisitionCategory,
  type RequisitionStatus,
  type UnitOfMeasure,
  withTimestamps,
} from './shared.js';
import type { User } from './tenancy.js';

/** The last number handed out per organisation, kind and year (REQ-2026-00001, PO-2026-00001). */
export class NumberSequence extends Model<
  InferAttributes<NumberSequence>,
  InferCreationAttributes<NumberSequence>
> {
  declare organization_id: string;
  declare kind: 'REQ' | 'PO';
  declare year: number;
  declare last_value: CreationOptional<number>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof NumberSequence {
    return NumberSequence.init(
      {
        organization_id: { type: DataTypes.UUID, primaryKey: true },
        kind: { type: DataTypes.TEXT, primaryKey: true },
        year: { type: DataTypes.INTEGER, primaryKey: true },
        last_value: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      },
      { sequelize, tableName: 'number_sequences', modelName: 'NumberSequence', ...noTimestamps },
    );
  }
}

/** A purchase requisition with its lines and approval workflow. */
export class Requisition extends Model<InferAttributes<Requisition>, InferCreationAttributes<Requisition>> {
  declare id: CreationOptional<string>;
  declare organization_id: string;
  declare requisition_number: string;
  declare status: CreationOptional<RequisitionStatus>;
  declare category: CreationOptional<RequisitionCategory>;
  declare justification: CreationOptional<string | null>;
  /** `YYYY-MM-DD`. */
  declare delivery_date: CreationOptional<string | null>;
  declare shipping_address: CreationOptional<string | null>;
  declare notes: CreationOptional<string | null>;
  declare total_amount: CreationOptional<Money>;
  declare currency: CreationOptional<string>;
  /** Frozen at submission (NUMERIC(18,8) as a string); `base_total_amount` is generated from it. */
  declare exchange_rate: CreationOptional<string | null>;
  declare requestor_id: string;
  declare cost_center_id: string;
  declare gl_account_id: string;
  declare department_id: CreationOptional<string | null>;
  declare submitted_at: CreationOptional<Date | null>;
  declare approved_at: CreationOptional<Date | null>;
  declare rejected_at: CreationOptional<Date | null>;
  declare cancelled_at: CreationOptional<Date | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  declare requestor?: NonAttribute<User>;
  declare cost_center?: NonAttribute<CostCenter>;
  declare gl_account?: NonAttribute<GlAccount>;
  declare line_items?: NonAttribute<RequisitionLineItem[]>;
  declare approval_steps?: NonAttribute<ApprovalStep[]>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof Requisition {
    return Requisition.init(
      {
        id: columns.id,
        organization_id: columns.organizationId,
        requisition_number: columns.text,
        status: { ...columns.text, defaultValue: 'draft' },
        category: { ...columns.text, defaultValue: 'standard' },
        justification: columns.optionalText,
        delivery_date: { type: DataTypes.DATEONLY, allowNull: true },
        shipping_address: columns.optionalText,
        notes: columns.optionalText,
        total_amount: { ...columns.money, defaultValue: '0.00' },
        currency: columns.currency,
        exchange_rate: { type: DataTypes.DECIMAL(18, 8), allowNull: true },
        requestor_id: { type: DataTypes.UUID, allowNull: false },
        cost_center_id: { type: DataTypes.UUID, allowNull: false },
        gl_account_id: { type: DataTypes.UUID, allowNull: false },
        department_id: { type: DataTypes.UUID, allowNull: true },
        submitted_at: columns.optionalTimestamp,
        approved_at: columns.optionalTimestamp,
        rejected_at: columns.optionalTimestamp,
        cancelled_at: columns.optionalTimestamp,
        created_at: columns.timestamp,
        updated_at: columns.timestamp,
      },
      { sequelize, tableName: 'requisitions', modelName: 'Requisition', ...withTimestamps },
    );
  }
}

/** A line of a requisition; `total_amount` = quantity × unit_price + tax_amount (checked by the database). */
export class RequisitionLineItem extends Model<
  InferAttributes<RequisitionLineItem>,
  InferCreationAttributes<RequisitionLineItem>
> {
  declare id: CreationOptional<string>;
  declare requisition_id: string;
  declare position: number;
  declare product_id: CreationOptional<string | null>;
  declare description: string;
  declare quantity: number;
  declare unit_price: Money;
  declare unit_of_measure: CreationOptional<UnitOfMeasure>;
  declare notes: CreationOptional<string | null>;
  declare currency: CreationOptional<string>;
  declare tax_amount: CreationOptional<Money>;
  /** Percent the tax was computed from (numeric(6,3) as a string), or null when given as an amount. */
  declare tax_rate: CreationOptional<string | null>;
  declare total_amount: Money;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  declare product?: NonAttribute<Product | null>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof RequisitionLineItem {
    return RequisitionLineItem.init(
      {
        id: columns.id,
        requisition_id: { type: DataTypes.UUID, allowNull: false },
        position: { type: DataTypes.INTEGER, allowNull: false },
        product_id: { type: DataTypes.UUID, allowNull: true },
        description: columns.text,
        quantity: { type: DataTypes.INTEGER, allowNull: false },
        unit_price: columns.money,
        unit_of_measure: { ...columns.text, defaultValue: 'each' },
        notes: columns.optionalText,
        currency: columns.currency,
        tax_amount: { ...columns.money, defaultValue: '0.00' },
        tax_rate: { type: DataTypes.DECIMAL(6, 3), allowNull: true },
        total_amount: columns.money,
        created_at: columns.timestamp,
        updated_at: columns.timestamp,
      },
      { sequelize, tableName: 'requisition_line_items', modelName: 'RequisitionLineItem', ...withTimestamps },
    );
  }
}

/**
 * One step of a requisition's approval workflow; `action` null means open. A step open to a group
 * has `approver_role_name` (e.g. 'Finance Manager') and no `approver_id`; `round` counts
 * submissions (a resubmission starts a new round).
 */
export class ApprovalStep extends Model<
  InferAttributes<ApprovalStep>,
  InferCreationAttributes<ApprovalStep>
> {
  declare id: CreationOptional<string>;
  declare organization_id: string;
  declare requisition_id: string;
  declare round: CreationOptional<number>;
  declare approval_level: number;
  declare level_title: string;
  declare approver_id: CreationOptional<string | null>;
  declare approver_role_name: CreationOptional<string | null>;
  declare action: CreationOptional<ApprovalAction | null>;
  declare comments: CreationOptional<string | null>;
  declare actioned_at: CreationOptional<Date | null>;
  declare actioned_by_id: CreationOptional<string | null>;
  declare delegated_from_id: CreationOptional<string | null>;
  /** Why a level was passed without a decision (requestor is the approver, not found, already approved). */
  declare pass_reason: CreationOptional<string | null>;
  /** For a committee member's step (N of M): how many members must approve the level. */
  declare required_approvals: CreationOptional<number | null>;
  declare created_at: CreationOptional<Date>;

  declare requisition?: NonAttribute<Requisition>;
  declare approver?: NonAttribute<User | null>;
  declare actioned_by?: NonAttribute<User | null>;
  declare delegated_from?: NonAttribute<User | null>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof ApprovalStep {
    return ApprovalStep.init(
      {
        id: columns.id,
        organization_id: columns.organizationId,
        requisition_id: { type: DataTypes.UUID, allowNull: false },
        round: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 1 },
        approval_level: { type: DataTypes.INTEGER, allowNull: false },
        level_title: columns.text,
        approver_id: { type: DataTypes.UUID, allowNull: true },
        approver_role_name: columns.optionalText,
        action: columns.optionalText,
        comments: columns.optionalText,
        actioned_at: columns.optionalTimestamp,
        actioned_by_id: { type: DataTypes.UUID, allowNull: true },
        delegated_from_id: { type: DataTypes.UUID, allowNull: true },
        pass_reason: columns.optionalText,
        required_approvals: { type: DataTypes.INTEGER, allowNull: true },
        created_at: columns.timestamp,
      },
      { sequelize, tableName: 'approval_steps', modelName: 'ApprovalStep', ...createdOnly },
    );
  }
}
