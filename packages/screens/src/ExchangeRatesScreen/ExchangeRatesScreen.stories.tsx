import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AppShell } from '../AppShell';
import {
  createExchangeRateApi,
  exchangeRatesFailureHandler,
  exchangeRatesPendingHandler,
} from '../test/exchangeRateHandlers';
import { handlers } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { ExchangeRatesScreen } from './ExchangeRatesScreen';

const api = (rates?: Parameters<typeof createExchangeRateApi>[0]) => createExchangeRateApi(rates).handlers;

const meta = {
  title: 'Screens/ExchangeRatesScreen',
  component: ExchangeRatesScreen,
  parameters: { msw: { handlers: [...api(), ...handlers] } },
  render: () => (
    <StoryProviders signedIn>
      <Box p="4">
        <ExchangeRatesScreen />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<typeof ExchangeRatesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Rates into AUD: a scheduled, an in-effect and a superseded EUR rate, and a USD rate. */
export const Default: Story = {};

/** Inside the application shell, as the host shows it. */
export const InAppShell: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => (
    <StoryProviders signedIn>
      <AppShell currentPath="/admin/exchange-rates">
        <ExchangeRatesScreen />
      </AppShell>
    </StoryProviders>
  ),
};

/** No rates yet: only the base currency can be submitted. */
export const Empty: Story = { parameters: { msw: { handlers: [...api([]), ...handlers] } } };

/** While the rates load. */
export const Loading: Story = {
  parameters: { msw: { handlers: [exchangeRatesPendingHandler(), ...api(), ...handlers] } },
};

/** The rates failed to load. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [exchangeRatesFailureHandler(), ...api(), ...handlers] } },
};

/** Add Rate submitted blank: each field says what it needs. */
export const AddDialogValidation: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add Rate' }));
    const dialog = within(canvasElement.ownerDocument.body).getByRole('dialog', {
      name: 'Add Exchange Rate',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Rate' }));
    await expect(await within(dialog).findByText('Choose a currency')).toBeInTheDocument();
  },
};
