import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ConfirmDialog } from './ConfirmDialog';

const meta = {
  title: 'UI/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    onOpenChange: fn(),
    onConfirm: fn(),
    onCancel: fn(),
    title: 'Send to Vendor',
    message: 'The purchase order will be sent to the vendor.',
    confirmLabel: 'Send',
  },
} satisfies Meta<typeof ConfirmDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The neutral confirmation. */
export const Default: Story = {};

/** A destructive action. */
export const Danger: Story = {
  args: {
    variant: 'danger',
    title: 'Cancel Purchase Order',
    message: 'This action cannot be undone.',
    confirmLabel: 'Cancel Order',
    cancelLabel: 'Keep Order',
  },
};

/** A risky but reversible action. */
export const Warning: Story = {
  args: {
    variant: 'warning',
    title: 'Deactivate Department',
    message: 'Users will no longer be able to pick this department.',
    confirmLabel: 'Deactivate',
  },
};

/** A positive action. */
export const Success: Story = {
  args: {
    variant: 'success',
    title: 'Mark as Received',
    message: 'All items have arrived.',
    confirmLabel: 'Mark as Received',
  },
};

/** An informational confirmation. */
export const InfoVariant: Story = {
  name: 'Info',
  args: {
    variant: 'info',
    title: 'Reset Password',
    message: 'The user will receive an email to choose a new password.',
    confirmLabel: 'Reset Password',
  },
};

/** While the action runs: cannot be dismissed, buttons disabled, 'Loading...'. */
export const Loading: Story = {
  args: { ...Danger.args, loading: true },
};
