import type { Schemas } from '@purchasing/api-client';
import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { AppShell } from '../AppShell';
import { handlers, http, meHandler, plainUser } from '../test/handlers';
import { historyVerificationHandler } from '../test/historyHandlers';
import {
  approverRef,
  buildRequisition,
  createRequisitionApi,
  defaultRequisitions,
  financeRef,
} from '../test/requisitionHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { RequisitionDetailScreen } from './RequisitionDetailScreen';

type Requisition = Schemas['Requisition'];
type ApprovalStep = Schemas['ApprovalStep'];

function step(n: number, overrides: Partial<ApprovalStep>): ApprovalStep {
  return {
    id: `00000000-0000-4000-8000-${String(9900 + n).padStart(12, '0')}`,
    approval_level: 1,
    level_title: 'Manager Approval',
    approver: approverRef,
    approver_group: null,
    action: null,
    comments: null,
    actioned_at: null,
    delegated_from: null,
    created_at: '2026-11-16T09:00:00.000Z',
    ...overrides,
  };
}

const [draft, underReview, infoRequested, approvedFixture] = defaultRequisitions() as [
  Requisition,
  Requisition,
  Requisition,
  Requisition,
];

/** An approved requisition with everything filled in: notes, a taxed line, attachments, four levels. */
const approved: Requisition = {
  ...approvedFixture,
  notes: 'Deliver to reception between 9 am and 5 pm. Call Uma on arrival.',
  line_items: [
    ...approvedFixture.line_items,
    {
      id: '00000000-0000-4000-8000-000000001142',
      product_id: '00000000-0000-4000-8000-000000000702',
      product: { id: '00000000-0000-4000-8000-000000000702', name: 'Copy paper A4', sku: 'PAP-A4' },
      description: 'Copy paper A4',
      quantity: 10,
      unit_price: 32.5,
      unit_of_measure: 'box',
      notes: null,
      currency: 'AUD',
      tax_amount: 32.5,
      tax_rate: 10,
      total_amount: 357.5,
    },
  ],
  line_item_count: 3,
  total_amount: 4857.5,
  subtotal_amount: 4825,
  tax_amount: 32.5,
  attachments: [
    {
      id: '00000000-0000-4000-8000-000000001511',
      file_name: 'Supplier quote - Tech Supplies Pty Ltd.pdf',
      file_size: 248_213,
      content_type: 'application/pdf',
      uploaded_at: '2026-11-01T08:00:00.000Z',
    },
    {
      id: '00000000-0000-4000-8000-000000001512',
      file_name: 'laptop-spec.xlsx',
      file_size: 18_944,
      content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      uploaded_at: '2026-11-01T08:01:00.000Z',
    },
  ],
};

/** Under review at level 2: approved at level 1, then delegated to Alex Morgan (the signed-in approver). */
const underReviewLong: Requisition = {
  ...underReview,
  approval_workflow: [
    step(51, {
      approver: financeRef,
      action: 'approve',
      comments: 'Fine by me.',
      actioned_at: '2026-11-16T15:00:00.000Z',
      created_at: '2026-11-16T09:00:00.000Z',
    }),
    step(52, {
      approval_level: 2,
      level_title: 'Department Head Approval',
      approver: financeRef,
      action: 'delegate',
      comments: 'Away until Friday; Alex can decide.',
      actioned_at: '2026-11-17T10:00:00.000Z',
      created_at: '2026-11-16T15:00:00.000Z',
    }),
    step(53, {
      approval_level: 2,
      level_title: 'Department Head Approval',
      approver: approverRef,
      delegated_from: financeRef,
      created_at: '2026-11-17T10:00:00.000Z',
    }),
  ],
};

/** Approved, then edited by its requestor: the total rose past 5,000, so it went back from level 2. */
const changedAfterApproval: Requisition = buildRequisition(11, {
  status: 'under_review',
  total_amount: 6000,
  changes_after_approval: [
    {
      at: '2026-11-20T09:30:00.000Z',
      actor: approvedFixture.requestor,
      outcome: 'kept',
      reason: 'Only details that do not affect approval changed; the approval stands.',
      restart_level: null,
      changes: [{ label: 'Delivery date', before: '2026-12-01', after: '2026-12-15' }],
    },
    {
      at: '2026-11-21T14:05:00.000Z',
      actor: approvedFixture.requestor,
      outcome: 'reapproval',
      reason: 'The total rose: sent back for approval.',
      restart_level: 2,
      changes: [
        { label: 'Total', before: '4500.00', after: '6000.00' },
        { label: 'Line 1 quantity', before: '2', after: '3' },
        { label: 'Line 1 total', before: '4000.00', after: '5500.00' },
      ],
    },
  ],
});

const api = () =>
  createRequisitionApi([
    changedAfterApproval,
    draft,
    underReviewLong,
    infoRequested,
    approved,
    buildRequisition(9, { status: 'rejected' }),
  ]).handlers;

