import {
  type CreationOptional,
  DataTypes,
  type InferAttributes,
  type InferCreationAttributes,
  Model,
  type NonAttribute,
  type Sequelize,
} from 'sequelize';
import type { Product, Vendor } from './catalog.js';
import type { Requisition } from './requisitions.js';
import {
  type AttachmentEntityType,
  columns,
  createdOnly,
  type Money,
  noTimestamps,
  type PaymentTerms,
  type PurchaseOrderStatus,
  type UnitOfMeasure,
  withTimestamps,
} from './shared.js';

/** A purchase order raised from an approved requisition and sent to a vendor. */
export class PurchaseOrder extends Model<
  InferAttributes<PurchaseOrder>,
  InferCreationAttributes<PurchaseOrder>
> {
  declare id: CreationOptional<string>;
  declare organization_id: string;
  declare po_number: string;
  declare requisition_id: CreationOptional<string | null>;
  declare vendor_id: CreationOptional<string | null>;
  declare status: CreationOptional<PurchaseOrderStatus>;
  declare total_amount: CreationOptional<Money>;
  declare currency: CreationOptional<string>;
  /** Its requisition's rate, frozen at submission; `base_total_amount` is generated from it. */
  declare exchange_rate: CreationOptional<string | null>;
  /** `YYYY-MM-DD`. */
  declare delivery_date: CreationOptional<string | null>;
  declare payment_terms: CreationOptional<PaymentTerms>;
  declare notes: CreationOptional<string | null>;
  declare shipping_address: CreationOptional<string | null>;
  declare billing_address: CreationOptional<string | null>;
  declare sent_at: CreationOptional<Date | null>;
  declare received_at: CreationOptional<Date | null>;
  /** `YYYY-MM-DD`, as recorded by the receiver. */
  declare received_date: CreationOptional<string | null>;
  /** The contract's `receipt_notes`. */
  declare received_notes: CreationOptional<string | null>;
  declare cancelled_at: CreationOptional<Date | null>;
  /** The contract's `cancellation_reason`. */
  declare cancel_reason: CreationOptional<string | null>;
  declare created_by_id: CreationOptional<string | null>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  declare requisition?: NonAttribute<Requisition | null>;
  declare vendor?: NonAttribute<Vendor | null>;
  declare po_line_items?: NonAttribute<PoLineItem[]>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof PurchaseOrder {
    return PurchaseOrder.init(
      {
        id: columns.id,
        organization_id: columns.organizationId,
        po_number: columns.text,
        requisition_id: { type: DataTypes.UUID, allowNull: true },
        vendor_id: { type: DataTypes.UUID, allowNull: true },
        status: { ...columns.text, defaultValue: 'draft' },
        total_amount: { ...columns.money, defaultValue: '0.00' },
        currency: columns.currency,
        exchange_rate: { type: DataTypes.DECIMAL(18, 8), allowNull: true },
        delivery_date: { type: DataTypes.DATEONLY, allowNull: true },
        payment_terms: { ...columns.text, defaultValue: 'Net 30' },
        notes: columns.optionalText,
        shipping_address: columns.optionalText,
        billing_address: columns.optionalText,
        sent_at: columns.optionalTimestamp,
        received_at: columns.optionalTimestamp,
        received_date: { type: DataTypes.DATEONLY, allowNull: true },
        received_notes: columns.optionalText,
        cancelled_at: columns.optionalTimestamp,
        cancel_reason: columns.optionalText,
        created_by_id: { type: DataTypes.UUID, allowNull: true },
        created_at: columns.timestamp,
        updated_at: columns.timestamp,
      },
      { sequelize, tableName: 'purchase_orders', modelName: 'PurchaseOrder', ...withTimestamps },
    );
  }
}

/** A line of a purchase order (copied from the requisition's lines). */
export class PoLineItem extends Model<InferAttributes<PoLineItem>, InferCreationAttributes<PoLineItem>> {
  declare id: CreationOptional<string>;
  declare purchase_order_id: string;
  declare position: number;
  declare requisition_line_item_id: CreationOptional<string | null>;
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
  /** The sum of the line's receipts (po_receipt_lines); never above `quantity`. */
  declare quantity_received: CreationOptional<number>;
  declare created_at: CreationOptional<Date>;
  declare updated_at: CreationOptional<Date>;

  declare product?: NonAttribute<Product | null>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof PoLineItem {
    return PoLineItem.init(
      {
        id: columns.id,
        purchase_order_id: { type: DataTypes.UUID, allowNull: false },
        position: { type: DataTypes.INTEGER, allowNull: false },
        requisition_line_item_id: { type: DataTypes.UUID, allowNull: true },
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
        quantity_received: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        created_at: columns.timestamp,
        updated_at: columns.timestamp,
      },
      { sequelize, tableName: 'po_line_items', modelName: 'PoLineItem', ...withTimestamps },
    );
  }
}

