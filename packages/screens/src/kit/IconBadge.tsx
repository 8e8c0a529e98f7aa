import { Flex } from '@radix-ui/themes';
import { ShoppingCart } from 'lucide-react';
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { scaled } from './themeVariables';

/** Props of {@link IconBadge}. */
export interface IconBadgeProps {
  /** Width and height in pixels at 100 % scaling (it follows the theme's `scaling`). */
  size: number;
  /** The corner radius: a circle by default, or a theme radius such as 'var(--radius-3)'. */
  radius?: string;
  /** The fill, e.g. 'var(--accent-a3)'. */
  background: string;
  /** The icon's colour, e.g. 'var(--accent-11)'. */
  color: string;
  /** More style (a font for initials). */
  style?: CSSProperties;
  /** The icon (or initials), hidden from screen readers with the badge: it only decorates. */
  children: ReactNode;
}

/**
 * A square or round tile with an icon centred in it: the product mark, a file, a department, a
 * timeline step, an empty state. Decorative: screen readers skip it.
 */
export function IconBadge({
  size,
  radius = '50%',
  background,
  color,
  style,
  children,
}: IconBadgeProps): ReactElement {
  return (
    <Flex
      aria-hidden
      align="center"
      justify="center"
      flexShrink="0"
      style={{ width: scaled(size), height: scaled(size), borderRadius: radius, background, color, ...style }}
    >
      {children}
    </Flex>
  );
}

/** The product's mark: a cart on the accent colour, small in the sidebar, large over the sign-in card. */
export function ProductMark({ size }: { size: 'small' | 'large' }): ReactElement {
  const large = size === 'large';
  return (
    <IconBadge
      size={large ? 48 : 32}
      radius={large ? 'var(--radius-4)' : 'var(--radius-3)'}
      background="var(--accent-9)"
      color="var(--accent-contrast)"
    >
      <ShoppingCart size={large ? 24 : 18} />
    </IconBadge>
  );
}
