export {
  NotificationBell,
  type NotificationBellProps,
  NotificationItem,
  notificationBellMessages,
} from './NotificationBell';
export { bellLabel, notificationHref } from './notificationLinks';
