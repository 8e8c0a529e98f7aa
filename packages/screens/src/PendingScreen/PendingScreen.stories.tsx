import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { handlers } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { PendingScreen } from './PendingScreen';

const meta = {
  title: 'Screens/PendingScreen',
  component: PendingScreen,
  args: { title: 'Requisitions' },
  parameters: { msw: { handlers } },
  render: (args) => (
    <StoryProviders signedIn>
      <Box p="4">
        <PendingScreen {...args} />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<typeof PendingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A route whose screen a later issue builds. */
export const Default: Story = {};
