import { Box, Flex, Card as RadixCard, Skeleton, Text } from '@radix-ui/themes';
import type { ComponentPropsWithoutRef, ReactElement, ReactNode } from 'react';

/** Props of {@link StatTile}. */
export interface StatTileProps {
  /** What the figure is ('Pending Approvals'); also the tile's accessible name. */
  label: string;
  /** The formatted figure. */
  value: ReactNode;
  /** A decorative icon (e.g. a lucide icon element). */
  icon?: ReactNode;
  /** Radix accent colour of the icon badge. */
  color?: ComponentPropsWithoutRef<typeof Text>['color'];
  /** While true the value shows as a skeleton. */
  loading?: boolean;
}

/** A dashboard figure: a label, a large value and an icon, exposed as a named group. */
export function StatTile({
  label,
  value,
  icon,
  color = 'blue',
  loading = false,
}: StatTileProps): ReactElement {
  return (
    <RadixCard size="2" role="group" aria-label={label} aria-busy={loading || undefined}>
      <Flex direction="column" gap="2">
        <Flex align="center" justify="between" gap="3">
          <Text size="2" color="gray" weight="medium" truncate>
            {label}
          </Text>
          {icon ? (
            <Box
              aria-hidden
              flexShrink="0"
              style={{
                display: 'grid',
                placeItems: 'center',
                width: 36,
                height: 36,
                borderRadius: 'var(--radius-3)',
                background: `var(--${color}-a3)`,
                color: `var(--${color}-11)`,
              }}
            >
              {icon}
            </Box>
          ) : null}
        </Flex>
        <Skeleton loading={loading}>
          <Text size="7" weight="bold" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {loading ? '0000' : value}
          </Text>
        </Skeleton>
      </Flex>
    </RadixCard>
  );
}
