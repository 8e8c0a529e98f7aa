import { Flex } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Button, buttonVariants } from './Button';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Save as Draft', onClick: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The primary button. */
export const Default: Story = {};

/** Every variant side by side. */
export const Variants: Story = {
  render: (args) => (
    <Flex gap="3" wrap="wrap">
      {(Object.keys(buttonVariants) as (keyof typeof buttonVariants)[]).map((variant) => (
        <Button key={variant} {...args} variant={variant}>
          {variant}
        </Button>
      ))}
    </Flex>
  ),
};

/** While an action runs. */
export const Loading: Story = { args: { loading: true, children: 'Signing in...' } };
