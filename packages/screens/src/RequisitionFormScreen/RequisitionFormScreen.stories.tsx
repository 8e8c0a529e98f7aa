import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import { handlers, meHandler, organizationsHandler, plainUser } from '../test/handlers';
import {
  attachmentDeleteHandler,
  budgetCheckHandler,
  buildRequisition,
  createRequisitionApi,
  taxedRequisition,
} from '../test/requisitionHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { CreateRequisitionScreen, EditRequisitionScreen } from './RequisitionFormScreen';

type StoryArgs = {
  navigate: Navigation['navigate'];
  /** Set for the Edit stories: the requisition to edit. */
  requisitionId?: string;
};

/** A delivery date a month ahead, so the fixtures stay valid whenever the stories run. */
function nextMonth(): string {
  const date = new Date();
  date.setDate(date.getDate() + 30);
  return date.toISOString().slice(0, 10);
}

const draft = buildRequisition(1, {
  requestor: {
    id: plainUser.id,
    first_name: plainUser.first_name,
    last_name: plainUser.last_name,
    email: plainUser.email,
  },
  delivery_date: nextMonth(),
  attachments: [
    {
      id: '00000000-0000-4000-8000-000000001501',
      file_name: 'supplier-quote.pdf',
      file_size: 48_213,
      content_type: 'application/pdf',
      uploaded_at: '2026-11-14T09:05:00.000Z',
    },
  ],
});

const infoRequested = buildRequisition(3, {
  status: 'info_requested',
  delivery_date: nextMonth(),
  approval_workflow: [
    {
      id: '00000000-0000-4000-8000-000000000902',
      approval_level: 1,
      level_title: 'Manager Approval',
      approver: {
        id: '00000000-0000-4000-8000-000000000001',
        first_name: 'Alex',
        last_name: 'Morgan',
        email: 'admin@acme.test',
      },
      approver_group: null,
      action: 'request_info',
      comments: 'Please attach the supplier quote.',
      actioned_at: '2026-11-11T10:30:00.000Z',
      delegated_from: null,
      created_at: '2026-11-10T09:00:00.000Z',
    },
  ],
});

/** A draft whose laptops carry GST at 10% (issue 19, item 9). */
const taxed = taxedRequisition(5, { requestor: draft.requestor, delivery_date: nextMonth() });

/** The requestor's approved requisition, with no order yet: editable, with the re-approval warning. */
const approved = buildRequisition(4, { status: 'approved', delivery_date: nextMonth() });

const api = createRequisitionApi([draft, infoRequested, taxed, approved]);
const requisitionHandlers = [...api.handlers, attachmentDeleteHandler(api.requisitions)];

const meta = {
  title: 'Screens/RequisitionFormScreen',
  component: CreateRequisitionScreen,
  args: { navigate: fn() },
  parameters: { msw: { handlers: [...requisitionHandlers, ...handlers] } },
  render: ({ navigate, requisitionId }) => (
    <StoryProviders signedIn navigate={navigate}>
      <Box p="4">
        {requisitionId ? (
          <EditRequisitionScreen requisitionId={requisitionId} />
        ) : (
          <CreateRequisitionScreen />
        )}
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The empty Create form: one line, category standard. */
export const Create: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('group', { name: 'Item 1' })).toBeVisible();
    const costCenter = canvas.getByRole('combobox', { name: 'Cost Center' });
    await waitFor(() => expect(costCenter).toHaveTextContent('Select a cost center'));
  },
};

/** No organisation is chosen. */
export const CreateNoOrganization: Story = {
  parameters: { msw: { handlers: [organizationsHandler([]), ...requisitionHandlers, ...handlers] } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('Please select an organization to create a requisition'),
    ).toBeVisible();
  },
};

