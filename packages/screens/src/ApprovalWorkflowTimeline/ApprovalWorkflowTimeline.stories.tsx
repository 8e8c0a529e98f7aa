import type { Schemas } from '@purchasing/api-client';
import { Box, Card } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import {
  approverRef,
  buildRequisition,
  defaultRequisitions,
  financeRef,
  requestorRef,
} from '../test/requisitionHandlers';
import { ApprovalWorkflowTimeline } from './ApprovalWorkflowTimeline';

const approved = defaultRequisitions().find((requisition) => requisition.status === 'approved');

/** A long workflow: decided levels, a delegation and an open group step. */
const steps: Schemas['ApprovalStep'][] = [
  ...(approved?.approval_workflow ?? []).filter((step) => step.approval_level < 3),
  {
    id: '00000000-0000-4000-8000-000000009901',
    approval_level: 3,
    level_title: 'Finance Manager Approval',
    approver: null,
    approver_group: 'Finance Manager',
    action: null,
    comments: null,
    actioned_at: null,
    delegated_from: null,
    created_at: '2026-11-04T09:05:00.000Z',
  },
];

const meta = {
  title: 'Screens/ApprovalWorkflowTimeline',
  component: ApprovalWorkflowTimeline,
  args: { steps, currency: 'AUD' },
  render: (args) => (
    <Box style={{ maxWidth: 520 }}>
      <Card size="3">
        <ApprovalWorkflowTimeline {...args} />
      </Card>
    </Box>
  ),
} satisfies Meta<typeof ApprovalWorkflowTimeline>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Steps sorted by level: approvals, a delegation and an open group step. */
export const Default: Story = {};

/** A requisition that was sent back: the approver's request for information. */
export const InformationRequested: Story = {
  args: {
    steps: [
      {
        id: '00000000-0000-4000-8000-000000009910',
        approval_level: 1,
        level_title: 'Manager Approval',
        approver: approverRef,
        approver_group: null,
        action: 'request_info',
        comments: `Please attach the supplier quote and confirm the delivery address for ${requestorRef.first_name}'s team.`,
        actioned_at: '2026-11-11T10:30:00.000Z',
        delegated_from: null,
        created_at: '2026-11-10T09:00:00.000Z',
      },
    ],
  },
};

/** A level passed without a decision: the step records why. */
export const AutoApproved: Story = {
  args: {
    steps: [
      {
        id: '00000000-0000-4000-8000-000000009920',
        approval_level: 1,
        level_title: 'Manager Approval',
        approver: null,
        approver_group: null,
        action: 'auto_approve',
        comments: 'Approved automatically: the total is below the auto-approval amount.',
        actioned_at: '2026-11-01T09:00:00.000Z',
        delegated_from: null,
        created_at: '2026-11-01T09:00:00.000Z',
      },
    ],
  },
};

/** A draft: nothing submitted yet. */
export const Empty: Story = { args: { steps: buildRequisition(1).approval_workflow } };

