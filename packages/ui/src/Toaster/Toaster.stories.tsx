import { Flex } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { Toaster, toast } from './Toaster';

const meta = {
  title: 'UI/Toaster',
  component: Toaster,
  decorators: [
    (Story) => (
      <>
        <Story />
        <Flex gap="2" wrap="wrap">
          <Button onClick={() => toast('Plain message')}>Plain</Button>
          <Button variant="success" onClick={() => toast.success('Requisition saved as draft')}>
            Success
          </Button>
          <Button variant="danger" onClick={() => toast.error('Login failed. Please try again.')}>
            Error
          </Button>
          <Button variant="secondary" onClick={() => toast.loading('Uploading...')}>
            Loading
          </Button>
          <Button variant="outline" onClick={() => toast.dismiss()}>
            Dismiss all
          </Button>
        </Flex>
      </>
    ),
  ],
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Click the buttons to raise each kind of toast. */
export const Default: Story = {};

/** A success toast raised on load. */
export const Success: Story = {
  play: () => {
    toast.success('Welcome back!');
  },
};
