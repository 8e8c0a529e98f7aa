import { Box, Flex, Heading, Card as RadixCard, Text } from '@radix-ui/themes';
import { type ReactElement, type ReactNode, useId } from 'react';

/** Props of {@link Panel}. */
export interface PanelProps {
  /** The section's heading (an h3). */
  title: string;
  /** A short line under the heading. */
  description?: ReactNode;
  /** A control at the right of the heading (e.g. a link or a small button). */
  action?: ReactNode;
  children: ReactNode;
}

/**
 * A titled card section of a detail or form screen: a `<section>` named by its heading, so screen
 * readers list it as a region.
 */
export function Panel({ title, description, action, children }: PanelProps): ReactElement {
  const headingId = useId();
  return (
    <RadixCard asChild size="3">
      <section aria-labelledby={headingId}>
        <Flex justify="between" align="start" gap="3" mb="4">
          <Box minWidth="0">
            <Heading as="h3" size="4" id={headingId}>
              {title}
            </Heading>
            {description ? (
              <Text as="p" size="2" color="gray" mt="1">
                {description}
              </Text>
            ) : null}
          </Box>
          {action}
        </Flex>
        {children}
      </section>
    </RadixCard>
  );
}
