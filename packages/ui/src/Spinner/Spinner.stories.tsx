import type { Meta, StoryObj } from '@storybook/react-vite';
import { FullPageSpinner, Spinner } from './Spinner';

const meta = {
  title: 'UI/Spinner',
  component: Spinner,
  args: { label: 'Loading...', size: '2' },
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An inline spinner. */
export const Default: Story = {};

/** The largest size. */
export const Large: Story = { args: { size: '3' } };

/** The whole-page variant used while the session loads. */
export const FullPage: Story = {
  render: () => <FullPageSpinner label="Loading your session" />,
  parameters: { layout: 'fullscreen' },
};
