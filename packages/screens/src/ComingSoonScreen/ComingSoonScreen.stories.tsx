import type { Meta, StoryObj } from '@storybook/react-vite';
import { ComingSoonScreen } from './ComingSoonScreen';

const meta = {
  title: 'Screens/ComingSoonScreen',
  component: ComingSoonScreen,
  args: { title: 'Vendors' },
} satisfies Meta<typeof ComingSoonScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The Vendors placeholder. */
export const Default: Story = {};

/** The Reports placeholder. */
export const Reports: Story = { args: { title: 'Reports' } };
