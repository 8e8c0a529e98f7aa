import type { Schemas } from '@purchasing/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, meHandler, plainUser } from '../test/handlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { createVendorApi, legacyPrint, officeDirect, techSupplies } from '../test/vendorHandlers';
import { VendorFormScreen } from './VendorFormScreen';

/** Serves the vendors and records every body sent to create or update one. */
function serve() {
  const bodies: unknown[] = [];
  const api = createVendorApi(undefined, { onWrite: (body) => bodies.push(body) });
  server.use(...api.handlers);
  return { api, bodies };
}

function renderForm(vendorId?: string) {
  return renderScreen(<VendorFormScreen vendorId={vendorId} />, { signedIn: true });
}

describe('VendorFormScreen: a new vendor', () => {
  it('creates a vendor with every field, blanks sent as null, then opens its page', async () => {
    const { bodies, api } = serve();
    const { user, navigate } = renderForm();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.type(name, '  Southern Cross Couriers ');
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'accounts@sccouriers.example');
    await user.type(screen.getByRole('textbox', { name: /^Website/ }), 'sccouriers.example');
    await user.type(screen.getByRole('textbox', { name: /^Tax Number/ }), 'ABN 33 102 417 032');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Docklands');
    await user.click(screen.getByRole('combobox', { name: /Payment Terms/ }));
    await user.click(screen.getByRole('option', { name: 'Net 30' }));
    await user.click(screen.getByRole('combobox', { name: /Currency/ }));
    await user.click(screen.getByRole('option', { name: 'EUR Euro' }));
    await user.click(screen.getByRole('button', { name: 'Create Vendor' }));
    expect(await screen.findByText('Southern Cross Couriers created')).toBeInTheDocument();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      name: 'Southern Cross Couriers',
      contact_name: null,
      email: 'accounts@sccouriers.example',
      phone: null,
      website: 'https://sccouriers.example',
      address: null,
      city: 'Docklands',
      state_province: null,
      postal_code: null,
      country: null,
      payment_terms: 'Net 30',
      tax_number: 'ABN 33 102 417 032',
      currency: 'EUR',
    });
    const created = api.vendors.find((vendor) => vendor.name === 'Southern Cross Couriers');
    expect(navigate).toHaveBeenCalledWith(`/vendors/${created?.id}`, { replace: true });
  });

  it('offers the base currency as the empty choice, and sends it as null', async () => {
    const { bodies } = serve();
    const { user } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Harbour Print');
    expect(screen.getByRole('combobox', { name: /Currency/ })).toHaveTextContent(
      "Organization's base currency (AUD)",
    );
    await user.click(screen.getByRole('button', { name: 'Create Vendor' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ name: 'Harbour Print', currency: null, payment_terms: null });
  });

  it('requires a name and checks the email before asking the server', async () => {
    const { bodies } = serve();
    const { user } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Create Vendor' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveFocus());
    expect(bodies).toEqual([]);
  });

  it('shows a name already taken (409) on the Name field and stays on the form', async () => {
    serve();
    const { user, navigate } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'tech supplies pty ltd');
    await user.click(screen.getByRole('button', { name: 'Create Vendor' }));
    const name = screen.getByRole('textbox', { name: /^Name/ });
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('A vendor named tech supplies pty ltd already exists');
    await waitFor(() => expect(name).toHaveFocus());
    expect(navigate).not.toHaveBeenCalled();
  });

  it('asks before discarding what was typed on Cancel', async () => {
    serve();
    const { user, navigate } = renderForm();
    await user.type(await screen.findByRole('textbox', { name: /^Name/ }), 'Half typed');
    expect(screen.getByText('You have unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard changes' }));
    expect(navigate).toHaveBeenCalledWith('/vendors');
  });

  it('tells a user without vendor.manage that they may not', async () => {
    server.use(meHandler(plainUser), ...createVendorApi().handlers);
    renderForm();
    expect(await screen.findByText("You don't have permission to manage vendors.")).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

describe('VendorFormScreen: an existing vendor', () => {
  it('starts from the vendor, sends every field and opens its page', async () => {
    const { bodies } = serve();
    const { user, navigate } = renderForm(techSupplies.id);
    expect(
      await screen.findByRole('heading', { level: 1, name: `Edit ${techSupplies.name}` }),
    ).toBeInTheDocument();
    const phone = screen.getByRole('textbox', { name: /^Phone/ });
    expect(phone).toHaveValue(techSupplies.phone);
    expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await user.clear(phone);
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(`${techSupplies.name} updated`)).toBeInTheDocument();
    expect(bodies).toEqual([
      expect.objectContaining({ name: techSupplies.name, phone: null, email: techSupplies.email }),
    ]);
    expect(bodies[0]).not.toHaveProperty('is_active');
    expect(navigate).toHaveBeenCalledWith(`/vendors/${techSupplies.id}`, { replace: true });
  });

  it('renaming onto another vendor shows the 409 on Name', async () => {
    serve();
    const { user } = renderForm(techSupplies.id);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, officeDirect.name.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription(
      `A vendor named ${officeDirect.name.toUpperCase()} already exists`,
    );
  });

  it('deactivates after a confirmation, then offers Reactivate', async () => {
    const { api } = serve();
    const { user } = renderForm(officeDirect.id);
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Deactivate vendor?' });
    expect(dialog).toHaveTextContent("Orders already raised keep Office Direct; new orders can't use it.");
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Office Direct deactivated')).toBeInTheDocument();
    expect(api.vendors.find((vendor) => vendor.id === officeDirect.id)?.is_active).toBe(false);
    expect(await screen.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
    expect(screen.getByText('Inactive')).toBeInTheDocument();
  });

  it('reactivates an inactive vendor with its own fields', async () => {
    const { api, bodies } = serve();
    const { user } = renderForm(legacyPrint.id);
    await user.click(await screen.findByRole('button', { name: 'Reactivate' }));
    expect(await screen.findByText('Legacy Print Co reactivated')).toBeInTheDocument();
    expect(bodies).toEqual([expect.objectContaining({ name: legacyPrint.name, is_active: true })]);
    expect(api.vendors.find((vendor) => vendor.id === legacyPrint.id)?.is_active).toBe(true);
  });

  it("says 'Vendor not found' for an unknown vendor", async () => {
    server.use(
      http.get('/vendors/{id}', ({ response }) =>
        response(404).json({
          message: 'Vendor not found',
          code: 'NOT_FOUND',
          details: [],
        } satisfies Schemas['ErrorResponse']),
      ),
    );
    renderForm('00000000-0000-4000-8000-000000000999');
    expect(await screen.findByText('Vendor not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Vendors' })).toHaveAttribute('href', '/vendors');
  });
});
