import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, within } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import { handlers, meHandler, organizationsHandler, plainUser } from '../test/handlers';
import {
  buildPurchaseOrderList,
  createPurchaseOrderApi,
  officeDirect,
  purchaseOrderListErrorHandler,
  purchaseOrderListLoadingHandler,
} from '../test/purchaseOrderHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { assertNoSidewaysScroll, atPhoneSize } from '../test/storyViewports';
import { PurchaseOrderListScreen, type PurchaseOrderListScreenProps } from './PurchaseOrderListScreen';

type StoryArgs = PurchaseOrderListScreenProps & { navigate: Navigation['navigate'] };

/** The in-memory API over `count` varied orders, filtering like the server. */
function listHandlers(count: number) {
  return [...createPurchaseOrderApi(buildPurchaseOrderList(count)).handlers, ...handlers];
}

/** Keeps the URL state like a host router, so searching, filtering and paging work in the story. */
function StatefulScreen({ search: initial, onSearchChange }: PurchaseOrderListScreenProps) {
  const [search, setSearch] = useState(initial);
  return (
    <PurchaseOrderListScreen
      search={search}
      onSearchChange={(next, options) => {
        onSearchChange(next, options);
        setSearch(next);
      }}
    />
  );
}

const meta = {
  title: 'Screens/PurchaseOrderListScreen',
  component: PurchaseOrderListScreen,
  args: { search: {}, onSearchChange: fn(), navigate: fn() },
  parameters: { msw: { handlers: listHandlers(24) } },
  render: ({ navigate, ...props }) => (
    <StoryProviders signedIn navigate={navigate}>
      <Box p="4">
        <StatefulScreen {...props} />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first page of 24 orders; a buyer (Alex Morgan) can edit and send the drafts. */
export const Default: Story = {};

/** Opened from a bookmarked, filtered URL: the filter panel starts open with its choices. */
export const Filtered: Story = {
  args: { search: { status: ['sent', 'received'], vendor_id: [officeDirect.id], date_from: '2026-10-05' } },
};

/** A plain user (purchase_order.view only): no Create, Edit or Send. */
export const ReadOnly: Story = {
  parameters: { msw: { handlers: [meHandler(plainUser), ...listHandlers(24)] } },
};

/** An organisation without purchase orders yet. */
export const Empty: Story = { parameters: { msw: { handlers: listHandlers(0) } } };

/** A search and a filter that match nothing. */
export const NoMatches: Story = { args: { search: { search: 'forklift', status: ['cancelled'] } } };

/** While the first page loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: [purchaseOrderListLoadingHandler(), ...listHandlers(24)] } },
};

/** The list failed to load: 'Error loading purchase orders' with Try Again. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [purchaseOrderListErrorHandler(), ...listHandlers(24)] } },
};

/** The server refuses the list (no purchase-order permission): its message, without Try Again. */
export const Forbidden: Story = {
  parameters: { msw: { handlers: [purchaseOrderListErrorHandler(403), ...listHandlers(24)] } },
};

/** The user has no organisation. */
export const NoOrganization: Story = {
  parameters: { msw: { handlers: [organizationsHandler([]), ...listHandlers(24)] } },
};

/**
 * On a phone (390 px): each row is a card with its number, status, amount, people and dates, and its
 * actions; nothing scrolls sideways.
 */
export const Phone: Story = {
  ...atPhoneSize,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const cards = await canvas.findAllByRole('article', { name: /^PO-\d{4}-\d{5}$/ });
    await expect(cards.length).toBeGreaterThan(0);
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
    assertNoSidewaysScroll();
  },
};
