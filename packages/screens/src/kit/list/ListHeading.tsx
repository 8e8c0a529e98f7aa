import { Badge, type BadgeProps, Box, Flex, Heading, Text, VisuallyHidden } from '@radix-ui/themes';
import type { ReactElement, ReactNode } from 'react';
import { formatTotal } from '../../shared/display';

/** Props of {@link ListHeading}. */
export interface ListHeadingProps {
  /** The list's name, e.g. 'Purchase Orders'. */
  title: string;
  /** Every record matching the filters; the badge is left out while unknown. */
  total?: number;
  /** The server stopped counting at `total` (`pagination.total_capped`): the badge reads '10,000+'. */
  totalCapped?: boolean;
  /** One line under the title saying what the list holds. */
  description?: string;
  /** Buttons at the right (export, create). */
  actions?: ReactNode;
  /**
   * What the badge counts, after the number: 'in total' (the default, read by screen readers only) or,
   * shown, a count that is not the rows listed (e.g. '3 awaiting approval' beside a list of others).
   */
  countLabel?: { text: string; visible?: boolean; color?: BadgeProps['color'] };
}

/**
 * The heading of a list screen: its title with the total count as a badge (read as 'N in total'), a
 * short description and the list's actions, which wrap under the title on a narrow screen.
 */
export function ListHeading({
  title,
  total,
  totalCapped = false,
  description,
  actions,
  countLabel = { text: 'in total' },
}: ListHeadingProps): ReactElement {
  return (
    <Flex justify="between" align="start" gap="4" wrap="wrap">
      <Box>
        <Flex asChild align="center" gap="3" wrap="wrap">
          <Heading as="h2" size={{ initial: '6', sm: '7' }}>
            {title}{' '}
            {total === undefined ? null : (
              <Badge size="3" color={countLabel.color ?? 'gray'} variant="soft" highContrast radius="full">
                {countLabel.visible ? (
                  `${formatTotal(total, totalCapped)} ${countLabel.text}`
                ) : (
                  <>
                    {`${formatTotal(total, totalCapped)} `}
                    <VisuallyHidden>{countLabel.text}</VisuallyHidden>
                  </>
                )}
              </Badge>
            )}
          </Heading>
        </Flex>
        {description ? (
          <Text as="p" color="gray" mt="1">
            {description}
          </Text>
        ) : null}
      </Box>
      {actions ? (
        <Flex gap="2" align="center" wrap="wrap">
          {actions}
        </Flex>
      ) : null}
    </Flex>
  );
}
