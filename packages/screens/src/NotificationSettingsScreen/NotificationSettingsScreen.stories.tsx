import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { handlers } from '../test/handlers';
import { createNotificationApi } from '../test/notificationHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { NotificationSettingsScreen } from './NotificationSettingsScreen';

const meta = {
  title: 'Screens/NotificationSettingsScreen',
  component: NotificationSettingsScreen,
  parameters: { msw: { handlers: [...createNotificationApi().handlers, ...handlers] } },
  render: () => (
    <StoryProviders signedIn>
      <Box p="4">
        <NotificationSettingsScreen />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<typeof NotificationSettingsScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Everything on, no digest: a checkbox per kind and channel. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findAllByRole('checkbox')).toHaveLength(16);
    await expect(canvas.getByRole('switch', { name: 'Daily digest' })).not.toBeChecked();
  },
};

/** Email off for one kind and the digest on, saved. */
export const Saved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = await canvas.findByRole('checkbox', { name: 'A requisition awaits my decision: email' });
    await userEvent.click(email);
    await userEvent.click(canvas.getByRole('switch', { name: 'Daily digest' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save Settings' }));
    await expect(
      await within(canvasElement.ownerDocument.body).findByText('Notification settings saved'),
    ).toBeInTheDocument();
    await expect(email).not.toBeChecked();
  },
};
