import type { Schemas } from '@purchasing/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { exchangeRateFixtures } from '../test/exchangeRateHandlers';
import { http, meHandler, organizationsHandler, plainUser } from '../test/handlers';
import { renderScreen } from '../test/render';
import { uuid } from '../test/requisitionFixtures';
import {
  attachmentDeleteHandler,
  attachmentUploadErrorHandler,
  budgetCheckHandler,
  buildRequisition,
  costCenters,
  createRequisitionApi,
  FIXTURE_RATE,
  glAccounts,
  products,
} from '../test/requisitionHandlers';
import { server } from '../test/server';
import { budgetLevel } from './BudgetCheck';
import { CreateRequisitionScreen, EditRequisitionScreen } from './RequisitionFormScreen';
import { requisitionFormSchema } from './requisitionFormSchema';

type RequisitionInput = Schemas['RequisitionInput'];

/** A delivery date safely in the future, whatever day the tests run. */
function futureDate(days = 30): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Records the bodies of POST and PUT /requisitions and of the uploads, in call order. */
function recordCalls() {
  const calls: { kind: 'create' | 'update' | 'upload' | 'submit'; body?: unknown; entityId?: string }[] = [];
  return {
    calls,
    handlers: [
      http.post('/requisitions', async ({ request }) => {
        calls.push({ kind: 'create', body: await request.clone().json() });
        return undefined;
      }),
      http.put('/requisitions/{id}', async ({ request }) => {
        calls.push({ kind: 'update', body: await request.clone().json() });
        return undefined;
      }),
      http.post('/requisitions/{id}/submit', ({ params }) => {
        calls.push({ kind: 'submit', entityId: params.id });
        return undefined;
      }),
      http.post('/attachments/upload', async ({ request }) => {
        const form = await request.clone().formData();
        // jsdom's File loses its name on the way through undici's FormData, so the names are read
        // where the client appends them (see `appendedFileNames`).
        calls.push({
          kind: 'upload',
          entityId: String(form.get('entity_id')),
          body: form.getAll('files').length,
        });
        return undefined;
      }),
    ],
  };
}

/** The file names the client appends to upload forms, in order. */
function appendedFileNames() {
  const names: string[] = [];
  const original = FormData.prototype.append;
  const spy = vi.spyOn(FormData.prototype, 'append').mockImplementation(function (
    this: FormData,
    ...args: [string, string | Blob, string?]
  ) {
    if (args[0] === 'files' && typeof args[2] === 'string') names.push(args[2]);
    return Reflect.apply(original, this, args);
  });
  onTestFinished(() => spy.mockRestore());
  return names;
}

function setupCreate(...overrides: Parameters<typeof server.use>) {
  const api = createRequisitionApi();
  const recorder = recordCalls();
  // Recorders first: they note the call and fall through to the in-memory API.
  server.use(...api.handlers);
  server.use(...recorder.handlers, ...overrides);
  return { ...renderScreen(<CreateRequisitionScreen />, { signedIn: true }), api, calls: recorder.calls };
}

function line(n: number) {
  return screen.getByRole('group', { name: `Item ${n}` });
}

