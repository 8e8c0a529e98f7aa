import { Flex, Card as RadixCard, Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { PageHead, useHomeTrail } from '../kit/PageHead';
import { pageMaxWidth } from '../kit/themeVariables';

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
  const home = useHomeTrail();
  return (
    <Flex direction="column" gap="4" style={{ maxWidth: pageMaxWidth(1200) }}>
      <PageHead trail={home} title={title} />
      <RadixCard size="3">
        <Text as="p" color="gray">
          This page is not available yet.
        </Text>
      </RadixCard>
    </Flex>
  );
}
