import type { Schemas } from '@purchasing/api-client';
import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import { handlers } from '../test/handlers';
import {
  approvalReviewLoadErrorHandler,
  approvalReviewLoadingHandler,
  buildRequisition,
  createRequisitionApi,
  defaultRequisitions,
} from '../test/requisitionHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { ApprovalReviewScreen } from './ApprovalReviewScreen';

type StoryArgs = { requisitionId: string; navigate: Navigation['navigate'] };

/** The requestor's manager, who approved level 1. */
const manager: Schemas['UserRef'] = {
  id: '00000000-0000-4000-8000-000000000006',
  first_name: 'Sam',
  last_name: 'Lee',
  email: 'manager@acme.test',
};

/** REQ-2026-00002 with a taxed line, notes and a second attachment, under review at level 2. */
function underReview(): Schemas['Requisition'] {
  const base = buildRequisition(2);
  const fixtures = defaultRequisitions();
  const reviewed = fixtures.find((r) => r.id === base.id) ?? base;
  const [laptop, bag] = base.line_items;
  const firstStep = reviewed.approval_workflow[0];
  return {
    ...reviewed,
    total_amount: 5_037.3,
    subtotal_amount: 4_597.5,
    tax_amount: 439.8,
    notes: 'Please deliver to reception; the analysts start on 7 December.',
    shipping_address: 'Acme Corporation\nLevel 4, 1 Market Street\nSydney NSW 2000',
    line_items: [
      ...(laptop ? [{ ...laptop, tax_amount: 439.8, tax_rate: 10, total_amount: 4_837.8 }] : []),
      ...(bag ? [bag] : []),
      {
        id: '00000000-0000-4000-8000-000000009001',
        product_id: null,
        product: { id: '00000000-0000-4000-8000-000000000702', name: 'Copy paper A4', sku: 'PAP-A4' },
        description: 'Copy paper A4, 5 reams',
        quantity: 3,
        unit_price: 32.5,
        unit_of_measure: 'box',
        notes: null,
        currency: 'AUD',
        tax_amount: 0,
        tax_rate: null,
        total_amount: 97.5,
      },
    ],
    line_item_count: 3,
    attachments: [
      ...reviewed.attachments,
      {
        id: '00000000-0000-4000-8000-000000009101',
        file_name: 'laptop-specification-sheet.xlsx',
        file_size: 1_254_113,
        content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        uploaded_at: '2026-11-14T09:06:00.000Z',
      },
    ],
    approval_workflow: [
      ...(firstStep
        ? [
            {
              ...firstStep,
              approver: manager,
              action: 'approve' as const,
              comments: 'Needed for the new starters.',
              actioned_at: '2026-11-17T10:15:00.000Z',
            },
          ]
        : []),
      {
        id: '00000000-0000-4000-8000-000000009201',
        approval_level: 2,
        level_title: 'Department Head Approval',
        approver: firstStep?.approver ?? null,
        approver_group: null,
        action: null,
        comments: null,
        actioned_at: null,
        delegated_from: null,
        created_at: '2026-11-17T10:15:00.000Z',
      },
    ],
  };
}

function api(requisitions: Schemas['Requisition'][]) {
  return createRequisitionApi(requisitions).handlers;
}

const meta = {
  title: 'Screens/ApprovalReviewScreen',
  component: ApprovalReviewScreen,
  args: { requisitionId: buildRequisition(2).id, navigate: fn() },
  parameters: {
    msw: { handlers: [...api([underReview(), ...defaultRequisitions().slice(2)]), ...handlers] },
  },
  render: ({ requisitionId, navigate }) => (
    <StoryProviders signedIn navigate={navigate}>
      <Box p="4">
        <ApprovalReviewScreen requisitionId={requisitionId} />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A requisition awaiting the approver's decision at level 2. */
export const Default: Story = {};

/**
 * Over budget under the `require_finance` policy: the overrun shows above the details, and the Finance
 * Manager Approval the overrun added says why it is in the workflow.
 */
export const OverBudget: Story = {
  parameters: {
    msw: {
      handlers: [
        ...api([
          (() => {
            const requisition = underReview();
            return {
              ...requisition,
              budget_exceeded: { overrun: 1_039.8, available: 4_000, checked_at: '2026-11-17T09:00:00.000Z' },
              approval_workflow: [
                ...requisition.approval_workflow,
                {
                  id: '00000000-0000-4000-8000-000000009202',
                  approval_level: 3,
                  level_title: 'Finance Manager Approval',
                  approver: null,
                  approver_group: 'Finance Manager',
                  action: null,
                  comments: null,
                  actioned_at: null,
                  delegated_from: null,
                  required_for: 'budget_overrun' as const,
                  created_at: '2026-11-17T10:15:00.000Z',
                },
              ].filter((step) => step.action !== null || step.approval_level === 3),
            };
          })(),
          ...defaultRequisitions().slice(2),
        ]),
        ...handlers,
      ],
    },
  },
};

/** A requisition the approver has no open step on: the form says so and stays disabled. */
export const NoPendingStep: Story = {
  args: { requisitionId: buildRequisition(4).id },
  parameters: { msw: { handlers: [...api(defaultRequisitions()), ...handlers] } },
};

/** While the requisition loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: [approvalReviewLoadingHandler(), ...handlers] } },
};

/** The requisition failed to load. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [approvalReviewLoadErrorHandler(), ...api([]), ...handlers] } },
};

/** The requisition does not exist (or belongs to another organisation). */
export const NotFound: Story = {
  args: { requisitionId: buildRequisition(99).id },
  parameters: { msw: { handlers: [...api(defaultRequisitions()), ...handlers] } },
};
