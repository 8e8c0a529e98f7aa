import { Box, Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactElement, ReactNode } from 'react';
import { ProductMark } from './IconBadge';

/** Props of {@link PublicPageLayout}. */
export interface PublicPageLayoutProps {
  /** The page's heading (the page's only `h1`). */
  title: string;
  /** One line under the heading. */
  subtitle: ReactNode;
  /** The card's content. */
  children: ReactNode;
  /** Content under the card, e.g. a link back to sign in. */
  footer?: ReactNode;
  /** The column's width; 440px by default. */
  maxWidth?: string;
}

/**
 * The frame of the pages a visitor sees without signing in (sign-in, forgot password, reset password,
 * accept invitation): the product mark, a heading and a line of text above a centred card, on the
 * sign-in screen's soft gradient.
 */
export function PublicPageLayout({
  title,
  subtitle,
  children,
  footer,
  maxWidth = '440px',
}: PublicPageLayoutProps): ReactElement {
  return (
    <Flex
      align="center"
      justify="center"
      px="4"
      py="8"
      style={{ minHeight: '100vh', background: 'linear-gradient(160deg, var(--accent-2), var(--gray-2))' }}
    >
      <Box width="100%" maxWidth={maxWidth}>
        <Flex direction="column" align="center" gap="2" mb="5">
          <ProductMark size="large" />
          <Heading as="h1" size="7" align="center">
            {title}
          </Heading>
          <Text as="p" color="gray" align="center">
            {subtitle}
          </Text>
        </Flex>
        <Card size="4">{children}</Card>
        {footer ? (
          <Flex justify="center" mt="5">
            {footer}
          </Flex>
        ) : null}
      </Box>
    </Flex>
  );
}

/** The email field of the signed-out pages (sign in, forgot password): the props that make it one. */
export const ACCOUNT_EMAIL_FIELD = {
  label: 'Email',
  type: 'email',
  autoComplete: 'email',
  placeholder: 'you@company.com',
} as const;
