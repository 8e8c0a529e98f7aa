import type { components } from '@purchasing/contract';
import type { Config } from '../../config.js';
import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { requireCaller, requireScope } from '../../http/context.js';
import { csvResponse } from '../../http/csv-export.js';
import { type ExportFormat, xlsxResponse } from '../../http/xlsx-export.js';
import { decisionMailOf } from '../approvals/decision-mail.js';
import { createPurchaseOrder } from './purchase-order-create.js';
import { purchaseOrderExport } from './purchase-order-export.js';
import { listPurchaseOrders, type PurchaseOrderFilter } from './purchase-order-list.js';
import {
  createPurchaseOrderReceipt,
  listPurchaseOrderReceipts,
  receiveOutstanding,
} from './purchase-order-receipts.js';
import { sendPurchaseOrder } from './purchase-order-send.js';
import {
  type Actor,
  cancelPurchaseOrder,
  getPurchaseOrder,
  updatePurchaseOrder,
} from './purchase-orders.service.js';

/**
 * The verified caller and their membership of the `X-Organization-Id` organisation, with the
 * configured links of the mails their changes send (a receipt's mail to the requestor).
 */
const actorOf = (input: HandlerInput): Actor => ({
  userId: requireCaller(input).userId,
  scope: requireScope(input),
  mail: decisionMailOf(input.app.config as Config),
});

const idOf = (input: HandlerInput) => (input.request.params as { id: string }).id;

/**
 * Purchase orders (DECISIONS §6). Reading needs `purchase_order.view` or `purchase_order.manage`,
 * receipt `purchase_order.receive` or `purchase_order.manage` (both checked by the service, as
 * a route names one permission); raising, editing, sending and cancelling need
 * `purchase_order.manage`.
 */
export const purchaseOrderHandlers: OperationHandlers = {
  listPurchaseOrders: {
    handler: async (input) =>
      listPurchaseOrders(input.app.db, actorOf(input), input.request.query as PurchaseOrderFilter),
  },
  exportPurchaseOrders: {
    handler: async (input) => {
      const { format, ...filter } = input.request.query as PurchaseOrderFilter & { format?: ExportFormat };
      const spec = await purchaseOrderExport(input.app.db, actorOf(input), filter);
      return format === 'xlsx'
        ? xlsxResponse(input.h, input.app.db, spec)
        : csvResponse(input.h, input.app.db, spec);
    },
  },
  getPurchaseOrder: {
    handler: async (input) => ({
      purchase_order: await getPurchaseOrder(input.app.db, actorOf(input), idOf(input)),
    }),
  },
  createPurchaseOrder: {
    handler: async (input) => {
      const purchaseOrder = await createPurchaseOrder(
        input.app.db,
        actorOf(input),
        input.request.payload as components['schemas']['PurchaseOrderCreateInput'],
      );
      return input.h.response({ purchase_order: purchaseOrder }).code(201);
    },
  },
  updatePurchaseOrder: {
    handler: async (input) => ({
      purchase_order: await updatePurchaseOrder(
        input.app.db,
        actorOf(input),
        idOf(input),
        input.request.payload as components['schemas']['PurchaseOrderUpdateInput'],
      ),
    }),
  },
  sendPurchaseOrder: {
    handler: async (input) => ({
      purchase_order: await sendPurchaseOrder(input.app.db, actorOf(input), idOf(input)),
    }),
  },
  cancelPurchaseOrder: {
    handler: async (input) => ({
      purchase_order: await cancelPurchaseOrder(
        input.app.db,
        actorOf(input),
        idOf(input),
        input.request.payload as components['schemas']['PurchaseOrderCancelInput'] | null,
      ),
    }),
  },
  receivePurchaseOrder: {
    handler: async (input) => ({
      purchase_order: await receiveOutstanding(
        input.app.db,
        actorOf(input),
        idOf(input),
        input.request.payload as components['schemas']['PurchaseOrderReceiveInput'] | null,
      ),
    }),
  },
  listPurchaseOrderReceipts: {
    handler: async (input) => ({
      data: await listPurchaseOrderReceipts(input.app.db, actorOf(input), idOf(input)),
    }),
  },
  createPurchaseOrderReceipt: {
    handler: async (input) => {
      const answer = await createPurchaseOrderReceipt(
        input.app.db,
        actorOf(input),
        idOf(input),
        input.request.payload as components['schemas']['PurchaseOrderReceiptInput'],
      );
      return input.h.response(answer).code(201);
    },
  },
};
