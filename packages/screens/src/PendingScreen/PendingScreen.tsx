import { Flex, Heading, Card as RadixCard, Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';

/** Props of {@link PendingScreen}. */
export interface PendingScreenProps {
  /** The page's name, used as the heading. */
  title: string;
}

/**
 * A neutral page for a route whose screen is not built yet: its heading and a short note, without
 * promising a feature the product does not plan as a placeholder.
 */
export function PendingScreen({ title }: PendingScreenProps): ReactElement {
  return (
    <Flex direction="column" gap="4" style={{ maxWidth: 1200 }}>
      <Heading as="h2" size="6">
        {title}
      </Heading>
      <RadixCard size="3">
        <Text as="p" color="gray">
          This page is not available yet.
        </Text>
      </RadixCard>
    </Flex>
  );
}
