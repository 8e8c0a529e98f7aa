import { Box } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import type { Navigation } from '../PurchasingProvider';
import { handlers, meHandler, plainUser } from '../test/handlers';
import { StoryProviders } from '../test/StoryProviders';
import { assertNoSidewaysScroll, atPhoneSize } from '../test/storyViewports';
import { createVendorApi, legacyPrint, techSupplies, vendorDetailErrorHandler } from '../test/vendorHandlers';
import { VendorFormScreen, type VendorFormScreenProps } from './VendorFormScreen';

type StoryArgs = VendorFormScreenProps & { navigate: Navigation['navigate'] };

function apiHandlers() {
  return [...createVendorApi().handlers, ...handlers];
}

const meta = {
  title: 'Screens/VendorFormScreen',
  component: VendorFormScreen,
  args: { navigate: fn() },
  parameters: { msw: { handlers: apiHandlers() } },
  render: ({ navigate, vendorId }) => (
    <StoryProviders signedIn navigate={navigate}>
      <Box p="4">
        <VendorFormScreen vendorId={vendorId} />
      </Box>
    </StoryProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A new vendor: empty, the base currency chosen. */
export const Create: Story = {};

/** A name another vendor has (whatever its case): the server's 409 shows on Name. */
export const CreateNameTaken: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByRole('textbox', { name: /^Name/ });
    await userEvent.type(name, 'TECH SUPPLIES PTY LTD');
    await userEvent.click(canvas.getByRole('button', { name: 'Create Vendor' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    // On the field (the toast says it too).
    await expect(name).toHaveAccessibleDescription('A vendor named TECH SUPPLIES PTY LTD already exists');
  },
};

/** An existing vendor, prefilled, with Deactivate. */
export const Edit: Story = {
  args: { vendorId: techSupplies.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('textbox', { name: /^Name/ })).toHaveValue(techSupplies.name);
    await expect(canvas.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Deactivate' })).toBeInTheDocument();
  },
};

/** Renaming onto another vendor: the 409 on Name. */
export const EditNameTaken: Story = {
  args: { vendorId: techSupplies.id },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const name = await canvas.findByRole('textbox', { name: /^Name/ });
    await userEvent.clear(name);
    await userEvent.type(name, 'office direct');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
  },
};

/** An inactive vendor: Reactivate instead of Deactivate. */
export const EditInactive: Story = { args: { vendorId: legacyPrint.id } };

/** A plain user may not manage vendors. */
export const NoPermission: Story = {
  parameters: { msw: { handlers: [meHandler(plainUser), ...apiHandlers()] } },
};

/** An unknown vendor. */
export const NotFound: Story = {
  args: { vendorId: techSupplies.id },
  parameters: { msw: { handlers: [vendorDetailErrorHandler(404), ...apiHandlers()] } },
};

/** On a phone (390 px): one column, nothing scrolls sideways. */
export const Phone: Story = {
  ...atPhoneSize,
  args: { vendorId: techSupplies.id },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('textbox', { name: /^Name/ });
    assertNoSidewaysScroll();
  },
};
