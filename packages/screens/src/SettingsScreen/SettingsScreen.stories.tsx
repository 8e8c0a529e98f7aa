import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import { handlers, meHandler, plainUser } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import {
  createSettingsApi,
  settingsConflictHandler,
  settingsFailureHandler,
  settingsPendingHandler,
  settingsValidationHandler,
} from '../test/settingsHandlers';
import { assertNoSidewaysScroll, atPhoneSize } from '../test/storyViewports';
import { SettingsScreen, type SettingsScreenProps } from './SettingsScreen';

type StoryArgs = SettingsScreenProps & { navigate: Navigation['navigate'] };

const entries: SettingsScreenProps['entries'] = [
  {
    label: 'Exchange Rates',
    description: 'Rates of other currencies into the base currency.',
    href: '/admin/exchange-rates',
  },
  {
    label: 'Budgets',
    description: 'Budgets per cost center and what happens when one runs out.',
    href: '/budgets',
  },
  {
    label: 'Departments',
    description: 'Departments, their heads and their people.',
    href: '/admin/departments',
  },
  { label: 'Roles', description: 'Roles and the permissions each one gives.', href: '/admin/roles' },
];

function apiHandlers() {
  return [...createSettingsApi().handlers, ...handlers];
}

const meta = {
  title: 'Screens/SettingsScreen',
  component: SettingsScreen,
  args: { navigate: fn(), entries },
  parameters: { msw: { handlers: apiHandlers() } },
  render: ({ navigate, entries: shown }) => (
    <StoryProviders signedIn navigate={navigate}>
      <Box p="4">
        <SettingsScreen entries={shown} />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The Name field, once the settings have loaded (a busy machine can take a few seconds). */
const nameField = (canvasElement: HTMLElement) =>
  within(canvasElement).findByRole('textbox', { name: /^Name/ }, { timeout: 10_000 });

/** An administrator: every field editable, Save once something changed, the other settings screens. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await nameField(canvasElement)).toHaveValue('Acme Corporation');
    await expect(canvas.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await expect(canvas.getByRole('link', { name: /Exchange Rates/ })).toHaveAttribute(
      'href',
      '/admin/exchange-rates',
    );
  },
};

/** A plain user: the values read-only, no Save button. */
export const ReadOnly: Story = {
  args: { entries: [] },
  parameters: { msw: { handlers: [meHandler(plainUser), ...apiHandlers()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await nameField(canvasElement)).toBeDisabled();
    await expect(canvas.queryByRole('button', { name: 'Save Changes' })).toBeNull();
    await expect(canvas.getByText('Only people who manage settings can change these.')).toBeInTheDocument();
  },
};

/** The server refuses the website and the street: each on its field. */
export const ValidationErrors: Story = {
  parameters: { msw: { handlers: [settingsValidationHandler(), ...apiHandlers()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await nameField(canvasElement);
    const website = canvas.getByRole('textbox', { name: /^Website/ });
    await userEvent.type(canvas.getByRole('textbox', { name: /^Phone/ }), '1');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(website).toHaveAttribute('aria-invalid', 'true'), { timeout: 10_000 });
    await expect(website).toHaveAccessibleDescription(/Enter a web address/);
  },
};

/** Someone else saved first: the form says so, keeps what was typed, and offers Reload. */
export const Conflict: Story = {
  parameters: { msw: { handlers: [settingsConflictHandler(), ...apiHandlers()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await nameField(canvasElement);
    await userEvent.type(name, ' Group');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }));
    await expect(
      await canvas.findByText(/Someone else changed these settings/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    await expect(name).toHaveValue('Acme Corporation Group');
    await expect(canvas.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  },
};

/** The settings still loading. */
export const Loading: Story = {
  parameters: { msw: { handlers: [settingsPendingHandler(), ...apiHandlers()] } },
};

/** The settings failed to load: Retry. */
export const LoadError: Story = {
  parameters: { msw: { handlers: [settingsFailureHandler(), ...apiHandlers()] } },
};

/** On a phone (390 px): one column, nothing scrolls sideways. */
export const Phone: Story = {
  ...atPhoneSize,
  play: async ({ canvasElement }) => {
    await nameField(canvasElement);
    assertNoSidewaysScroll();
  },
};
