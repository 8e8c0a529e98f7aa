import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { handlers } from '../test/handlers';
import { emptyReports, reportHandlers, reportPendingHandlers } from '../test/reportHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { assertNoSidewaysScroll, atPhoneSize } from '../test/storyViewports';
import { ReportsScreen } from './ReportsScreen';

const meta = {
  title: 'Screens/ReportsScreen',
  component: ReportsScreen,
  args: { search: {}, onSearchChange: () => {} },
  parameters: { msw: { handlers: [...reportHandlers(), ...handlers] } },
  render: (args) => (
    <StoryProviders signedIn>
      <Box p="4">
        <ReportsScreen {...args} />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<typeof ReportsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The four reports, each a chart with its table. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('table', { name: 'Open commitments' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  },
};

/** Nothing to report in the period. */
export const Empty: Story = {
  parameters: { msw: { handlers: [...reportHandlers(emptyReports()), ...handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('No spend in this period', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
  },
};

/** While the reports load. */
export const Loading: Story = {
  parameters: { msw: { handlers: [...reportPendingHandlers(), ...handlers] } },
};

/** On a phone (390 px): charts above their tables, nothing scrolls sideways. */
export const Phone: Story = {
  ...atPhoneSize,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('table', { name: 'Spend' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    assertNoSidewaysScroll();
  },
};
