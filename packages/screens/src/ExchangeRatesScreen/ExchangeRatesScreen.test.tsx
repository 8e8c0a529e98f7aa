import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createExchangeRateApi, exchangeRatesFailureHandler } from '../test/exchangeRateHandlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { ExchangeRatesScreen } from './ExchangeRatesScreen';

function setup(
  rates?: Parameters<typeof createExchangeRateApi>[0],
  overrides: Parameters<typeof server.use> = [],
) {
  const api = createExchangeRateApi(rates);
  server.use(...api.handlers);
  server.use(...overrides);
  return { ...renderScreen(<ExchangeRatesScreen />, { signedIn: true }), api };
}

const table = () => screen.findByRole('table', { name: 'Exchange Rates' });

describe('ExchangeRatesScreen', () => {
  it('lists the rates by currency, newest first, with the status the server gives', async () => {
    setup();
    const rows = within(await table())
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^EUREuro1 EUR = 1\.72 AUD.*Scheduled/),
      expect.stringMatching(/^EUREuro1 EUR = 1\.65 AUD.*In effect/),
      expect.stringMatching(/^EUREuro1 EUR = 1\.61 AUD.*Superseded/),
      expect.stringMatching(/^USDUS Dollar1 USD = 1\.53 AUD.*In effect/),
    ]);
    expect(screen.getByText(/Rates into AUD, the organization's base currency/)).toBeInTheDocument();
  });

  it('adds a rate: the base currency is not offered, the rate is checked, and the list refreshes', async () => {
    const { user, api } = setup();
    await table();
    await user.click(screen.getByRole('button', { name: 'Add Rate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Exchange Rate' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Rate' }));
    expect(await within(dialog).findByText('Choose a currency')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Enter a rate above 0 with at most 8 decimal places'),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('combobox', { name: 'Currency' }));
    const options = within(screen.getByRole('listbox', { name: 'Currency' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).not.toContain('AUD Australian Dollar');
    await user.click(
      within(screen.getByRole('listbox', { name: 'Currency' })).getByRole('option', {
        name: 'GBP British Pound',
      }),
    );
    await user.type(within(dialog).getByRole('textbox', { name: /Rate \(AUD per 1 GBP\)/ }), '1.123456789');
    await user.click(within(dialog).getByRole('button', { name: 'Add Rate' }));
    expect(
      await within(dialog).findByText('Enter a rate above 0 with at most 8 decimal places'),
    ).toBeInTheDocument();
    expect(api.calls).toEqual([]);

    const rate = within(dialog).getByRole('textbox', { name: /Rate/ });
    await user.clear(rate);
    await user.type(rate, '1.9425');
    await user.click(within(dialog).getByRole('button', { name: 'Add Rate' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls).toEqual([
      {
        method: 'POST',
        path: '/exchange-rates',
        body: { currency: 'GBP', rate: 1.9425, effective_from: new Date().toISOString().slice(0, 10) },
      },
    ]);
    expect(await within(await table()).findByText('1 GBP = 1.9425 AUD')).toBeInTheDocument();
  });

  it("shows the server's refusal on the field and keeps the dialog open", async () => {
    const { user } = setup();
    await table();
    await user.click(
      within(await table()).getByRole('button', { name: 'Edit the EUR rate from 1 Nov 2026' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit Exchange Rate' });
    expect(within(dialog).getByRole('textbox', { name: 'Currency' })).toHaveValue('EUR');
    const picker = within(dialog).getByRole('textbox', { name: /Effective from/ });
    await user.clear(picker);
    await user.type(picker, '2026-07-01');
    await user.tab();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('EUR already has a rate from 2026-07-01')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Exchange Rate' })).toBeInTheDocument();
  });

  it('shows a card per rate for a phone, with the same actions', async () => {
    setup();
    const card = await screen.findByRole('article', { name: 'USD from 1 Oct 2026' });
    expect(card).toHaveTextContent('1 USD = 1.53 AUD');
    expect(card).toHaveTextContent('In effect');
    expect(
      within(card).getByRole('button', { name: 'Delete the USD rate from 1 Oct 2026' }),
    ).toBeInTheDocument();
  });

  it('deletes a rate after confirmation', async () => {
    const { user, api } = setup();
    await table();
    await user.click(
      within(await table()).getByRole('button', { name: 'Delete the USD rate from 1 Oct 2026' }),
    );
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Requisitions already submitted keep the rate they used.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryAllByText('1 USD = 1.53 AUD')).toEqual([]));
    expect(api.calls.map((call) => call.method)).toEqual(['DELETE']);
  });

  it('says what an empty list means, and when the rates failed to load', async () => {
    setup([]);
    expect(await screen.findByText('No exchange rates yet')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Requisitions can only be submitted in AUD until a rate is added for another currency.',
      ),
    ).toBeInTheDocument();
  });

  it('says when the rates failed to load', async () => {
    setup(undefined, [exchangeRatesFailureHandler()]);
    expect(await screen.findByText('Failed to load exchange rates. Please try again.')).toBeInTheDocument();
  });
});
