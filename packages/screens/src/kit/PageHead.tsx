import { Breadcrumb, type BreadcrumbItem } from '@purchasing/ui';
import { Box, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactElement, ReactNode } from 'react';
import { usePurchasing } from '../PurchasingProvider';

/** Props of {@link PageHead}. */
export interface PageHeadProps {
  /**
   * The way back: the screens above this one, each with its href (the last, this screen, is added).
   * A screen of the sidebar passes the dashboard ({@link useHomeTrail}); the dashboard passes none.
   */
  trail: readonly BreadcrumbItem[];
  /** The screen's name: the breadcrumb's last step and the heading. */
  title: string;
  /** What the heading shows when it says more than the name (e.g. 'Edit PO-2026-00004'). */
  heading?: string;
  /** Inside the heading, after its text: a count read with it (a list's '25 in total'). */
  count?: ReactNode;
  /** Beside the heading (a status badge). */
  badge?: ReactNode;
  /** One line saying what the screen is for. */
  description?: ReactNode;
  /** Buttons at the right of the heading (export, create), under it on a narrow screen. */
  actions?: ReactNode;
}

/**
 * The head of every signed-in screen: a breadcrumb ending at the screen's name, its heading (the
 * page's one h1) and one line of description, with the screen's actions at the right (issue 19,
 * item 12). The app header shows the program title, so this is the one place a screen says its name.
 */
export function PageHead({
  trail,
  title,
  heading,
  count,
  badge,
  description,
  actions,
}: PageHeadProps): ReactElement {
  const { navigation } = usePurchasing();
  return (
    <Box>
      <Box data-print="hide">
        <Breadcrumb items={[...trail, { label: title }]} onNavigate={(href) => navigation.navigate(href)} />
      </Box>
      <Flex justify="between" align="start" gap="4" mt="2" wrap="wrap">
        <Box minWidth="0">
          <Flex align="center" gap="3" wrap="wrap">
            <Flex asChild align="center" gap="3" wrap="wrap">
              <Heading as="h1" size={{ initial: '6', sm: '7' }} style={{ overflowWrap: 'anywhere' }}>
                {heading ?? title}
                {count ? <> {count}</> : null}
              </Heading>
            </Flex>
            {badge}
          </Flex>
          {description ? (
            <Text as="p" color="gray" mt="1">
              {description}
            </Text>
          ) : null}
        </Box>
        {actions ? (
          <Flex gap="2" align="center" wrap="wrap" data-print="hide">
            {actions}
          </Flex>
        ) : null}
      </Flex>
    </Box>
  );
}

/** The trail of a screen the sidebar leads to: back to the dashboard. */
export function useHomeTrail(): readonly BreadcrumbItem[] {
  const { navigation } = usePurchasing();
  return [{ label: 'Dashboard', href: navigation.hrefs.dashboard() }];
}
