import { Flex, SegmentedControl, Text } from '@radix-ui/themes';
import { type ReactElement, useId } from 'react';
import { APPROVAL_QUEUE_ORDERS } from './approvalQueue.resource';

/** The Pending queue's order: "Oldest first" (the default) or "Due soonest". */
export function QueueOrder({
  value,
  onChange,
}: {
  value: 'oldest' | 'due';
  onChange(value: 'oldest' | 'due'): void;
}): ReactElement {
  const label = useId();
  return (
    <Flex align="center" gap="2" wrap="wrap">
      <Text id={label} size="2" weight="medium" color="gray">
        Order
      </Text>
      <SegmentedControl.Root
        size="1"
        value={value}
        onValueChange={(next) => onChange(next === 'due' ? 'due' : 'oldest')}
        aria-labelledby={label}
      >
        {APPROVAL_QUEUE_ORDERS.map((order) => (
          <SegmentedControl.Item key={order.value} value={order.value}>
            {order.label}
          </SegmentedControl.Item>
        ))}
      </SegmentedControl.Root>
    </Flex>
  );
}
