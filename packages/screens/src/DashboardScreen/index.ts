export {
  DashboardScreen,
  dashboardQuickActions,
  NO_ORGANIZATION_MESSAGE,
  type QuickAction,
} from './DashboardScreen';
