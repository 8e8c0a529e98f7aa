import type { Schemas } from '@purchasing/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { http, organizationsHandler } from '../test/handlers';
import { renderScreen } from '../test/render';
import { choose, fillValidForm, line, setupCreate } from '../test/requisitionForm';
import { costCenters, glAccounts, products } from '../test/requisitionHandlers';
import { server } from '../test/server';
import { budgetLevel } from './BudgetCheck';
import { CreateRequisitionScreen } from './RequisitionFormScreen';
import { requisitionFormSchema } from './requisitionFormSchema';

type RequisitionInput = Schemas['RequisitionInput'];

describe('CreateRequisitionScreen', () => {
  it('asks to select an organization when the user has none', async () => {
    server.use(organizationsHandler([]));
    renderScreen(<CreateRequisitionScreen />, { signedIn: true });
    expect(
      await screen.findByText('Please select an organization to create a requisition'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('starts with category standard and one line of quantity 1, price 0, unit each', async () => {
    setupCreate();
    await screen.findByRole('heading', { name: 'Basic Information' });
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveTextContent('Standard');
    expect(within(line(1)).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('1');
    expect(within(line(1)).getByRole('spinbutton', { name: 'Unit Price' })).toHaveValue('0.00');
    expect(within(line(1)).getByRole('combobox', { name: 'Unit of Measure' })).toHaveTextContent('each');
    expect(screen.getByText('$0.00', { selector: '[role="status"]' })).toBeInTheDocument();
  });

  it('shows every validation message of the form and sends nothing', async () => {
    const { user, calls, navigate } = setupCreate();
    const item = await screen.findByRole('group', { name: 'Item 1' });
    await user.clear(within(item).getByRole('spinbutton', { name: 'Quantity' }));
    const price = within(item).getByRole('spinbutton', { name: 'Unit Price' });
    await user.clear(price);
    await user.type(price, '-5');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    for (const message of [
      'Cost center is required',
      'GL account is required',
      'Description is required',
      'Quantity must be at least 1',
      'Unit price cannot be negative',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    const costCenter = screen.getByRole('combobox', { name: 'Cost Center' });
    await waitFor(() => expect(costCenter).toHaveFocus());
    expect(calls).toEqual([]);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('requires a unit of measure on every line', () => {
    const result = requisitionFormSchema.shape.line_items.element.shape.unit_of_measure.safeParse(null);
    expect(result.error?.issues[0]?.message).toBe('Unit of measure is required');
  });

  it("shows the server's unit of measure message on the line it names", async () => {
    const { user } = setupCreate(
      http.post('/requisitions', ({ response }) =>
        response(400).json({
          message: 'Unit of measure is required',
          code: 'VALIDATION_FAILED',
          details: [{ field: 'line_items[0].unit_of_measure', message: 'Unit of measure is required' }],
        }),
      ),
    );
    await screen.findByRole('group', { name: 'Item 1' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await within(line(1)).findByText('Unit of measure is required')).toBeInTheDocument();
    expect(within(line(1)).getByRole('combobox', { name: 'Unit of Measure' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('requires at least one line item', () => {
    const result = requisitionFormSchema.safeParse({
      cost_center_id: 'cc',
      gl_account_id: 'gl',
      category: 'standard',
      delivery_date: null,
      justification: '',
      shipping_address: '',
      notes: '',
      currency: 'AUD',
      line_items: [],
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'At least one line item is required',
    ]);
  });

  it('refuses a delivery date in the past', () => {
    const result = requisitionFormSchema.shape.delivery_date.safeParse('2020-01-01');
    expect(result.error?.issues[0]?.message).toBe('Delivery date cannot be in the past');
  });

  it('offers Remove only while there is more than one line', async () => {
    const { user } = setupCreate();
    await screen.findByRole('group', { name: 'Item 1' });
    expect(screen.queryByRole('button', { name: /^Remove Item/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(within(line(2)).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('1');
    expect(within(line(2)).getByRole('combobox', { name: 'Unit of Measure' })).toHaveTextContent('each');
    expect(screen.getByRole('button', { name: 'Remove Item 1' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Item 2' }));
    expect(screen.queryByRole('group', { name: 'Item 2' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove Item/ })).not.toBeInTheDocument();
  });

  it('prefills a line from the product search and keeps the product id', async () => {
    const { user, calls } = setupCreate();
    const item = await screen.findByRole('group', { name: 'Item 1' });
    await user.type(within(item).getByRole('combobox', { name: 'Product' }), 'pap');
    await user.click(await screen.findByRole('option', { name: /Copy paper A4/ }));

    expect(within(item).getByRole('textbox', { name: 'Description' })).toHaveValue('Copy paper A4');
    expect(within(item).getByRole('spinbutton', { name: 'Unit Price' })).toHaveValue('32.50');
    expect(within(item).getByRole('combobox', { name: 'Unit of Measure' })).toHaveTextContent('box');
    expect(within(item).getByText('Catalogue item: Copy paper A4 (PAP-A4)')).toBeInTheDocument();

    await choose(user, 'Cost Center', 'CC-100 - Operations');
    await choose(user, 'GL Account', '6100 - Office Supplies');
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    const body = calls[0]?.body as RequisitionInput;
    expect(body.line_items[0]).toMatchObject({
      product_id: products[1]?.id,
      description: 'Copy paper A4',
      unit_price: 32.5,
      unit_of_measure: 'box',
    });
  });

  it('saves a draft with the form payload, toasts and opens the new requisition', async () => {
    const { user, calls, navigate, api } = setupCreate();
    await screen.findByRole('group', { name: 'Item 1' });
    await fillValidForm(user);
    await choose(user, 'Category', 'Services');
    await user.type(screen.getByRole('textbox', { name: 'Business Justification' }), 'New hires');
    await user.type(screen.getByRole('textbox', { name: 'Shipping Address' }), '1 Market Street');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await user.type(within(line(2)).getByRole('textbox', { name: 'Description' }), 'Monitor arm');
    await user.type(within(line(2)).getByRole('textbox', { name: 'Notes' }), 'Black');
    const quantity = within(line(2)).getByRole('spinbutton', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(screen.getByText('You have unsaved changes')).toBeInTheDocument();
    expect(screen.getByText('$450.00', { selector: '[role="status"]' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    expect(await screen.findByText('Requisition saved as draft')).toBeInTheDocument();
    expect(calls.map((call) => call.kind)).toEqual(['create']);
    expect(calls[0]?.body).toEqual({
      cost_center_id: costCenters[0]?.id,
      gl_account_id: glAccounts[0]?.id,
      category: 'services',
      justification: 'New hires',
      delivery_date: null,
      shipping_address: '1 Market Street',
      notes: null,
      // The organisation's currency: it keeps no exchange rates, so the form offers no other.
      currency: 'AUD',
      line_items: [
        {
          product_id: null,
          description: 'Standing desk',
          quantity: 1,
          unit_price: 450,
          unit_of_measure: 'each',
          notes: null,
          tax_amount: 0,
        },
        {
          product_id: null,
          description: 'Monitor arm',
          quantity: 3,
          unit_price: 0,
          unit_of_measure: 'each',
          notes: 'Black',
          tax_amount: 0,
        },
      ],
      submit: false,
    });
    const created = api.requisitions[0];
    expect(created?.status).toBe('draft');
    expect(navigate).toHaveBeenCalledWith(`/requisitions/${created?.id}`, { replace: true });
  });

  it('submits for approval in the same call', async () => {
    const { user, calls, navigate, api } = setupCreate();
    await screen.findByRole('group', { name: 'Item 1' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit for Approval' }));

    expect(await screen.findByText('Requisition submitted successfully')).toBeInTheDocument();
    expect(calls.map((call) => call.kind)).toEqual(['create']);
    expect(calls[0]?.body).toMatchObject({ submit: true });
    expect(navigate).toHaveBeenCalledWith(`/requisitions/${api.requisitions[0]?.id}`, { replace: true });
  });

  it('disables the buttons and shows progress while saving, so a second click sends nothing', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { user, calls } = setupCreate(
      http.post('/requisitions', async ({ request }) => {
        await request.clone().json();
        await gate;
        return undefined;
      }),
    );
    await screen.findByRole('group', { name: 'Item 1' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    const busy = await screen.findByRole('button', { name: 'Saving...' });
    expect(busy).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Submit for Approval' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    release();
    expect(await screen.findByText('Requisition saved as draft')).toBeInTheDocument();
    expect(calls.filter((call) => call.kind === 'create')).toHaveLength(1);
  });

  it("shows the server's message and puts its field details on the fields", async () => {
    const { user, navigate } = setupCreate(
      http.post('/requisitions', ({ response }) =>
        response(400).json({
          message: 'Invalid request: line_items.0.description, gl_account_id',
          code: 'VALIDATION_FAILED',
          details: [
            { field: 'line_items.0.description', message: 'Description must name the item' },
            { field: 'gl_account_id', message: 'GL account is required' },
          ],
        }),
      ),
    );
    await screen.findByRole('group', { name: 'Item 1' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    expect(
      await screen.findByText('Invalid request: line_items.0.description, gl_account_id'),
    ).toBeInTheDocument();
    expect(within(line(1)).getByText('Description must name the item')).toBeInTheDocument();
    expect(screen.getByText('GL account is required')).toBeInTheDocument();
    expect(within(line(1)).getByRole('textbox', { name: 'Description' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(navigate).not.toHaveBeenCalled();
  });

  it('falls back to the default text when the server gives no message', async () => {
    const { user } = setupCreate(
      http.post('/requisitions', () => new Response(null, { status: 502, statusText: 'Bad Gateway' })),
    );
    await screen.findByRole('group', { name: 'Item 1' });
    await fillValidForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit for Approval' }));
    expect(await screen.findByText('Failed to submit requisition')).toBeInTheDocument();
  });
});

describe('budgetLevel', () => {
  it.each([
    [99.99, 100, 'warning'],
    [100, 100, 'notice'],
    [109.99, 100, 'notice'],
    [110, 100, 'within'],
    [-5, 100, 'warning'],
  ] as const)('reads %d available against a total of %d as %s', (available, total, level) => {
    expect(budgetLevel(available, total)).toBe(level);
  });
});
