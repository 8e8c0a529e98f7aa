import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import { columns, type Money, type PaymentTerms, type UnitOfMeasure, withTimestamps } from './shared.js';

/** A cost centre of one organisation (code unique per organisation). */
export class CostCenter extends Model<InferAttributes<CostCenter>, InferCreationAttributes<CostCenter>> {
  declare id: CreationOptional<string>;
  declare organization_id: string;
  declare code: string;
  declare name: string;
  declare description: CreationOptional<string | null>;
  declare is_active: CreationOptional<boolean>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof CostCenter {
    return CostCenter.init(
      {
        id: columns.id,
        organization_id: columns.organizationId,
        code: columns.text,
        name: columns.text,
        description: columns.optionalText,
        is_active: columns.flag(true),
        created_at: columns.timestamp,
        updated_at: columns.timestamp,
      },
      { sequelize, tableName: 'cost_centers', modelName: 'CostCenter', ...withTimestamps },
    );
  }
}

/** A general-ledger account of one organisation (code unique per organisation). */
export class GlAccount extends Model<InferAttributes<GlAccount>, InferCreationAttributes<GlAccount>> {
  declare id: CreationOptional<string>;
  declare organization_id: string;
  declare code: string;
  declare name: string;
  declare description: CreationOptional<string | null>;
  declare is_active: CreationOptional<boolean>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof GlAccount {
    return GlAccount.init(
      {
        id: columns.id,
        organization_id: columns.organizationId,
        code: columns.text,
        name: columns.text,
        description: columns.optionalText,
        is_active: columns.flag(true),
        created_at: columns.timestamp,
        updated_at: columns.timestamp,
      },
      { sequelize, tableName: 'gl_accounts', modelName: 'GlAccount', ...withTimestamps },
    );
  }
}

/** The amount allocated to a cost centre for a fiscal year (labelled by the year it starts in). */
export class Budget extends Model<InferAttributes<Budget>, InferCreationAttributes<Budget>> {
  declare id: CreationOptional<string>;
  declare organization_id: string;
  declare cost_center_id: string;
  declare fiscal_year: number;
  declare allocated_amount: Money;
  declare currency: CreationOptional<string>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  declare cost_center?: NonAttribute<CostCenter>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof Budget {
    return Budget.init(
      {
        id: columns.id,
        organization_id: columns.organizationId,
        cost_center_id: { type: DataTypes.UUID, allowNull: false },
        fiscal_year: { type: DataTypes.INTEGER, allowNull: false },
        allocated_amount: columns.money,
        currency: columns.currency,
        created_at: columns.timestamp,
        updated_at: columns.timestamp,
      },
      { sequelize, tableName: 'budgets', modelName: 'Budget', ...withTimestamps },
    );
  }
}

/** A supplier of one organisation; orders are emailed to its address. */
export class Vendor extends Model<InferAttributes<Vendor>, InferCreationAttributes<Vendor>> {
  declare id: CreationOptional<string>;
  declare organization_id: string;
  declare name: string;
  declare contact_name: CreationOptional<string | null>;
  declare email: CreationOptional<string | null>;
  declare phone: CreationOptional<string | null>;
  declare website: CreationOptional<string | null>;
  declare address: CreationOptional<string | null>;
  declare city: CreationOptional<string | null>;
  declare state_province: CreationOptional<string | null>;
  declare postal_code: CreationOptional<string | null>;
  declare country: CreationOptional<string | null>;
  declare payment_terms: CreationOptional<PaymentTerms | null>;
  declare tax_number: CreationOptional<string | null>;
  declare currency: CreationOptional<string | null>;
  declare is_active: CreationOptional<boolean>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof Vendor {
    return Vendor.init(
      {
        id: columns.id,
        organization_id: columns.organizationId,
        name: columns.text,
        contact_name: columns.optionalText,
        email: columns.optionalText,
        phone: columns.optionalText,
        website: columns.optionalText,
        address: columns.optionalText,
        city: columns.optionalText,
        state_province: columns.optionalText,
        postal_code: columns.optionalText,
        country: columns.optionalText,
        payment_terms: columns.optionalText,
        tax_number: columns.optionalText,
        currency: columns.optionalText,
        is_active: columns.flag(true),
        created_at: columns.timestamp,
        updated_at: columns.timestamp,
      },
      { sequelize, tableName: 'vendors', modelName: 'Vendor', ...withTimestamps },
    );
  }
}

/** A catalogue product of one organisation, optionally from a vendor (SKU unique per organisation). */
export class Product extends Model<InferAttributes<Product>, InferCreationAttributes<Product>> {
  declare id: CreationOptional<string>;
  declare organization_id: string;
  declare vendor_id: CreationOptional<string | null>;
  declare name: string;
  declare description: CreationOptional<string | null>;
  declare sku: CreationOptional<string | null>;
  declare unit_price: CreationOptional<Money>;
  declare unit_of_measure: CreationOptional<UnitOfMeasure>;
  declare currency: CreationOptional<string>;
  declare category: CreationOptional<string | null>;
  declare is_active: CreationOptional<boolean>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  declare vendor?: NonAttribute<Vendor | null>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof Product {
    return Product.init(
      {
        id: columns.id,
        organization_id: columns.organizationId,
        vendor_id: { type: DataTypes.UUID, allowNull: true },
        name: columns.text,
        description: columns.optionalText,
        sku: columns.optionalText,
        unit_price: { ...columns.money, defaultValue: '0.00' },
        unit_of_measure: { ...columns.text, defaultValue: 'each' },
        currency: columns.currency,
        category: columns.optionalText,
        is_active: columns.flag(true),
        created_at: columns.timestamp,
        updated_at: columns.timestamp,
      },
      { sequelize, tableName: 'products', modelName: 'Product', ...withTimestamps },
    );
  }
}
