import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import {
  createEmailDecisionApi,
  decisionTokens,
  emailDecisionPendingHandlers,
} from '../test/emailDecisionHandlers';
import { handlers } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { assertNoSidewaysScroll, atPhoneSize } from '../test/storyViewports';
import { EmailDecisionScreen } from './EmailDecisionScreen';

const meta = {
  title: 'Screens/EmailDecisionScreen',
  component: EmailDecisionScreen,
  args: { token: decisionTokens.approve },
  parameters: {
    layout: 'fullscreen',
    msw: { handlers: [...createEmailDecisionApi().handlers, ...handlers] },
  },
  render: (args) => (
    <StoryProviders>
      <EmailDecisionScreen {...args} />
    </StoryProviders>
  ),
} satisfies Meta<typeof EmailDecisionScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An Approve link: the requisition's summary and one button. */
export const Approve: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Approve' })).toBeInTheDocument();
    await expect(canvas.getByText('REQ-2026-00042')).toBeInTheDocument();
  },
};

/** Approved from the link: the page says so. */
export const Approved: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Approve' }));
    await expect(await canvas.findByText('Approved by Mark Manager on 27 Nov 2026.')).toBeInTheDocument();
  },
};

/** A Reject link: a required reason and the Reject button. */
export const Reject: Story = { args: { token: decisionTokens.reject } };

/** Rejecting without a reason: the field says what is missing. */
export const RejectWithoutReason: Story = {
  args: { token: decisionTokens.reject },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Reject' }));
    await expect(await canvas.findByText('Say why you reject it.')).toBeInTheDocument();
  },
};

/** The link was used already. */
export const Used: Story = { args: { token: decisionTokens.used } };

/** The link has expired. */
export const Expired: Story = { args: { token: decisionTokens.expired } };

/** The step was decided another way first. */
export const DecidedElsewhere: Story = {
  args: { token: decisionTokens.decided },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^Already approved by Mark Manager/)).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

/** A committee seat the other members' decision closed: what the committee decided. */
export const CommitteeDecided: Story = {
  args: { token: decisionTokens.committee },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        'This committee has already decided: approved by Ana Board and Ben Board on 27 Nov 2026.',
      ),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).not.toBeInTheDocument();
  },
};

/** The step was delegated to someone else. */
export const Delegated: Story = { args: { token: decisionTokens.delegated } };

/** The requisition no longer awaits this decision. */
export const Closed: Story = { args: { token: decisionTokens.closed } };

/** An unknown link. */
export const InvalidLink: Story = { args: { token: decisionTokens.invalid } };

/** While the link is being checked. */
export const Checking: Story = {
  parameters: { msw: { handlers: [...emailDecisionPendingHandlers, ...handlers] } },
};

/** On a phone: the summary stacks, nothing scrolls sideways. */
export const Phone: Story = {
  ...atPhoneSize,
  args: { token: decisionTokens.reject },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Reject' })).toBeInTheDocument();
    assertNoSidewaysScroll();
  },
};
