import type { Schemas } from '@purchasing/api-client';
import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import { handlers, organizationsHandler } from '../test/handlers';
import {
  approvalQueueErrorHandler,
  approvalQueueHandler,
  approvalQueueLoadingHandler,
  buildPendingApproval,
  buildRequisition,
  financeRef,
} from '../test/requisitionHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { ApprovalQueueScreen } from './ApprovalQueueScreen';

type StoryArgs = { navigate: Navigation['navigate'] };

const DAY = 24 * 60 * 60 * 1000;
// Relative to today, so the days-pending badges show all three colours whenever the story is opened.
const daysAgo = (days: number) => new Date(Date.now() - days * DAY - 60_000).toISOString();
const HOUR = 60 * 60 * 1000;
/** A due time `hours` from now (negative: past), a minute inside the hour so the words hold while viewed. */
const dueIn = (hours: number) => ({
  due_at: new Date(Date.now() + hours * HOUR + (hours < 0 ? -60_000 : 60_000)).toISOString(),
  overdue: hours < 0,
});

/** A queue item whose requisition was submitted when the step opened. */
function item(
  requisition: Schemas['Requisition'],
  step: Partial<Schemas['PendingApproval']> & { created_at: string },
): Schemas['PendingApproval'] {
  return buildPendingApproval({ ...requisition, submitted_at: step.created_at }, step);
}

function queue(): Schemas['PendingApproval'][] {
  return [
    item(
      buildRequisition(31, {
        status: 'under_review',
        total_amount: 128_400,
        justification:
          'Replacement forklift for the Botany warehouse; the current unit failed its safety inspection.',
        category: 'capital',
      }),
      { approval_level: 4, level_title: 'General Manager Approval', created_at: daysAgo(9), ...dueIn(-3) },
    ),
    item(
      buildRequisition(32, {
        status: 'under_review',
        requestor: financeRef,
        total_amount: 27_950,
        justification: 'Annual renewal of the design software licences (25 seats).',
        category: 'services',
      }),
      { approval_level: 3, level_title: 'Finance Manager Approval', created_at: daysAgo(5), ...dueIn(5) },
    ),
    item(
      buildRequisition(33, {
        status: 'under_review',
        total_amount: 6_480,
        justification: 'Quarterly preventive maintenance of the HVAC system.',
        category: 'maintenance',
      }),
      { approval_level: 2, level_title: 'Department Head Approval', created_at: daysAgo(3) },
    ),
    item(buildRequisition(34, { status: 'under_review' }), { created_at: daysAgo(1), ...dueIn(49) }),
    item(
      buildRequisition(35, {
        status: 'under_review',
        total_amount: 842.6,
        justification: 'Courier charges for the November sample shipments.',
        category: 'freight',
        currency: 'USD',
      }),
      { created_at: daysAgo(0) },
    ),
    item(
      buildRequisition(36, {
        status: 'approved',
        total_amount: 1_920,
        justification: 'Ergonomic chairs for the customer service team.',
      }),
      {
        action: 'approve',
        comments: 'Within budget.',
        actioned_at: daysAgo(2),
        created_at: daysAgo(4),
      },
    ),
    item(buildRequisition(37, { status: 'info_requested', total_amount: 15_300, category: 'services' }), {
      approval_level: 2,
      level_title: 'Department Head Approval',
      action: 'request_info',
      comments: 'Please attach the second supplier quote.',
      actioned_at: daysAgo(3),
      created_at: daysAgo(6),
    }),
    item(buildRequisition(38, { status: 'rejected', total_amount: 3_150 }), {
      action: 'reject',
      comments: 'Duplicate of REQ-2026-00034.',
      actioned_at: daysAgo(8),
      created_at: daysAgo(9),
    }),
  ];
}

const meta = {
  title: 'Screens/ApprovalQueueScreen',
  args: { navigate: fn() },
  parameters: { msw: { handlers: [approvalQueueHandler(queue()), ...handlers] } },
  render: ({ navigate }) => (
    <StoryProviders signedIn navigate={navigate}>
      <Box p="4">
        <ApprovalQueueScreen />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Open steps, oldest first, with green, yellow and red days-pending badges. */
export const Default: Story = {};

/** The steps the approver has decided: the action taken and when, no review link. */
export const Completed: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: 'Completed' }));
    await expect(await canvas.findByRole('list', { name: 'Completed approvals' })).toBeInTheDocument();
  },
};

