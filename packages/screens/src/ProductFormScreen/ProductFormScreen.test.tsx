import type { Schemas } from '@purchasing/api-client';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meHandler, plainUser } from '../test/handlers';
import { copyPaper, createProductApi } from '../test/productHandlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { createVendorApi, officeDirect, techSupplies } from '../test/vendorHandlers';
import { ProductFormScreen } from './ProductFormScreen';

/** Serves the catalogue and the vendors, and records every body sent to create or update a product. */
function serve() {
  const bodies: Schemas['ProductInput'][] = [];
  const api = createProductApi(undefined, { onWrite: (body) => bodies.push(body) });
  server.use(...api.handlers, ...createVendorApi().handlers);
  return { api, bodies };
}

function renderForm(productId?: string) {
  return renderScreen(<ProductFormScreen productId={productId} />, { signedIn: true });
}

type User = ReturnType<typeof renderForm>['user'];

const priceRow = (n: number) => screen.getByRole('group', { name: `Price ${n}` });

async function choose(user: User, combobox: HTMLElement, option: string) {
  await user.click(combobox);
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Sets a date field (jsdom's date inputs take a whole value). */
function setDate(row: HTMLElement, label: 'From' | 'To', value: string) {
  const input = within(row).getByLabelText(new RegExp(`^${label}`));
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

describe('ProductFormScreen: a new product', () => {
  it('sends the product with a vendor price (blanks as null, the price in the product currency), then returns to the list', async () => {
    const { bodies, api } = serve();
    const { user, navigate } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), '  Stapler ');
    await user.type(screen.getByRole('textbox', { name: /^SKU/ }), 'STA-1');
    await user.type(screen.getByRole('textbox', { name: /^List Price/ }), '12.5');
    await choose(user, screen.getByRole('combobox', { name: /^Unit of Measure/ }), 'box');
    await choose(user, screen.getByRole('combobox', { name: /^Preferred Vendor/ }), officeDirect.name);
    await user.click(screen.getByRole('button', { name: 'Add Price' }));
    await choose(user, within(priceRow(1)).getByRole('combobox', { name: /^Vendor/ }), officeDirect.name);
    await user.type(within(priceRow(1)).getByRole('textbox', { name: /^Price/ }), '11.90');
    setDate(priceRow(1), 'From', '2026-07-01');
    setDate(priceRow(1), 'To', '2026-12-31');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Product Stapler created')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        name: 'Stapler',
        sku: 'STA-1',
        description: null,
        category: null,
        unit_of_measure: 'box',
        unit_price: 12.5,
        currency: 'AUD',
        vendor_id: officeDirect.id,
        prices: [
          {
            vendor_id: officeDirect.id,
            unit_price: 11.9,
            currency: 'AUD',
            effective_from: '2026-07-01',
            effective_to: '2026-12-31',
          },
        ],
      },
    ]);
    expect(api.products.some((product) => product.name === 'Stapler')).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/products', { replace: true });
  });

  it('checks the fields before asking the server', async () => {
    const { bodies } = serve();
    const { user } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: /^List Price/ }), '12.345');
    await user.click(screen.getByRole('button', { name: 'Add Price' }));
    setDate(priceRow(1), 'From', '2026-07-01');
    setDate(priceRow(1), 'To', '2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getAllByText('Enter a price of 0 or more, with at most 2 decimals')).toHaveLength(2);
    expect(within(priceRow(1)).getByText('Choose a vendor')).toBeInTheDocument();
    expect(within(priceRow(1)).getByLabelText(/^To/)).toHaveAccessibleDescription(
      expect.stringContaining('The last day cannot be before the first day'),
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveFocus());
    expect(bodies).toEqual([]);
  });

  it('shows a name already taken (409) on the Name field and stays on the form', async () => {
    serve();
    const { user, navigate } = renderForm();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.type(name, 'copy paper a4');
    await user.type(screen.getByRole('textbox', { name: /^List Price/ }), '4');
    await user.click(screen.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('A product named copy paper a4 already exists');
    await waitFor(() => expect(name).toHaveFocus());
    expect(navigate).not.toHaveBeenCalled();
  });

  it('asks before discarding what was typed on Cancel', async () => {
    serve();
    const { user, navigate } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Half typed');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    expect(navigate).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(navigate).toHaveBeenCalledWith('/products');
  });

  it('tells a user without product.manage that they may not', async () => {
    server.use(meHandler(plainUser), ...createProductApi().handlers, ...createVendorApi().handlers);
    renderForm();
    expect(await screen.findByText('You do not have permission to manage products.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Product' })).not.toBeInTheDocument();
  });
});

describe('ProductFormScreen: an existing product', () => {
  it('starts from the product and its vendor prices, Save off until something changes', async () => {
    serve();
    renderForm(copyPaper.id);
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue(copyPaper.name);
    expect(screen.getByRole('textbox', { name: /^SKU/ })).toHaveValue('PAP-A4');
    expect(screen.getByRole('textbox', { name: /^List Price/ })).toHaveValue('32.5');
    await waitFor(() =>
      expect(within(priceRow(1)).getByRole('combobox', { name: /^Vendor/ })).toHaveTextContent(
        officeDirect.name,
      ),
    );
    expect(within(priceRow(1)).getByRole('textbox', { name: /^Price/ })).toHaveValue('30.9');
    expect(within(priceRow(1)).getByLabelText(/^From/)).toHaveValue('2026-01-01');
    expect(within(priceRow(1)).getByLabelText(/^To/)).toHaveValue('');
    expect(within(priceRow(2)).getByRole('combobox', { name: /^Vendor/ })).toHaveTextContent(
      techSupplies.name,
    );
    expect(within(priceRow(2)).getByLabelText(/^To/)).toHaveValue('2025-12-31');
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
  });

  it('removes one price row and adds another, sending the prices whole', async () => {
    const { bodies } = serve();
    const { user, navigate } = renderForm(copyPaper.id);
    await screen.findByRole('group', { name: 'Price 2' });
    await user.click(screen.getByRole('button', { name: 'Remove price 2' }));
    expect(screen.queryByRole('group', { name: 'Price 2' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Price' }));
    await choose(user, within(priceRow(2)).getByRole('combobox', { name: /^Vendor/ }), techSupplies.name);
    await user.type(within(priceRow(2)).getByRole('textbox', { name: /^Price/ }), '29');
    setDate(priceRow(2), 'From', '2027-01-01');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Product Copy paper A4 updated')).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.prices).toEqual([
      {
        vendor_id: officeDirect.id,
        unit_price: 30.9,
        currency: 'AUD',
        effective_from: '2026-01-01',
        effective_to: null,
      },
      {
        vendor_id: techSupplies.id,
        unit_price: 29,
        currency: 'AUD',
        effective_from: '2027-01-01',
        effective_to: null,
      },
    ]);
    expect(navigate).toHaveBeenCalledWith('/products', { replace: true });
  });

  it('renaming onto another product shows the 409 on Name', async () => {
    serve();
    const { user } = renderForm(copyPaper.id);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, 'LAPTOP 14"');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('A product named LAPTOP 14" already exists');
  });

  it('deactivates only after the confirmation', async () => {
    const { api } = serve();
    const { user } = renderForm(copyPaper.id);
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate product?' });
    expect(api.products.find((product) => product.id === copyPaper.id)?.is_active).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Product Copy paper A4 deactivated')).toBeInTheDocument();
    expect(api.products.find((product) => product.id === copyPaper.id)?.is_active).toBe(false);
  });
});
