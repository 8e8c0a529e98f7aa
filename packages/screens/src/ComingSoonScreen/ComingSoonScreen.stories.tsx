import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { handlers } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { ComingSoonScreen } from './ComingSoonScreen';

const meta = {
  title: 'Screens/ComingSoonScreen',
  component: ComingSoonScreen,
  args: { title: 'Vendors' },
  parameters: { msw: { handlers } },
  render: (args) => (
    <StoryProviders signedIn>
      <Box p="4">
        <ComingSoonScreen {...args} />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<typeof ComingSoonScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The Vendors placeholder: its name in the page head, under the Dashboard breadcrumb. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { level: 1, name: 'Vendors' })).toBeInTheDocument();
    await expect(canvas.getByText('This feature is coming soon.')).toBeInTheDocument();
  },
};

/** The Reports placeholder. */
export const Reports: Story = { args: { title: 'Reports' } };
