import { Button, EmptyState } from '@purchasing/ui';
import { Button as RadixButton, Card as RadixCard } from '@radix-ui/themes';
import { ArrowLeft, FileSearch } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { useLinkProps, usePurchasing } from '../../PurchasingProvider';

/** Props of {@link WayBackCard}. */
export interface WayBackCardProps {
  /** Why the record is not shown, e.g. 'Requisition not found'. */
  title: string;
  /** The line under it. */
  description?: string;
  /** The picture above the title; a magnifier on a page when absent. */
  icon?: ReactNode;
  /** Where the way back leads and what it says ('Back to Requisitions'). */
  href: string;
  label: string;
  /** The way back is a button that navigates rather than a link (the department's users). */
  asButton?: boolean;
}

/**
 * A record that cannot be shown (missing, or not editable) in a card: why, and one way back. No Retry:
 * asking again cannot help. The not-found state of every detail screen, and of the edit screens.
 */
export function WayBackCard({
  title,
  description,
  icon = <FileSearch size={32} />,
  href,
  label,
  asButton = false,
}: WayBackCardProps): ReactElement {
  const { navigation } = usePurchasing();
  const link = useLinkProps(href);
  const content = (
    <>
      <ArrowLeft size={16} aria-hidden />
      {label}
    </>
  );
  return (
    <RadixCard size="3">
      <EmptyState
        icon={icon}
        title={title}
        description={description}
        action={
          asButton ? (
            <Button variant="secondary" onClick={() => navigation.navigate(href)}>
              {content}
            </Button>
          ) : (
            <RadixButton asChild variant="soft">
              <a {...link}>{content}</a>
            </RadixButton>
          )
        }
      />
    </RadixCard>
  );
}
