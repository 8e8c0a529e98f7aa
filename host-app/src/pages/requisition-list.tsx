import { RequisitionListScreen } from '@purchasing/screens';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';

const listRoute = getRouteApi('/app/requisitions');

/**
 * `/requisitions`: the list, whose search, filters and page live in the URL (validated, never
 * rejected), so a filtered view can be bookmarked. A chunk of its own: opening the list does not load
 * the detail and form screens (../routes.tsx).
 */
export function RequisitionListPage(): ReactElement {
  const search = listRoute.useSearch();
  const navigate = useNavigate({ from: '/requisitions' });
  return (
    <RequisitionListScreen
      search={search}
      onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}