/** A file attached to a requisition or purchase order; its bytes live behind `storage_key`. */
export class Attachment extends Model<InferAttributes<Attachment>, InferCreationAttributes<Attachment>> {
  declare id: CreationOptional<string>;
  declare organization_id: string;
  declare entity_type: AttachmentEntityType;
  declare entity_id: string;
  declare file_name: string;
  /** Bytes (BIGINT: pg answers it as a string). */
  declare file_size: number | string;
  declare content_type: string;
  declare storage_key: string;
  declare uploaded_by_id: CreationOptional<string | null>;
  declare uploaded_at: CreationOptional<Date>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof Attachment {
    return Attachment.init(
      {
        id: columns.id,
        organization_id: columns.organizationId,
        entity_type: columns.text,
        entity_id: { type: DataTypes.UUID, allowNull: false },
        file_name: columns.text,
        file_size: { type: DataTypes.BIGINT, allowNull: false },
        content_type: columns.text,
        storage_key: columns.text,
        uploaded_by_id: { type: DataTypes.UUID, allowNull: true },
        uploaded_at: { ...columns.timestamp, defaultValue: DataTypes.NOW },
      },
      { sequelize, tableName: 'attachments', modelName: 'Attachment', ...noTimestamps },
    );
  }
}

/** The bytes of a stored file (the PostgreSQL implementation of the storage interface). */
export class AttachmentBlob extends Model<
  InferAttributes<AttachmentBlob>,
  InferCreationAttributes<AttachmentBlob>
> {
  declare storage_key: string;
  declare bytes: Buffer;
  declare created_at: CreationOptional<Date>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof AttachmentBlob {
    return AttachmentBlob.init(
      {
        storage_key: { type: DataTypes.TEXT, primaryKey: true },
        bytes: { type: DataTypes.BLOB, allowNull: false },
        created_at: columns.timestamp,
      },
      { sequelize, tableName: 'attachment_blobs', modelName: 'AttachmentBlob', ...createdOnly },
    );
  }
}

/** An entry of the audit trail: who changed what, from which status to which. */
export class AuditLog extends Model<InferAttributes<AuditLog>, InferCreationAttributes<AuditLog>> {
  declare id: CreationOptional<string>;
  declare organization_id: string;
  declare entity_type: string;
  declare entity_id: string;
  declare action: string;
  declare from_status: CreationOptional<string | null>;
  declare to_status: CreationOptional<string | null>;
  declare actor_id: CreationOptional<string | null>;
  declare comment: CreationOptional<string | null>;
  declare metadata: CreationOptional<Record<string, unknown>>;
  declare created_at: CreationOptional<Date>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof AuditLog {
    return AuditLog.init(
      {
        id: columns.id,
        organization_id: columns.organizationId,
        entity_type: columns.text,
        entity_id: { type: DataTypes.UUID, allowNull: false },
        action: columns.text,
        from_status: columns.optionalText,
        to_status: columns.optionalText,
        actor_id: { type: DataTypes.UUID, allowNull: true },
        comment: columns.optionalText,
        metadata: { type: DataTypes.JSONB, allowNull: false, defaultValue: {} },
        created_at: columns.timestamp,
      },
      { sequelize, tableName: 'audit_logs', modelName: 'AuditLog', ...createdOnly },
    );
  }
}

/** A mail to send (or, without SMTP, kept here and logged). */
export class EmailOutbox extends Model<InferAttributes<EmailOutbox>, InferCreationAttributes<EmailOutbox>> {
  declare id: CreationOptional<string>;
  declare to_address: string;
  declare subject: string;
  declare text_body: string;
  declare html_body: CreationOptional<string | null>;
  /** `[{ filename, content_type, content_base64 }]` or similar; always an array. */
  declare attachments: CreationOptional<unknown[]>;
  declare status: CreationOptional<'pending' | 'sending' | 'sent' | 'failed' | 'logged'>;
  declare attempts: CreationOptional<number>;
  declare error: CreationOptional<string | null>;
  declare created_at: CreationOptional<Date>;
  declare sent_at: CreationOptional<Date | null>;

  /** Defines the model on `sequelize`. */
  static initModel(sequelize: Sequelize): typeof EmailOutbox {
    return EmailOutbox.init(
      {
        id: columns.id,
        to_address: columns.text,
        subject: columns.text,
        text_body: columns.text,
        html_body: columns.optionalText,
        attachments: { type: DataTypes.JSONB, allowNull: false, defaultValue: [] },
        status: { ...columns.text, defaultValue: 'pending' },
        attempts: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
        error: columns.optionalText,
        created_at: columns.timestamp,
        sent_at: columns.optionalTimestamp,
      },
      { sequelize, tableName: 'email_outbox', modelName: 'EmailOutbox', ...createdOnly },
    );
  }
}
