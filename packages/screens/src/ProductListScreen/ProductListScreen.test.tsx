import type { Schemas } from '@purchasing/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, meHandler, plainUser } from '../test/handlers';
import { renderScreen } from '../test/render';
import { products } from '../test/requisitionFixtures';
import { server } from '../test/server';
import { ProductListScreen } from './ProductListScreen';
import { parseProductImport } from './productImport';

type Product = Schemas['Product'];

const withPrice: Product = {
  ...products[1]!,
  prices: [
    {
      id: '00000000-0000-4000-8000-000000000901',
      vendor: { id: '00000000-0000-4000-8000-000000000802', name: 'Office Direct' },
      unit_price: 30.9,
      currency: 'AUD',
      effective_from: '2026-01-01',
      effective_to: null,
      is_current: true,
    },
  ],
};

function catalogue(list: Product[]) {
  return http.get('/products', ({ response }) => response(200).json({ products: list }));
}

function rowOf(name: string) {
  const row = screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr');
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

describe('ProductListScreen', () => {
  it('lists the products with SKU, category, unit, price, preferred vendor and current vendor prices', async () => {
    server.use(catalogue([products[0]!, withPrice]));
    renderScreen(<ProductListScreen search={{}} onSearchChange={() => {}} />, { signedIn: true });
    const link = await screen.findByRole('link', { name: withPrice.name });
    expect(link).toHaveAttribute('href', `/products/${withPrice.id}/edit`);
    const row = rowOf(withPrice.name);
    expect(within(row).getByText('PAP-A4')).toBeInTheDocument();
    expect(within(row).getByText('Stationery')).toBeInTheDocument();
    expect(within(row).getByText(/Office Direct: .*30\.90/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New Product' })).toHaveAttribute('href', '/products/new');
    expect(screen.getByRole('button', { name: 'Import Products' })).toBeInTheDocument();
  });

  it('shows a plain user the list without New Product, Import or edit links', async () => {
    server.use(meHandler(plainUser), catalogue([withPrice]));
    renderScreen(<ProductListScreen search={{}} onSearchChange={() => {}} />, { signedIn: true });
    await waitFor(() => expect(rowOf(withPrice.name)).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'New Product' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import Products' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: withPrice.name })).not.toBeInTheDocument();
  });
});

describe('parseProductImport', () => {
  it('reads rows by a case-insensitive header, skipping blank lines and blank cells', () => {
    const parsed = parseProductImport('\uFEFFName,SKU,Unit_Price\nPaper,PAP,4.50\n\nPens,,2\n');
    expect(parsed).toEqual({
      fileErrors: [],
      rows: [
        { name: 'Paper', sku: 'PAP', unit_price: '4.50' },
        { name: 'Pens', unit_price: '2' },
      ],
    });
  });

  it('refuses a file without a name column or with unknown columns', () => {
    expect(parseProductImport('sku,colour\nA,red\n').fileErrors).toEqual([
      'Missing column: name.',
      'Unknown columns: colour.',
      'The first line must name the columns: name, sku, description, category, unit_of_measure, unit_price, currency, vendor.',
    ]);
  });
});
