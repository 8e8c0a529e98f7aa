/**
 * The purchase-order fixtures of the screens' tests and stories: vendors, orders in every status (and
 * long or many of them), their list summaries and the approved requisitions orders are raised from.
 * The handlers over them are in ./purchaseOrderHandlers.
 */
import type { Schemas } from '@purchasing/api-client';
import { buildRequisition, withTaxBreakdown } from './requisitionFixtures';

type PurchaseOrder = Schemas['PurchaseOrder'];
type PurchaseOrderSummary = Schemas['PurchaseOrderSummary'];
type Vendor = Schemas['Vendor'];
type Requisition = Schemas['Requisition'];
type Attachment = Schemas['Attachment'];

function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

/** The calendar day `days` after the user's today (`yyyy-MM-dd`), so delivery dates stay in the future. */
export function dayFromToday(days: number, now: Date = new Date()): string {
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

function vendor(n: number, overrides: Partial<Vendor> & Pick<Vendor, 'name'>): Vendor {
  return {
    id: uuid(800 + n),
    contact_name: null,
    email: null,
    phone: null,
    website: null,
    address: null,
    city: null,
    state_province: null,
    postal_code: null,
    country: 'Australia',
    payment_terms: null,
    tax_number: null,
    currency: null,
    is_active: true,
    created_at: '2026-02-01T09:00:00.000Z',
    ...overrides,
  };
}

/** Tech Supplies Pty Ltd: complete contact details, Net 30 by default. */
export const techSupplies = vendor(1, {
  name: 'Tech Supplies Pty Ltd',
  contact_name: 'Priya Raman',
  email: 'orders@techsupplies.test',
  phone: '+61 2 9555 0101',
  website: 'https://techsupplies.test',
  address: 'Level 4, 88 George Street',
  city: 'Sydney',
  state_province: 'NSW',
  postal_code: '2000',
  payment_terms: 'Net 30',
});

/** Office Direct: Net 15, in Melbourne. */
export const officeDirect = vendor(2, {
  name: 'Office Direct',
  contact_name: 'Tom Nguyen',
  email: 'sales@officedirect.test',
  phone: '+61 3 9555 0202',
  address: '12 Collins Street',
  city: 'Melbourne',
  state_province: 'VIC',
  postal_code: '3000',
  payment_terms: 'Net 15',
});

/** Northwind Freight: no email address (an order to it cannot be sent). */
export const northwindFreight = vendor(3, {
  name: 'Northwind Freight',
  phone: '+61 7 3555 0303',
  address: '5 Wharf Road',
  city: 'Brisbane',
  state_province: 'QLD',
  postal_code: '4000',
  payment_terms: 'Net 45',
});

/** Legacy Print Co: inactive (listed only with `include_inactive=true`). */
export const legacyPrint = vendor(4, {
  name: 'Legacy Print Co',
  email: 'hello@legacyprint.test',
  city: 'Adelaide',
  state_province: 'SA',
  is_active: false,
});

/** The vendors of the default fixtures. */
export const vendors: Vendor[] = [techSupplies, officeDirect, northwindFreight, legacyPrint];

/** A vendor as an order embeds it. */
export function toPoVendor(v: Vendor): Schemas['PoVendor'] {
  return {
    id: v.id,
    name: v.name,
    email: v.email,
    phone: v.phone,
    address: v.address,
    city: v.city,
    state_province: v.state_province,
    postal_code: v.postal_code,
    country: v.country,
  };
}

/** The order lines copied from a requisition, with the catalogue product where the line has one. */
export function linesOf(requisition: Requisition, seed: number): PurchaseOrder['po_line_items'] {
  return requisition.line_items.map((line, index) => ({
    id: uuid(4000 + seed * 20 + index),
    description: line.description,
    quantity: line.quantity,
    unit_price: line.unit_price,
    unit_of_measure: line.unit_of_measure,
    tax_amount: line.tax_amount,
    tax_rate: line.tax_rate,
    total_amount: line.total_amount,
    quantity_received: 0,
    product:
      line.product && line.product_id
        ? {
            id: line.product_id,
            name: line.product.name,
            sku: line.product.sku,
            unit_of_measure: line.unit_of_measure,
          }
        : null,
  }));
}

/** A purchase-order fixture raised from `buildRequisition(n)`; `n` makes ids and numbers unique. */
export function buildPurchaseOrder(n: number, overrides: Partial<PurchaseOrder> = {}): PurchaseOrder {
  const requisition = buildRequisition(n, { status: 'po_created' });
  const order: PurchaseOrder = {
    id: uuid(3000 + n),
    po_number: `PO-2026-${String(n).padStart(5, '0')}`,
    status: 'draft',
    total_amount: requisition.total_amount,
    currency: 'AUD',
    delivery_date: dayFromToday(24),
    payment_terms: 'Net 30',
    notes: 'Deliver to the loading dock between 8 am and 4 pm.',
    shipping_address: '1 Market Street, Sydney NSW 2000',
    billing_address: 'Accounts Payable, Acme Corporation, PO Box 123, Sydney NSW 2001',
    created_at: '2026-11-18T10:15:00.000Z',
    sent_at: null,
    received_date: null,
    receipt_notes: null,
    cancelled_at: null,
    cancellation_reason: null,
    vendor: toPoVendor(techSupplies),
    po_line_items: linesOf(requisition, n),
    requisition: { id: requisition.id, requisition_number: requisition.requisition_number },
    attachments: [],
    base_currency: 'AUD',
    base_total_amount: null,
    subtotal_amount: 0,
    tax_amount: 0,
    ...overrides,
  };
  Object.assign(order, withTaxBreakdown(order, overrides));
  // In the base currency the base amount is the total itself, unless a test says otherwise.
  if (!('base_total_amount' in overrides) && order.currency === order.base_currency) {
    order.base_total_amount = order.total_amount;
  }
  return order;
}

/** A file attached to an order. */
export function buildAttachment(n: number, overrides: Partial<Attachment> = {}): Attachment {
  return {
    id: uuid(4500 + n),
    file_name: 'vendor-quote.pdf',
    file_size: 182_340,
    content_type: 'application/pdf',
    uploaded_at: '2026-11-18T10:20:00.000Z',
    ...overrides,
  };
}

/** A draft with five lines (the edit sidebar shows three and '+2 more items'). */
export function buildLongPurchaseOrder(n: number, overrides: Partial<PurchaseOrder> = {}): PurchaseOrder {
  const items: [string, number, number, Schemas['UnitOfMeasure'], string | null][] = [
    ['Ergonomic office chair', 6, 489, 'each', 'CHR-ERG'],
    ['Sit-stand desk 1600 mm', 6, 899, 'each', 'DSK-1600'],
    ['Monitor arm, dual', 6, 159.5, 'each', 'ARM-DUAL'],
    ['Cable management tray', 12, 24.95, 'each', null],
    ['Installation and assembly', 8, 95, 'hours', null],
  ];
  const lines = items.map(([description, quantity, unitPrice, unit, sku], index) => ({
    id: uuid(4300 + n * 10 + index),
    description,
    quantity,
    unit_price: unitPrice,
    unit_of_measure: unit,
    tax_amount: 0,
    tax_rate: null,
    total_amount: Math.round(quantity * unitPrice * 100) / 100,
    quantity_received: 0,
    product: sku ? { id: uuid(4400 + n * 10 + index), name: description, sku, unit_of_measure: unit } : null,
  }));
  return buildPurchaseOrder(n, {
    po_line_items: lines,
    total_amount: Math.round(lines.reduce((sum, line) => sum + line.total_amount, 0) * 100) / 100,
    vendor: toPoVendor(officeDirect),
    payment_terms: 'Net 15',
    ...overrides,
  });
}

/** `order` with every line received in full. */
export function fullyReceived(order: PurchaseOrder): PurchaseOrder {
  return {
    ...order,
    po_line_items: order.po_line_items.map((line) => ({ ...line, quantity_received: line.quantity })),
  };
}

/** The orders of the default fixtures: one in every status, newest first. */
export function defaultPurchaseOrders(): PurchaseOrder[] {
  return [
    buildPurchaseOrder(1, {
      status: 'draft',
      attachments: [buildAttachment(1)],
    }),
    buildPurchaseOrder(2, {
      status: 'sent',
      created_at: '2026-11-12T09:00:00.000Z',
      sent_at: '2026-11-12T11:30:00.000Z',
      vendor: toPoVendor(officeDirect),
      payment_terms: 'Net 15',
      attachments: [buildAttachment(2, { file_name: 'signed-order.pdf', file_size: 96_512 })],
    }),
    fullyReceived(
      buildPurchaseOrder(3, {
        status: 'received',
        created_at: '2026-11-02T09:00:00.000Z',
        sent_at: '2026-11-02T15:00:00.000Z',
        received_date: '2026-11-10',
        receipt_notes: 'All items received in good condition.',
        delivery_date: '2026-11-10',
        payment_terms: 'Due on Receipt',
      }),
    ),
    buildPurchaseOrder(4, {
      status: 'cancelled',
      created_at: '2026-10-28T09:00:00.000Z',
      cancelled_at: '2026-10-30T08:00:00.000Z',
      cancellation_reason: 'The vendor could not meet the delivery date.',
      vendor: toPoVendor(northwindFreight),
      payment_terms: 'COD',
      notes: null,
      delivery_date: '2026-11-05',
    }),
  ];
}

/** An order as lists show it. */
export function toPurchaseOrderSummary(order: PurchaseOrder): PurchaseOrderSummary {
  return {
    id: order.id,
    po_number: order.po_number,
    status: order.status,
    total_amount: order.total_amount,
    currency: order.currency,
    delivery_date: order.delivery_date,
    payment_terms: order.payment_terms,
    created_at: order.created_at,
    vendor: order.vendor ? { id: order.vendor.id, name: order.vendor.name } : null,
    requisition: order.requisition,
    line_item_count: order.po_line_items.length,
    base_currency: order.base_currency,
    base_total_amount: order.base_total_amount,
  };
}

/**
 * `count` varied orders for the list screen, newest first: statuses, vendors (one in seven without a
 * vendor) and currencies cycle. Number `n` is PO-2026-000nn, created `n` days after 1 Oct 2026.
 */
export function buildPurchaseOrderList(count: number): PurchaseOrder[] {
  const statuses: PurchaseOrder['status'][] = ['draft', 'sent', 'received', 'sent', 'cancelled', 'received'];
  const currencies: PurchaseOrder['currency'][] = ['AUD', 'AUD', 'USD', 'AUD', 'EUR', 'AUD', 'JPY'];
  const suppliers = [techSupplies, officeDirect, northwindFreight, legacyPrint];
  return Array.from({ length: count }, (_, index) => {
    const n = count - index;
    const created = new Date(Date.UTC(2026, 9, 1 + n, 9, 30)).toISOString();
    const supplier = suppliers[n % suppliers.length] ?? techSupplies;
    return buildPurchaseOrder(n, {
      status: statuses[n % statuses.length],
      currency: currencies[n % currencies.length],
      total_amount: Math.round(((n * 6113) % 90_000) + 75.5 * n) + (n % 4) * 0.25,
      vendor: n % 7 === 0 ? null : toPoVendor(supplier),
      delivery_date: n % 5 === 0 ? null : new Date(Date.UTC(2026, 10, 1 + n)).toISOString().slice(0, 10),
      created_at: created,
    });
  });
}

/** Approved requisitions waiting for an order, for the create screen. */
export function approvedRequisitions(): Requisition[] {
  return [
    buildRequisition(21, {
      status: 'approved',
      justification: 'Laptops for the two new analysts',
      submitted_at: '2026-11-10T09:00:00.000Z',
      approved_at: '2026-11-12T15:00:00.000Z',
      delivery_date: dayFromToday(30),
    }),
    buildRequisition(22, {
      status: 'approved',
      category: 'maintenance',
      justification: 'Replace the worn conveyor belt on line 2 before the peak season',
      shipping_address: 'Warehouse 3, 40 Dock Road, Port Botany NSW 2036',
      total_amount: 18_750,
      line_items: [
        {
          id: uuid(1400),
          product_id: null,
          product: null,
          description: 'Conveyor belt, 12 m, heavy duty',
          quantity: 1,
          unit_price: 15_750,
          unit_of_measure: 'each',
          notes: null,
          currency: 'AUD',
          tax_amount: 0,
          tax_rate: null,
          total_amount: 15_750,
        },
        {
          id: uuid(1401),
          product_id: null,
          product: null,
          description: 'Fitting and commissioning',
          quantity: 24,
          unit_price: 125,
          unit_of_measure: 'hours',
          notes: 'Weekend work',
          currency: 'AUD',
          tax_amount: 0,
          tax_rate: null,
          total_amount: 3000,
        },
      ],
      line_item_count: 2,
      submitted_at: '2026-11-08T09:00:00.000Z',
      approved_at: '2026-11-11T10:00:00.000Z',
      delivery_date: null,
    }),
  ];
}
