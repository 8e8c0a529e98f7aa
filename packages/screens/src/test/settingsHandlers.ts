/**
 * Typed MSW handlers for the Settings screen: one `createSettingsApi()` keeps its own in-memory
 * settings of Acme, so a save shows on the next read and raises the version; a change from an older
 * version answers 409 naming `version`, a blank name 400 naming `name`, as the server does.
 */
import type { Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import { acme, http } from './handlers';

type Settings = Schemas['GeneralSettings'];
type SettingsChange = Schemas['GeneralSettingsChange'];

/** Acme's settings: registered and delivery addresses, a fiscal year from July, AUD in use. */
export function settingsFixture(overrides: Partial<Settings> = {}): Settings {
  return {
    id: acme.id,
    name: acme.name,
    legal_name: 'Acme Corporation Pty Ltd',
    code: acme.code,
    phone: '+61 2 9000 0000',
    website: 'https://acme.example',
    registered_address: {
      lines: ['1 Market Street'],
      city: 'Sydney',
      region: 'NSW',
      postcode: '2000',
      country: 'Australia',
    },
    billing_address: null,
    delivery_address: {
      lines: ['Dock 4', '12 Wharf Road'],
      city: 'Port Botany',
      region: 'NSW',
      postcode: '2036',
      country: 'Australia',
    },
    fiscal_year_start: 7,
    fiscal_year_end: 6,
    currency: 'AUD',
    currency_locked: true,
    reapproval_tolerance_percent: 0,
    reapproval_tolerance_amount: 0,
    // What the server works out from the addresses above (no billing address: the registered one).
    purchase_order_addresses: {
      billing_address: '1 Market Street, Sydney NSW 2000, Australia',
      shipping_address: 'Dock 4, 12 Wharf Road, Port Botany NSW 2036, Australia',
    },
    version: 3,
    ...overrides,
  };
}

const problem = (code: Schemas['ErrorCode'], field: string, message: string): Schemas['ErrorResponse'] => ({
  message,
  code,
  details: [{ field, message }],
});

/** The in-memory settings API; `settings` is where it starts (default {@link settingsFixture}). */
export function createSettingsApi(settings: Settings = settingsFixture()) {
  const changes: SettingsChange[] = [];
  const state = { settings };
  const handlers = [
    http.get('/organizations/{id}/settings', ({ response }) =>
      response(200).json({ settings: state.settings }),
    ),
    http.patch('/organizations/{id}/settings', async ({ request, response }) => {
      const change = await request.json();
      changes.push(change);
      if (change.version !== state.settings.version) {
        return response(409).json(
          problem('CONFLICT', 'version', 'Someone else changed these settings since you opened them.'),
        );
      }
      if (change.name !== undefined && change.name.trim() === '') {
        return response(400).json(problem('VALIDATION_FAILED', 'name', 'Name is required'));
      }
      const { version, ...fields } = change;
      const start = fields.fiscal_year_start ?? state.settings.fiscal_year_start;
      state.settings = {
        ...state.settings,
        ...fields,
        fiscal_year_end: start === 1 ? 12 : start - 1,
        version: version + 1,
      };
      return response(200).json({ settings: state.settings });
    }),
  ];
  return { handlers, changes, state };
}

/** `PATCH /organizations/{id}/settings` answers that someone else saved first (409 naming `version`). */
export const settingsConflictHandler = () =>
  http.patch('/organizations/{id}/settings', ({ response }) =>
    response(409).json(
      problem('CONFLICT', 'version', 'Someone else changed these settings since you opened them.'),
    ),
  );

/** `PATCH /organizations/{id}/settings` refuses the website and the registered street (400). */
export const settingsValidationHandler = () =>
  http.patch('/organizations/{id}/settings', ({ response }) =>
    response(400).json({
      message: 'Enter a web address, e.g. https://example.com',
      code: 'VALIDATION_FAILED',
      details: [
        { field: 'website', message: 'Enter a web address, e.g. https://example.com' },
        { field: 'registered_address.lines', message: 'Enter the street, or leave the whole address empty' },
      ],
    }),
  );

/** `GET /organizations/{id}/settings` never answers (the loading state). */
export const settingsPendingHandler = () =>
  http.get('/organizations/{id}/settings', async ({ response }) => {
    await delay('infinite');
    return response(200).json({ settings: settingsFixture() });
  });

/** `GET /organizations/{id}/settings` fails. */
export const settingsFailureHandler = () =>
  http.get('/organizations/{id}/settings', ({ response }) =>
    response(500).json({ message: 'Internal server error', code: 'INTERNAL_ERROR', details: [] }),
  );
