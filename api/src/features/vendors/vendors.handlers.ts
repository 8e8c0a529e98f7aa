import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { requireScope } from '../../http/context.js';
import { listVendorProducts } from '../products/products.service.js';
import { actorHolding } from '../roles/access.js';
import { getVendor, listVendors, type VendorFilter } from './vendors.service.js';
import {
  createVendor,
  deactivateVendor,
  getVendorSpend,
  updateVendor,
  type VendorCreateForm,
  type VendorUpdateForm,
} from './vendors.writes.js';

const idOf = (input: HandlerInput) => (input.request.params as { id: string }).id;
const MANAGERS = ['vendor.manage'] as const;

/**
 * Vendors: reads open to every member (the create-order screen chooses a vendor from them), writes
 * with `vendor.manage`, a vendor's spend with `purchase_order.view` (the route table checks each).
 */
export const vendorHandlers: OperationHandlers = {
  listVendors: {
    handler: async (input) => ({
      vendors: await listVendors(
        input.app.db,
        requireScope(input).organizationId,
        input.request.query as VendorFilter,
      ),
    }),
  },
  getVendor: {
    handler: async (input) => ({
      vendor: await getVendor(input.app.db, requireScope(input).organizationId, idOf(input)),
    }),
  },
  createVendor: {
    handler: async (input) => {
      const vendor = await createVendor(
        input.app.db,
        actorHolding(input, MANAGERS),
        input.request.payload as VendorCreateForm,
      );
      return input.h.response({ vendor }).code(201);
    },
  },
  updateVendor: {
    handler: async (input) => ({
      vendor: await updateVendor(
        input.app.db,
        actorHolding(input, MANAGERS),
        idOf(input),
        input.request.payload as VendorUpdateForm,
      ),
    }),
  },
  deleteVendor: {
    handler: async (input) => {
      await deactivateVendor(input.app.db, actorHolding(input, MANAGERS), idOf(input));
      return input.h.response().code(204);
    },
  },
  getVendorSpend: {
    handler: async (input) => ({
      spend: await getVendorSpend(input.app.db, requireScope(input).organizationId, idOf(input)),
    }),
  },
  listVendorProducts: {
    handler: async (input) => ({
      products: await listVendorProducts(input.app.db, requireScope(input).organizationId, idOf(input)),
    }),
  },
};