const meta = {
  title: 'Screens/RequisitionDetailScreen',
  component: RequisitionDetailScreen,
  args: { requisitionId: draft.id },
  parameters: { msw: { handlers: [meHandler(plainUser), ...api(), ...handlers] } },
  render: (args) => (
    <StoryProviders signedIn>
      <Box p="4">
        <RequisitionDetailScreen {...args} />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<typeof RequisitionDetailScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The requestor's own draft: Edit, Delete and Submit, no workflow yet. */
export const Draft: Story = {};

/** An approver with the open step: Review opens the decision form. */
export const UnderReview: Story = {
  args: { requisitionId: underReviewLong.id },
  parameters: { msw: { handlers: [...api(), ...handlers] } },
};

/** The Review dialog open with the decision form, ready to reject with a comment. */
export const ReviewDialog: Story = {
  ...UnderReview,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Review' }));
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('dialog', { name: 'Review REQ-2026-00002' });
    const reject = await within(dialog).findByRole('radio', { name: 'Reject' });
    await waitFor(() => expect(reject).toBeEnabled());
    await userEvent.click(reject);
    await expect(within(dialog).getByRole('button', { name: 'Reject Requisition' })).toBeDisabled();
  },
};

/** Sent back to the requestor: the orange banner quotes the approver, with Update Requisition and Resubmit. */
export const InfoRequested: Story = { args: { requisitionId: infoRequested.id } };

/** Approved after four levels, with notes, a taxed line and attachments to download. */
export const Approved: Story = {
  args: { requisitionId: approved.id },
  parameters: { msw: { handlers: [...api(), ...handlers] } },
};

/** The requestor's approved requisition without an order: Edit alone (changes after approval). */
export const ApprovedRequestor: Story = {
  args: { requisitionId: approved.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Edit' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Submit' })).toBeNull();
  },
};

/** Edited after approval twice: the workflow lists each edit before → after and what it did to the approval. */
export const ChangedAfterApproval: Story = {
  args: { requisitionId: changedAfterApproval.id },
  parameters: { msw: { handlers: [...api(), ...handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Changes after approval' })).toBeVisible();
    await expect(canvas.getByText('Back for approval from level 2')).toBeVisible();
    await expect(canvas.getByText('Approval kept')).toBeVisible();
  },
};

/** Inside the application shell, as the host shows it (printing hides the shell and the actions). */
export const InAppShell: Story = {
  args: { requisitionId: approved.id },
  parameters: { layout: 'fullscreen', msw: { handlers: [...api(), ...handlers] } },
  render: (args) => (
    <StoryProviders signedIn>
      <AppShell currentPath={`/requisitions/${args.requisitionId}`}>
        <RequisitionDetailScreen {...args} />
      </AppShell>
    </StoryProviders>
  ),
};

/** The requisition does not exist, or the user may not see it. */
export const NotFound: Story = { args: { requisitionId: '00000000-0000-4000-8000-000000009999' } };

/** While the requisition loads. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('/requisitions/{id}', async ({ response }) => {
          await delay('infinite');
          return response(200).json({ requisition: draft });
        }),
        ...handlers,
      ],
    },
  },
};

/** The requisition failed to load: the message and Retry. */
export const ServerError: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('/requisitions/{id}', ({ response }) =>
          response(500).json({ message: 'Something went wrong', code: 'INTERNAL_ERROR', details: [] }),
        ),
        ...handlers,
      ],
    },
  },
};

/** The history matches its tamper-evident record: "History verified", described, with the exports. */
export const HistoryVerified: Story = {
  args: { requisitionId: approved.id },
  parameters: { msw: { handlers: [...api(), ...handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const badge = await canvas.findByRole('status', { name: /History verified/ }, { timeout: 10_000 });
    await expect(badge).toHaveAccessibleDescription(
      "All 3 entries of this requisition's history match the tamper-evident record.",
    );
    await expect(canvas.getByRole('button', { name: 'Export history (CSV)' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Export history (PDF)' })).toBeEnabled();
  },
};

/** An entry was changed in the database after it was written: "History altered" names the entry. */
export const HistoryAltered: Story = {
  args: { requisitionId: approved.id },
  parameters: {
    msw: {
      handlers: [
        historyVerificationHandler({ intact: false, checked: 2, first_broken_sequence: 17 }),
        ...api(),
        ...handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const badge = await canvas.findByRole('status', { name: /History altered/ }, { timeout: 10_000 });
    await expect(badge).toHaveAccessibleDescription(
      "Entry 17 of the organization's history no longer matches the tamper-evident record: it was changed after it was written.",
    );
  },
};

/** The history could not be checked (the verification failed): said so, the exports still offered. */
export const HistoryNotChecked: Story = {
  args: { requisitionId: approved.id },
  parameters: { msw: { handlers: [historyVerificationHandler(500), ...api(), ...handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const badge = await canvas.findByRole('status', { name: /History not checked/ }, { timeout: 10_000 });
    await expect(badge).toHaveAccessibleDescription('The history could not be checked. Try again later.');
  },
};
