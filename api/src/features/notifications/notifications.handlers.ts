import type { HandlerInput, OperationHandlers } from '../../http/context.js';
import { requireCaller, requireScope } from '../../http/context.js';
import type { Actor } from '../requisitions/requisitions.service.js';
import {
  getNotificationPreferences,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  unreadCount,
  updateNotificationPreferences,
} from './notifications.service.js';

const actorOf = (input: HandlerInput): Actor => ({
  userId: requireCaller(input).userId,
  scope: requireScope(input),
});

/** The bell: the caller's own notifications and preferences. The service decides the rules. */
export const notificationHandlers: OperationHandlers = {
  listNotifications: {
    handler: (input) => listNotifications(input.app.db, actorOf(input), input.request.query as never),
  },
  getUnreadNotificationCount: {
    handler: async (input) => {
      const { etag, ...count } = await unreadCount(input.app.db, actorOf(input));
      // A poll naming the current tag gets 304 Not Modified without a body.
      const unchanged = input.h.entity({ etag });
      if (unchanged) return unchanged;
      return input.h.response(count).etag(etag).header('Cache-Control', 'private, no-cache');
    },
  },
  markNotificationRead: {
    handler: async (input) => ({
      notification: await markNotificationRead(
        input.app.db,
        actorOf(input),
        (input.request.params as { id: string }).id,
      ),
    }),
  },
  markAllNotificationsRead: {
    handler: async (input) => ({ marked: await markAllNotificationsRead(input.app.db, actorOf(input)) }),
  },
  getNotificationPreferences: {
    handler: (input) => getNotificationPreferences(input.app.db, actorOf(input)),
  },
  updateNotificationPreferences: {
    handler: (input) =>
      updateNotificationPreferences(input.app.db, actorOf(input), input.request.payload as never),
  },
};