/** The total is above what the cost centre has left: the real check's Budget Warning with its figures. */
export const CreateBudgetWarning: Story = {
  parameters: {
    msw: {
      handlers: [
        budgetCheckHandler({ allocated: 10_000, spent: 2_000, committed: 3_000, available: 5_000 }),
        ...requisitionHandlers,
        ...handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('combobox', { name: 'Cost Center' }));
    await userEvent.click(await page.findByRole('option', { name: 'CC-200 - Information Technology' }));
    await userEvent.type(canvas.getByRole('textbox', { name: 'Description' }), 'Design workstation');
    const price = canvas.getByRole('spinbutton', { name: 'Unit Price' });
    await userEvent.clear(price);
    await userEvent.type(price, '6000');
    await userEvent.click(canvas.getByRole('button', { name: 'Check Budget' }));
    await expect(await canvas.findByText('Budget Warning')).toBeVisible();
  },
};

/** Saved with nothing filled in: the specification's messages on the fields. */
export const CreateInvalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const item = await canvas.findByRole('group', { name: 'Item 1' });
    await userEvent.clear(within(item).getByRole('spinbutton', { name: 'Quantity' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save as Draft' }));
    await expect(await canvas.findByText('Cost center is required')).toBeVisible();
    await expect(canvas.getByText('Description is required')).toBeVisible();
    await expect(canvas.getByText('Quantity must be at least 1')).toBeVisible();
  },
};

/** The product search of a line, listing catalogue matches to prefill it. */
export const CreateProductSearch: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const item = await canvas.findByRole('group', { name: 'Item 1' });
    await userEvent.type(within(item).getByRole('combobox', { name: 'Product' }), 'a');
    await expect(await canvas.findByRole('option', { name: /Copy paper A4/ })).toBeVisible();
  },
};

/** Files chosen before saving wait in a list; a refused file says why. */
export const CreateWithFiles: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('group', { name: 'Item 1' });
    await userEvent.upload(
      canvas.getByLabelText('Browse'),
      [
        new File(['%PDF-1.7'], 'supplier-quote.pdf', { type: 'application/pdf' }),
        new File(['xlsx'], 'price-comparison.xlsx', {
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        }),
        new File(['MZ'], 'installer.exe', { type: 'application/x-msdownload' }),
      ],
      { applyAccept: false },
    );
    await expect(await canvas.findByRole('list', { name: 'Files to upload' })).toBeVisible();
    await expect(canvas.getByRole('alert', { name: 'Files not added' })).toHaveTextContent('installer.exe');
  },
};

/** A draft of the signed-in requestor, prefilled, with an attached file. */
export const Edit: Story = {
  args: { requisitionId: draft.id },
  parameters: { msw: { handlers: [meHandler(plainUser), ...requisitionHandlers, ...handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('button', { name: 'Update Draft' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Update & Submit' })).toBeEnabled();
  },
};

/** A draft with a taxed line: its Tax % and tax, and Subtotal and Tax above the estimated total. */
export const EditTaxed: Story = {
  args: { requisitionId: taxed.id },
  parameters: { msw: { handlers: [meHandler(plainUser), ...requisitionHandlers, ...handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Tax: $439.80')).toBeVisible();
    await expect(canvas.getByText('Subtotal $4,500.00 · Tax $439.80')).toBeVisible();
  },
};

/** An approver asked for more information: the banner and Update & Resubmit. */
export const EditInfoRequested: Story = {
  args: { requisitionId: infoRequested.id },
  parameters: { msw: { handlers: [meHandler(plainUser), ...requisitionHandlers, ...handlers] } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByRole('button', { name: 'Update & Resubmit' }),
    ).toBeEnabled();
  },
};

/** The requisition does not exist or is not visible. */
export const EditNotFound: Story = {
  args: { requisitionId: '00000000-0000-4000-8000-000000009999' },
  parameters: { msw: { handlers: [meHandler(plainUser), ...requisitionHandlers, ...handlers] } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText(
        "Requisition not found or you don't have permission to edit it.",
      ),
    ).toBeVisible();
  },
};

/** Changes after approval: the warning above the form, one Save Changes, no attachments to add. */
export const EditApproved: Story = {
  args: { requisitionId: approved.id },
  parameters: { msw: { handlers: [meHandler(plainUser), ...requisitionHandlers, ...handlers] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      await canvas.findByText(
        /Changes that raise the total or change a line send this requisition back for approval\./,
      ),
    ).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    await expect(canvas.queryByRole('button', { name: 'Update & Submit' })).toBeNull();
  },
};
