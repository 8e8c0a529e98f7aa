import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { meHandler, plainUser } from '../test/handlers';
import { renderScreen } from '../test/render';
import { server } from '../test/server';
import { createSettingsApi, settingsFailureHandler, settingsFixture } from '../test/settingsHandlers';
import { SettingsScreen } from './SettingsScreen';

const entries = [
  { label: 'Exchange Rates', description: 'Rates into the base currency.', href: '/admin/exchange-rates' },
  { label: 'Roles', description: 'Roles and permissions.', href: '/admin/roles' },
];

function serve(settings = settingsFixture()) {
  const api = createSettingsApi(settings);
  server.use(...api.handlers);
  return api;
}

function renderSettings() {
  return renderScreen(<SettingsScreen entries={entries} />, { signedIn: true });
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });

describe('SettingsScreen', () => {
  it('saves the decrease tolerances of changes after approval, and refuses three decimals', async () => {
    const api = serve();
    const { user } = renderSettings();
    const percent = await screen.findByRole('textbox', { name: /^Decrease Tolerance \(%\)/ });
    expect(percent).toHaveValue('0');
    const amount = field(/^Decrease Tolerance \(AUD\)/);
    await user.clear(percent);
    await user.type(percent, '5.125');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(
      await screen.findByText('Enter a percentage between 0 and 100, with at most 2 decimals'),
    ).toBeInTheDocument();
    expect(api.changes).toHaveLength(0);
    await user.clear(percent);
    await user.type(percent, '5');
    await user.clear(amount);
    await user.type(amount, '250.50');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.changes[0]).toMatchObject({
      reapproval_tolerance_percent: 5,
      reapproval_tolerance_amount: 250.5,
    });
  });

  it('shows the settings, with the registered address split into its parts', async () => {
    serve();
    renderSettings();
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toHaveValue('Acme Corporation');
    expect(field(/^Legal Name/)).toHaveValue('Acme Corporation Pty Ltd');
    const streets = screen.getAllByRole('textbox', { name: /^Street$/ });
    expect(streets.map((input) => (input as HTMLInputElement).value)).toEqual([
      '1 Market Street',
      '',
      'Dock 4',
    ]);
    expect(screen.getByRole('combobox', { name: /Fiscal Year Starts In/ })).toHaveTextContent('July');
    expect(screen.getByRole('combobox', { name: /Base Currency/ })).toHaveTextContent('AUD');
  });

  it('saves from the version read, blanks as null, then shows the saved values and the new version', async () => {
    const api = serve();
    const { user } = renderSettings();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    await user.type(name, '  Acme Group ');
    await user.clear(field(/^Legal Name/));
    await user.click(screen.getByRole('combobox', { name: /Fiscal Year Starts In/ }));
    await user.click(screen.getByRole('option', { name: 'April' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(api.changes).toHaveLength(1);
    expect(api.changes[0]).toMatchObject({
      version: 3,
      name: 'Acme Group',
      legal_name: null,
      fiscal_year_start: 4,
      billing_address: null,
      delivery_address: { lines: ['Dock 4', '12 Wharf Road'], city: 'Port Botany' },
    });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save Changes' })).toBeDisabled());
    expect(field(/^Name/)).toHaveValue('Acme Group');
    // A second save names the new version.
    await user.type(field(/^Phone/), '1');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(api.changes).toHaveLength(2));
    expect(api.changes[1]).toMatchObject({ version: 4, phone: '+61 2 9000 00001' });
  });

  it('asks for the street of a half-filled address before asking the server', async () => {
    const api = serve();
    const { user } = renderSettings();
    await screen.findByRole('textbox', { name: /^Name/ });
    const cities = screen.getAllByRole('textbox', { name: /^City$/ });
    await user.type(cities[1]!, 'Parramatta');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Enter the street, or clear the whole address')).toBeInTheDocument();
    expect(api.changes).toEqual([]);
  });

  it('tells of a change someone else saved first and reloads their version', async () => {
    const api = serve();
    const { user } = renderSettings();
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    api.state.settings = { ...api.state.settings, name: 'Acme Holdings', version: 4 };
    await user.type(name, ' Group');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText(/Someone else changed these settings/)).toBeInTheDocument();
    expect(name).toHaveValue('Acme Corporation Group');
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(field(/^Name/)).toHaveValue('Acme Holdings'));
    expect(screen.queryByText(/Someone else changed these settings/)).toBeNull();
  });

  it('keeps the base currency once it is in use, and lets it change while it is not', async () => {
    serve();
    const first = renderSettings();
    await screen.findByRole('textbox', { name: /^Name/ });
    expect(screen.getByText(/The base currency can't change/)).toBeInTheDocument();
    first.unmount();
    serve(settingsFixture({ currency_locked: false }));
    renderSettings();
    await screen.findByRole('textbox', { name: /^Name/ });
    expect(screen.queryByText(/The base currency can't change/)).toBeNull();
  });

  it('shows a member without org.settings the values read-only, with no Save button', async () => {
    serve();
    server.use(meHandler(plainUser));
    renderSettings();
    expect(await screen.findByRole('textbox', { name: /^Name/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    expect(screen.getByText('Only people who manage settings can change these.')).toBeInTheDocument();
    // The billing address is not set: said once, not six empty fields.
    expect(screen.getAllByRole('textbox', { name: /^Street$/ })).toHaveLength(2);
    expect(screen.getByText('Not set')).toBeInTheDocument();
  });

  it('links to the entries the host gives', async () => {
    serve();
    renderSettings();
    const link = await screen.findByRole('link', { name: /Exchange Rates/ });
    expect(link).toHaveAttribute('href', '/admin/exchange-rates');
    expect(screen.getByRole('link', { name: /Roles/ })).toHaveAttribute('href', '/admin/roles');
  });

  it('says when the settings cannot be loaded', async () => {
    server.use(settingsFailureHandler());
    renderSettings();
    expect(await screen.findByText('Failed to load the settings. Please try again.')).toBeInTheDocument();
  });
});
