import { fireEvent, render, renderHook, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { defaultHrefs } from './hrefs';
import { type Navigation, PurchasingProvider, usePurchasing } from './PurchasingProvider';
import { useLinkProps } from './useLinkProps';

function LinkTo({ href, target }: { href: string; target?: string }) {
  const props = useLinkProps(href);
  return (
    <a {...props} target={target}>
      Go
    </a>
  );
}

function setup(target?: string) {
  const navigate = vi.fn<Navigation['navigate']>();
  // The client is not used by these components; the provider only passes it through.
  const client = {} as never;
  render(
    <PurchasingProvider client={client} navigation={{ hrefs: defaultHrefs, navigate }}>
      <LinkTo href="/approvals" target={target} />
    </PurchasingProvider>,
  );
  return { navigate, link: screen.getByRole('link', { name: 'Go' }) };
}

describe('usePurchasing', () => {
  it('throws a clear error outside a PurchasingProvider', () => {
    const silence = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => usePurchasing())).toThrow(
      /usePurchasing must be used inside <PurchasingProvider/,
    );
    silence.mockRestore();
  });
});

describe('useLinkProps', () => {
  it('renders a real href and navigates in-app on a plain left click', () => {
    const { navigate, link } = setup();
    expect(link).toHaveAttribute('href', '/approvals');
    const notCancelled = fireEvent.click(link);
    expect(notCancelled).toBe(false);
    expect(navigate).toHaveBeenCalledWith('/approvals', undefined);
  });

  it.each([
    ['ctrl', { ctrlKey: true }],
    ['meta', { metaKey: true }],
    ['shift', { shiftKey: true }],
    ['alt', { altKey: true }],
    ['middle button', { button: 1 }],
  ])('leaves a %s click to the browser', (_name, init) => {
    const { navigate, link } = setup();
    const notCancelled = fireEvent.click(link, init);
    expect(notCancelled).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('leaves a link with target _blank to the browser', () => {
    const { navigate, link } = setup('_blank');
    fireEvent.click(link);
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('defaultHrefs', () => {
  it("follows the specification's paths", () => {
    expect({
      dashboard: defaultHrefs.dashboard(),
      login: defaultHrefs.login(),
      requisitions: defaultHrefs.requisitions(),
      requisitionCreate: defaultHrefs.requisitionCreate(),
      requisitionDetail: defaultHrefs.requisitionDetail('r1'),
      requisitionEdit: defaultHrefs.requisitionEdit('r1'),
      approvals: defaultHrefs.approvals(),
      approvalReview: defaultHrefs.approvalReview('r1'),
      purchaseOrders: defaultHrefs.purchaseOrders(),
      purchaseOrderCreate: defaultHrefs.purchaseOrderCreate(),
      purchaseOrderDetail: defaultHrefs.purchaseOrderDetail('p1'),
      purchaseOrderEdit: defaultHrefs.purchaseOrderEdit('p1'),
      vendors: defaultHrefs.vendors(),
      products: defaultHrefs.products(),
      reports: defaultHrefs.reports(),
      settings: defaultHrefs.settings(),
      budgets: defaultHrefs.budgets(),
      users: defaultHrefs.users(),
      userCreate: defaultHrefs.userCreate(),
      userEdit: defaultHrefs.userEdit('u1'),
      departments: defaultHrefs.departments(),
      departmentUsers: defaultHrefs.departmentUsers('d1'),
      exchangeRates: defaultHrefs.exchangeRates(),
    }).toEqual({
      dashboard: '/dashboard',
      login: '/login',
      requisitions: '/requisitions',
      requisitionCreate: '/requisitions/create',
      requisitionDetail: '/requisitions/r1',
      requisitionEdit: '/requisitions/r1/edit',
      approvals: '/approvals',
      approvalReview: '/approvals/r1',
      purchaseOrders: '/purchase-orders',
      purchaseOrderCreate: '/purchase-orders/create',
      purchaseOrderDetail: '/purchase-orders/p1',
      purchaseOrderEdit: '/purchase-orders/p1/edit',
      vendors: '/vendors',
      products: '/products',
      reports: '/reports',
      settings: '/settings',
      budgets: '/budgets',
      users: '/admin/users',
      userCreate: '/admin/users/new',
      userEdit: '/admin/users/u1',
      departments: '/admin/departments',
      departmentUsers: '/admin/departments/d1/users',
      exchangeRates: '/admin/exchange-rates',
    });
  });

  it('encodes ids into one path segment', () => {
    expect(defaultHrefs.requisitionDetail('a/b?c')).toBe('/requisitions/a%2Fb%3Fc');
  });
});
