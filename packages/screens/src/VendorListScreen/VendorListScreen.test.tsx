import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { meHandler, plainUser } from '../test/handlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import {
  buildVendorList,
  createVendorApi,
  legacyPrint,
  officeDirect,
  techSupplies,
  vendorListFailureHandler,
  vendorListPendingHandler,
} from '../test/vendorHandlers';
import { asPhone } from '../test/viewport';
import type { VendorListSearch } from './searchParams';
import { VendorListScreen, type VendorListSearchChangeOptions } from './VendorListScreen';

type OnSearchChange = (next: VendorListSearch, options?: VendorListSearchChangeOptions) => void;

/** Holds the URL state like a host router would, and reports every change. */
function Harness({ initial, onChange }: { initial: VendorListSearch; onChange: OnSearchChange }) {
  const [search, setSearch] = useState(initial);
  return (
    <VendorListScreen
      search={search}
      onSearchChange={(next, options) => {
        onChange(next, options);
        setSearch(next);
      }}
    />
  );
}

function renderList(initial: VendorListSearch = {}) {
  const onChange = vi.fn<OnSearchChange>();
  const rendered = renderScreen(<Harness initial={initial} onChange={onChange} />, { signedIn: true });
  return { ...rendered, onChange };
}

function rowOf(name: string) {
  const row = screen.getByRole('rowheader', { name }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('VendorListScreen', () => {
  it('lists the active vendors by name with contact, email, place, terms, currency and status', async () => {
    server.use(...createVendorApi().handlers);
    renderList();
    const link = await screen.findByRole('link', { name: techSupplies.name });
    expect(link).toHaveAttribute('href', `/vendors/${techSupplies.id}`);
    const row = rowOf(techSupplies.name);
    expect(within(row).getByText('Priya Raman')).toBeInTheDocument();
    expect(within(row).getByText('orders@techsupplies.test')).toBeInTheDocument();
    expect(within(row).getByText('Sydney, Australia')).toBeInTheDocument();
    expect(within(row).getByText('Net 30')).toBeInTheDocument();
    // No currency of its own: the organisation's base currency.
    expect(within(row).getByText('AUD (base)')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: legacyPrint.name })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Vendors 3 in total' })).toBeInTheDocument();
  });

  it('offers New Vendor and Edit to a holder of vendor.manage', async () => {
    server.use(...createVendorApi().handlers);
    renderList();
    await screen.findByRole('link', { name: techSupplies.name });
    expect(screen.getByRole('link', { name: 'New Vendor' })).toHaveAttribute('href', '/vendors/new');
    expect(
      within(rowOf(officeDirect.name)).getByRole('link', { name: `Edit ${officeDirect.name}` }),
    ).toHaveAttribute('href', `/vendors/${officeDirect.id}/edit`);
  });

  it('shows a plain user the list without New Vendor or Edit', async () => {
    server.use(meHandler(plainUser), ...createVendorApi().handlers);
    renderList();
    await screen.findByRole('link', { name: techSupplies.name });
    expect(screen.queryByRole('link', { name: 'New Vendor' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
    expect(
      within(rowOf(techSupplies.name)).getByRole('link', { name: `View ${techSupplies.name}` }),
    ).toBeInTheDocument();
  });

  it('searches name and email on the server and keeps the text in the URL', async () => {
    server.use(...createVendorApi().handlers);
    const { user, onChange } = renderList();
    await screen.findByRole('link', { name: techSupplies.name });
    await user.type(screen.getByRole('searchbox', { name: 'Search vendors' }), 'officedirect');
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({ search: 'officedirect' }, { replace: true }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('rowheader', { name: techSupplies.name })).not.toBeInTheDocument(),
    );
    expect(rowOf(officeDirect.name)).toBeInTheDocument();
  });

  it('switches to the inactive vendors, then to all of them, writing the status to the URL', async () => {
    server.use(...createVendorApi().handlers);
    const { user, onChange } = renderList();
    await screen.findByRole('link', { name: techSupplies.name });
    await user.click(screen.getByRole('radio', { name: 'Inactive' }));
    expect(onChange).toHaveBeenLastCalledWith({ status: 'inactive' }, undefined);
    expect(await screen.findByRole('rowheader', { name: legacyPrint.name })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: techSupplies.name })).not.toBeInTheDocument();
    expect(within(rowOf(legacyPrint.name)).getByText('Inactive')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(await screen.findByRole('rowheader', { name: techSupplies.name })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Vendors 4 in total' })).toBeInTheDocument();
  });

  it('pages 25 vendors at a time from a bookmarked page', async () => {
    server.use(...createVendorApi(buildVendorList(60)).handlers);
    renderList({ status: 'all', page: 3 });
    expect(await screen.findByRole('rowheader', { name: 'Vendor 051' })).toBeInTheDocument();
    expect(screen.getAllByRole('rowheader')).toHaveLength(10);
    expect(screen.getByRole('navigation', { name: 'Vendor pages' })).toBeInTheDocument();
  });

  it('says when nothing matches, and Clear brings back the active vendors', async () => {
    server.use(...createVendorApi().handlers);
    const { user, onChange } = renderList({ search: 'forklift' });
    expect(await screen.findByText('No vendors match your search.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(onChange).toHaveBeenLastCalledWith({}, undefined);
    expect(await screen.findByRole('rowheader', { name: techSupplies.name })).toBeInTheDocument();
  });

  it('invites a manager to add the first vendor of an empty organisation', async () => {
    server.use(...createVendorApi([]).handlers);
    renderList();
    expect(await screen.findByText('No vendors yet')).toBeInTheDocument();
    // In the heading and in the empty state.
    expect(screen.getAllByRole('link', { name: 'New Vendor' })).toHaveLength(2);
  });

  it('announces the load, and offers Retry when it fails', async () => {
    server.use(vendorListPendingHandler());
    const first = renderList();
    expect(await screen.findByText('Loading vendors')).toBeInTheDocument();
    first.unmount();
    server.use(vendorListFailureHandler());
    renderList();
    expect(await screen.findByText('Failed to load vendors. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows each vendor as a card on a phone', async () => {
    const phone = asPhone();
    try {
      server.use(...createVendorApi().handlers);
      renderList();
      const card = await screen.findByRole('article', { name: techSupplies.name });
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(within(card).getByText('Active')).toBeInTheDocument();
      expect(within(card).getByText('orders@techsupplies.test')).toBeInTheDocument();
    } finally {
      phone.restore();
    }
  });
});
