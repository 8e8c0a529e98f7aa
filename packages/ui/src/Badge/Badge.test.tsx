import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  DaysPendingBadge,
  type PurchaseOrderStatus,
  purchaseOrderStatusBadges,
  type RequisitionStatus,
  RoleBadge,
  requisitionStatusBadges,
  roleBadgeColors,
  StatusBadge,
} from './Badge';

const requisitionLabels: [RequisitionStatus, string][] = [
  ['draft', 'Draft'],
  ['submitted', 'Submitted'],
  ['under_review', 'Under Review'],
  ['info_requested', 'Info Requested'],
  ['approved', 'Approved'],
  ['rejected', 'Rejected'],
  ['cancelled', 'Cancelled'],
  ['po_created', 'PO Created'],
];

describe('StatusBadge', () => {
  it.each(requisitionLabels)('shows the requisition status %s as “%s” in its colour', (status, label) => {
    render(<StatusBadge status={status} />);
    expect(screen.getByText(label)).toHaveAttribute(
      'data-accent-color',
      requisitionStatusBadges[status].color,
    );
  });

  it('draws every badge in high contrast so its text meets WCAG AA', () => {
    const role = 'Admin';
    render(
      <>
        <StatusBadge status="submitted" />
        <RoleBadge roleName={role} />
        <DaysPendingBadge days={4} />
      </>,
    );
    for (const text of ['Submitted', 'Admin', '4 days']) {
      expect(screen.getByText(text)).toHaveClass('rt-high-contrast');
    }
  });

  it('gives every requisition status its own colour', () => {
    const colors = Object.values(requisitionStatusBadges).map((entry) => entry.color);
    expect(Object.keys(requisitionStatusBadges)).toHaveLength(8);
    expect(new Set(colors).size).toBe(colors.length);
  });

  it.each([
    ['draft', 'Draft', 'gray'],
    ['sent', 'Sent', 'blue'],
    ['received', 'Received', 'green'],
    ['cancelled', 'Cancelled', 'red'],
  ] as [PurchaseOrderStatus, string, string][])(
    'shows the purchase-order status %s as “%s” in %s',
    (status, label, color) => {
      render(<StatusBadge kind="purchase_order" status={status} />);
      expect(screen.getByText(label)).toHaveAttribute('data-accent-color', color);
      expect(purchaseOrderStatusBadges[status].color).toBe(color);
    },
  );

  it('colours a cancelled purchase order differently from a cancelled requisition', () => {
    render(
      <>
        <StatusBadge kind="purchase_order" status="cancelled" />
        <StatusBadge status="cancelled" />
      </>,
    );
    const [order, requisition] = screen.getAllByText('Cancelled');
    expect(order).toHaveAttribute('data-accent-color', 'red');
    expect(requisition).toHaveAttribute('data-accent-color', requisitionStatusBadges.cancelled.color);
  });

  it('shows an unknown status readably in gray', () => {
    render(<StatusBadge status={'on_hold' as RequisitionStatus} />);
    expect(screen.getByText('On Hold')).toHaveAttribute('data-accent-color', 'gray');
  });
});

describe('RoleBadge', () => {
  it.each([
    ['Super Admin', 'red'],
    ['Admin', 'yellow'],
    ['General Manager', 'purple'],
    ['Finance Manager', 'blue'],
    ['Department Head', 'indigo'],
    ['Manager', 'green'],
  ])('shows %s in %s', (role, color) => {
    render(<RoleBadge roleName={role} />);
    expect(screen.getByText(role)).toHaveAttribute('data-accent-color', color);
    expect(roleBadgeColors[role as keyof typeof roleBadgeColors]).toBe(color);
  });

  it.each(['User', 'Auditor', 'toString'])('shows any other role (%s) in gray', (role) => {
    render(<RoleBadge roleName={role} />);
    expect(screen.getByText(role)).toHaveAttribute('data-accent-color', 'gray');
  });
});

describe('DaysPendingBadge', () => {
  it.each([
    [0, '0 days', 'green'],
    [1, '1 day', 'green'],
    [2, '2 days', 'green'],
    [3, '3 days', 'yellow'],
    [5, '5 days', 'yellow'],
    [6, '6 days', 'yellow'],
    [7, '7 days', 'red'],
    [30, '30 days', 'red'],
  ])('shows %i days as “%s” in %s', (days, label, color) => {
    render(<DaysPendingBadge days={days} />);
    expect(screen.getByText(label)).toHaveAttribute('data-accent-color', color);
  });
});
