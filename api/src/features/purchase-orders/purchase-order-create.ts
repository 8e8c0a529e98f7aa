import type { components } from '@purchasing/contract';
import { UniqueConstraintError } from 'sequelize';
import { validationError } from '../../contract/validation.js';
import { execute, selectOne } from '../../db-query.js';
import { Conflict, type ErrorDetail, NotFound } from '../../domain/errors.js';
import {
  type OrganizationAddresses,
  purchaseOrderAddressDefaults,
} from '../../domain/organization-settings.js';
import type { Db } from '../../http/context.js';
import { allocateDocumentNumber } from '../requisitions/numbering.js';
import { audit as auditRequisition } from '../requisitions/requisitions.service.js';
import { DELIVERY_DATE_IN_PAST, isPastDate } from './po-rules.js';
import type { PurchaseOrderView } from './purchase-orders.presenter.js';
import { type Actor, audit, clean, detailOrFail } from './purchase-orders.service.js';

type CreateInput = components['schemas']['PurchaseOrderCreateInput'];
type RequisitionStatus = components['schemas']['RequisitionStatus'];

/** The database's "one order that is not cancelled per requisition" index (migration 19.00.04). */
const ONE_LIVE_ORDER_INDEX = 'purchase_orders_one_live_per_requisition';

/** How a requisition's status reads in a refusal. */
const REQUISITION_STATUS_WORDS: Record<RequisitionStatus, string> = {
  draft: 'a draft',
  submitted: 'submitted',
  under_review: 'under review',
  info_requested: 'awaiting more information',
  approved: 'approved',
  rejected: 'rejected',
  cancelled: 'cancelled',
  po_created: 'already ordered',
};

const MESSAGES = {
  requisitionNotFound: 'Requisition not found',
  vendorNotFound: 'Vendor not found',
  vendorInactive: 'This vendor is inactive. Choose an active vendor.',
  alreadyOrdered: (number: string) =>
    `Requisition ${number} already has a purchase order. Cancel that order before raising another.`,
  notApproved: (number: string, status: RequisitionStatus) =>
    `A purchase order can only be raised from an approved requisition. Requisition ${number} is ${REQUISITION_STATUS_WORDS[status]}.`,
} as const;

interface LockedRequisition {
  id: string;
  requisition_number: string;
  status: RequisitionStatus;
  shipping_address: string | null;
  has_live_order: boolean;
}

/**
 * Raises a draft order from an approved requisition of the organisation for one of its active
 * vendors (DECISIONS §6): lines, total, currency are copied from the requisition; an address not
 * given gets its default (shipping: the requisition's, else the settings' delivery address, else the
 * registered one; billing: the settings' billing address, else the registered one, see
 * `purchaseOrderAddressDefaults`), kept by the order from then on; the number comes from the
 * organisation's PO counter, and the requisition becomes `po_created`, all in one transaction with
 * the requisition row locked, so two buyers ordering one requisition get one order and one 409.
 */
