import { DepartmentUsersScreen, EditUserScreen } from '@purchasing/screens';
import { getRouteApi, useParams } from '@tanstack/react-router';
import type { ReactElement } from 'react';

export {
  BudgetManagementScreen,
  CreateUserScreen,
  DepartmentManagementScreen,
  ExchangeRatesScreen,
  RolesScreen,
  UserListScreen,
} from '@purchasing/screens';

/**
 * `/admin/users/{id}` and `/admin/users/{id}/edit` both open the edit screen (DECISIONS §6); a new id
 * starts a fresh form.
 */
export function EditUserPage(): ReactElement {
  const { id = '' } = useParams({ strict: false });
  return <EditUserScreen key={id} userId={id} />;
}

/** `/admin/departments/{departmentId}/users`: one department's users; a new id starts afresh. */
export function DepartmentUsersPage(): ReactElement {
  const { departmentId } = getRouteApi('/app/admin/departments/$departmentId/users').useParams();
  return <DepartmentUsersScreen key={departmentId} departmentId={departmentId} />;
}
