import { usePortalContainer } from '@purchasing/ui';
import { Flex, IconButton, type IconButtonProps, Tooltip } from '@radix-ui/themes';
import { Eye, Pencil } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { useLinkProps } from '../../PurchasingProvider';

/** The icon buttons of a row's actions column, side by side. */
export function RowActionGroup({ children }: { children: ReactNode }): ReactElement {
  return (
    <Flex gap="2" align="center">
      {children}
    </Flex>
  );
}

/** Props of {@link RowActionLink} and {@link RowActionButton}. */
interface RowActionProps {
  /** The tooltip, e.g. 'Edit'. */
  tooltip: string;
  /** The accessible name, naming the row: 'Edit REQ-2026-00001'. */
  label: string;
  /** A 16 px icon, hidden from assistive technology. */
  icon: ReactNode;
}

/** A row action that goes to a page: a real link (ctrl/middle-click opens a tab) shown as an icon. */
export function RowActionLink({
  href,
  tooltip,
  label,
  icon,
}: RowActionProps & { href: string }): ReactElement {
  const portalContainer = usePortalContainer();
  const link = useLinkProps(href);
  return (
    <Tooltip container={portalContainer} content={tooltip}>
      <IconButton asChild variant="ghost" color="gray" size="2" m="0">
        <a href={link.href} onClick={link.onClick} aria-label={label}>
          {icon}
        </a>
      </IconButton>
    </Tooltip>
  );
}

/** Props of {@link RowActionButton}. */
export type RowActionButtonProps = RowActionProps & { color: IconButtonProps['color']; onClick(): void };

/** A row action done in place (delete, send), usually after a confirmation. */
export function RowActionButton({
  tooltip,
  label,
  icon,
  color,
  onClick,
}: RowActionButtonProps): ReactElement {
  const portalContainer = usePortalContainer();
  return (
    <Tooltip container={portalContainer} content={tooltip}>
      <IconButton
        type="button"
        variant="ghost"
        color={color}
        size="2"
        m="0"
        aria-label={label}
        onClick={onClick}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );
}

/** Props of {@link RecordRowActions}. */
export interface RecordRowActionsProps {
  /** How the row names its record in the actions' accessible names, e.g. 'REQ-2026-00001'. */
  name: string;
  /** The record's page (View). */
  viewHref: string;
  /** The record's edit page (Edit), shown with `action` only while `canChange`. */
  editHref: string;
  /** Whether the user may change this record now (its status and their permissions). */
  canChange: boolean;
  /** The row's action done in place after Edit (a delete, a send), shown with it. */
  action?: RowActionButtonProps;
}

/**
 * The actions column of a record's row: View always; Edit and the row's other actions while the
 * record can be changed.
 */
export function RecordRowActions({
  name,
  viewHref,
  editHref,
  canChange,
  action,
}: RecordRowActionsProps): ReactElement {
  return (
    <RowActionGroup>
      <RowActionLink
        href={viewHref}
        tooltip="View"
        label={`View ${name}`}
        icon={<Eye size={16} aria-hidden />}
      />
      {canChange ? (
        <>
          <RowActionLink
            href={editHref}
            tooltip="Edit"
            label={`Edit ${name}`}
            icon={<Pencil size={16} aria-hidden />}
          />
          {action ? <RowActionButton {...action} /> : null}
        </>
      ) : null}
    </RowActionGroup>
  );
}
