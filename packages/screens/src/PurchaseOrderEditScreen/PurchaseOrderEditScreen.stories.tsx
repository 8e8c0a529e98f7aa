import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import { handlers, meHandler, organizationsHandler, plainUser } from '../test/handlers';
import {
  buildLongPurchaseOrder,
  buildPurchaseOrder,
  createPurchaseOrderApi,
  defaultPurchaseOrders,
  purchaseOrderDetailErrorHandler,
  purchaseOrderDetailLoadingHandler,
} from '../test/purchaseOrderHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { PurchaseOrderEditScreen, type PurchaseOrderEditScreenProps } from './PurchaseOrderEditScreen';

type StoryArgs = PurchaseOrderEditScreenProps & { navigate: Navigation['navigate'] };

const [draft, sent] = defaultPurchaseOrders();
const long = buildLongPurchaseOrder(10);
const overdue = buildPurchaseOrder(11, { delivery_date: '2026-01-15' });

function apiHandlers() {
  return [...createPurchaseOrderApi([...defaultPurchaseOrders(), long, overdue]).handlers, ...handlers];
}

const meta = {
  title: 'Screens/PurchaseOrderEditScreen',
  component: PurchaseOrderEditScreen,
  args: { purchaseOrderId: draft!.id, navigate: fn() },
  parameters: { msw: { handlers: apiHandlers() } },
  render: ({ navigate, purchaseOrderId }) => (
    <StoryProviders signedIn navigate={navigate}>
      <Box p="4">
        <PurchaseOrderEditScreen purchaseOrderId={purchaseOrderId} />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A draft with two lines, prefilled. */
export const Default: Story = {};

/** A draft with five lines: the sidebar lists three, then '+2 more items'. */
export const ManyLines: Story = { args: { purchaseOrderId: long.id } };

/** A draft whose delivery date has passed: the field says so at once. */
export const PastDeliveryDate: Story = { args: { purchaseOrderId: overdue.id } };

/** A sent order cannot be edited. */
export const NotDraft: Story = { args: { purchaseOrderId: sent!.id } };

/** A plain user (no purchase_order.manage) is told they may not edit. */
export const NoPermission: Story = {
  parameters: { msw: { handlers: [meHandler(plainUser), ...apiHandlers()] } },
};

/** The order does not exist. */
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
