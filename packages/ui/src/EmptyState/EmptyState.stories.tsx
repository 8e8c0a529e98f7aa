import type { Meta, StoryObj } from '@storybook/react-vite';
import { Activity } from 'lucide-react';
import { Button } from '../Button';
import { EmptyState } from './EmptyState';

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  args: {
    title: 'No recent activity',
    description: 'Requisitions you raise and approve will show up here.',
    icon: <Activity size={32} />,
    action: <Button>Create your first requisition</Button>,
  },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

/** With icon, description and action. */
export const Default: Story = {};

/** Only a title. */
export const TitleOnly: Story = { args: { description: undefined, icon: undefined, action: undefined } };
