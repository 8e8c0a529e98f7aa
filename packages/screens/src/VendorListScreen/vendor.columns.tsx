import type { Schemas } from '@purchasing/api-client';
import { Badge, Link, Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { Muted } from '../kit/detail/Field';
import { listColumns } from '../kit/list/ListTable';
import { RecordRowActions } from '../kit/list/RowAction';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { paymentTermsLabel } from '../shared/purchaseOrders';
import { vendorLocation, vendorMessages, vendorStatusLabel } from '../shared/vendors';

type Vendor = Schemas['Vendor'];

/** What the cells need from the screen. */
export interface VendorTableMeta {
  /** Whether the user holds `vendor.manage` (shows Edit; the server decides). */
  canManage: boolean;
  /** The organisation's base currency, which a vendor without its own quotes in. */
  baseCurrency: string;
}

const { features, column: helper } = listColumns<Vendor, VendorTableMeta>();

const none = <Muted>—</Muted>;

/**
 * The vendor table (read by `ListScreen`): name (the row header, a link to the vendor), contact,
 * email, city and country, payment terms, currency, status and the row actions (View; Edit with
 * `vendor.manage`). On a phone each row is a card: name and status, then the other columns as fields.
 */
export const vendorTable = {
  features,
  caption: 'Vendors',
  rowHeaderPlaceholder: 'Vendor name placeholder',
  columns: helper.columns([
    helper.accessor('name', {
      header: 'Name',
      cell: (info) => <NameCell vendor={info.row.original} />,
      meta: { rowHeader: true, minWidth: 180 },
    }),
    helper.accessor('contact_name', {
      header: 'Contact',
      cell: (info) => info.getValue() ?? none,
    }),
    helper.accessor('email', {
      header: 'Email',
      cell: (info) => {
        const email = info.getValue();
        return email ? <Text style={{ overflowWrap: 'anywhere' }}>{email}</Text> : none;
      },
      meta: { minWidth: 180 },
    }),
    helper.accessor((vendor) => vendorLocation({ ...vendor, state_province: null }), {
      id: 'location',
      header: 'City / Country',
      cell: (info) => info.getValue() || none,
    }),
    helper.accessor('payment_terms', {
      header: 'Payment Terms',
      cell: (info) => {
        const terms = info.getValue();
        return terms ? <Text style={{ whiteSpace: 'nowrap' }}>{paymentTermsLabel(terms)}</Text> : none;
      },
    }),
    helper.accessor('currency', {
      header: 'Currency',
      cell: (info) => {
        const currency = info.getValue();
        if (currency) return currency;
        const base = info.table.options.meta?.baseCurrency;
        return <Text title={vendorMessages.baseCurrency}>{base ? `${base} (base)` : 'Base'}</Text>;
      },
    }),
    helper.accessor('is_active', {
      header: 'Status',
      cell: (info) => <VendorStatusBadge vendor={info.row.original} />,
      meta: { card: 'status' },
    }),
    helper.display({
      id: 'actions',
      header: 'Actions',
      cell: (info) => (
        <RowActions vendor={info.row.original} canManage={info.table.options.meta?.canManage ?? false} />
      ),
      meta: { width: 100, stickyEnd: true },
    }),
  ]),
};

/** 'Active' in green or 'Inactive' in gray. */
export function VendorStatusBadge({ vendor }: { vendor: Pick<Vendor, 'is_active'> }): ReactElement {
  return (
    <Badge color={vendor.is_active ? 'green' : 'gray'} variant="soft" highContrast>
      {vendorStatusLabel(vendor)}
    </Badge>
  );
}

function NameCell({ vendor }: { vendor: Vendor }): ReactElement {
  const { navigation } = usePurchasing();
  const link = useLinkProps(navigation.hrefs.vendorDetail(vendor.id));
  return (
    <Link {...link} weight="medium" style={{ overflowWrap: 'anywhere' }}>
      {vendor.name}
    </Link>
  );
}

function RowActions({ vendor, canManage }: { vendor: Vendor; canManage: boolean }): ReactElement {
  const { navigation } = usePurchasing();
  return (
    <RecordRowActions
      name={vendor.name}
      viewHref={navigation.hrefs.vendorDetail(vendor.id)}
      editHref={navigation.hrefs.vendorEdit(vendor.id)}
      canChange={canManage}
    />
  );
}
