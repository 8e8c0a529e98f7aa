import type { Schemas } from '@purchasing/api-client';
import type { Hrefs } from '../PurchasingProvider';

type Notification = Schemas['Notification'];

/**
 * Where a notification leads: the approval review for a step to decide (also a reminder of one), else
 * the record's page. An escalation leads to the requisition: the group told of an overdue step may not
 * be the one to decide it (the page offers the review to whoever can).
 */
export function notificationHref(hrefs: Hrefs, notification: Notification): string {
  if (
    notification.kind === 'approval_requested' ||
    notification.kind === 'step_delegated' ||
    notification.kind === 'reminder'
  )
    return hrefs.approvalReview(notification.requisition_id);
  if (notification.subject_type === 'purchase_order')
    return hrefs.purchaseOrderDetail(notification.subject_id);
  return hrefs.requisitionDetail(notification.subject_id);
}

/** The notifications page and the preferences screen (defaults where the host has none). */
export const notificationsHref = (hrefs: Hrefs) => hrefs.notifications?.() ?? '/notifications';
export const notificationSettingsHref = (hrefs: Hrefs) =>
  hrefs.notificationSettings?.() ?? '/settings/notifications';

/** The bell's accessible name: "Notifications, 3 unread" (or "Notifications, no unread"). */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : 'Notifications, no unread';
}
