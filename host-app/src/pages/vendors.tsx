import { VendorDetailScreen, VendorFormScreen, VendorListScreen } from '@purchasing/screens';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';

const listRoute = getRouteApi('/app/vendors');

/** `/vendors`: the list, whose search, status and page live in the URL (validated, never rejected). */
export function VendorListPage(): ReactElement {
  const search = listRoute.useSearch();
  const navigate = useNavigate({ from: '/vendors' });
  return (
    <VendorListScreen
      search={search}
      onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}

/** `/vendors/new`: the form of a new vendor. */
export function VendorCreatePage(): ReactElement {
  return <VendorFormScreen />;
}

/** `/vendors/{vendorId}`: one vendor; a new id starts afresh. */
export function VendorDetailPage(): ReactElement {
  const { vendorId } = getRouteApi('/app/vendors/$vendorId').useParams();
  return <VendorDetailScreen key={vendorId} vendorId={vendorId} />;
}

/** `/vendors/{vendorId}/edit`: the edit form of a vendor; a new id starts a fresh form. */
export function VendorEditPage(): ReactElement {
  const { vendorId } = getRouteApi('/app/vendors/$vendorId/edit').useParams();
  return <VendorFormScreen key={vendorId} vendorId={vendorId} />;
}
