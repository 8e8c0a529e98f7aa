import { Flex } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '../Button';
import { Callout } from './Callout';

const meta = {
  title: 'UI/Callout',
  component: Callout,
  args: { children: 'Please select an organization from the header to view your dashboard' },
} satisfies Meta<typeof Callout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Information. */
export const Default: Story = {};

/** An error with a Retry action. */
export const ErrorWithAction: Story = {
  args: {
    variant: 'error',
    children: 'Failed to load the dashboard summary.',
    action: (
      <Button size="1" variant="secondary">
        Retry
      </Button>
    ),
  },
};

/** All variants. */
export const Variants: Story = {
  render: () => (
    <Flex direction="column" gap="3">
      <Callout variant="info">Information</Callout>
      <Callout variant="success">Requisition submitted successfully</Callout>
      <Callout variant="warning">Budget Notice</Callout>
      <Callout variant="error">Failed to load requisitions. Please try again.</Callout>
    </Flex>
  ),
};
