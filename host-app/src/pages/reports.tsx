import { ReportsScreen } from '@purchasing/screens';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';

const reportsRoute = getRouteApi('/app/reports');

/** `/reports`: the reports, whose period and cost centre live in the URL (validated, never rejected). */
export function ReportsPage(): ReactElement {
  const search = reportsRoute.useSearch();
  const navigate = useNavigate({ from: '/reports' });
  return <ReportsScreen search={search} onSearchChange={(next) => void navigate({ search: next })} />;
}
