/**
 * Typed MSW fixtures and handlers for the purchase-order screens. `createPurchaseOrderApi()` keeps a
 * small in-memory store of orders, vendors and requisitions, and acts like the server on it (filters,
 * the order life cycle, raising an order from an approved requisition, attachments of drafts), so a
 * test or story that changes an order sees the change on its next read. Override one group (with `http`
 * from ./handlers) for error, empty and loading states.
 */
import type { Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import { acme, http } from './handlers';
import { buildRequisition, toSummary } from './requisitionHandlers';

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
    total_amount: line.total_amount,
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
  return {
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
    ...overrides,
  };
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
    total_amount: Math.round(quantity * unitPrice * 100) / 100,
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
    buildPurchaseOrder(3, {
      status: 'received',
      created_at: '2026-11-02T09:00:00.000Z',
      sent_at: '2026-11-02T15:00:00.000Z',
      received_date: '2026-11-10',
      receipt_notes: 'All items received in good condition.',
      delivery_date: '2026-11-10',
      payment_terms: 'Due on Receipt',
    }),
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

function problem(message: string, code: string, details: Schemas['ErrorDetail'][] = []) {
  return { message, code, details };
}

/** Options of {@link createPurchaseOrderApi}. */
export interface PurchaseOrderApiOptions {
  /** The organisation's vendors (default {@link vendors}). */
  vendors?: Vendor[];
  /** Requisitions orders are raised from (default {@link approvedRequisitions}). */
  requisitions?: Requisition[];
  /** Sees the URL of every `GET /purchase-orders` (to check the query a screen sends). */
  onList?: (url: URL) => void;
}

/**
 * Handlers over an in-memory store of orders: list (search, status[], vendor_id[], dates, paging),
 * detail, create (from an approved requisition, for an active vendor), update (drafts only, delivery
 * date not in the past), send (drafts to a vendor with an email), receive (sent), cancel (draft or
 * sent), vendors, the requisitions orders are raised from, and attachments (upload and delete on
 * drafts, links).
 */
export function createPurchaseOrderApi(
  initial: PurchaseOrder[] = defaultPurchaseOrders(),
  options: PurchaseOrderApiOptions = {},
) {
  const orders = [...initial];
  const vendorList = [...(options.vendors ?? vendors)];
  const requisitions = [...(options.requisitions ?? approvedRequisitions())];
  let next = 500;
  const find = (id: string) => orders.find((order) => order.id === id);
  const notFound = problem('Purchase order not found', 'NOT_FOUND');
  const today = () => dayFromToday(0);
  const pastDate = (field: string) =>
    problem('Delivery date cannot be in the past', 'VALIDATION_FAILED', [
      { field, message: 'Delivery date cannot be in the past' },
    ]);
  const holderOf = (attachmentId: string) =>
    orders.find((order) => order.attachments.some((file) => file.id === attachmentId));

  const handlers = [
    http.get('/purchase-orders', ({ request, response }) => {
      const url = new URL(request.url);
      options.onList?.(url);
      const params = url.searchParams;
      const search = params.get('search')?.toLowerCase() ?? '';
      const statuses = params.getAll('status');
      const vendorIds = params.getAll('vendor_id');
      const from = params.get('date_from');
      const to = params.get('date_to');
      const limit = Number(params.get('limit') ?? 10);
      const offset = Number(params.get('offset') ?? 0);
      const matching = orders.filter((order) => {
        const day = order.created_at.slice(0, 10);
        const text = `${order.po_number} ${order.vendor?.name ?? ''}`.toLowerCase();
        return (
          (statuses.length === 0 || statuses.includes(order.status)) &&
          (vendorIds.length === 0 || (order.vendor !== null && vendorIds.includes(order.vendor.id))) &&
          (!from || day >= from) &&
          (!to || day <= to) &&
          (search === '' || text.includes(search))
        );
      });
      return response(200).json({
        data: matching.slice(offset, offset + limit).map(toPurchaseOrderSummary),
        pagination: { limit, offset, total: matching.length },
      });
    }),
    http.get('/purchase-orders/{id}', ({ params, response }) => {
      const order = find(params.id);
      if (!order) return response(404).json(notFound);
      return response(200).json({ purchase_order: order });
    }),
    http.post('/purchase-orders', async ({ request, response }) => {
      const body = await request.json();
      const requisition = requisitions.find((r) => r.id === body.requisition_id);
      if (!requisition) return response(404).json(problem('Requisition not found', 'NOT_FOUND'));
      if (requisition.status !== 'approved') {
        return response(409).json(
          problem('Only approved requisitions without an order can be ordered', 'INVALID_STATUS'),
        );
      }
      const supplier = vendorList.find((v) => v.id === body.vendor_id && v.is_active);
      if (!supplier) {
        return response(400).json(
          problem('Choose an active vendor', 'VALIDATION_FAILED', [
            { field: 'vendor_id', message: 'Choose an active vendor' },
          ]),
        );
      }
      if (body.delivery_date < today()) return response(400).json(pastDate('delivery_date'));
      next += 1;
      const order = buildPurchaseOrder(next, {
        po_number: `PO-2026-${String(next).padStart(5, '0')}`,
        status: 'draft',
        total_amount: requisition.total_amount,
        currency: requisition.currency,
        delivery_date: body.delivery_date,
        payment_terms: body.payment_terms,
        notes: body.notes ?? null,
        shipping_address: body.shipping_address ?? requisition.shipping_address,
        billing_address: body.billing_address ?? acme.address,
        created_at: new Date().toISOString(),
        vendor: toPoVendor(supplier),
        po_line_items: linesOf(requisition, next),
        requisition: { id: requisition.id, requisition_number: requisition.requisition_number },
        attachments: [],
      });
      requisition.status = 'po_created';
      orders.unshift(order);
      return response(201).json({ purchase_order: order });
    }),
    http.put('/purchase-orders/{id}', async ({ params, request, response }) => {
      const order = find(params.id);
      if (!order) return response(404).json(notFound);
      if (order.status !== 'draft') {
        return response(409).json(problem('Only draft purchase orders can be edited', 'INVALID_STATUS'));
      }
      const body = await request.json();
      if (body.delivery_date && body.delivery_date < today()) {
        return response(400).json(pastDate('delivery_date'));
      }
      if (body.delivery_date !== undefined) order.delivery_date = body.delivery_date;
      if (body.shipping_address !== undefined) order.shipping_address = body.shipping_address;
      if (body.billing_address !== undefined) order.billing_address = body.billing_address;
      if (body.payment_terms !== undefined) order.payment_terms = body.payment_terms;
      if (body.notes !== undefined) order.notes = body.notes;
      return response(200).json({ purchase_order: order });
    }),
    http.post('/purchase-orders/{id}/send', ({ params, response }) => {
      const order = find(params.id);
      if (!order) return response(404).json(notFound);
      if (order.status !== 'draft') {
        return response(409).json(
          problem('Only draft purchase orders can be sent to the vendor', 'INVALID_STATUS'),
        );
      }
      if (!order.vendor?.email) {
        return response(409).json(
          problem(
            `${order.vendor?.name ?? 'The vendor'} has no email address to send the order to`,
            'CONFLICT',
          ),
        );
      }
      order.status = 'sent';
      order.sent_at = new Date().toISOString();
      return response(200).json({ purchase_order: order });
    }),
    http.post('/purchase-orders/{id}/receive', async ({ params, request, response }) => {
      const order = find(params.id);
      if (!order) return response(404).json(notFound);
      if (order.status !== 'sent') {
        return response(409).json(
          problem('Only sent purchase orders can be marked as received', 'INVALID_STATUS'),
        );
      }
      const body: Schemas['PurchaseOrderReceiveInput'] = (await request.json().catch(() => null)) ?? {};
      order.status = 'received';
      order.received_date = body.received_date ?? today();
      order.receipt_notes = body.notes ?? null;
      return response(200).json({ purchase_order: order });
    }),
    http.post('/purchase-orders/{id}/cancel', async ({ params, request, response }) => {
      const order = find(params.id);
      if (!order) return response(404).json(notFound);
      if (order.status !== 'draft' && order.status !== 'sent') {
        return response(409).json(
          problem('Only draft or sent purchase orders can be cancelled', 'INVALID_STATUS'),
        );
      }
      const body: Schemas['PurchaseOrderCancelInput'] = (await request.json().catch(() => null)) ?? {};
      order.status = 'cancelled';
      order.cancelled_at = new Date().toISOString();
      order.cancellation_reason = body.reason ?? null;
      const requisition = requisitions.find((r) => r.id === order.requisition?.id);
      if (requisition) requisition.status = 'approved';
      return response(200).json({ purchase_order: order });
    }),
    http.get('/vendors', ({ request, response }) => {
      const params = new URL(request.url).searchParams;
      const inactive = params.get('include_inactive') === 'true';
      const search = params.get('search')?.toLowerCase() ?? '';
      const listed = vendorList
        .filter((v) => (inactive || v.is_active) && (search === '' || v.name.toLowerCase().includes(search)))
        .sort((a, b) => a.name.localeCompare(b.name));
      return response(200).json({ vendors: listed });
    }),
    http.get('/requisitions', ({ request, response }) => {
      const params = new URL(request.url).searchParams;
      const statuses = params.getAll('status');
      const search = params.get('search')?.toLowerCase() ?? '';
      const limit = Number(params.get('limit') ?? 10);
      const offset = Number(params.get('offset') ?? 0);
      const matching = requisitions.filter(
        (r) =>
          (statuses.length === 0 || statuses.includes(r.status)) &&
          (search === '' ||
            `${r.requisition_number} ${r.justification ?? ''}`.toLowerCase().includes(search)),
      );
      return response(200).json({
        requisitions: matching.slice(offset, offset + limit).map(toSummary),
        pagination: { limit, offset, total: matching.length },
      });
    }),
    http.get('/requisitions/{id}', ({ params, response }) => {
      const requisition = requisitions.find((r) => r.id === params.id);
      if (!requisition) return response(404).json(problem('Requisition not found', 'NOT_FOUND'));
      return response(200).json({ requisition });
    }),
    http.post('/attachments/upload', async ({ request, response }) => {
      const form = await request.formData();
      const order = find(String(form.get('entity_id')));
      if (!order) return response(404).json(notFound);
      if (order.status !== 'draft') {
        return response(409).json(
          problem('Attachments can only be changed on a draft purchase order', 'INVALID_STATUS'),
        );
      }
      const stored = form.getAll('files').map((file, index) => {
        next += 1;
        return buildAttachment(next, {
          file_name: file instanceof File ? file.name : `file-${index}`,
          file_size: file instanceof File ? file.size : 0,
          uploaded_at: new Date().toISOString(),
        });
      });
      order.attachments.push(...stored);
      return response(201).json({ attachments: stored });
    }),
    http.get('/attachments/{entityType}/{entityId}', ({ params, response }) =>
      response(200).json({ attachments: find(params.entityId)?.attachments ?? [] }),
    ),
    http.get('/attachments/{id}', ({ params, response }) => {
      if (!holderOf(params.id)) return response(404).json(problem('Attachment not found', 'NOT_FOUND'));
      return response(200).json({
        url: `/api/attachments/${params.id}/download?expires=1900000000&signature=abc`,
        expires_at: '2030-01-01T00:00:00.000Z',
      });
    }),
    http.delete('/attachments/{id}', ({ params, response }) => {
      const holder = holderOf(params.id);
      if (!holder) return response(404).json(problem('Attachment not found', 'NOT_FOUND'));
      if (holder.status !== 'draft') {
        return response(409).json(
          problem('Attachments can only be changed on a draft purchase order', 'INVALID_STATUS'),
        );
      }
      holder.attachments = holder.attachments.filter((file) => file.id !== params.id);
      return response(204).empty();
    }),
  ];
  return { orders, vendors: vendorList, requisitions, handlers };
}

/** `GET /purchase-orders` failing: a 500 by default, or a 403 with the server's refusal. */
export function purchaseOrderListErrorHandler(status: 403 | 500 = 500) {
  return http.get('/purchase-orders', ({ response }) =>
    status === 403
      ? response(403).json(
          problem("You don't have permission to view purchase orders in this organization", 'FORBIDDEN'),
        )
      : response(500).json(problem('Something went wrong', 'INTERNAL_ERROR')),
  );
}

/** `GET /purchase-orders` that never answers (loading state). */
export function purchaseOrderListLoadingHandler() {
  return http.get('/purchase-orders', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ data: [], pagination: { limit: 10, offset: 0, total: 0 } });
  });
}

/** `GET /purchase-orders/{id}` failing: a 404 'Purchase order not found' by default, or a 500. */
export function purchaseOrderDetailErrorHandler(status: 404 | 500 = 404) {
  return http.get('/purchase-orders/{id}', ({ response }) =>
    status === 404
      ? response(404).json(problem('Purchase order not found', 'NOT_FOUND'))
      : response(500).json(problem('Something went wrong', 'INTERNAL_ERROR')),
  );
}

/** `GET /purchase-orders/{id}` that never answers (loading state). */
export function purchaseOrderDetailLoadingHandler() {
  return http.get('/purchase-orders/{id}', async ({ response }) => {
    await delay('infinite');
    return response(404).json(problem('Purchase order not found', 'NOT_FOUND'));
  });
}

/** `GET /vendors` failing with a 500. */
export function vendorListErrorHandler() {
  return http.get('/vendors', ({ response }) =>
    response(500).json(problem('Something went wrong', 'INTERNAL_ERROR')),
  );
}
