import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, meHandler, plainUser } from '../test/handlers';
import { buildPurchaseOrder, createPurchaseOrderApi, toPoVendor } from '../test/purchaseOrderHandlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import {
  createVendorApi,
  legacyPrint,
  northwindFreight,
  techSupplies,
  vendorDetailErrorHandler,
} from '../test/vendorHandlers';
import { VendorDetailScreen } from './VendorDetailScreen';

/** The vendors, and seven orders to Tech Supplies (and one to another vendor). */
function serve(options: { me?: Parameters<typeof meHandler>[0] } = {}) {
  const orders = [
    ...Array.from({ length: 7 }, (_, index) =>
      buildPurchaseOrder(index + 1, {
        created_at: `2026-11-${String(20 - index).padStart(2, '0')}T09:00:00.000Z`,
      }),
    ),
    buildPurchaseOrder(8, { vendor: toPoVendor(northwindFreight) }),
  ];
  const listed: URL[] = [];
  server.use(
    ...(options.me ? [meHandler(options.me)] : []),
    ...createVendorApi().handlers,
    ...createPurchaseOrderApi(orders, { onList: (url) => listed.push(url) }).handlers,
  );
  return { listed };
}

function renderDetail(vendorId: string) {
  return renderScreen(<VendorDetailScreen vendorId={vendorId} />, { signedIn: true });
}

describe('VendorDetailScreen', () => {
  it('shows the name, status, contact, address and terms, with Edit for a manager', async () => {
    serve();
    renderDetail(techSupplies.id);
    expect(await screen.findByRole('heading', { level: 1, name: techSupplies.name })).toBeInTheDocument();
    expect(screen.getByText('Active')).toBeInTheDocument();
    const contact = screen.getByRole('region', { name: 'Contact' });
    expect(within(contact).getByRole('link', { name: 'orders@techsupplies.test' })).toHaveAttribute(
      'href',
      'mailto:orders@techsupplies.test',
    );
    expect(within(contact).getByRole('link', { name: 'techsupplies.test' })).toHaveAttribute(
      'href',
      'https://techsupplies.test',
    );
    expect(
      within(screen.getByRole('region', { name: 'Address' })).getByText('Level 4, 88 George Street'),
    ).toBeInTheDocument();
    const terms = screen.getByRole('region', { name: 'Terms' });
    expect(within(terms).getByText('Net 30')).toBeInTheDocument();
    expect(within(terms).getByText(/AUD/)).toBeInTheDocument();
    expect(within(terms).getByText('Not specified')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `/vendors/${techSupplies.id}/edit`,
    );
  });

  it('shows the four figures in the base currency and the date of the last order', async () => {
    serve();
    renderDetail(techSupplies.id);
    const spend = await screen.findByRole('region', { name: 'Orders and Spend' });
    expect(await within(spend).findByText('$8,915.71')).toBeInTheDocument();
    expect(within(spend).getByText('$2,420.00')).toBeInTheDocument();
    expect(within(spend).getByText('2')).toBeInTheDocument();
    expect(within(spend).getByText('1')).toBeInTheDocument();
    expect(within(spend).getByText('22 Nov 2026')).toBeInTheDocument();
  });

  it("lists the vendor's five latest orders, each a link, and links to all of them", async () => {
    const { listed } = serve();
    renderDetail(techSupplies.id);
    const panel = await screen.findByRole('region', { name: 'Recent Orders' });
    const items = await within(panel).findAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(items[0] as HTMLElement).getByRole('link', { name: 'PO-2026-00001' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/purchase-orders\/.+/),
    );
    expect(within(panel).getByRole('link', { name: /View all orders \(7\)/ })).toHaveAttribute(
      'href',
      `/purchase-orders?vendor_id=${techSupplies.id}`,
    );
    expect(listed[0]?.searchParams.getAll('vendor_id')).toEqual([techSupplies.id]);
    expect(listed[0]?.searchParams.get('limit')).toBe('5');
  });

  it('leaves out orders and spend for a member without purchase_order.view, and asks nothing about them', async () => {
    const guest = {
      ...plainUser,
      user_organizations: plainUser.user_organizations.map((membership) => ({
        ...membership,
        role: {
          ...membership.role,
          permissions: membership.role.permissions.filter((p) => p.name !== 'purchase_order.view'),
        },
      })),
    };
    const { listed } = serve({ me: guest });
    let spendAsked = false;
    server.use(
      http.get('/vendors/{id}/spend', ({ response }) => {
        spendAsked = true;
        return response(403).json({ message: 'Forbidden', code: 'FORBIDDEN', details: [] });
      }),
    );
    renderDetail(techSupplies.id);
    expect(await screen.findByRole('heading', { level: 1, name: techSupplies.name })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Orders and Spend' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Recent Orders' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(spendAsked).toBe(false);
    expect(listed).toEqual([]);
  });

  it('marks an inactive vendor', async () => {
    serve();
    renderDetail(legacyPrint.id);
    expect(await screen.findByRole('heading', { level: 1, name: legacyPrint.name })).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
    expect(
      screen.getByText("Inactive: orders already raised keep this vendor; new orders can't use it."),
    ).toBeInTheDocument();
  });

  it("says 'Vendor not found' with a way back, or offers Retry when the load fails", async () => {
    server.use(vendorDetailErrorHandler(404));
    const first = renderDetail(techSupplies.id);
    expect(await screen.findByText('Vendor not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Vendors' })).toHaveAttribute('href', '/vendors');
    first.unmount();
    server.use(vendorDetailErrorHandler(500));
    renderDetail(techSupplies.id);
    expect(await screen.findByText('Failed to load the vendor. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
