import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Breadcrumb } from './Breadcrumb';

const meta = {
  title: 'UI/Breadcrumb',
  component: Breadcrumb,
  args: {
    items: [
      { label: 'Dashboard', href: '/dashboard' },
      { label: 'Requisitions', href: '/requisitions' },
      { label: 'REQ-2024-0001' },
    ],
    onNavigate: fn(),
  },
} satisfies Meta<typeof Breadcrumb>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A trail ending at the current page. */
export const Default: Story = {};

/** Only the current page. */
export const SingleItem: Story = { args: { items: [{ label: 'Dashboard' }] } };

/** A step without a link in the middle. */
export const WithPlainStep: Story = {
  args: {
    items: [{ label: 'Administration' }, { label: 'Users', href: '/users' }, { label: 'Edit User' }],
  },
};
