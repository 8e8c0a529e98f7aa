import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import { handlers, meHandler, plainUser } from '../test/handlers';
import { catalogueProducts, createProductApi } from '../test/productHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { assertNoSidewaysScroll, atPhoneSize } from '../test/storyViewports';
import { createVendorApi } from '../test/vendorHandlers';
import { ProductListScreen, type ProductListScreenProps } from './ProductListScreen';

type StoryArgs = ProductListScreenProps & { navigate: Navigation['navigate'] };

function listHandlers(list = catalogueProducts) {
  return [...createProductApi(list).handlers, ...createVendorApi().handlers, ...handlers];
}

/** Keeps the URL state like a host router, so searching, switching and paging work in the story. */
function StatefulScreen({ search: initial, onSearchChange }: ProductListScreenProps) {
  const [search, setSearch] = useState(initial);
  return (
    <ProductListScreen
      search={search}
      onSearchChange={(next, options) => {
        onSearchChange(next, options);
        setSearch(next);
      }}
    />
  );
}

const meta = {
  title: 'Screens/ProductListScreen',
  component: ProductListScreen,
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

/** The active products with their vendors' current prices; Alex Morgan (Admin) may add, import and edit. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('link', { name: 'Copy paper A4' })).toBeInTheDocument();
    await expect(canvas.getByText(/Office Direct: .*30\.90/)).toBeInTheDocument();
    await expect(canvas.queryByRole('rowheader', { name: /^Fax toner/ })).not.toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'New Product' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Import Products' })).toBeInTheDocument();
  },
};

/** An organisation without products yet: the empty state offers New Product and Import Products. */
export const Empty: Story = {
  parameters: { msw: { handlers: listHandlers([]) } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No products yet')).toBeInTheDocument();
  },
};

/** The Inactive switch shows only the products no new requisition can pick. */
export const Inactive: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('radio', { name: 'Inactive' }));
    await expect(await canvas.findByRole('rowheader', { name: /^Fax toner/ })).toBeInTheDocument();
    await expect(canvas.queryByRole('rowheader', { name: /^Copy paper A4/ })).not.toBeInTheDocument();
  },
};

/** A user without `product.manage`: the same list, without New Product, Import Products or edit links. */
export const ReadOnly: Story = {
  parameters: { msw: { handlers: [meHandler(plainUser), ...listHandlers()] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('rowheader', { name: /^Copy paper A4/ });
    await expect(canvas.queryByRole('link', { name: 'New Product' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('button', { name: 'Import Products' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Copy paper A4' })).not.toBeInTheDocument();
  },
};

const csvWithErrors = [
  'name,sku,unit_price,vendor',
  'Stapler,STA-1,12.50,Office Direct',
  'Copy paper A4,PAP-2,4,',
  ',,3.5,',
  'Whiteboard,WB-1,twelve,Nobody Ltd',
].join('\n');

/** Import Products with a file whose rows have errors: each row's errors, and Import stays off. */
export const ImportWithErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Import Products' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import Products' });
    const file = new File([csvWithErrors], 'products.csv', { type: 'text/csv' });
    await userEvent.upload(within(dialog).getByLabelText('CSV file'), file);
    await expect(
      await within(dialog).findByText('3 of 4 rows have errors. Fix them in the file and choose it again.'),
    ).toBeInTheDocument();
    await expect(
      within(dialog).getByText('name: A product named Copy paper A4 already exists'),
    ).toBeInTheDocument();
    await expect(within(dialog).getByText('name: Name is required')).toBeInTheDocument();
    await expect(within(dialog).getByText('vendor: No active vendor named Nobody Ltd')).toBeInTheDocument();
    await expect(within(dialog).getByText('Ready')).toBeInTheDocument();
    await expect(within(dialog).getByRole('button', { name: 'Import 1 product' })).toBeDisabled();
  },
};

/** On a phone (390 px): each product is a card; nothing scrolls sideways. */
export const Phone: Story = {
  ...atPhoneSize,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('article', { name: 'Copy paper A4' })).toBeInTheDocument();
    assertNoSidewaysScroll();
  },
};

/** The import dialog with errors on a phone. */
export const ImportWithErrorsPhone: Story = {
  ...atPhoneSize,
  play: async (context) => {
    await ImportWithErrors.play?.(context);
    // The dialog stays inside the screen (a wide preview table once pushed it past the right edge).
    const dialog = screen.getByRole('dialog', { name: 'Import Products' });
    await expect(dialog.getBoundingClientRect().right).toBeLessThanOrEqual(window.innerWidth);
  },
};
