import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import { handlers, meHandler, organizationsHandler, plainUser } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { assertNoSidewaysScroll, atPhoneSize } from '../test/storyViewports';
import {
  buildVendorList,
  createVendorApi,
  vendorListFailureHandler,
  vendorListPendingHandler,
  vendors,
} from '../test/vendorHandlers';
import { VendorListScreen, type VendorListScreenProps } from './VendorListScreen';

type StoryArgs = VendorListScreenProps & { navigate: Navigation['navigate'] };

function listHandlers(list = vendors) {
  return [...createVendorApi(list).handlers, ...handlers];
}

/** Keeps the URL state like a host router, so searching, switching and paging work in the story. */
function StatefulScreen({ search: initial, onSearchChange }: VendorListScreenProps) {
  const [search, setSearch] = useState(initial);
  return (
    <VendorListScreen
      search={search}
      onSearchChange={(next, options) => {
        onSearchChange(next, options);
        setSearch(next);
      }}
    />
  );
}

const meta = {
  title: 'Screens/VendorListScreen',
  component: VendorListScreen,
  args: { search: {}, onSearchChange: fn(), navigate: fn() },
  parameters: { msw: { handlers: listHandlers() } },
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

/** The active vendors; Alex Morgan (Admin) may add and edit them. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('rowheader', { name: 'Tech Supplies Pty Ltd' })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'New Vendor' })).toBeInTheDocument();
  },
};

/** The Inactive switch shows the vendors no new order can use. */
export const Inactive: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: 'Inactive' }));
    await expect(await canvas.findByRole('rowheader', { name: 'Legacy Print Co' })).toBeInTheDocument();
    await expect(canvas.queryByRole('rowheader', { name: 'Office Direct' })).not.toBeInTheDocument();
  },
};

/** Sixty vendors, all statuses, on the third page. */
export const Paged: Story = {
  args: { search: { status: 'all', page: 3 } },
  parameters: { msw: { handlers: listHandlers(buildVendorList(60)) } },
};

/** A plain user: the same list without New Vendor or Edit. */
export const ReadOnly: Story = {
  parameters: { msw: { handlers: [meHandler(plainUser), ...listHandlers()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('rowheader', { name: 'Office Direct' });
    await expect(canvas.queryByRole('link', { name: 'New Vendor' })).not.toBeInTheDocument();
  },
};

/** An organisation without vendors yet. */
export const Empty: Story = { parameters: { msw: { handlers: listHandlers([]) } } };

/** A search that matches nothing. */
export const NoMatches: Story = { args: { search: { search: 'forklift' } } };

/** While the list loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: [vendorListPendingHandler(), ...listHandlers()] } },
};

/** The list failed to load, with Retry. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [vendorListFailureHandler(), ...listHandlers()] } },
};

/** The user has no organisation. */
export const NoOrganization: Story = {
  parameters: { msw: { handlers: [organizationsHandler([]), ...listHandlers()] } },
};

/** On a phone (390 px): each vendor is a card; nothing scrolls sideways. */
export const Phone: Story = {
  ...atPhoneSize,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('article', { name: 'Tech Supplies Pty Ltd' })).toBeInTheDocument();
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
    assertNoSidewaysScroll();
  },
};
