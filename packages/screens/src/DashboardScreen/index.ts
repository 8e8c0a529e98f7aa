export { DashboardScreen, NO_ORGANIZATION_MESSAGE } from './DashboardScreen';
