import { DataTypes } from 'sequelize';

/** Column definitions shared by many models. */
export const columns = {
  // Getters: Sequelize writes into attribute definitions (`field`, …), so each use needs a fresh object.
  get id() {
    return { type: DataTypes.UUID, primaryKey: true, defaultValue: DataTypes.UUIDV4 };
  },
  get organizationId() {
    return { type: DataTypes.UUID, allowNull: false };
  },
  get money() {
    return { type: DataTypes.DECIMAL(14, 2), allowNull: false };
  },
  get currency() {
    return { type: DataTypes.CHAR(3), allowNull: false, defaultValue: 'AUD' };
  },
  get timestamp() {
    return { type: DataTypes.DATE, allowNull: false };
  },
  get optionalTimestamp() {
    return { type: DataTypes.DATE, allowNull: true };
  },
  get text() {
    return { type: DataTypes.TEXT, allowNull: false };
  },
  get optionalText() {
    return { type: DataTypes.TEXT, allowNull: true };
  },
  flag: (defaultValue: boolean) => ({ type: DataTypes.BOOLEAN, allowNull: false, defaultValue }),
};

/** Table options for a table with `created_at` and `updated_at`. */
export const withTimestamps = { timestamps: true, createdAt: 'created_at', updatedAt: 'updated_at' } as const;
/** Table options for an append-only table with `created_at` only. */
export const createdOnly = { timestamps: true, createdAt: 'created_at', updatedAt: false } as const;
/** Table options for a table without Sequelize-managed timestamps. */
export const noTimestamps = { timestamps: false } as const;

/** A decimal amount as PostgreSQL returns NUMERIC(14,2): an exact string such as "1234.50". */
export type Money = string;

/** Requisition statuses (document 1 §4). */
export type RequisitionStatus =
  | 'draft'
  | 'submitted'
  | 'under_review'
  | 'info_requested'
  | 'approved'
  | 'rejected'
  | 'cancelled'
  | 'po_created';
/** Requisition categories (document 1 §5). */
export type RequisitionCategory =
  | 'standard'
  | 'freight'
  | 'maintenance'
  | 'utilities'
  | 'services'
  | 'capital';
/** Units of measure (document 1 §5). */
export type UnitOfMeasure =
  | 'each'
  | 'box'
  | 'case'
  | 'dozen'
  | 'kg'
  | 'lbs'
  | 'meter'
  | 'liter'
  | 'hours'
  | 'days';
/** Approval step actions; null is an open step. */
export type ApprovalAction = 'approve' | 'auto_approve' | 'reject' | 'request_info' | 'delegate';
/** Purchase order statuses (document 2 §4). */
export type PurchaseOrderStatus = 'draft' | 'sent' | 'partially_received' | 'received' | 'cancelled';
/** Payment terms choices (document 2 §5). */
export type PaymentTerms = 'Net 15' | 'Net 30' | 'Net 45' | 'Net 60' | 'Due on Receipt' | 'COD';
/** What an attachment belongs to. */
export type AttachmentEntityType = 'requisition' | 'purchase_order';
