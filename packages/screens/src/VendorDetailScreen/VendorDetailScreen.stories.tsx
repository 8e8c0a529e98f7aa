import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import { handlers, meHandler, plainUser } from '../test/handlers';
import { buildPurchaseOrderList, createPurchaseOrderApi } from '../test/purchaseOrderHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { assertNoSidewaysScroll, atPhoneSize } from '../test/storyViewports';
import { createVendorApi, legacyPrint, techSupplies, vendorDetailErrorHandler } from '../test/vendorHandlers';
import { VendorDetailScreen, type VendorDetailScreenProps } from './VendorDetailScreen';

type StoryArgs = VendorDetailScreenProps & { navigate: Navigation['navigate'] };

function apiHandlers() {
  return [
    ...createVendorApi().handlers,
    ...createPurchaseOrderApi(buildPurchaseOrderList(12)).handlers,
    ...handlers,
  ];
}

/** Uma Patel without purchase_order.view: a member who sees vendors but not orders. */
const noOrders = {
  ...plainUser,
  user_organizations: plainUser.user_organizations.map((membership) => ({
    ...membership,
    role: {
      ...membership.role,
      permissions: membership.role.permissions.filter((p) => p.name !== 'purchase_order.view'),
    },
  })),
};

const meta = {
  title: 'Screens/VendorDetailScreen',
  component: VendorDetailScreen,
  args: { vendorId: techSupplies.id, navigate: fn() },
  parameters: { msw: { handlers: apiHandlers() } },
  render: ({ navigate, vendorId }) => (
    <StoryProviders signedIn navigate={navigate}>
      <Box p="4">
        <VendorDetailScreen vendorId={vendorId} />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A manager: contact, address, terms, orders and spend, and Edit. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const spend = await canvas.findByRole('region', { name: 'Orders and Spend' });
    await expect(await within(spend).findByText('$8,915.71')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    await expect(await canvas.findByRole('link', { name: /View all orders/ })).toBeInTheDocument();
  },
};

/** Without purchase_order.view: no orders or spend (and no call for them), no Edit. */
export const WithoutOrderPermission: Story = {
  parameters: { msw: { handlers: [meHandler(noOrders), ...apiHandlers()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('heading', { level: 1, name: techSupplies.name });
    await expect(canvas.queryByRole('region', { name: 'Orders and Spend' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  },
};

/** An inactive vendor. */
export const Inactive: Story = { args: { vendorId: legacyPrint.id } };

/** An unknown vendor. */
export const NotFound: Story = {
  parameters: { msw: { handlers: [vendorDetailErrorHandler(404), ...apiHandlers()] } },
};

/** The vendor failed to load, with Retry. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [vendorDetailErrorHandler(500), ...apiHandlers()] } },
};

/** On a phone (390 px): one column, nothing scrolls sideways. */
export const Phone: Story = {
  ...atPhoneSize,
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('region', { name: 'Orders and Spend' });
    assertNoSidewaysScroll();
  },
};
