import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { createPasswordApi, passwordTokens } from '../test/departmentHandlers';
import { handlers } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { AcceptInviteScreen } from './AcceptInviteScreen';

const meta = {
  title: 'Screens/AcceptInviteScreen',
  component: AcceptInviteScreen,
  args: { token: passwordTokens.valid },
  parameters: { layout: 'fullscreen', msw: { handlers: [...createPasswordApi().handlers, ...handlers] } },
  render: (args) => (
    <StoryProviders>
      <AcceptInviteScreen {...args} />
    </StoryProviders>
  ),
} satisfies Meta<typeof AcceptInviteScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The invited person sets their first password. */
export const Default: Story = {};

/** A password that meets every rule, ticked off as typed. */
export const RulesMet: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(await canvas.findByLabelText('New password', { selector: 'input' }), 'Welcome2026');
    await expect(canvas.getByText('A number')).toBeInTheDocument();
  },
};

/** The invitation has already been used: said when the screen opens. */
export const UsedInvitation: Story = {
  args: { token: passwordTokens.used },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
    await expect(canvas.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
  },
};
