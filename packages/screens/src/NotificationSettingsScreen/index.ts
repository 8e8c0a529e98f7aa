export {
  NOTIFICATION_KIND_LABELS,
  NotificationSettingsScreen,
  notificationSettingsMessages,
} from './NotificationSettingsScreen';
