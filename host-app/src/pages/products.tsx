import { ProductFormScreen, ProductListScreen } from '@purchasing/screens';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactElement } from 'react';

const listRoute = getRouteApi('/app/products');

/** `/products`: the catalogue, whose search, status and page live in the URL (validated, never rejected). */
export function ProductListPage(): ReactElement {
  const search = listRoute.useSearch();
  const navigate = useNavigate({ from: '/products' });
  return (
    <ProductListScreen
      search={search}
      onSearchChange={(next, options) => void navigate({ search: next, replace: options?.replace })}
    />
  );
}

/** `/products/new`: the form of a new product. */
export function ProductCreatePage(): ReactElement {
  return <ProductFormScreen />;
}

/** `/products/{productId}/edit`: the edit form of a product; a new id starts a fresh form. */
export function ProductEditPage(): ReactElement {
  const { productId } = getRouteApi('/app/products/$productId/edit').useParams();
  return <ProductFormScreen key={productId} productId={productId} />;
}
