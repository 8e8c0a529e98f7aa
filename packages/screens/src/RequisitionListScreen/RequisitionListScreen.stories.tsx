import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import { handlers, organizationsHandler } from '../test/handlers';
import {
  costCenters,
  createRequisitionApi,
  requisitionListErrorHandler,
  requisitionListLoadingHandler,
} from '../test/requisitionHandlers';
import {
  buildRequisitionList,
  largeRequisitionListHandler,
  requisitionListHandler,
} from '../test/requisitionListHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { assertNoSidewaysScroll, atPhoneSize } from '../test/storyViewports';
import { RequisitionListScreen, type RequisitionListScreenProps } from './RequisitionListScreen';

type StoryArgs = RequisitionListScreenProps & { navigate: Navigation['navigate'] };

/** The in-memory API over `count` varied requisitions, with the list filtering like the server. */
function listHandlers(count: number) {
  const api = createRequisitionApi(buildRequisitionList(count));
  return [requisitionListHandler(api.requisitions), ...api.handlers, ...handlers];
}

/** Keeps the URL state like a host router, so searching, filtering and paging work in the story. */
function StatefulScreen({ search: initial, onSearchChange }: RequisitionListScreenProps) {
  const [search, setSearch] = useState(initial);
  return (
    <RequisitionListScreen
      search={search}
      onSearchChange={(next, options) => {
        onSearchChange(next, options);
        setSearch(next);
      }}
    />
  );
}

const meta = {
  title: 'Screens/RequisitionListScreen',
  component: RequisitionListScreen,
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

/** The first page of 24 requisitions; Alex Morgan's drafts and info-requested ones can be edited. */
export const Default: Story = {};

/** Opened from a bookmarked, filtered URL: the filter panel starts open with its choices. */
export const Filtered: Story = {
  args: {
    search: {
      status: ['draft', 'under_review', 'info_requested', 'approved'],
      cost_center_id: [costCenters[1]!.id],
      date_from: '2026-10-05',
    },
  },
};

/** An organisation without requisitions yet. */
export const Empty: Story = { parameters: { msw: { handlers: listHandlers(0) } } };

/** A search and a filter that match nothing. */
export const NoMatches: Story = {
  args: { search: { search: 'forklift', category: ['utilities'] } },
};

/**
 * A very large organisation (25,000 requisitions): the count stops at 10,000, so the heading and the
 * pager read '10,000+', Last is disabled and Next goes on while pages are full.
 */
export const CappedTotal: Story = {
  parameters: { msw: { handlers: [largeRequisitionListHandler(25_000), ...listHandlers(0)] } },
};

/** Past the counted rows (page 1,001, from a bookmark): the page numbers go on beyond 1,000. */
export const CappedTotalDeepPage: Story = {
  args: { search: { page: 1001 } },
  parameters: CappedTotal.parameters,
};

/** While the first page loads. */
export const Loading: Story = {
  parameters: { msw: { handlers: [requisitionListLoadingHandler(), ...listHandlers(24)] } },
};

/** The list failed to load. */
export const ServerError: Story = {
  parameters: { msw: { handlers: [requisitionListErrorHandler(), ...listHandlers(24)] } },
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
    const cards = await canvas.findAllByRole('article', { name: /^REQ-\d{4}-\d{5}$/ });
    await expect(cards.length).toBeGreaterThan(0);
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
    assertNoSidewaysScroll();
  },
};

/**
 * The Export menu open: the list downloads as CSV or as an Excel workbook (the same rows and columns);
 * it opens from the keyboard too and closes with Escape.
 */
export const ExportMenu: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = await canvas.findByRole('button', { name: 'Export' });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await waitFor(() => expect(button).toBeEnabled());
    button.focus();
    await userEvent.keyboard('{Enter}');
    const page = within(canvasElement.ownerDocument.body);
    const items = await page.findAllByRole('menuitem');
    await expect(items.map((item) => item.textContent)).toEqual(['CSV (.csv)', 'Excel (.xlsx)']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryAllByRole('menuitem')).toHaveLength(0));
    await expect(button).toHaveFocus();
    await userEvent.click(button);
    const excel = await page.findByRole('menuitem', { name: 'Excel (.xlsx)' });
    await waitFor(() => expect(excel).toBeVisible());
    // Closed again, so the page's accessibility check sees the page (an open menu hides the rest).
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryAllByRole('menuitem')).toHaveLength(0));
  },
};
