import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { exchangeRateFixtures } from '../test/exchangeRateHandlers';
import { http } from '../test/handlers';
import { uuid } from '../test/requisitionFixtures';
import { appendedFileNames, choose, fillValidForm, line, setupCreate } from '../test/requisitionForm';
import { attachmentUploadErrorHandler, budgetCheckHandler, FIXTURE_RATE } from '../test/requisitionHandlers';

describe('CreateRequisitionScreen', () => {
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
