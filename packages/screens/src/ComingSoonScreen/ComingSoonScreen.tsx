import { Flex, Card as RadixCard, Text } from '@radix-ui/themes';
import { Hourglass } from 'lucide-react';
import type { ReactElement } from 'react';
import { IconBadge } from '../kit/IconBadge';
import { PageHead, useHomeTrail } from '../kit/PageHead';
import { pageMaxWidth } from '../kit/themeVariables';

/** Props of {@link ComingSoonScreen}. */
export interface ComingSoonScreenProps {
  /** The feature's name ('Vendors'), used as the heading. */
  title: string;
}

/** A placeholder page headed with the feature's name that says only that it is coming soon. */
export function ComingSoonScreen({ title }: ComingSoonScreenProps): ReactElement {
  const home = useHomeTrail();
  return (
    <Flex direction="column" gap="4" style={{ maxWidth: pageMaxWidth(1200) }}>
      <PageHead trail={home} title={title} />
      <RadixCard size="4">
        <Flex direction="column" align="center" gap="3" py="6">
          <IconBadge size={56} background="var(--accent-a3)" color="var(--accent-11)">
            <Hourglass size={26} />
          </IconBadge>
          <Text as="p" size="3" color="gray">
            This feature is coming soon.
          </Text>
        </Flex>
      </RadixCard>
    </Flex>
  );
}
