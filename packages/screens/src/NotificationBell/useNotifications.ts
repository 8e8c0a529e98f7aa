import {
  NOTIFICATION_POLL_MS,
  notificationKeys,
  notificationQueries,
  type Schemas,
  unwrap,
} from '@purchasing/api-client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { usePurchasing } from '../PurchasingProvider';

type Notification = Schemas['Notification'];

/**
 * The bell's data: the unread count polled every {@link NOTIFICATION_POLL_MS} with its entity tag
 * (react-query pauses the interval while the tab is hidden), the latest notifications refetched when
 * the count changes, and the read actions. `latestEnabled: false` leaves the latest unasked (the bell
 * asks for them only when its panel is about to open, so that a page's first load sends one request for
 * the bell, not two: issue 19).
 */
export function useNotifications(
  organizationId: string,
  options: { pollMs?: number; latest?: number; latestEnabled?: boolean } = {},
) {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const count = useQuery({
    ...notificationQueries.unreadCount(client, organizationId),
    refetchInterval: options.pollMs ?? NOTIFICATION_POLL_MS,
    refetchIntervalInBackground: false,
  });
  const latestQuery = { limit: options.latest ?? 8 };
  const latest = useQuery({
    ...notificationQueries.list(client, organizationId, latestQuery),
    enabled: options.latestEnabled ?? true,
  });

  // A new notification or one read elsewhere: the lists are stale.
  const seen = useRef<string | null>(null);
  const stamp = count.data ? `${count.data.unread_count}|${count.data.latest_at ?? ''}` : null;
  useEffect(() => {
    if (stamp === null) return;
    if (seen.current !== null && seen.current !== stamp) {
      void queryClient.invalidateQueries({
        queryKey: [...notificationKeys.all(organizationId), 'list'],
      });
    }
    seen.current = stamp;
  }, [stamp, organizationId, queryClient]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(organizationId) });
  const markRead = useMutation({
    mutationFn: (notification: Notification) =>
      unwrap(
        client.api.POST('/notifications/{id}/read', {
          params: { path: { id: notification.id }, header: { 'X-Organization-Id': organizationId } },
        }),
      ),
    onSettled: refresh,
  });
  const markAllRead = useMutation({
    mutationFn: () =>
      unwrap(
        client.api.POST('/notifications/read-all', {
          params: { header: { 'X-Organization-Id': organizationId } },
        }),
      ),
    onSettled: refresh,
  });
  const unread = count.data?.unread_count ?? latest.data?.unread_count ?? 0;
  return { unread, latest, markRead, markAllRead };
}
