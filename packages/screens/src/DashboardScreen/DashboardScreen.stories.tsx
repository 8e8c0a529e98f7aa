import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import {
  handlers,
  meHandler,
  organizationsHandler,
  plainUser,
  summaryErrorHandler,
  summaryLoadingHandler,
} from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { DashboardScreen } from './DashboardScreen';

type StoryArgs = { navigate: Navigation['navigate'] };

const meta = {
  title: 'Screens/DashboardScreen',
  component: DashboardScreen,
  args: { navigate: fn() },
  parameters: { msw: { handlers } },
  render: ({ navigate }) => (
    <StoryProviders signedIn navigate={navigate}>
      <Box p="4">
        <DashboardScreen />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Tiles, quick actions and the empty Recent Activity panel. */
export const Default: Story = {};

/** While the summary loads. */
export const Loading: Story = { parameters: { msw: { handlers: [summaryLoadingHandler(), ...handlers] } } };

/** The summary failed to load. */
export const ServerError: Story = { parameters: { msw: { handlers: [summaryErrorHandler(), ...handlers] } } };

/** The user has no organisation. */
export const NoOrganization: Story = {
  parameters: { msw: { handlers: [organizationsHandler([]), ...handlers] } },
};

/** A plain user: no Manage Users action. */
export const PlainUser: Story = { parameters: { msw: { handlers: [meHandler(plainUser), ...handlers] } } };
