import { ApprovalReviewScreen } from '@purchasing/screens';
import { getRouteApi } from '@tanstack/react-router';
import type { ReactElement } from 'react';

export {
  ApprovalQueueScreen,
  NotificationSettingsScreen,
  NotificationsScreen,
  OutOfOfficeScreen,
} from '@purchasing/screens';

/** `/approvals/{id}`: the review of one requisition; a new id starts a fresh form. */
export function ApprovalReviewPage(): ReactElement {
  const { id } = getRouteApi('/app/approvals/$id').useParams();
  return <ApprovalReviewScreen key={id} requisitionId={id} />;
}
