import type { PurchaseOrderView } from '../src/features/purchase-orders/purchase-orders.presenter.js';

/**
 * A purchase order as the API presents it, for the PDF's tests: a draft in AUD with `lines` lines of
 * one item at $100 each, a vendor named Acme, a ship-to and bill-to address and a note.
 */
export function purchaseOrderView(lines: number): PurchaseOrderView {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    po_number: 'PO-2026-00042',
    status: 'draft',
    total_amount: 100 * lines,
    subtotal_amount: 100 * lines,
    tax_amount: 0,
    currency: 'AUD',
    base_currency: 'AUD',
    base_total_amount: 100 * lines,
    delivery_date: '2026-12-01',
    payment_terms: 'COD',
    notes: 'Call ahead.',
    shipping_address: '5 Receiving Dock\nSydney NSW 2000',
    billing_address: 'Accounts Payable',
    created_at: '2026-11-21T10:00:00.000Z',
    sent_at: null,
    received_date: null,
    receipt_notes: null,
    cancelled_at: null,
    cancellation_reason: null,
    vendor: {
      id: '00000000-0000-4000-8000-000000000002',
      name: 'Acme',
      email: 'orders@acme.example',
      phone: null,
      address: null,
      city: null,
      state_province: null,
      postal_code: null,
      country: null,
    },
    po_line_items: Array.from({ length: lines }, (_, index) => ({
      id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
      description: `Item ${index + 1}`,
      quantity: 1,
      unit_price: 100,
      unit_of_measure: 'each' as const,
      tax_amount: 0,
      tax_rate: null,
      total_amount: 100,
      quantity_received: 0,
      product: null,
    })),
    requisition: { id: '00000000-0000-4000-8000-000000000003', requisition_number: 'REQ-2026-00001' },
    attachments: [],
  };
}
