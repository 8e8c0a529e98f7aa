import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { delay } from 'msw';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import { handlers, http, meHandler, organizationsHandler, plainUser } from '../test/handlers';
import {
  approvedRequisitions,
  createPurchaseOrderApi,
  vendorListErrorHandler,
} from '../test/purchaseOrderHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { PurchaseOrderCreateScreen } from './PurchaseOrderCreateScreen';

type StoryArgs = { navigate: Navigation['navigate'] };

function apiHandlers(options: Parameters<typeof createPurchaseOrderApi>[1] = {}) {
  return [...createPurchaseOrderApi(undefined, options).handlers, ...handlers];
}

const meta = {
  title: 'Screens/PurchaseOrderCreateScreen',
  component: PurchaseOrderCreateScreen,
  args: { navigate: fn() },
  parameters: { msw: { handlers: apiHandlers() } },
  render: ({ navigate }) => (
    <StoryProviders signedIn navigate={navigate}>
      <Box p="4">
        <PurchaseOrderCreateScreen />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The empty form: an approved requisition and a vendor to choose. */
export const Default: Story = {};

/** A requisition and a vendor chosen: the lines and the total as the order will copy them. */
export const RequisitionChosen: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await userEvent.click(await canvas.findByRole('combobox', { name: /Approved Requisition/ }));
    await userEvent.click(await page.findByRole('option', { name: /REQ-2026-00022/ }));
    await userEvent.click(canvas.getByRole('combobox', { name: /Vendor/ }));
    await userEvent.click(await page.findByRole('option', { name: 'Tech Supplies Pty Ltd' }));
    await expect(await canvas.findByText('Conveyor belt, 12 m, heavy duty')).toBeVisible();
  },
};

/**
 * A requisition without a shipping address of its own: the order ships to the organisation's delivery
 * address and bills to its billing address, both from the settings answer (`purchase_order_addresses`).
 */
export const AddressesFromSettings: Story = {
  parameters: {
    msw: {
      handlers: apiHandlers({
        requisitions: approvedRequisitions().map((entry) => ({ ...entry, shipping_address: null })),
        addressDefaults: {
          billing_address: 'Accounts Payable, PO Box 77, Sydney NSW 2001, Australia',
          shipping_address: 'Dock 4, 12 Wharf Road, Port Botany NSW 2036, Australia',
        },
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    await expect(await canvas.findByRole('textbox', { name: 'Billing Address' })).toHaveValue(
      'Accounts Payable, PO Box 77, Sydney NSW 2001, Australia',
    );
    await userEvent.click(await canvas.findByRole('combobox', { name: /Approved Requisition/ }));
    await userEvent.click(await page.findByRole('option', { name: /REQ-2026-00021/ }));
    await expect(canvas.getByRole('textbox', { name: 'Shipping Address' })).toHaveValue(
      'Dock 4, 12 Wharf Road, Port Botany NSW 2036, Australia',
    );
  },
};

/** Creating without choices shows what is missing on the fields. */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Create Purchase Order' }));
    await expect(await canvas.findByText('Choose an approved requisition')).toBeVisible();
  },
};

/** No approved requisition is waiting for an order. */
export const NoApprovedRequisitions: Story = {
  parameters: { msw: { handlers: apiHandlers({ requisitions: [] }) } },
};

/** While the approved requisitions and the vendors load. */
export const Loading: Story = {
  parameters: {
    msw: {
      handlers: [
        http.get('/requisitions', async () => {
          await delay('infinite');
        }),
        http.get('/vendors', async () => {
          await delay('infinite');
        }),
        ...apiHandlers(),
      ],
    },
  },
};

/** The vendors failed to load. */
export const VendorsFailed: Story = {
  parameters: { msw: { handlers: [vendorListErrorHandler(), ...apiHandlers()] } },
};

/** A user without purchase_order.manage is told why they cannot raise orders. */
export const NoPermission: Story = {
  parameters: { msw: { handlers: [meHandler(plainUser), ...apiHandlers()] } },
};

/** The user has no organisation. */
export const NoOrganization: Story = {
  parameters: { msw: { handlers: [organizationsHandler([]), ...apiHandlers()] } },
};
