export {
  NOTIFICATIONS_PAGE_LIMIT,
  NotificationsScreen,
  type NotificationsScreenProps,
  notificationsMessages,
} from './NotificationsScreen';
