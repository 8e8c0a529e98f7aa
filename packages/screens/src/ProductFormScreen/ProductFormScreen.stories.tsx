import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import { handlers, meHandler, plainUser } from '../test/handlers';
import { copyPaper, createProductApi, faxToner, productDetailNotFoundHandler } from '../test/productHandlers';
import { StoryProviders } from '../test/StoryProviders';
import { assertNoSidewaysScroll, atPhoneSize } from '../test/storyViewports';
import { createVendorApi } from '../test/vendorHandlers';
import { ProductFormScreen, type ProductFormScreenProps } from './ProductFormScreen';

type StoryArgs = ProductFormScreenProps & { navigate: Navigation['navigate'] };

function apiHandlers() {
  return [...createProductApi().handlers, ...createVendorApi().handlers, ...handlers];
}

const meta = {
  title: 'Screens/ProductFormScreen',
  component: ProductFormScreen,
  args: { navigate: fn() },
  parameters: { msw: { handlers: apiHandlers() } },
  render: ({ navigate, productId }) => (
    <StoryProviders signedIn navigate={navigate}>
      <Box p="4">
        <ProductFormScreen productId={productId} />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new product: empty, each, in the base currency, no vendor prices yet. */
export const Create: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: /^Name/ })).toHaveValue('');
    await expect(canvas.getByText('No vendor prices yet.')).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Create Product' })).toBeEnabled();
  },
};

/** A name another product has (whatever its case): the server's 409 shows on Name. */
export const CreateNameTaken: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByRole('textbox', { name: /^Name/ });
    await userEvent.type(name, 'COPY PAPER A4');
    await userEvent.type(canvas.getByRole('textbox', { name: /^List Price/ }), '4.20');
    await userEvent.click(canvas.getByRole('button', { name: 'Create Product' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    await expect(name).toHaveAccessibleDescription('A product named COPY PAPER A4 already exists');
  },
};

/** Create with nothing filled and an empty price row: each field says what it needs, the row's inputs in line. */
export const ValidationErrors: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Add Price' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create Product' }));
    const row = canvas.getByRole('group', { name: 'Price 1' });
    await expect(await within(row).findByText('Choose a vendor')).toBeInTheDocument();
    await expect(canvas.getByText('Name is required')).toBeInTheDocument();
    // The row's four inputs share one top edge (the To field once sat higher: only it had a hint).
    const tops = [
      within(row).getByRole('combobox', { name: /^Vendor/ }),
      within(row).getByRole('textbox', { name: /^Price/ }),
      within(row).getByLabelText(/^From/),
      within(row).getByLabelText(/^To/),
    ].map((control) => control.getBoundingClientRect().top);
    // (A text input sits 1 px inside its box; the hint once moved the To field by a line, ~20 px.)
    await expect(Math.max(...tops) - Math.min(...tops)).toBeLessThanOrEqual(2);
  },
};

/** An existing product, prefilled, with its two vendors' prices and Deactivate. */
export const Edit: Story = {
  args: { productId: copyPaper.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: /^Name/ })).toHaveValue(copyPaper.name);
    const first = canvas.getByRole('group', { name: 'Price 1' });
    await expect(within(first).getByRole('textbox', { name: /^Price/ })).toHaveValue('30.9');
    await waitFor(() =>
      expect(within(first).getByRole('combobox', { name: /Vendor/ })).toHaveTextContent('Office Direct'),
    );
    const second = canvas.getByRole('group', { name: 'Price 2' });
    await expect(within(second).getByLabelText(/^To/)).toHaveValue('2025-12-31');
    await expect(canvas.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  },
};

/** Deactivate asks first, then the product is inactive and offers Reactivate. */
export const DeactivateConfirmation: Story = {
  args: { productId: copyPaper.id },
  // Its own catalogue: the deactivation stays out of the other stories.
  parameters: { msw: { handlers: apiHandlers() } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deactivate product?' });
    await expect(dialog).toHaveTextContent(
      'Copy paper A4 will no longer be offered on new requisitions. Lines already raised keep it.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await expect(await canvas.findByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
  },
};

/** An inactive product: Reactivate instead of Deactivate. */
export const EditInactive: Story = { args: { productId: faxToner.id } };

/** A user without `product.manage` may not change the catalogue. */
export const NoPermission: Story = {
  parameters: { msw: { handlers: [meHandler(plainUser), ...apiHandlers()] } },
  play: async ({ canvasElement }) => {
    await expect(
      await within(canvasElement).findByText('You do not have permission to manage products.'),
    ).toBeInTheDocument();
  },
};

/** An unknown product. */
export const NotFound: Story = {
  args: { productId: copyPaper.id },
  parameters: { msw: { handlers: [productDetailNotFoundHandler(), ...apiHandlers()] } },
};

/** On a phone (390 px): one column, the price rows stacked; nothing scrolls sideways. */
export const Phone: Story = {
  ...atPhoneSize,
  args: { productId: copyPaper.id },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('group', { name: 'Price 2' });
    assertNoSidewaysScroll();
  },
};
