import type { Schemas } from '@purchasing/api-client';
import { StatusBadge } from '@purchasing/ui';
import { Flex, Link, Text } from '@radix-ui/themes';
import { Send } from 'lucide-react';
import type { ReactElement } from 'react';
import { DateCell } from '../kit/list/cells';
import { listColumns } from '../kit/list/ListTable';
import { RecordRowActions } from '../kit/list/RowAction';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { TotalCell } from '../shared/BaseAmount';
import { orderCurrency, purchaseOrderMessages } from '../shared/purchaseOrders';

type PurchaseOrderSummary = Schemas['PurchaseOrderSummary'];

/** What the cells need from the screen: whether drafts may be changed, and how to ask for a send. */
export interface PurchaseOrderTableMeta {
  /** Whether the user holds `purchase_order.manage` (shows Edit and Send on drafts; the server decides). */
  canManage: boolean;
  /** Asks to send a draft to its vendor (the screen confirms first). */
  onSend(order: PurchaseOrderSummary): void;
}

const { features, column: helper, actions } = listColumns<PurchaseOrderSummary, PurchaseOrderTableMeta>();

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * The purchase order table (read by `ListScreen`): PO number, vendor, requisition, total in the order's
 * currency, status, due date, created date and the row actions (view; edit and send on drafts for
 * buyers). The PO number is the row header, so a screen reader announces it with every cell; the
 * actions stay in view while a narrow table scrolls sideways. On a phone each row is a card: number
 * and status, total, vendor, due and created dates, the actions at its foot.
 */
export const purchaseOrderTable = {
  features,
  caption: 'Purchase orders',
  rowHeaderPlaceholder: 'PO-2026-00000',
  columns: helper.columns([
    helper.accessor('po_number', {
      header: 'PO Number',
      cell: (info) => <NumberCell order={info.row.original} />,
      meta: { rowHeader: true, minWidth: 150 },
    }),
    helper.accessor((order) => order.vendor?.name ?? null, {
      id: 'vendor',
      header: 'Vendor',
      cell: (info) => {
        const name = info.getValue();
        return name ? (
          <Text style={{ overflowWrap: 'anywhere' }}>{name}</Text>
        ) : (
          <Text color="gray">{purchaseOrderMessages.noVendor}</Text>
        );
      },
      meta: { minWidth: 160 },
    }),
    helper.accessor((order) => order.requisition?.requisition_number ?? null, {
      id: 'requisition',
      header: 'Requisition',
      cell: (info) => <RequisitionCell order={info.row.original} />,
      meta: { card: 'hidden' },
    }),
    helper.accessor('total_amount', {
      header: 'Total',
      cell: (info) => <TotalCell record={info.row.original} currency={orderCurrency(info.row.original)} />,
      meta: { align: 'right', card: 'amount' },
    }),
    helper.accessor('status', {
      header: 'Status',
      cell: (info) => <StatusBadge kind="purchase_order" status={info.getValue()} />,
      meta: { card: 'status' },
    }),
    helper.accessor('delivery_date', {
      header: 'Due Date',
      cell: (info) => {
        const due = info.getValue();
        return due ? (
          <DateCell date={due} />
        ) : (
          <Text color="gray" aria-label="No due date">
            —
          </Text>
        );
      },
    }),
    helper.accessor('created_at', {
      header: 'Created',
      cell: (info) => <DateCell date={info.getValue()} />,
    }),
    actions((order, meta) => (
      <RowActions
        order={order}
        canChange={order.status === 'draft' && (meta?.canManage ?? false)}
        onSend={() => meta?.onSend(order)}
      />
    )),
  ]),
};

function NumberCell({ order }: { order: PurchaseOrderSummary }): ReactElement {
  const { navigation } = usePurchasing();
  const link = useLinkProps(navigation.hrefs.purchaseOrderDetail(order.id));
  const items = order.line_item_count;
  return (
    <Flex direction="column" gap="1">
      <Link {...link} weight="medium" style={nowrap}>
        {order.po_number}
      </Link>
      <Text size="1" color="gray" weight="regular">
        {items === 1 ? '1 item' : `${items} items`}
      </Text>
    </Flex>
  );
}

function RequisitionCell({ order }: { order: PurchaseOrderSummary }): ReactElement {
  const { navigation } = usePurchasing();
  const requisition = order.requisition;
  const link = useLinkProps(navigation.hrefs.requisitionDetail(requisition?.id ?? ''));
  if (!requisition) return <Text color="gray">—</Text>;
  return (
    <Link {...link} color="gray" highContrast underline="hover" style={nowrap}>
      {requisition.requisition_number}
    </Link>
  );
}

function RowActions({
  order,
  canChange,
  onSend,
}: {
  order: PurchaseOrderSummary;
  canChange: boolean;
  onSend(): void;
}): ReactElement {
  const { navigation } = usePurchasing();
  return (
    <RecordRowActions
      name={order.po_number}
      viewHref={navigation.hrefs.purchaseOrderDetail(order.id)}
      editHref={navigation.hrefs.purchaseOrderEdit(order.id)}
      canChange={canChange}
      action={{
        tooltip: 'Send to Vendor',
        label: `Send ${order.po_number} to vendor`,
        color: 'blue',
        icon: <Send size={16} aria-hidden />,
        onClick: onSend,
      }}
    />
  );
}
