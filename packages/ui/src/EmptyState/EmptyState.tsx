import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactElement, ReactNode } from 'react';

/** Props of {@link EmptyState}. */
export interface EmptyStateProps {
  /** The main message ('No recent activity'). */
  title: string;
  /** A line explaining what to do next. */
  description?: ReactNode;
  /** A decorative icon above the title. */
  icon?: ReactNode;
  /** An action such as a button or link. */
  action?: ReactNode;
}

/** A centred message for a list or panel with nothing to show, with an optional next action. */
export function EmptyState({ title, description, icon, action }: EmptyStateProps): ReactElement {
  return (
    <Flex direction="column" align="center" gap="2" py="6" px="4" style={{ textAlign: 'center' }}>
      {icon ? (
        <Box aria-hidden style={{ color: 'var(--gray-9)' }}>
          {icon}
        </Box>
      ) : null}
      <Heading as="h3" size="3">
        {title}
      </Heading>
      {description ? (
        <Text as="p" size="2" color="gray" style={{ maxWidth: 420 }}>
          {description}
        </Text>
      ) : null}
      {action ? <Box mt="2">{action}</Box> : null}
    </Flex>
  );
}
