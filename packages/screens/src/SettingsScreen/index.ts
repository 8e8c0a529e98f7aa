export {
  type SettingsEntry,
  SettingsScreen,
  type SettingsScreenProps,
  settingsScreenMessages,
} from './SettingsScreen';
