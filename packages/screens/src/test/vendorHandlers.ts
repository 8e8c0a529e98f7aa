/**
 * Vendor handlers for the screens' tests and stories (issue 16 item 1): an in-memory store of vendors
 * that acts like the server (search over name and email, inactive ones only when asked, names unique
 * whatever their case with a 409 on the name, deactivation) and the spend figures. Put them before the
 * purchase-order handlers, whose `GET /vendors` they replace.
 */
import type { Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import { http } from './handlers';
import { vendors } from './purchaseOrderFixtures';

type Vendor = Schemas['Vendor'];
type VendorSpend = Schemas['VendorSpend'];

export { legacyPrint, northwindFreight, officeDirect, techSupplies, vendors } from './purchaseOrderFixtures';

function problem(message: string, code: Schemas['ErrorCode'], details: Schemas['ErrorDetail'][] = []) {
  return { message, code, details };
}

/** The spend of the default handlers: two orders, one open, in AUD. */
export const defaultVendorSpend: VendorSpend = {
  currency: 'AUD',
  order_count: 2,
  open_order_count: 1,
  committed_amount: 8915.71,
  received_amount: 2420,
  last_order_at: '2026-11-22T00:31:17.902Z',
};

/** `count` vendors named 'Vendor 001'… with a few inactive, for paging. */
export function buildVendorList(count: number): Vendor[] {
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const label = String(n).padStart(3, '0');
    return {
      ...vendors[0],
      id: `00000000-0000-4000-8000-${String(9000 + n).padStart(12, '0')}`,
      name: `Vendor ${label}`,
      email: `orders@vendor${label}.test`,
      is_active: n % 7 !== 0,
    } as Vendor;
  });
}

/** Options of {@link createVendorApi}. */
export interface VendorApiOptions {
  /** The figures `GET /vendors/{id}/spend` answers (default {@link defaultVendorSpend}). */
  spend?: VendorSpend;
  /** Sees the body of every `POST /vendors` and `PUT /vendors/{id}` (to check what a screen sends). */
  onWrite?: (body: unknown) => void;
}

const nameTaken = (name: string) => {
  const message = `A vendor named ${name} already exists`;
  return problem(message, 'VENDOR_NAME_TAKEN', [{ field: 'name', message }]);
};

/** Handlers over an in-memory list of vendors (default: the purchase-order fixtures' four). */
export function createVendorApi(initial: Vendor[] = vendors, options: VendorApiOptions = {}) {
  const store = initial.map((vendor) => ({ ...vendor }));
  let next = 0;
  const find = (id: string) => store.find((vendor) => vendor.id === id);
  const clash = (name: string, id?: string) =>
    store.some((vendor) => vendor.id !== id && vendor.name.toLowerCase() === name.trim().toLowerCase());
  const notFound = problem('Vendor not found', 'NOT_FOUND');
  const handlers = [
    http.get('/vendors', ({ request, response }) => {
      const params = new URL(request.url).searchParams;
      const inactive = params.get('include_inactive') === 'true';
      const search = params.get('search')?.toLowerCase() ?? '';
      const listed = store
        .filter(
          (vendor) =>
            (inactive || vendor.is_active) &&
            (search === '' || `${vendor.name} ${vendor.email ?? ''}`.toLowerCase().includes(search)),
        )
        .sort((a, b) => a.name.localeCompare(b.name));
      return response(200).json({ vendors: listed });
    }),
    http.get('/vendors/{id}', ({ params, response }) => {
      const vendor = find(params.id);
      return vendor ? response(200).json({ vendor }) : response(404).json(notFound);
    }),
    http.get('/vendors/{id}/spend', ({ params, response }) =>
      find(params.id)
        ? response(200).json({ spend: options.spend ?? defaultVendorSpend })
        : response(404).json(notFound),
    ),
    http.post('/vendors', async ({ request, response }) => {
      const body = await request.json();
      options.onWrite?.(body);
      if (clash(body.name)) return response(409).json(nameTaken(body.name.trim()));
      next += 1;
      const vendor: Vendor = {
        ...body,
        id: `00000000-0000-4000-8000-${String(9500 + next).padStart(12, '0')}`,
        name: body.name.trim(),
        contact_name: body.contact_name ?? null,
        email: body.email ?? null,
        phone: body.phone ?? null,
        website: body.website ?? null,
        address: body.address ?? null,
        city: body.city ?? null,
        state_province: body.state_province ?? null,
        postal_code: body.postal_code ?? null,
        country: body.country ?? null,
        payment_terms: body.payment_terms ?? null,
        tax_number: body.tax_number ?? null,
        currency: body.currency ?? null,
        is_active: true,
        created_at: new Date().toISOString(),
      };
      store.push(vendor);
      return response(201).json({ vendor });
    }),
    http.put('/vendors/{id}', async ({ params, request, response }) => {
      const vendor = find(params.id);
      if (!vendor) return response(404).json(notFound);
      const body = await request.json();
      options.onWrite?.(body);
      if (clash(body.name, vendor.id)) return response(409).json(nameTaken(body.name.trim()));
      for (const key of Object.keys(vendor) as (keyof Vendor)[]) {
        if (key === 'id' || key === 'created_at' || key === 'is_active') continue;
        Object.assign(vendor, { [key]: (body as Record<string, unknown>)[key] ?? null });
      }
      vendor.name = body.name.trim();
      if (body.is_active !== undefined) vendor.is_active = body.is_active;
      return response(200).json({ vendor });
    }),
    http.delete('/vendors/{id}', ({ params, response }) => {
      const vendor = find(params.id);
      if (!vendor) return response(404).json(notFound);
      vendor.is_active = false;
      return response(204).empty();
    }),
  ];
  return { vendors: store, handlers };
}

/** `GET /vendors` failing: a 500. */
export function vendorListFailureHandler() {
  return http.get('/vendors', ({ response }) =>
    response(500).json(problem('Something went wrong', 'INTERNAL_ERROR')),
  );
}

/** `GET /vendors` that never answers (loading state). */
export function vendorListPendingHandler() {
  return http.get('/vendors', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ vendors: [] });
  });
}

/** `GET /vendors/{id}` failing: a 404 'Vendor not found' by default, or a 500. */
export function vendorDetailErrorHandler(status: 404 | 500 = 404) {
  return http.get('/vendors/{id}', ({ response }) =>
    status === 404
      ? response(404).json(problem('Vendor not found', 'NOT_FOUND'))
      : response(500).json(problem('Something went wrong', 'INTERNAL_ERROR')),
  );
}
