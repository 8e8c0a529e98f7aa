import { Breadcrumb, type BreadcrumbItem } from '@purchasing/ui';
import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactElement, ReactNode } from 'react';
import { usePurchasing } from '../PurchasingProvider';

/** Props of {@link PageHead}. */
export interface PageHeadProps {
  /** The way back: the screens above this one, each with its href (the last, this screen, is added). */
  trail: readonly BreadcrumbItem[];
  /** The screen's name: the breadcrumb's last step and the heading. */
  title: string;
  /** What the heading shows when it says more than the name (e.g. 'Edit PO-2026-00004'). */
  heading?: string;
  /** Beside the heading (a status badge). */
  badge?: ReactNode;
  /** One line saying what the screen is for. */
  description?: ReactNode;
}

/**
 * The head of a screen that is not a list: a breadcrumb ending at the screen's name, its heading and
 * one line of description, the same on every create, edit and detail screen (issue 19, item 12). The
 * app header shows the program title, so this is the one place a screen says its name.
 */
export function PageHead({ trail, title, heading, badge, description }: PageHeadProps): ReactElement {
  const { navigation } = usePurchasing();
  return (
    <Box>
      <Breadcrumb items={[...trail, { label: title }]} onNavigate={(href) => navigation.navigate(href)} />
      <Flex align="center" gap="3" mt="2" wrap="wrap">
        <Heading as="h2" size={{ initial: '6', sm: '7' }}>
          {heading ?? title}
        </Heading>
        {badge}
      </Flex>
      {description ? (
        <Text as="p" color="gray" mt="1">
          {description}
        </Text>
      ) : null}
    </Box>
  );
}