/** A long queue: the pager appears. */
export const ManyPages: Story = {
  parameters: {
    msw: {
      handlers: [
        approvalQueueHandler(
          Array.from({ length: 30 }, (_, index) =>
            item(buildRequisition(100 + index, { status: 'under_review' }), {
              created_at: daysAgo(index % 10),
            }),
          ),
        ),
        ...handlers,
      ],
    },
  },
};

/** Nothing awaits the approver. */
export const Empty: Story = {
  parameters: { msw: { handlers: [approvalQueueHandler([]), ...handlers] } },
};

/** While the queue loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: [approvalQueueLoadingHandler(), ...handlers] } },
};

/** The queue failed to load. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [approvalQueueErrorHandler(), ...handlers] } },
};

/** The user has no organisation. */
export const NoOrganization: Story = {
  parameters: { msw: { handlers: [organizationsHandler([]), ...handlers] } },
};

/** Two requisitions selected for one decision: the bar above the cards, then the approval dialog. */
export const BulkSelection: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('checkbox', { name: 'Select REQ-2026-00031' }));
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Select REQ-2026-00032' }));
    const bar = canvas.getByRole('region', { name: 'Selected approvals' });
    await expect(bar).toHaveTextContent('2 selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Approve selected' }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('dialog', { name: 'Approve 2 requisitions' })).toBeInTheDocument();
  },
};

/**
 * Due times (docs/decisions.md "Reminders and escalation"): "Overdue by 3 hours" in red with an alarm
 * clock, "Due in 5 hours" and "Due in 2 days" in grey; the Due filter keeps the overdue ones.
 */
export const DueAndOverdue: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cardOf = async (number: string) => {
      const article = (await canvas.findByRole('heading', { name: number })).closest('article');
      if (!article) throw new Error(`no card for ${number}`);
      return within(article);
    };
    await expect((await cardOf('REQ-2026-00031')).getByText('Overdue by 3 hours')).toBeInTheDocument();
    await expect((await cardOf('REQ-2026-00032')).getByText('Due in 5 hours')).toBeInTheDocument();
    await expect((await cardOf('REQ-2026-00034')).getByText('Due in 2 days')).toBeInTheDocument();
    await expect((await cardOf('REQ-2026-00033')).queryByText(/^(Due in|Overdue)/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: /Filters/ }));
    await userEvent.click(canvas.getByRole('combobox', { name: 'Due' }));
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await page.findByRole('option', { name: 'Overdue' }));
    await waitFor(() => expect(canvas.queryByRole('heading', { name: 'REQ-2026-00032' })).toBeNull());
    await expect(canvas.getByRole('heading', { name: 'REQ-2026-00031' })).toBeInTheDocument();
  },
};

/** The keyboard shortcuts, opened with `?` (or the Keyboard shortcuts button). */
export const KeyboardShortcuts: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('checkbox', { name: 'Select REQ-2026-00031' });
    await userEvent.click(canvas.getByRole('button', { name: 'Keyboard shortcuts' }));
    const page = within(canvasElement.ownerDocument.body);
    await expect(await page.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  },
};

/** Ordered "Due soonest": the overdue step, then the sooner due, then the steps without a due time. */
export const DueSoonest: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { name: 'REQ-2026-00031' });
    await userEvent.click(canvas.getByRole('radio', { name: 'Due soonest' }));
    const numbers = () =>
      within(canvas.getByRole('list', { name: 'Approvals awaiting your decision' }))
        .getAllByRole('heading', { level: 2 })
        .map((heading) => heading.textContent);
    await waitFor(() =>
      expect(numbers().slice(0, 3)).toEqual(['REQ-2026-00031', 'REQ-2026-00032', 'REQ-2026-00034']),
    );
    await expect(
      canvas.getByText('Requisitions waiting for your decision, soonest due first.'),
    ).toBeInTheDocument();
  },
};
