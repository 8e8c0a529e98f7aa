import { type BadgeProps, Badge as RadixBadge } from '@radix-ui/themes';
import type { ReactElement } from 'react';

/**
 * A Radix Themes colour a badge can take. Every badge is soft and `highContrast` (the colour's step-12
 * text on its tinted background): Radix's default step-11 text of blue, green, amber, yellow and orange
 * is below WCAG AA's 4.5:1 on the soft background.
 */
export type BadgeColor = NonNullable<BadgeProps['color']>;

/** The statuses a requisition can have. */
export type RequisitionStatus =
  | 'draft'
  | 'submitted'
  | 'under_review'
  | 'info_requested'
  | 'approved'
  | 'rejected'
  | 'cancelled'
  | 'po_created';

/** The statuses a purchase order can have. */
export type PurchaseOrderStatus = 'draft' | 'sent' | 'partially_received' | 'received' | 'cancelled';

/**
 * Colour and readable label of each requisition status. The specification only asks for a distinct
 * colour per status; these are chosen so that no two statuses share one.
 */
export const requisitionStatusBadges = {
  draft: { color: 'gray', label: 'Draft' },
  submitted: { color: 'blue', label: 'Submitted' },
  under_review: { color: 'yellow', label: 'Under Review' },
  info_requested: { color: 'orange', label: 'Info Requested' },
  approved: { color: 'green', label: 'Approved' },
  rejected: { color: 'red', label: 'Rejected' },
  cancelled: { color: 'brown', label: 'Cancelled' },
  po_created: { color: 'purple', label: 'PO Created' },
} as const satisfies Record<RequisitionStatus, { color: BadgeColor; label: string }>;

/**
 * Colour and label of each purchase-order status: draft neutral, sent blue, partially received teal,
 * received green, cancelled red.
 */
export const purchaseOrderStatusBadges = {
  draft: { color: 'gray', label: 'Draft' },
  sent: { color: 'blue', label: 'Sent' },
  partially_received: { color: 'teal', label: 'Partially Received' },
  received: { color: 'green', label: 'Received' },
  cancelled: { color: 'red', label: 'Cancelled' },
} as const satisfies Record<PurchaseOrderStatus, { color: BadgeColor; label: string }>;

/** Badge colour per role name; any role not listed is {@link defaultRoleBadgeColor}. */
export const roleBadgeColors = {
  'Super Admin': 'red',
  Admin: 'yellow',
  'General Manager': 'purple',
  'Finance Manager': 'blue',
  'Department Head': 'indigo',
  Manager: 'green',
} as const satisfies Record<string, BadgeColor>;

/** Badge colour of a role not in {@link roleBadgeColors} (e.g. User). */
export const defaultRoleBadgeColor = 'gray' satisfies BadgeColor;

/**
 * Days-pending colour bands, checked in order: the first whose `minDays` the count reaches wins
 * (red from 7 days, yellow from 3 to 6, green under 3).
 */
export const daysPendingBadgeLevels = [
  { minDays: 7, color: 'red' },
  { minDays: 3, color: 'yellow' },
  { minDays: Number.NEGATIVE_INFINITY, color: 'green' },
] as const satisfies readonly { minDays: number; color: BadgeColor }[];

/** Turns an unknown snake_case status into a readable label ('on_hold' → 'On Hold'). */
function humanize(status: string): string {
  return status
    .split('_')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** Props of {@link StatusBadge}: a requisition status (the default kind) or a purchase-order status. */
export type StatusBadgeProps =
  | {
      /** Which kind of record the status belongs to; defaults to 'requisition'. */
      kind?: 'requisition';
      /** The requisition status as the API spells it, e.g. 'under_review'. */
      status: RequisitionStatus;
    }
  | {
      /** Which kind of record the status belongs to. */
      kind: 'purchase_order';
      /** The purchase-order status as the API spells it, e.g. 'sent'. */
      status: PurchaseOrderStatus;
    };

/**
 * A status badge with a readable label ('Under Review') and the status's colour. An unknown status
 * (a newer server) still shows, in gray, with a readable label.
 */
export function StatusBadge(props: StatusBadgeProps): ReactElement {
  const map: Record<string, { color: BadgeColor; label: string }> =
    props.kind === 'purchase_order' ? purchaseOrderStatusBadges : requisitionStatusBadges;
  const entry = map[props.status] ?? { color: 'gray', label: humanize(props.status) };
  return (
    <RadixBadge color={entry.color} variant="soft" highContrast data-status={props.status}>
      {entry.label}
    </RadixBadge>
  );
}

/** Props of {@link RoleBadge}. */
export interface RoleBadgeProps {
  /** The role's name, e.g. 'Finance Manager' (not `role`, which is an ARIA attribute). */
  roleName: string;
}

/** The colour of a role's badge: per {@link roleBadgeColors}, gray for any other role. */
export function roleBadgeColor(role: string): BadgeColor {
  const colors: Record<string, BadgeColor> = roleBadgeColors;
  return Object.hasOwn(colors, role) ? (colors[role] ?? defaultRoleBadgeColor) : defaultRoleBadgeColor;
}

/** A badge showing a role's name in the role's colour. */
export function RoleBadge({ roleName }: RoleBadgeProps): ReactElement {
  return (
    <RadixBadge color={roleBadgeColor(roleName)} variant="soft" highContrast>
      {roleName}
    </RadixBadge>
  );
}

/** Props of {@link DaysPendingBadge}. */
export interface DaysPendingBadgeProps {
  /** Whole days the item has been waiting. */
  days: number;
}

/** The colour of a days-pending badge: green under 3 days, yellow from 3 to 6, red from 7. */
export function daysPendingColor(days: number): BadgeColor {
  return daysPendingBadgeLevels.find((level) => days >= level.minDays)?.color ?? 'green';
}

/** A badge with how long an item has waited ('5 days', '1 day'), coloured by {@link daysPendingColor}. */
export function DaysPendingBadge({ days }: DaysPendingBadgeProps): ReactElement {
  return (
    <RadixBadge color={daysPendingColor(days)} variant="soft" highContrast>
      {days === 1 ? '1 day' : `${days} days`}
    </RadixBadge>
  );
}
