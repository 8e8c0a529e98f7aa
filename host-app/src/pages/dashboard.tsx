export { DashboardScreen } from '@purchasing/screens';
