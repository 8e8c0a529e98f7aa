import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { AppShell } from '../AppShell';
import { budgetListFailureHandler, budgetListPendingHandler, createBudgetApi } from '../test/budgetHandlers';
import { handlers } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { BudgetManagementScreen } from './BudgetManagementScreen';

const api = (options?: Parameters<typeof createBudgetApi>[0]) => createBudgetApi(options).handlers;

const meta = {
  title: 'Screens/BudgetManagementScreen',
  component: BudgetManagementScreen,
  parameters: { msw: { handlers: [...api(), ...handlers] } },
  render: () => (
    <StoryProviders signedIn>
      <Box p="4">
        <BudgetManagementScreen />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<typeof BudgetManagementScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two cost centres' budgets: one within its allocation, one overspent. */
export const Default: Story = {};

/** Inside the application shell, as the host shows it. */
export const InAppShell: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => (
    <StoryProviders signedIn>
      <AppShell currentPath="/budgets">
        <BudgetManagementScreen />
      </AppShell>
    </StoryProviders>
  ),
};

/** No budget for the fiscal year yet. */
export const Empty: Story = { parameters: { msw: { handlers: [...api({ budgets: [] }), ...handlers] } } };

/** The Add Budget dialog, opened. */
export const AddBudget: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add Budget' }));
    const body = within(canvasElement.ownerDocument.body);
    await expect(await body.findByRole('dialog')).toBeInTheDocument();
  },
};

/** While the budgets load. */
export const Loading: Story = {
  parameters: { msw: { handlers: [budgetListPendingHandler(), ...api(), ...handlers] } },
};

/** The budgets could not be loaded. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [budgetListFailureHandler(), ...api(), ...handlers] } },
};
