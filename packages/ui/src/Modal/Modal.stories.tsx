import { Button, Dialog, Text } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Modal } from './Modal';

const meta = {
  title: 'UI/Modal',
  component: Modal,
  args: {
    title: 'Bulk Import Users',
    description: 'Upload a CSV file with the columns email, first_name, last_name, phone, role_name.',
    trigger: <Button>Bulk Import</Button>,
    onOpenChange: fn(),
    children: <Text as="p">Choose a file to import.</Text>,
    footer: (
      <>
        <Dialog.Close>
          <Button variant="soft" color="gray">
            Cancel
          </Button>
        </Dialog.Close>
        <Button disabled>Import Users</Button>
      </>
    ),
  },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed, with the button that opens it. */
export const Default: Story = {};

/** Open at the default (md) size. */
export const Open: Story = { args: { defaultOpen: true } };

/** Open, with a title only. */
export const WithoutDescription: Story = { args: { defaultOpen: true, description: undefined } };

/** The small size. */
export const Small: Story = { args: { defaultOpen: true, size: 'sm' } };

/** The large size. */
export const Large: Story = { args: { defaultOpen: true, size: 'lg' } };

/** The extra-large size. */
export const ExtraLarge: Story = { args: { defaultOpen: true, size: 'xl' } };

/** Nearly the whole viewport. */
export const Full: Story = { args: { defaultOpen: true, size: 'full' } };

/** Escape and overlay clicks do not close it; only the close button and the footer do. */
export const NotDismissible: Story = {
  args: { defaultOpen: true, closeOnEscape: false, closeOnOverlayClick: false },
};
