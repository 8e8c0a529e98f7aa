import { describe, expect, it } from 'vitest';
import { purchaseOrderEvents, requisitionEvents } from './webhook-events.js';

describe('webhook events of status changes', () => {
  it('maps status changes to events', () => {
    const change = (action: string, from: string | null, to: string | null) => ({
      organizationId: 'x',
      action,
      from,
      to,
    });
    expect(requisitionEvents(change('submit', 'draft', 'approved'))).toEqual([
      'requisition.submitted',
      'requisition.approved',
    ]);
    expect(requisitionEvents(change('resubmit', 'info_requested', 'under_review'))).toEqual([
      'requisition.submitted',
    ]);
    expect(requisitionEvents(change('approve', 'under_review', 'under_review'))).toEqual([]);
    expect(requisitionEvents(change('approve', 'under_review', 'approved'))).toEqual([
      'requisition.approved',
    ]);
    expect(requisitionEvents(change('reject', 'under_review', 'rejected'))).toEqual(['requisition.rejected']);
    expect(requisitionEvents(change('po_cancel', 'po_created', 'approved'))).toEqual([]);
    expect(purchaseOrderEvents(change('send', 'draft', 'sent'))).toEqual(['purchase_order.sent']);
    expect(purchaseOrderEvents(change('receive', 'sent', 'partially_received'))).toEqual([]);
    expect(purchaseOrderEvents(change('receive', 'partially_received', 'received'))).toEqual([
      'purchase_order.received',
    ]);
    expect(purchaseOrderEvents(change('cancel', 'sent', 'cancelled'))).toEqual(['purchase_order.cancelled']);
    expect(purchaseOrderEvents(change('update', 'draft', 'draft'))).toEqual([]);
  });
});
