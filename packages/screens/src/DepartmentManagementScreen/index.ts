export { DepartmentManagementScreen } from './DepartmentManagementScreen';
