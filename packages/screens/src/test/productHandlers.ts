/**
 * Product handlers for the screens' tests and stories (issue 16 item 2): an in-memory catalogue that
 * acts like the server (search over name, SKU and description, inactive products only when asked,
 * names and SKUs unique whatever their case with a 409 on the field, deactivation) and the import
 * check (each row's errors, nothing written) and import. Put them before the requisition handlers,
 * whose `GET /products` they replace; the form's vendor choices come from `createVendorApi`.
 */
import type { ProductImportRow, Schemas } from '@purchasing/api-client';
import { http } from './handlers';
import { products as requisitionProducts } from './requisitionFixtures';
import { vendors } from './vendorHandlers';

type Product = Schemas['Product'];
type ProductInput = Schemas['ProductInput'];
type ErrorDetail = Schemas['ErrorDetail'];

function problem(message: string, code: Schemas['ErrorCode'], details: ErrorDetail[] = []) {
  return { message, code, details };
}

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const vendorRef = (id: string) => {
  const vendor = vendors.find((candidate) => candidate.id === id);
  return { id, name: vendor?.name ?? 'Unknown vendor' };
};

/** Copy paper with two vendors' prices: Office Direct's current one, Tech Supplies' older window. */
export const copyPaper: Product = {
  ...requisitionProducts[1]!,
  prices: [
    {
      id: uuid(951),
      vendor: vendorRef(uuid(802)),
      unit_price: 30.9,
      currency: 'AUD',
      effective_from: '2026-01-01',
      effective_to: null,
      is_current: true,
    },
    {
      id: uuid(952),
      vendor: vendorRef(uuid(801)),
      unit_price: 34,
      currency: 'AUD',
      effective_from: '2025-07-01',
      effective_to: '2025-12-31',
      is_current: false,
    },
  ],
};

/** The laptop of the requisition fixtures (no vendor prices). */
export const laptop: Product = requisitionProducts[0]!;

/** A product no new requisition can pick. */
export const faxToner: Product = {
  ...laptop,
  id: uuid(703),
  name: 'Fax toner',
  description: 'For the retired fax machine',
  sku: 'TON-FAX',
  unit_price: 89,
  list_price: 89,
  category: 'Office equipment',
  is_active: false,
  vendor: null,
  prices: [],
};

/** The default catalogue: two active products and one inactive. */
export const catalogueProducts: Product[] = [copyPaper, faxToner, laptop];

/** Options of {@link createProductApi}. */
export interface ProductApiOptions {
  /** Sees the body of every `POST /products` and `PUT /products/{id}` (to check what a screen sends). */
  onWrite?: (body: ProductInput) => void;
}

const taken = (field: 'name' | 'sku', value: string) => {
  const message =
    field === 'name'
      ? `A product named ${value} already exists`
      : `A product with SKU ${value} already exists`;
  return problem(message, field === 'name' ? 'PRODUCT_NAME_TAKEN' : 'PRODUCT_SKU_TAKEN', [
    { field, message },
  ]);
};

/** The errors of one import row, as the server words them (a short version of its rules). */
function rowErrors(row: ProductImportRow, store: Product[], names: string[]): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  const name = row.name.trim();
  if (name === '') errors.push({ field: 'name', message: 'Name is required' });
  else if (store.some((product) => product.name.toLowerCase() === name.toLowerCase()) || names.includes(name))
    errors.push({ field: 'name', message: `A product named ${name} already exists` });
  if (row.unit_price !== undefined && !/^\d{1,12}(\.\d{1,2})?$/.test(row.unit_price))
    errors.push({ field: 'unit_price', message: 'Must be a price of 0 or more with at most 2 decimals' });
  if (row.vendor && !vendors.some((vendor) => vendor.is_active && vendor.name === row.vendor))
    errors.push({ field: 'vendor', message: `No active vendor named ${row.vendor}` });
  return errors;
}

