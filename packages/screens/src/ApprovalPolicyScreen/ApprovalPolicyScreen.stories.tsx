import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { approvalPolicyPendingHandler, createApprovalPolicyApi } from '../test/approvalPolicyHandlers';
import { globex, handlers } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { assertNoSidewaysScroll, atPhoneSize } from '../test/storyViewports';
import { ApprovalPolicyScreen } from './ApprovalPolicyScreen';

const api = () => createApprovalPolicyApi().handlers;

const meta = {
  title: 'Screens/ApprovalPolicyScreen',
  component: ApprovalPolicyScreen,
  parameters: { msw: { handlers: [...api(), ...handlers] } },
  render: () => (
    <StoryProviders signedIn>
      <Box p="4">
        <ApprovalPolicyScreen />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<typeof ApprovalPolicyScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The default four levels, editable by an administrator. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('region', { name: 'Level 1: Manager Approval' }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Save Policy' })).toBeDisabled();
  },
};

/** While the policy loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: [approvalPolicyPendingHandler(), ...api(), ...handlers] } },
};

/** A board level with a named approver added and previewed on 200,000. */
export const PreviewNamedLevel: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add Level' }));
    const added = await canvas.findByRole('region', { name: 'Level 5: Level 5 Approval' });
    await userEvent.click(within(added).getByRole('combobox', { name: /Approver$/ }));
    await userEvent.click(await body.findByRole('option', { name: 'Named users' }));
    await userEvent.click(await within(added).findByRole('combobox', { name: /Approvers/ }));
    await userEvent.click(await body.findByRole('option', { name: 'Bo Board' }));
    await userEvent.keyboard('{Escape}');
    const amount = canvas.getByRole('spinbutton', { name: 'Sample amount' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '200000');
    await userEvent.click(canvas.getByRole('button', { name: 'Preview' }));
    const chain = await canvas.findByRole('list', { name: 'Approval chain' });
    await expect(within(chain).getByText('Bo Board')).toBeInTheDocument();
  },
};

/** Two named approvers, one approval needed: any one of them decides; previewed on 200,000. */
export const AnyOneOfNamedUsers: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add Level' }));
    const added = await canvas.findByRole('region', { name: 'Level 5: Level 5 Approval' });
    await userEvent.click(within(added).getByRole('combobox', { name: /Approver$/ }));
    await userEvent.click(await body.findByRole('option', { name: 'Named users' }));
    await userEvent.click(await within(added).findByRole('combobox', { name: /Approvers/ }));
    for (const name of ['Fay Finance', 'Bo Board'])
      await userEvent.click(await body.findByRole('option', { name }));
    await userEvent.keyboard('{Escape}');
    await expect(within(added).getByText(/^Any one of the named users decides/)).toBeInTheDocument();
    const amount = canvas.getByRole('spinbutton', { name: 'Sample amount' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '200000');
    await userEvent.click(canvas.getByRole('button', { name: 'Preview' }));
    const chain = await canvas.findByRole('list', { name: 'Approval chain' });
    await expect(
      await within(chain).findByText('Any one of these 2 decides: Fay Finance, Bo Board'),
    ).toBeInTheDocument();
  },
};

/** A board committee: 2 of 3 named approvers must approve; previewed on 300,000. */
export const Committee: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add Level' }));
    const added = await canvas.findByRole('region', { name: 'Level 5: Level 5 Approval' });
    await userEvent.click(within(added).getByRole('combobox', { name: /Approver$/ }));
    await userEvent.click(await body.findByRole('option', { name: 'Named users' }));
    await userEvent.click(await within(added).findByRole('combobox', { name: /Approvers/ }));
    for (const name of ['Mia Manager', 'Fay Finance', 'Bo Board'])
      await userEvent.click(await body.findByRole('option', { name }));
    await userEvent.keyboard('{Escape}');
    const needed = within(added).getByRole('spinbutton', { name: /Approvals needed/ });
    await userEvent.clear(needed);
    await userEvent.type(needed, '2');
    await expect(await within(added).findByText(/Committee: 2 of 3 must approve/)).toBeInTheDocument();
    const amount = canvas.getByRole('spinbutton', { name: 'Sample amount' });
    await userEvent.clear(amount);
    await userEvent.type(amount, '300000');
    await userEvent.click(canvas.getByRole('button', { name: 'Preview' }));
    const chain = await canvas.findByRole('list', { name: 'Approval chain' });
    await expect(await within(chain).findByText(/2 of these 3 must approve/)).toBeInTheDocument();
  },
};

/** An approver without `org.settings` (Finance Manager in GLOBEX) reads the policy. */
export const ReadOnly: Story = {
  render: () => (
    <StoryProviders signedIn organizationId={globex.id}>
      <Box p="4">
        <ApprovalPolicyScreen />
      </Box>
    </StoryProviders>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText('Only people who manage settings can change the approval policy.'),
    ).toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Save Policy' })).toBeNull();
  },
};

/** On a phone (390 px): the levels stack as cards; nothing scrolls sideways. */
export const Phone: Story = {
  ...atPhoneSize,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByRole('region', { name: 'Level 4: General Manager Approval' }),
    ).toBeInTheDocument();
    assertNoSidewaysScroll();
  },
};
