import type { BreadcrumbItem } from '@purchasing/ui';
import { Badge, type BadgeProps, VisuallyHidden } from '@radix-ui/themes';
import type { ReactElement, ReactNode } from 'react';
import { formatTotal } from '../../shared/display';
import { PageHead, useHomeTrail } from '../PageHead';

/** Props of {@link ListHeading}. */
export interface ListHeadingProps {
  /** The list's name, e.g. 'Purchase Orders': the breadcrumb's last step and the page's h1. */
  title: string;
  /** The screens above the list in the breadcrumb; the dashboard by default (a screen of the sidebar). */
  trail?: readonly BreadcrumbItem[];
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
 * The head of a list screen, a {@link PageHead}: the breadcrumb (the dashboard, then the list), its
 * title as the page's h1 with the total count as a badge (read as 'N in total'), a short description
 * and the list's actions, which wrap under the title on a narrow screen.
 */
export function ListHeading({
  title,
  trail,
  total,
  totalCapped = false,
  description,
  actions,
  countLabel = { text: 'in total' },
}: ListHeadingProps): ReactElement {
  const home = useHomeTrail();
  return (
    <PageHead
      trail={trail ?? home}
      title={title}
      description={description}
      actions={actions}
      count={
        total === undefined ? undefined : (
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
        )
      }
    />
  );
}