/** Changed after approval: the manager's first approval superseded, the level open to them again. */
export const SupersededByAChange: Story = {
  args: {
    steps: [
      {
        id: '00000000-0000-4000-8000-000000009911',
        approval_level: 1,
        level_title: 'Manager Approval',
        approver: approverRef,
        approver_group: null,
        action: 'approve',
        comments: null,
        actioned_at: '2026-11-04T10:00:00.000Z',
        delegated_from: null,
        superseded_at: '2026-11-05T09:00:00.000Z',
        created_at: '2026-11-04T09:00:00.000Z',
      },
      {
        id: '00000000-0000-4000-8000-000000009912',
        approval_level: 1,
        level_title: 'Manager Approval',
        approver: approverRef,
        approver_group: null,
        action: null,
        comments: null,
        actioned_at: null,
        delegated_from: null,
        created_at: '2026-11-05T09:00:00.000Z',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByText(
        'Superseded: the requisition changed after approval and went back for approval.',
      ),
    ).toBeVisible();
  },
};

const boardMember = (n: number, first_name: string) => ({
  id: `00000000-0000-4000-8000-${String(9930 + n).padStart(12, '0')}`,
  first_name,
  last_name: 'Okafor',
  email: `${first_name.toLowerCase()}.okafor@example.com`,
});

/** A committee level (3 of 4 board members): two approved, two awaited. */
export const Committee: Story = {
  args: {
    steps: [
      ...(approved?.approval_workflow ?? []).filter((step) => step.approval_level < 2),
      ...['Amara', 'Bola', 'Chidi', 'Dayo'].map((name, i): Schemas['ApprovalStep'] => ({
        id: `00000000-0000-4000-8000-${String(9940 + i).padStart(12, '0')}`,
        approval_level: 2,
        level_title: 'Board Approval',
        approver: boardMember(i, name),
        approver_group: null,
        action: i < 2 ? 'approve' : null,
        comments: i === 0 ? 'Within the capital plan.' : null,
        actioned_at: i < 2 ? `2026-11-05T1${i}:00:00.000Z` : null,
        delegated_from: null,
        required_approvals: 3,
        created_at: '2026-11-05T09:00:00.000Z',
      })),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText('2 of 3 approved: Amara Okafor, Bola Okafor; waiting for Chidi Okafor, Dayo Okafor'),
    ).toBeVisible();
    await expect(canvas.getByRole('list', { name: 'Decisions of Board Approval' })).toBeVisible();
  },
};

/** A named-users level any one of three decides (1 approval needed): everyone asked, nobody yet. */
export const AnyOneOfNamedUsers: Story = {
  args: {
    steps: [
      ...(approved?.approval_workflow ?? []).filter((step) => step.approval_level < 2),
      ...['Amara', 'Bola', 'Chidi'].map((name, i): Schemas['ApprovalStep'] => ({
        id: `00000000-0000-4000-8000-${String(9950 + i).padStart(12, '0')}`,
        approval_level: 2,
        level_title: 'Named Approval',
        approver: boardMember(i, name),
        approver_group: null,
        action: null,
        comments: null,
        actioned_at: null,
        delegated_from: null,
        required_approvals: 1,
        created_at: '2026-11-05T09:00:00.000Z',
      })),
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Any of: Amara Okafor, Bola Okafor, Chidi Okafor')).toBeVisible();
    await expect(canvas.getByText('Any one of 3')).toBeVisible();
  },
};

/** The same level once Bola approved: the other seats are closed and not listed. */
export const AnyOneOfNamedUsersDecided: Story = {
  args: {
    steps: [
      ...(approved?.approval_workflow ?? []).filter((step) => step.approval_level < 2),
      {
        id: '00000000-0000-4000-8000-000000009961',
        approval_level: 2,
        level_title: 'Named Approval',
        approver: boardMember(1, 'Bola'),
        approver_group: null,
        action: 'approve',
        comments: 'Fine by me.',
        actioned_at: '2026-11-05T10:00:00.000Z',
        delegated_from: null,
        required_approvals: 1,
        created_at: '2026-11-05T09:00:00.000Z',
      },
    ],
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Approved by Bola Okafor')).toBeVisible();
  },
};

const HOUR = 60 * 60 * 1000;
const overdueSince = new Date(Date.now() - 3 * HOUR - 60_000).toISOString();
const escalatedAt = new Date(Date.now() - 2 * HOUR).toISOString();

/**
 * An overdue step escalated to the approver's manager (docs/decisions.md "Reminders and escalation"):
 * the first holder's step closed with the escalation's words, the manager's open step overdue.
 */
export const Escalated: Story = {
  args: {
    steps: [
      {
        id: '00000000-0000-4000-8000-000000009920',
        approval_level: 1,
        level_title: 'Manager Approval',
        approver: approverRef,
        approver_group: null,
        action: 'delegate',
        comments: `Escalated to Fiona Chen: overdue since ${overdueSince.slice(0, 16).replace('T', ' ')} UTC.`,
        actioned_at: escalatedAt,
        delegated_from: null,
        created_at: new Date(Date.now() - 60 * HOUR).toISOString(),
        due_at: overdueSince,
        overdue: false,
        escalated_at: escalatedAt,
      },
      {
        id: '00000000-0000-4000-8000-000000009921',
        approval_level: 1,
        level_title: 'Manager Approval',
        approver: financeRef,
        approver_group: null,
        action: null,
        comments: null,
        actioned_at: null,
        delegated_from: approverRef,
        created_at: escalatedAt,
        due_at: overdueSince,
        overdue: true,
        escalated_at: escalatedAt,
      },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Overdue by 3 hours')).toBeInTheDocument();
    await expect(canvas.getByText(/^Escalated from/)).toBeInTheDocument();
    await expect(canvas.getByText(/^Escalated to Fiona Chen: overdue since/)).toBeInTheDocument();
  },
};
