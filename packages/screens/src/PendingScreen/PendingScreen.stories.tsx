import type { Meta, StoryObj } from '@storybook/react-vite';
import { PendingScreen } from './PendingScreen';

const meta = {
  title: 'Screens/PendingScreen',
  component: PendingScreen,
  args: { title: 'Requisitions' },
} satisfies Meta<typeof PendingScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A route whose screen a later issue builds. */
export const Default: Story = {};