/** Handlers over an in-memory catalogue (default {@link catalogueProducts}). */
export function createProductApi(initial: Product[] = catalogueProducts, options: ProductApiOptions = {}) {
  const store = initial.map((product) => ({ ...product }));
  let next = 0;
  const find = (id: string) => store.find((product) => product.id === id);
  const clash = (field: 'name' | 'sku', value: string | null | undefined, id?: string) =>
    value != null &&
    value.trim() !== '' &&
    store.some(
      (product) => product.id !== id && product[field]?.toLowerCase() === value.trim().toLowerCase(),
    );
  const refusal = (body: ProductInput, id?: string) =>
    clash('name', body.name, id)
      ? taken('name', body.name.trim())
      : clash('sku', body.sku, id)
        ? taken('sku', body.sku?.trim() ?? '')
        : null;
  const fill = (body: ProductInput, base: Pick<Product, 'id' | 'is_active'>): Product => ({
    ...base,
    name: body.name.trim(),
    description: body.description ?? null,
    sku: body.sku ?? null,
    unit_price: body.unit_price,
    list_price: body.unit_price,
    unit_of_measure: body.unit_of_measure,
    currency: body.currency ?? 'AUD',
    category: body.category ?? null,
    vendor: body.vendor_id ? vendorRef(body.vendor_id) : null,
    prices: (body.prices ?? []).map((price, index) => ({
      id: uuid(9700 + index),
      vendor: vendorRef(price.vendor_id),
      unit_price: price.unit_price,
      currency: price.currency ?? body.currency ?? 'AUD',
      effective_from: price.effective_from,
      effective_to: price.effective_to ?? null,
      is_current: false,
    })),
  });
  const notFound = problem('Product not found', 'NOT_FOUND');
  const handlers = [
    http.get('/products', ({ request, response }) => {
      const params = new URL(request.url).searchParams;
      const inactive = params.get('include_inactive') === 'true';
      const search = params.get('search')?.toLowerCase() ?? '';
      const listed = store
        .filter(
          (product) =>
            (inactive || product.is_active) &&
            (search === '' ||
              `${product.name} ${product.sku ?? ''} ${product.description ?? ''}`
                .toLowerCase()
                .includes(search)),
        )
        .sort((a, b) => a.name.localeCompare(b.name));
      return response(200).json({ products: listed });
    }),
    http.get('/products/{id}', ({ params, response }) => {
      const product = find(params.id);
      return product ? response(200).json({ product }) : response(404).json(notFound);
    }),
    http.post('/products', async ({ request, response }) => {
      const body = await request.json();
      options.onWrite?.(body);
      const refused = refusal(body);
      if (refused) return response(409).json(refused);
      next += 1;
      const product = fill(body, { id: uuid(9600 + next), is_active: true });
      store.push(product);
      return response(201).json({ product });
    }),
    http.put('/products/{id}', async ({ params, request, response }) => {
      const product = find(params.id);
      if (!product) return response(404).json(notFound);
      const body = await request.json();
      options.onWrite?.(body);
      const refused = refusal(body, product.id);
      if (refused) return response(409).json(refused);
      Object.assign(product, fill(body, { id: product.id, is_active: body.is_active ?? product.is_active }));
      return response(200).json({ product });
    }),
    http.delete('/products/{id}', ({ params, response }) => {
      const product = find(params.id);
      if (!product) return response(404).json(notFound);
      product.is_active = false;
      return response(204).empty();
    }),
    http.post('/products/import/preview', async ({ request, response }) => {
      const { rows } = await request.json();
      const results = rows.map((row, index) => ({
        row: index + 1,
        errors: rowErrors(
          row,
          store,
          rows.slice(0, index).map((earlier) => earlier.name.trim()),
        ),
      }));
      const errorCount = results.filter((result) => result.errors.length > 0).length;
      return response(200).json({
        valid_count: rows.length - errorCount,
        error_count: errorCount,
        rows: results,
      });
    }),
    http.post('/products/import', async ({ request, response }) => {
      const { rows } = await request.json();
      rows.forEach((row, index) => {
        next += 1;
        store.push(
          fill(
            {
              name: row.name || `Row ${index + 1}`,
              unit_price: Number(row.unit_price ?? 0),
              unit_of_measure: 'each',
            },
            { id: uuid(9600 + next), is_active: true },
          ),
        );
      });
      return response(201).json({ created_count: rows.length });
    }),
  ];
  return { products: store, handlers };
}

/** `GET /products/{id}` failing: a 404 'Product not found'. */
export function productDetailNotFoundHandler() {
  return http.get('/products/{id}', ({ response }) =>
    response(404).json(problem('Product not found', 'NOT_FOUND')),
  );
}
