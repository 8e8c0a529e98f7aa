import { Box, Flex, Card as RadixCard, Text } from '@radix-ui/themes';
import type { MouseEventHandler, ReactElement, ReactNode } from 'react';

/** Props of {@link Card}. */
export interface CardProps {
  /** The card's heading; the link's accessible name when `href` is set. */
  title: string;
  /** A line under the title. */
  description?: ReactNode;
  /** A decorative icon at the start. */
  icon?: ReactNode;
  /**
   * Makes the whole card a real link (`<a href>`), so ctrl/middle-click opens a tab. Pair with `onClick`
   * to navigate in-app on a plain click.
   */
  href?: string;
  /** Click handler of the link (or of the card without `href`). */
  onClick?: MouseEventHandler<HTMLElement>;
  /** Extra content under the description. */
  children?: ReactNode;
}

/**
 * A card with an optional icon, title and description. With `href` the whole card is an anchor with a
 * hover state, used for the dashboard's quick actions.
 */
export function Card({ title, description, icon, href, onClick, children }: CardProps): ReactElement {
  const body = (
    <Flex gap="3" align="start">
      {icon ? (
        <Box
          aria-hidden
          flexShrink="0"
          style={{
            display: 'grid',
            placeItems: 'center',
            width: 40,
            height: 40,
            borderRadius: 'var(--radius-3)',
            background: 'var(--accent-a3)',
            color: 'var(--accent-11)',
          }}
        >
          {icon}
        </Box>
      ) : null}
      <Flex direction="column" gap="1" minWidth="0">
        <Text as="div" size="3" weight="bold">
          {title}
        </Text>
        {description ? (
          <Text as="div" size="2" color="gray">
            {description}
          </Text>
        ) : null}
        {children}
      </Flex>
    </Flex>
  );

  if (href) {
    return (
      <RadixCard asChild size="2">
        <a href={href} onClick={onClick}>
          {body}
        </a>
      </RadixCard>
    );
  }
  return (
    <RadixCard size="2" onClick={onClick}>
      {body}
    </RadixCard>
  );
}
