import { Grid } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { CheckSquare, FilePlus, ShoppingCart } from 'lucide-react';
import { fn } from 'storybook/test';
import { Card } from './Card';

const meta = {
  title: 'UI/Card',
  component: Card,
  args: {
    title: 'New Requisition',
    description: 'Raise a purchase request',
    icon: <FilePlus size={20} />,
    href: '/requisitions/create',
    onClick: fn((event) => event.preventDefault()),
  },
  decorators: [(Story) => <div style={{ maxWidth: 320 }}>{Story()}</div>],
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A quick-action link card. */
export const Default: Story = {};

/** A plain card without a link. */
export const Plain: Story = { args: { href: undefined, title: 'Summary', description: 'A plain panel' } };

/** Cards in a grid as on the dashboard. */
export const Grid3: Story = {
  decorators: [(Story) => <div style={{ maxWidth: 900 }}>{Story()}</div>],
  render: (args) => (
    <Grid columns="3" gap="3">
      <Card {...args} />
      <Card
        {...args}
        title="Approvals"
        description="Review what waits for you"
        icon={<CheckSquare size={20} />}
      />
      <Card {...args} title="Purchase Orders" description="Track orders" icon={<ShoppingCart size={20} />} />
    </Grid>
  ),
};
