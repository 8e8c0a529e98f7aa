/**
 * Typed MSW handlers for the purchase-order screens. `createPurchaseOrderApi()` keeps a small
 * in-memory store of orders, vendors and requisitions, and acts like the server on it (filters, the
 * order life cycle, raising an order from an approved requisition, attachments of drafts), so a test
 * or story that changes an order sees the change on its next read. Override one group (with `http`
 * from ./handlers) for error, empty and loading states. The fixtures they serve are in
 * ./purchaseOrderFixtures (and re-exported here).
 */
import type { Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import { acme, http } from './handlers';
import {
  approvedRequisitions,
  buildAttachment,
  buildPurchaseOrder,
  dayFromToday,
  defaultPurchaseOrders,
  linesOf,
  toPoVendor,
  toPurchaseOrderSummary,
  vendors,
} from './purchaseOrderFixtures';
import { purchaseOrderReceiptHandlers } from './purchaseOrderReceiptHandlers';
import { toSummary } from './requisitionFixtures';
import { settingsFixture } from './settingsHandlers';

export {
  approvedRequisitions,
  buildAttachment,
  buildLongPurchaseOrder,
  buildPurchaseOrder,
  buildPurchaseOrderList,
  dayFromToday,
  defaultPurchaseOrders,
  legacyPrint,
  linesOf,
  northwindFreight,
  officeDirect,
  techSupplies,
  toPoVendor,
  toPurchaseOrderSummary,
  vendors,
} from './purchaseOrderFixtures';

type PurchaseOrder = Schemas['PurchaseOrder'];
type Vendor = Schemas['Vendor'];
type Requisition = Schemas['Requisition'];

export function problem(message: string, code: Schemas['ErrorCode'], details: Schemas['ErrorDetail'][] = []) {
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
  /** Receipts already recorded, per order id. */
  receipts?: Record<string, Schemas['PurchaseOrderReceipt'][]>;
  /**
   * The addresses a new order gets, in the settings answer (default {@link orderAddressDefaults}:
   * billing at Acme's address, shipping to its dock).
   */
  addressDefaults?: Schemas['PurchaseOrderAddressDefaults'];
}

/** The addresses a new order of Acme gets unless given (as `GET /organizations/{id}/settings` says). */
export const orderAddressDefaults: Schemas['PurchaseOrderAddressDefaults'] = {
  billing_address: acme.address,
  shipping_address: 'Dock 4, 12 Wharf Road, Port Botany NSW 2036, Australia',
};

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
  const addressDefaults = options.addressDefaults ?? orderAddressDefaults;
  const holderOf = (attachmentId: string) =>
    orders.find((order) => order.attachments.some((file) => file.id === attachmentId));

  const handlers = [
    http.get('/organizations/{id}/settings', ({ response }) =>
      response(200).json({ settings: settingsFixture({ purchase_order_addresses: addressDefaults }) }),
    ),
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
        // The server's defaults: the requisition's, else the settings' (for the billing address, theirs).
        shipping_address:
          body.shipping_address?.trim() ||
          requisition.shipping_address?.trim() ||
          addressDefaults.shipping_address,
        billing_address: body.billing_address?.trim() || addressDefaults.billing_address,
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
      if (order.status !== 'sent' && order.status !== 'partially_received') {
        return response(409).json(
          problem('Only sent purchase orders can be marked as received', 'INVALID_STATUS'),
        );
      }
      const body: Schemas['PurchaseOrderReceiveInput'] = (await request.json().catch(() => null)) ?? {};
      order.status = 'received';
      for (const line of order.po_line_items) line.quantity_received = line.quantity;
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
    ...purchaseOrderReceiptHandlers(find, options.receipts),
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
