import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { requireScope } from '../../http/context.js';
import { actorHolding } from '../roles/access.js';
import { importProducts, type ProductImportForm, previewProductImport } from './product-import.js';
import { getProduct, listProducts, type ProductFilter } from './products.service.js';
import { createProduct, deactivateProduct, type ProductForm, updateProduct } from './products.writes.js';

const idOf = (input: HandlerInput) => (input.request.params as { id: string }).id;
const MANAGERS = ['product.manage'] as const;

/**
 * The product catalogue: reads open to every member (the requisition form picks from it), writes and
 * the CSV import with `product.manage` (the route table checks each).
 */
export const productHandlers: OperationHandlers = {
  listProducts: {
    handler: async (input) => ({
      products: await listProducts(
        input.app.db,
        requireScope(input).organizationId,
        input.request.query as ProductFilter,
      ),
    }),
  },
  getProduct: {
    handler: async (input) => ({
      product: await getProduct(input.app.db, requireScope(input).organizationId, idOf(input)),
    }),
  },
  createProduct: {
    handler: async (input) => {
      const product = await createProduct(
        input.app.db,
        actorHolding(input, MANAGERS),
        input.request.payload as ProductForm,
      );
      return input.h.response({ product }).code(201);
    },
  },
  updateProduct: {
    handler: async (input) => ({
      product: await updateProduct(
        input.app.db,
        actorHolding(input, MANAGERS),
        idOf(input),
        input.request.payload as ProductForm,
      ),
    }),
  },
  deleteProduct: {
    handler: async (input) => {
      await deactivateProduct(input.app.db, actorHolding(input, MANAGERS), idOf(input));
      return input.h.response().code(204);
    },
  },
  previewProductImport: {
    handler: async (input) => {
      actorHolding(input, MANAGERS);
      return previewProductImport(
        input.app.db,
        requireScope(input).organizationId,
        input.request.payload as ProductImportForm,
      );
    },
  },
  importProducts: {
    handler: async (input) => {
      const created = await importProducts(
        input.app.db,
        actorHolding(input, MANAGERS),
        input.request.payload as ProductImportForm,
      );
      return input.h.response({ created_count: created }).code(201);
    },
  },
};
