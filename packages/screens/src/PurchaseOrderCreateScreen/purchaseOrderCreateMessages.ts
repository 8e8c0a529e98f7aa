import { purchaseOrderMessages } from '../shared/purchaseOrders';

/** How many approved requisitions the choice lists (the contract's largest page). */
export const APPROVED_REQUISITION_LIMIT = 100;

/** Product copy of the create screen (DECISIONS §6 and our own wording). */
export const purchaseOrderCreateMessages = {
  title: 'Create Purchase Order',
  intro:
    'Raise an order from an approved requisition. Its lines and totals are copied as approved; choose the vendor and the terms.',
  noOrganization: 'Please select an organization to create a purchase order.',
  noPermission: purchaseOrderMessages.noManagePermission,
  noApproved: 'No approved requisitions are waiting for an order.',
  requisitionsFailed: 'Failed to load approved requisitions.',
  vendorsFailed: 'Failed to load vendors.',
  noVendors: 'There are no active vendors yet. Add one before raising an order.',
  created: (poNumber: string) => `Purchase order ${poNumber} created`,
  createFailed: purchaseOrderMessages.createFailed,
} as const;
