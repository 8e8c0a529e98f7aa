import { Grid } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Clock, DollarSign, FileText, PieChart } from 'lucide-react';
import { StatTile } from './StatTile';

const meta = {
  title: 'UI/StatTile',
  component: StatTile,
  args: { label: 'Pending Approvals', value: '7', icon: <Clock size={20} />, color: 'amber' },
} satisfies Meta<typeof StatTile>;

export default meta;
type Story = StoryObj<typeof meta>;

const narrow: NonNullable<Story['decorators']> = [(Story) => <div style={{ maxWidth: 280 }}>{Story()}</div>];

/** One tile. */
export const Default: Story = { decorators: narrow };

/** While the figure loads. */
export const Loading: Story = { args: { loading: true }, decorators: narrow };

/** The four dashboard tiles in a row. */
export const Row: Story = {
  render: () => (
    <Grid columns={{ initial: '1', sm: '2', lg: '4' }} gap="4">
      <StatTile label="Pending Approvals" value="7" icon={<Clock size={20} />} color="amber" />
      <StatTile label="My Requisitions" value="12" icon={<FileText size={20} />} color="blue" />
      <StatTile label="Monthly Spend" value="$48,250.00" icon={<DollarSign size={20} />} color="green" />
      <StatTile label="Budget Utilization" value="63.4%" icon={<PieChart size={20} />} color="purple" />
    </Grid>
  ),
};
