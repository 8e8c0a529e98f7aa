import { BudgetManagementScreen, DepartmentUsersScreen, EditUserScreen } from '@purchasing/screens';
import { getRouteApi, useNavigate, useParams } from '@tanstack/react-router';
import type { ReactElement } from 'react';

export {
  CreateUserScreen,
  DepartmentManagementScreen,
  ExchangeRatesScreen,
  RolesScreen,
  UserListScreen,
  WebhooksScreen,
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

const budgetsRoute = getRouteApi('/app/budgets');

/**
 * `/budgets`: Budget Management, whose fiscal year lives in the URL (`?fiscal_year=2025`, validated,
 * never rejected), so a reload or a shared link shows the same year. No year: the current one.
 */
export function BudgetsPage(): ReactElement {
  const { fiscal_year } = budgetsRoute.useSearch();
  const navigate = useNavigate({ from: '/budgets' });
  return (
    <BudgetManagementScreen
      fiscalYear={fiscal_year ?? null}
      onFiscalYearChange={(year) => void navigate({ search: { fiscal_year: year } })}
    />
  );
}
