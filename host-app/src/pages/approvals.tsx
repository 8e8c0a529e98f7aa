import { ApprovalQueueScreen, ApprovalReviewScreen } from '@purchasing/screens';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';

export {
  NotificationSettingsScreen,
  NotificationsScreen,
  OutOfOfficeScreen,
} from '@purchasing/screens';

const queueRoute = getRouteApi('/app/approvals');

/** `/approvals`: the queue, whose view, order, search, filters and page live in the URL. */
export function ApprovalQueuePage(): ReactElement {
  const search = queueRoute.useSearch();
  const navigate = useNavigate({ from: '/approvals' });
  return (
    <ApprovalQueueScreen
      search={search}
      onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}

/** `/approvals/{id}`: the review of one requisition; a new id starts a fresh form. */
export function ApprovalReviewPage(): ReactElement {
  const { id } = getRouteApi('/app/approvals/$id').useParams();
  return <ApprovalReviewScreen key={id} requisitionId={id} />;
}
