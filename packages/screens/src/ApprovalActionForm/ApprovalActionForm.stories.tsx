import type { Schemas } from '@purchasing/api-client';
import { Box, Card } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { handlers } from '../test/handlers';
import { createRequisitionApi, defaultRequisitions } from '../test/requisitionHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { ApprovalActionForm } from './ApprovalActionForm';

const [draft, underReview] = defaultRequisitions() as [Schemas['Requisition'], Schemas['Requisition']];

const meta = {
  title: 'Screens/ApprovalActionForm',
  component: ApprovalActionForm,
  args: { requisition: underReview, onDone: fn(), onCancel: fn() },
  parameters: { msw: { handlers: [...createRequisitionApi().handlers, ...handlers] } },
  render: (args) => (
    <StoryProviders signedIn>
      <Box style={{ maxWidth: 560 }}>
        <Card size="3">
          <ApprovalActionForm {...args} />
        </Card>
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<typeof ApprovalActionForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The signed-in approver has the open step: choose an action, comment and submit. */
export const Default: Story = {};

/** The signed-in user has no open step on this requisition: everything is disabled. */
export const NoPendingStep: Story = { args: { requisition: draft } };
