import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { requireScope } from '../../http/context.js';
import { getVendor, listVendorProducts, listVendors, type VendorFilter } from './vendors.service.js';

const idOf = (input: HandlerInput) => (input.request.params as { id: string }).id;

/**
 * Vendor reads, open to every member of the organisation (the create-order screen chooses a
 * vendor from them); creating, editing and deactivating arrive with the vendor issue.
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
  listVendorProducts: {
    handler: async (input) => ({
      products: await listVendorProducts(input.app.db, requireScope(input).organizationId, idOf(input)),
    }),
  },
};