async function choose(
  user: ReturnType<typeof renderScreen>['user'],
  label: string,
  option: string,
  scope: HTMLElement = document.body,
) {
  await user.click(within(scope).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/** Fills in the smallest valid form: cost centre, GL account and a described first line. */
async function fillValidForm(user: ReturnType<typeof renderScreen>['user']) {
  await choose(user, 'Cost Center', 'CC-100 - Operations');
  await choose(user, 'GL Account', '6100 - Office Supplies');
  await user.type(within(line(1)).getByRole('textbox', { name: 'Description' }), 'Standing desk');
  const price = within(line(1)).getByRole('spinbutton', { name: 'Unit Price' });
  await user.clear(price);
  await user.type(price, '450');
}

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

  it('uploads the chosen files against the new requisition once it is created', async () => {
    const names = appendedFileNames();
    const { user, calls, navigate, api } = setupCreate();
    await screen.findByRole('group', { name: 'Item 1' });
    await fillValidForm(user);
    await user.upload(screen.getByLabelText('Browse'), [
      new File(['%PDF-1.7'], 'quote.pdf', { type: 'application/pdf' }),
      new File(['png'], 'photo.png', { type: 'image/png' }),
    ]);
    const staged = screen.getByRole('list', { name: 'Files to upload' });
    expect(within(staged).getByText('quote.pdf')).toBeInTheDocument();
    expect(within(staged).getByText('photo.png')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));

    expect(await screen.findByText('Requisition saved as draft')).toBeInTheDocument();
    const id = api.requisitions[0]?.id;
    expect(calls).toEqual([
      expect.objectContaining({ kind: 'create' }),
      { kind: 'upload', entityId: id, body: 1 },
      { kind: 'upload', entityId: id, body: 1 },
    ]);
    expect(names).toEqual(['quote.pdf', 'photo.png']);
    expect(navigate).toHaveBeenCalledWith(`/requisitions/${id}`, { replace: true });
  });

  it('submits only after the files are uploaded when submitting with files', async () => {
    const { user, calls, api } = setupCreate();
    await screen.findByRole('group', { name: 'Item 1' });
    await fillValidForm(user);
    await user.upload(
      screen.getByLabelText('Browse'),
      new File(['%PDF'], 'quote.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit for Approval' }));

    expect(await screen.findByText('Requisition submitted successfully')).toBeInTheDocument();
    const id = api.requisitions[0]?.id;
    expect(calls.map((call) => call.kind)).toEqual(['create', 'upload', 'submit']);
    expect(calls[0]?.body).toMatchObject({ submit: false });
    expect(calls[2]?.entityId).toBe(id);
  });

  it('keeps the saved requisition, names the files that failed and still opens it', async () => {
    const { user, calls, navigate, api } = setupCreate(
      attachmentUploadErrorHandler(415, 'File type not accepted'),
    );
    await screen.findByRole('group', { name: 'Item 1' });
    await fillValidForm(user);
    await user.upload(
      screen.getByLabelText('Browse'),
      new File(['MZ'], 'quote.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit for Approval' }));

    expect(await screen.findByText('Requisition saved as draft')).toBeInTheDocument();
    expect(
      screen.getByText(
        'These files could not be uploaded: quote.pdf (File type not accepted). The requisition was saved but not submitted.',
      ),
    ).toBeInTheDocument();
    expect(calls.map((call) => call.kind)).toEqual(['create', 'upload']);
    expect(api.requisitions[0]?.status).toBe('draft');
    expect(navigate).toHaveBeenCalledWith(`/requisitions/${api.requisitions[0]?.id}`, { replace: true });
  });

  it("shows a Budget Warning with the check's figures when the total is above what is available", async () => {
    const { user } = setupCreate(
      budgetCheckHandler({ allocated: 10_000, spent: 2_000, committed: 3_000, available: 5_000 }),
    );
    await screen.findByRole('group', { name: 'Item 1' });
    await choose(user, 'Cost Center', 'CC-100 - Operations');
    const price = within(line(1)).getByRole('spinbutton', { name: 'Unit Price' });
    await user.clear(price);
    await user.type(price, '6000');
    await user.click(screen.getByRole('button', { name: 'Check Budget' }));

    const title = await screen.findByText('Budget Warning');
    const panel = within(title.closest('[role="alert"]') as HTMLElement);
    expect(panel.getByText('$10,000.00')).toBeInTheDocument();
    expect(panel.getByText('$2,000.00')).toBeInTheDocument();
    expect(panel.getByText('$3,000.00')).toBeInTheDocument();
    expect(panel.getByText('$5,000.00')).toBeInTheDocument();
  });

  it('shows a Budget Notice a second after the total changes when available is below 110% of it', async () => {
    const { user } = setupCreate(
      budgetCheckHandler({ allocated: 20_000, spent: 0, committed: 14_800, available: 5_200 }),
    );
    await screen.findByRole('group', { name: 'Item 1' });
    await choose(user, 'Cost Center', 'CC-100 - Operations');
    const price = within(line(1)).getByRole('spinbutton', { name: 'Unit Price' });
    await user.clear(price);
    await user.type(price, '5000');

    const title = await screen.findByText('Budget Notice', undefined, { timeout: 3000 });
    const panel = within(title.closest('[role="alert"]') as HTMLElement);
    expect(panel.getByText('$20,000.00')).toBeInTheDocument();
    expect(panel.getByText('$14,800.00')).toBeInTheDocument();
    expect(panel.getByText('$5,200.00')).toBeInTheDocument();
    expect(screen.queryByText('Budget Warning')).not.toBeInTheDocument();
  });

  it('keeps the answer to Check Budget pressed right after typing, before the background check was due', async () => {
    const { user } = setupCreate();
    await screen.findByRole('group', { name: 'Item 1' });
    await choose(user, 'Cost Center', 'CC-100 - Operations');
    const price = within(line(1)).getByRole('spinbutton', { name: 'Unit Price' });
    await user.clear(price);
    await user.type(price, '100');
    await user.click(screen.getByRole('button', { name: 'Check Budget' }));
    expect(await screen.findByText('Within budget')).toBeInTheDocument();
    // The background check that was pending when the button was pressed does not replace the answer.
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(screen.getByText('Within budget')).toBeInTheDocument();
  });

  it('notes Within budget only when the user checks', async () => {
    const { user } = setupCreate();
    await screen.findByRole('group', { name: 'Item 1' });
    await choose(user, 'Cost Center', 'CC-100 - Operations');
    const price = within(line(1)).getByRole('spinbutton', { name: 'Unit Price' });
    await user.clear(price);
    await user.type(price, '100');
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(screen.queryByText('Within budget')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check Budget' }));
    expect(await screen.findByText('Within budget')).toBeInTheDocument();
  });

  it('offers no currency choice while the organisation keeps no exchange rates', async () => {
    setupCreate();
    await screen.findByRole('heading', { name: 'Basic Information' });
    expect(screen.queryByRole('combobox', { name: 'Currency' })).not.toBeInTheDocument();
  });

  it('raises a requisition in another currency with a rate in effect, its budget checked in AUD', async () => {
    // The fake budget check converts at FIXTURE_RATE: the offered rate says the same.
    const usd = exchangeRateFixtures()
      .filter((rate) => rate.currency === 'USD')
      .map((rate) => ({ ...rate, rate: FIXTURE_RATE }));
    const { user, calls } = setupCreate(
      http.get('/exchange-rates', ({ response }) =>
        response(200).json({
          base_currency: 'AUD',
          // A scheduled rate offers nothing yet; the USD one is in effect.
          exchange_rates: [...usd, { ...usd[0]!, id: uuid(7100), currency: 'GBP', status: 'scheduled' }],
        }),
      ),
      budgetCheckHandler({ allocated: 10_000, spent: 2_000, committed: 3_000, available: 5_000 }),
    );
    await screen.findByRole('group', { name: 'Item 1' });
    const currency = await screen.findByRole('combobox', { name: 'Currency' });
    expect(currency).toHaveTextContent('AUD (base currency)');
    await choose(user, 'Currency', 'USD (1 USD = 1.5 AUD)');
    expect(screen.queryByRole('option', { name: /GBP/ })).not.toBeInTheDocument();
    expect(
      screen.getByText(
        'Approval limits and budgets use the AUD amount at the rate in effect when it is submitted.',
      ),
    ).toBeInTheDocument();
    await fillValidForm(user);
    const price = within(line(1)).getByRole('spinbutton', { name: 'Unit Price' });
    await user.clear(price);
    await user.type(price, '4000');
    expect(screen.getByText('USD 4,000.00', { selector: '[role="status"]' })).toBeInTheDocument();

    // 4,000 USD fits the 5,000 available at face value, not as 6,000 AUD (at 1.5).
    await user.click(screen.getByRole('button', { name: 'Check Budget' }));
    const title = await screen.findByText('Budget Warning');
    const panel = within(title.closest('[role="alert"]') as HTMLElement);
    expect(
      panel.getByText(
        /The estimated total of USD 4,000\.00 \(\$6,000\.00 at today's rate\) is more than the \$5,000\.00/,
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save as Draft' }));
    expect(await screen.findByText('Requisition saved as draft')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ currency: 'USD', line_items: [{ unit_price: 4000 }] });
  });

  it('asks for a cost center when Check Budget is pressed without one', async () => {
    const { user } = setupCreate();
    await screen.findByRole('group', { name: 'Item 1' });
    await user.click(screen.getByRole('button', { name: 'Check Budget' }));
    expect(await screen.findByText('Choose a cost center to check the budget.')).toBeInTheDocument();
  });

  it('asks the browser to confirm leaving only while there are unsaved changes', async () => {
    const { user } = setupCreate();
    const item = await screen.findByRole('group', { name: 'Item 1' });
    const leave = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(leave()).toBe(true);
    await user.type(within(item).getByRole('textbox', { name: 'Description' }), 'Chair');
    expect(leave()).toBe(false);
  });

  it('asks before discarding unsaved changes on Cancel', async () => {
    const { user, navigate } = setupCreate();
    const item = await screen.findByRole('group', { name: 'Item 1' });
    await user.type(within(item).getByRole('textbox', { name: 'Description' }), 'Chair');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    expect(navigate).toHaveBeenCalledWith('/requisitions');
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

describe('EditRequisitionScreen', () => {
  function setupEdit(requisition: Schemas['Requisition'], ...overrides: Parameters<typeof server.use>) {
    const api = createRequisitionApi([requisition]);
    const recorder = recordCalls();
    server.use(meHandler(plainUser), ...api.handlers);
    server.use(...recorder.handlers, ...overrides);
    return {
      ...renderScreen(<EditRequisitionScreen requisitionId={requisition.id} />, { signedIn: true }),
      api,
      calls: recorder.calls,
    };
  }

  it('prefills the form from the requisition', async () => {
    const requisition = buildRequisition(1, { delivery_date: futureDate() });
    setupEdit(requisition);
    expect(await screen.findByRole('heading', { name: 'Edit REQ-2026-00001' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Cost Center' })).toHaveTextContent(
      'CC-200 - Information Technology',
    );
    expect(screen.getByRole('combobox', { name: 'GL Account' })).toHaveTextContent('6400 - IT Equipment');
    expect(within(line(1)).getByRole('textbox', { name: 'Description' })).toHaveValue(
      '14-inch business laptop',
    );
    expect(within(line(1)).getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    expect(within(line(2)).getByRole('textbox', { name: 'Description' })).toHaveValue('Laptop bag');
    expect(screen.getByText('$4,500.00', { selector: '[role="status"]' })).toBeInTheDocument();
    expect(screen.queryByText('You have unsaved changes')).not.toBeInTheDocument();
  });

  it('updates a draft with the whole form and opens it', async () => {
    const requisition = buildRequisition(1, { delivery_date: futureDate() });
    const { user, calls, navigate } = setupEdit(requisition);
    const description = await screen.findByRole('textbox', { name: 'Business Justification' });
    await user.clear(description);
    await user.type(description, 'Laptops for the new analysts');
    await user.click(screen.getByRole('button', { name: 'Update Draft' }));

    expect(await screen.findByText('Requisition updated successfully')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      kind: 'update',
      body: {
        justification: 'Laptops for the new analysts',
        currency: 'AUD',
        submit: false,
        line_items: [
          expect.objectContaining({ description: '14-inch business laptop', quantity: 2, tax_amount: 0 }),
          expect.objectContaining({ description: 'Laptop bag' }),
        ],
      },
    });
    expect(navigate).toHaveBeenCalledWith(`/requisitions/${requisition.id}`, { replace: true });
  });

  it('offers Update & Resubmit when information was requested, and resubmits with it', async () => {
    const requisition = buildRequisition(3, { status: 'info_requested', delivery_date: futureDate() });
    const { user, calls } = setupEdit(requisition);
    expect(
      await screen.findByText('An approver has requested additional information for this requisition.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Update & Resubmit' }));
    expect(await screen.findByText('Requisition updated and submitted successfully')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ kind: 'update', body: { submit: true } });
  });

  it('offers Update & Submit for a draft', async () => {
    setupEdit(buildRequisition(1, { delivery_date: futureDate() }));
    expect(await screen.findByRole('button', { name: 'Update & Submit' })).toBeInTheDocument();
  });

  it('shows the update failure with the default text', async () => {
    const requisition = buildRequisition(1, { delivery_date: futureDate() });
    const { user, navigate } = setupEdit(
      requisition,
      http.put('/requisitions/{id}', () => new Response(null, { status: 500 })),
    );
    await user.click(await screen.findByRole('button', { name: 'Update Draft' }));
    expect(await screen.findByText('Failed to update requisition')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves for the detail page with an error when the requisition is under review', async () => {
    const requisition = buildRequisition(2, { status: 'under_review' });
    const { navigate } = setupEdit(requisition);
    expect(await screen.findByText('You cannot edit this requisition')).toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith(`/requisitions/${requisition.id}`, { replace: true });
    expect(screen.queryByRole('button', { name: 'Update Draft' })).not.toBeInTheDocument();
  });

  it('leaves for the detail page when the user is not the requestor', async () => {
    const requisition = buildRequisition(1);
    const api = createRequisitionApi([requisition]);
    server.use(...api.handlers);
    const { navigate } = renderScreen(<EditRequisitionScreen requisitionId={requisition.id} />, {
      signedIn: true,
    });
    expect(await screen.findByText('You cannot edit this requisition')).toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith(`/requisitions/${requisition.id}`, { replace: true });
  });

  it('says the requisition was not found on a 404', async () => {
    const api = createRequisitionApi([]);
    server.use(meHandler(plainUser), ...api.handlers);
    renderScreen(<EditRequisitionScreen requisitionId="00000000-0000-4000-8000-000000009999" />, {
      signedIn: true,
    });
    expect(
      await screen.findByText("Requisition not found or you don't have permission to edit it."),
    ).toBeInTheDocument();
  });

  it('removes an attached file after confirmation', async () => {
    const requisition = buildRequisition(1, {
      delivery_date: futureDate(),
      attachments: [
        {
          id: '00000000-0000-4000-8000-000000001501',
          file_name: 'quote.pdf',
          file_size: 48_213,
          content_type: 'application/pdf',
          uploaded_at: '2026-11-14T09:05:00.000Z',
        },
      ],
    });
    const api = createRequisitionApi([requisition]);
    server.use(meHandler(plainUser), ...api.handlers, attachmentDeleteHandler(api.requisitions));
    const { user } = renderScreen(<EditRequisitionScreen requisitionId={requisition.id} />, {
      signedIn: true,
    });
    const attached = await screen.findByRole('list', { name: 'Attached files' });
    await user.click(within(attached).getByRole('button', { name: 'Remove quote.pdf' }));
    await user.click(await screen.findByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('quote.pdf removed')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Attached files' })).not.toBeInTheDocument();
    expect(api.requisitions[0]?.attachments).toEqual([]);
  });

  it('uploads new files after the update', async () => {
    const requisition = buildRequisition(1, { delivery_date: futureDate() });
    const { user, calls } = setupEdit(requisition);
    await screen.findByRole('button', { name: 'Update Draft' });
    await user.upload(
      screen.getByLabelText('Browse'),
      new File(['%PDF'], 'spec.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Update Draft' }));
    expect(await screen.findByText('Requisition updated successfully')).toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({ kind: 'update' }),
      { kind: 'upload', entityId: requisition.id, body: 1 },
    ]);
  });
});