export async function createPurchaseOrder(
  db: Db,
  actor: Actor,
  input: CreateInput,
  now = new Date(),
): Promise<PurchaseOrderView> {
  const organizationId = actor.scope.organizationId;
  if (isPastDate(input.delivery_date, now)) {
    throw validationError([{ field: 'delivery_date', message: DELIVERY_DATE_IN_PAST }]);
  }
  try {
    return await db.sequelize.transaction(async (transaction) => {
      const requisition = await selectOne<LockedRequisition>(
        db,
        `SELECT r.id, r.requisition_number, r.status, r.shipping_address,
                EXISTS (SELECT 1 FROM purchase_orders po
                         WHERE po.requisition_id = r.id AND po.status <> 'cancelled') AS has_live_order
           FROM requisitions r
          WHERE r.id = $1 AND r.organization_id = $2
          FOR UPDATE OF r`,
        [input.requisition_id, organizationId],
        transaction,
      );
      // The vendor row is share-locked: it cannot be deactivated while the order is raised.
      const vendor = await selectOne<{ id: string; is_active: boolean }>(
        db,
        'SELECT id, is_active FROM vendors WHERE id = $1 AND organization_id = $2 FOR SHARE',
        [input.vendor_id, organizationId],
        transaction,
      );
      const details: ErrorDetail[] = [];
      if (!requisition) details.push({ field: 'requisition_id', message: MESSAGES.requisitionNotFound });
      if (!vendor) details.push({ field: 'vendor_id', message: MESSAGES.vendorNotFound });
      else if (!vendor.is_active) details.push({ field: 'vendor_id', message: MESSAGES.vendorInactive });
      if (details.length) throw validationError(details);
      if (!requisition) throw new NotFound('Requisition');
      if (requisition.has_live_order || requisition.status === 'po_created') {
        throw new Conflict(MESSAGES.alreadyOrdered(requisition.requisition_number), 'ALREADY_ORDERED');
      }
      if (requisition.status !== 'approved') {
        throw new Conflict(
          MESSAGES.notApproved(requisition.requisition_number, requisition.status),
          'INVALID_STATUS',
        );
      }

      const organization = await selectOne<OrganizationAddresses>(
        db,
        'SELECT address, addresses FROM organizations WHERE id = $1',
        [organizationId],
        transaction,
      );
      const defaults = purchaseOrderAddressDefaults(organization ?? { address: null, addresses: null });
      const number = await allocateDocumentNumber(db, organizationId, 'PO', transaction);
      const row = await selectOne<{ id: string }>(
        db,
        `INSERT INTO purchase_orders
           (organization_id, po_number, requisition_id, vendor_id, status, total_amount, currency, exchange_rate,
            delivery_date, payment_terms, notes, shipping_address, billing_address, created_by_id)
         -- The order counts in the base currency at its requisition's frozen rate.
         SELECT r.organization_id, $3, r.id, $4, 'draft', r.total_amount, r.currency, r.exchange_rate, $5, $6, $7,
                COALESCE($8, NULLIF(btrim(r.shipping_address), ''), $11), COALESCE($9, $12), $10
           FROM requisitions r
          WHERE r.id = $1 AND r.organization_id = $2
         RETURNING id`,
        [
          requisition.id,
          organizationId,
          number,
          input.vendor_id,
          input.delivery_date,
          input.payment_terms,
          clean(input.notes),
          clean(input.shipping_address),
          clean(input.billing_address),
          actor.userId,
          defaults.shipping_address,
          defaults.billing_address,
        ],
        transaction,
      );
      const id = row!.id;
      await execute(
        db,
        `INSERT INTO po_line_items
           (purchase_order_id, position, requisition_line_item_id, product_id, description, quantity, unit_price,
            unit_of_measure, notes, currency, tax_amount, tax_rate, total_amount)
         SELECT $1, li.position, li.id, li.product_id, li.description, li.quantity, li.unit_price,
                li.unit_of_measure, li.notes, li.currency, li.tax_amount, li.tax_rate, li.total_amount
           FROM requisition_line_items li
          WHERE li.requisition_id = $2`,
        [id, requisition.id],
        transaction,
      );
      await execute(
        db,
        `UPDATE requisitions SET status = 'po_created', updated_at = now() WHERE id = $1 AND organization_id = $2`,
        [requisition.id, organizationId],
        transaction,
      );
      await audit(
        db,
        {
          organizationId,
          purchaseOrderId: id,
          action: 'create',
          from: null,
          to: 'draft',
          actorId: actor.userId,
          metadata: { requisition_id: requisition.id, vendor_id: input.vendor_id },
        },
        transaction,
      );
      await auditRequisition(
        db,
        {
          organizationId,
          requisitionId: requisition.id,
          action: 'po_create',
          from: 'approved',
          to: 'po_created',
          actorId: actor.userId,
          metadata: { purchase_order_id: id, po_number: number },
        },
        transaction,
      );
      return detailOrFail(db, organizationId, id, transaction);
    });
  } catch (error) {
    // The requisition lock makes this unreachable in practice; the index is the last word.
    if (error instanceof UniqueConstraintError && isOneLiveOrderViolation(error)) {
      throw new Conflict(
        'This requisition already has a purchase order. Cancel that order before raising another.',
        'ALREADY_ORDERED',
      );
    }
    throw error;
  }
}

/** Whether a unique violation is the "one order that is not cancelled per requisition" index's. */
export function isOneLiveOrderViolation(error: UniqueConstraintError): boolean {
  const parent = error.parent as { constraint?: string } | undefined;
  return parent?.constraint === ONE_LIVE_ORDER_INDEX;
}
