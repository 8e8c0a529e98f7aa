import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import { handlers, meHandler, organizationsHandler, plainUser } from '../test/handlers';
import {
  buildLongPurchaseOrder,
  buildPurchaseOrder,
  createPurchaseOrderApi,
  defaultPurchaseOrders,
  linesOf,
  northwindFreight,
  purchaseOrderDetailErrorHandler,
  purchaseOrderDetailLoadingHandler,
  toPoVendor,
} from '../test/purchaseOrderHandlers';
import { taxedRequisition } from '../test/requisitionHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { PurchaseOrderDetailScreen, type PurchaseOrderDetailScreenProps } from './PurchaseOrderDetailScreen';

type StoryArgs = PurchaseOrderDetailScreenProps & { navigate: Navigation['navigate'] };

const [draft, sent, received, cancelled] = defaultPurchaseOrders();
const noEmail = buildPurchaseOrder(9, { vendor: toPoVendor(northwindFreight) });
const long = buildLongPurchaseOrder(10);
const taxed = buildPurchaseOrder(11, {
  po_line_items: linesOf(taxedRequisition(11), 11),
  total_amount: 4_939.8,
});

const partialBase = buildPurchaseOrder(12, {
  status: 'partially_received',
  sent_at: '2026-11-12T11:30:00.000Z',
});
const partial = {
  ...partialBase,
  po_line_items: partialBase.po_line_items.map((line, index) => ({
    ...line,
    quantity_received: index === 0 ? line.quantity : 0,
  })),
};
const partialReceipt = {
  id: '00000000-0000-4000-8000-000000000990',
  received_at: '2026-11-14',
  received_by: {
    id: '00000000-0000-4000-8000-000000000991',
    first_name: 'Rosa',
    last_name: 'Diaz',
    email: 'rosa@acme.example',
  },
  notes: 'First delivery; the rest is back-ordered.',
  attachment: null,
  amount: partial.po_line_items[0]!.total_amount,
  created_at: '2026-11-14T03:00:00.000Z',
  lines: [
    {
      po_line_item_id: partial.po_line_items[0]!.id,
      description: partial.po_line_items[0]!.description,
      quantity: partial.po_line_items[0]!.quantity,
    },
  ],
};

/** The in-memory API over one order in every status, plus the odd ones of these stories. */
function apiHandlers() {
  return [
    ...createPurchaseOrderApi([...defaultPurchaseOrders(), noEmail, long, taxed, structuredClone(partial)], {
      receipts: { [partial.id]: [partialReceipt] },
    }).handlers,
    ...handlers,
  ];
}

const meta = {
  title: 'Screens/PurchaseOrderDetailScreen',
  component: PurchaseOrderDetailScreen,
  args: { purchaseOrderId: draft!.id, navigate: fn() },
  parameters: { msw: { handlers: apiHandlers() } },
  render: ({ navigate, purchaseOrderId }) => (
    <StoryProviders signedIn navigate={navigate}>
      <Box p="4">
        <PurchaseOrderDetailScreen purchaseOrderId={purchaseOrderId} />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A draft seen by a buyer: Edit, Send to Vendor and Cancel; attachments can be added and removed. */
export const Default: Story = {};

/** A sent order: Mark as Received and Cancel. */
export const Sent: Story = { args: { purchaseOrderId: sent!.id } };

/** A received order, with the receipt notes; no actions left. */
export const Received: Story = { args: { purchaseOrderId: received!.id } };

/** A cancelled order, with the reason. */
export const Cancelled: Story = { args: { purchaseOrderId: cancelled!.id } };

/** A draft to a vendor without an email address: Send is unavailable and the screen says why. */
export const VendorWithoutEmail: Story = { args: { purchaseOrderId: noEmail.id } };

/** A draft with five lines. */
export const ManyLines: Story = { args: { purchaseOrderId: long.id } };

/** An order of taxed lines (issue 19, item 9): Subtotal and Tax above the total, each line's rate. */
export const Taxed: Story = {
  args: { purchaseOrderId: taxed.id },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table', { name: 'Line items' });
    await expect(within(table).getByText('incl. $439.80 tax at 10%')).toBeVisible();
    await expect(within(table).getByText('Subtotal')).toBeVisible();
  },
};

/** A plain user (purchase_order.view only) sees the draft without any action. */
export const ReadOnly: Story = {
  parameters: { msw: { handlers: [meHandler(plainUser), ...apiHandlers()] } },
};

/** Mark as Received opens a dialog with the received date and optional notes. */
export const ReceiveDialog: Story = {
  args: { purchaseOrderId: sent!.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Mark as Received' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    // The dialog fades in.
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Received Date/ })).toBeVisible());
  },
};

/** Partially received: ordered vs received per line, the receipts so far, Record Receipt for the rest. */
export const PartiallyReceived: Story = {
  args: { purchaseOrderId: partial.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const receipts = await canvas.findByRole('list', { name: 'Receipts' });
    await expect(within(receipts).getByText('First delivery; the rest is back-ordered.')).toBeVisible();
    await expect(canvas.getByText('Partially Received')).toBeVisible();
    const first = partial.po_line_items[0]!;
    await expect(
      canvas.getAllByText(`${first.quantity} of ${first.quantity} received`).length,
    ).toBeGreaterThan(0);
  },
};

/** Record Receipt: a quantity per outstanding line (the outstanding quantity by default), date, notes. */
export const RecordReceiptDialog: Story = {
  args: { purchaseOrderId: partial.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Record Receipt' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    const second = partial.po_line_items[1]!;
    const field = within(dialog).getByRole('spinbutton', { name: `${second.description} (received)` });
    await waitFor(() => expect(field).toBeVisible());
    await expect(field).toHaveValue(String(second.quantity));
    // A line received in full is not offered again.
    await expect(
      within(dialog).queryByRole('spinbutton', {
        name: `${partial.po_line_items[0]!.description} (received)`,
      }),
    ).toBeNull();
  },
};

/** Cancel asks for an optional reason and says it cannot be undone. */
export const CancelDialog: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Cancel' }));
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByText('This action cannot be undone.')).toBeVisible());
  },
};

/** The order does not exist (or belongs to another organisation). */
export const NotFound: Story = {
  parameters: { msw: { handlers: [purchaseOrderDetailErrorHandler(404), ...apiHandlers()] } },
};

/** While the order loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: [purchaseOrderDetailLoadingHandler(), ...apiHandlers()] } },
};

/** The order failed to load. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [purchaseOrderDetailErrorHandler(500), ...apiHandlers()] } },
};

/** The user has no organisation. */
export const NoOrganization: Story = {
  parameters: { msw: { handlers: [organizationsHandler([]), ...apiHandlers()] } },
};
