import { notificationQueries, type Schemas } from '@purchasing/api-client';
import { Button } from '@purchasing/ui';
import { Card, Flex } from '@radix-ui/themes';
import { useInfiniteQuery } from '@tanstack/react-query';
import { BellOff, CheckCheck, Settings } from 'lucide-react';
import type { MouseEvent, ReactElement } from 'react';
import { ListScreen } from '../kit/list/ListScreen';
import { LoadMore } from '../kit/list/LoadMore';
import { useCursorList } from '../kit/list/useCursorList';
import { ScreenFrame } from '../kit/ScreenFrame';
import { NotificationItem } from '../NotificationBell/NotificationBell';
import { notificationHref, notificationSettingsHref } from '../NotificationBell/notificationLinks';
import { useNotifications } from '../NotificationBell/useNotifications';
import { usePurchasing } from '../PurchasingProvider';

type Notification = Schemas['Notification'];

/** Copy of the notifications page. */
export const notificationsMessages = {
  title: 'Notifications',
  description: 'What happened to your requisitions and the approvals waiting for you, newest first.',
  noOrganization: 'Please select an organization from the header to see your notifications',
  loadFailed: 'Failed to load notifications. Please try again.',
  empty: 'No notifications yet',
  emptyDescription: 'You will be told here when a requisition awaits your decision or yours is decided.',
  markAll: 'Mark all as read',
  settings: 'Notification settings',
  loadMore: 'Load more',
  loadMoreFailed: 'Failed to load more notifications. Please try again.',
} as const;

/**
 * How many notifications the page loads at a time: the latest first, then as many again with each
 * "Load more" (the server pages by cursor).
 */
export const NOTIFICATIONS_PAGE_LIMIT = 30;

const rowsOf = (page: Schemas['NotificationPage']) => page.notifications;

/** Props of {@link NotificationsScreen}. */
export interface NotificationsScreenProps {
  /** The clock for relative times (stories and tests pin it). */
  now?: () => Date;
}

/**
 * Notifications (/notifications): the signed-in user's notifications, newest first, unread ones
 * marked, {@link NOTIFICATIONS_PAGE_LIMIT} at a time with "Load more" after them until there are no
 * more; choosing one marks it read and opens its requisition, approval or order. "Mark all as read"
 * marks every unread one, loaded or not (the server's rule). Any member.
 */
export function NotificationsScreen({ now }: NotificationsScreenProps = {}): ReactElement {
  return (
    <ScreenFrame
      title={notificationsMessages.title}
      noOrganization={notificationsMessages.noOrganization}
      maxWidth={900}
    >
      {(organization) => <Notifications organizationId={organization.id} now={now ?? (() => new Date())} />}
    </ScreenFrame>
  );
}

function Notifications({ organizationId, now }: { organizationId: string; now: () => Date }): ReactElement {
  const { client, navigation } = usePurchasing();
  const { unread, markRead, markAllRead } = useNotifications(organizationId, { latestEnabled: false });
  const list = useCursorList(
    useInfiniteQuery(notificationQueries.pages(client, organizationId, { limit: NOTIFICATIONS_PAGE_LIMIT })),
    rowsOf,
  );
  const choose = (event: MouseEvent, notification: Notification) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (!notification.read_at) markRead.mutate(notification);
    navigation.navigate(notificationHref(navigation.hrefs, notification));
  };
  const settingsHref = notificationSettingsHref(navigation.hrefs);
  return (
    <ListScreen<Notification>
      state={list}
      title={notificationsMessages.title}
      count={{ value: unread, label: { text: 'unread', visible: true } }}
      description={notificationsMessages.description}
      actions={
        <Flex gap="2" wrap="wrap">
          <Button
            variant="secondary"
            disabled={unread === 0 || markAllRead.isPending}
            onClick={() => markAllRead.mutate()}
          >
            <CheckCheck aria-hidden size={16} /> {notificationsMessages.markAll}
          </Button>
          <Button
            variant="outline"
            onClick={() => navigation.navigate(settingsHref)}
            aria-label={notificationsMessages.settings}
          >
            <Settings aria-hidden size={16} /> Settings
          </Button>
        </Flex>
      }
      renderRows={(rows) => (
        <Flex direction="column" gap="4">
          <Card size="1" style={{ padding: 0 }}>
            <ul aria-label="Notifications" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {rows.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  href={notificationHref(navigation.hrefs, notification)}
                  onChoose={choose}
                  now={now()}
                />
              ))}
            </ul>
          </Card>
          <LoadMore
            state={list.more}
            label={notificationsMessages.loadMore}
            failed={notificationsMessages.loadMoreFailed}
          />
        </Flex>
      )}
      empty={{
        icon: <BellOff aria-hidden />,
        title: notificationsMessages.empty,
        description: notificationsMessages.emptyDescription,
      }}
      pagerOnlyWhenPaged
      messages={{
        loading: 'Loading your notifications',
        loadFailed: notificationsMessages.loadFailed,
        pager: 'Notification pages',
      }}
    />
  );
}
