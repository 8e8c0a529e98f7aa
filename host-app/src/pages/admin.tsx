import type { Schemas } from '@purchasing/api-client';
import {
  BudgetManagementScreen,
  DepartmentUsersScreen,
  EditUserScreen,
  type SettingsEntry,
  SettingsScreen,
  useSession,
} from '@purchasing/screens';
import { getRouteApi, useNavigate, useParams } from '@tanstack/react-router';
import { type ReactElement, useMemo } from 'react';

export {
  ApprovalPolicyScreen,
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

/** The other settings screens, with the permission each route of routes.tsx asks for. */
const SETTINGS_ENTRIES: (SettingsEntry & { permission: Schemas['PermissionName'] })[] = [
  {
    label: 'Exchange Rates',
    description: 'Rates of other currencies into the base currency.',
    href: '/admin/exchange-rates',
    permission: 'org.settings',
  },
  {
    label: 'Approval Policy',
    description: 'Approval levels, thresholds, approvers, due times and auto-approval.',
    href: '/settings/approval-policy',
    permission: 'org.settings',
  },
  {
    label: 'Webhooks',
    description: 'Other systems told when requisitions and orders change, signed.',
    href: '/settings/webhooks',
    permission: 'org.settings',
  },
  {
    label: 'Budgets',
    description: 'Budgets per cost center and what happens when one runs out.',
    href: '/budgets',
    permission: 'budget.view',
  },
  {
    label: 'Departments',
    description: 'Departments, their heads and their people.',
    href: '/admin/departments',
    permission: 'org.settings',
  },
  {
    label: 'Roles',
    description: 'Roles and the permissions each one gives.',
    href: '/admin/roles',
    permission: 'role.manage',
  },
];

/** `/settings`: the organisation's settings, with links to the other settings screens this person may open. */
export function SettingsPage(): ReactElement {
  const { hasPermission } = useSession();
  const entries = useMemo(
    () =>
      SETTINGS_ENTRIES.filter((entry) => hasPermission(entry.permission)).map(
        ({ permission: _permission, ...entry }) => entry,
      ),
    [hasPermission],
  );
  return <SettingsScreen entries={entries} />;
}
