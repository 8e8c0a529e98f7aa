export { DepartmentUsersScreen, type DepartmentUsersScreenProps } from './DepartmentUsersScreen';
