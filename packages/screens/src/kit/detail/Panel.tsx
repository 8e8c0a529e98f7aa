import { Box, Flex, Heading, Card as RadixCard, Text } from '@radix-ui/themes';
import { type ReactElement, type ReactNode, useId } from 'react';

/** Props of {@link Panel}. */
export interface PanelProps {
  /** The section's heading (an h2, under the page's h1, unless `headingLevel` says otherwise). */
  title: string;
  /** The heading's level: 2 for a top section of the page (under its h1), 3 for a section inside one. */
  headingLevel?: 2 | 3;
  /** The heading's id, for a link to the section (`#id`); a unique one is made when absent. */
  headingId?: string;
  /** A short line under the heading. */
  description?: ReactNode;
  /** A control at the right of the heading (e.g. a link or a small button). */
  action?: ReactNode;
  children: ReactNode;
}

/**
 * A titled card section of a detail or form screen: a `<section>` named by its heading, so screen
 * readers list it as a region. An action stands at the right of the heading, the description under both.
 */
export function Panel({
  title,
  headingLevel = 2,
  headingId: givenId,
  description,
  action,
  children,
}: PanelProps): ReactElement {
  const generatedId = useId();
  const headingId = givenId ?? generatedId;
  return (
    <RadixCard asChild size="3">
      <section aria-labelledby={headingId}>
        <Box mb="4">
          {/* The action shares the heading's row only: the description below spans the card, not a
              column squeezed beside the action (five lines at 390 pixels wide). */}
          <Flex justify="between" align="start" gap="3">
            <Heading as={`h${headingLevel}`} size="4" id={headingId} style={{ minWidth: 0 }}>
              {title}
            </Heading>
            {action}
          </Flex>
          {description ? (
            <Text as="p" size="2" color="gray" mt="1">
              {description}
            </Text>
          ) : null}
        </Box>
        {children}
      </section>
    </RadixCard>
  );
}
