import { Flex } from '@radix-ui/themes';
import type { Meta, StoryObj } from '@storybook/react-vite';
import {
  DaysPendingBadge,
  type PurchaseOrderStatus,
  purchaseOrderStatusBadges,
  type RequisitionStatus,
  RoleBadge,
  requisitionStatusBadges,
  roleBadgeColors,
  StatusBadge,
} from './Badge';

const meta = {
  title: 'UI/Badge',
  component: StatusBadge,
  args: { status: 'under_review' },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One requisition status. */
export const Default: Story = {};

/** Every requisition status. */
export const RequisitionStatuses: Story = {
  render: () => (
    <Flex gap="2" wrap="wrap">
      {(Object.keys(requisitionStatusBadges) as RequisitionStatus[]).map((status) => (
        <StatusBadge key={status} status={status} />
      ))}
    </Flex>
  ),
};

/** Every purchase-order status. */
export const PurchaseOrderStatuses: Story = {
  render: () => (
    <Flex gap="2" wrap="wrap">
      {(Object.keys(purchaseOrderStatusBadges) as PurchaseOrderStatus[]).map((status) => (
        <StatusBadge key={status} kind="purchase_order" status={status} />
      ))}
    </Flex>
  ),
};

/** Every role colour, and a role without one. */
export const Roles: Story = {
  render: () => (
    <Flex gap="2" wrap="wrap">
      {[...Object.keys(roleBadgeColors), 'User'].map((role) => (
        <RoleBadge key={role} roleName={role} />
      ))}
    </Flex>
  ),
};

/** Days pending: green under 3 days, yellow from 3 to 6, red from 7. */
export const DaysPending: Story = {
  render: () => (
    <Flex gap="2" wrap="wrap">
      {[1, 2, 3, 6, 7, 12].map((days) => (
        <DaysPendingBadge key={days} days={days} />
      ))}
    </Flex>
  ),
};
