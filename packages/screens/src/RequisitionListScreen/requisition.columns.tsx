import type { Schemas } from '@purchasing/api-client';
import { StatusBadge } from '@purchasing/ui';
import { Flex, Link, Text } from '@radix-ui/themes';
import { Trash2 } from 'lucide-react';
import type { CSSProperties, ReactElement } from 'react';
import { DateCell } from '../kit/list/cells';
import { listColumns } from '../kit/list/ListTable';
import { RecordRowActions } from '../kit/list/RowAction';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { TotalCell } from '../shared/BaseAmount';
import { categoryLabel } from '../shared/display';

type RequisitionSummary = Schemas['RequisitionSummary'];

/** What the cells need from the screen: who may change a row, and how to ask for a deletion. */
export interface RequisitionTableMeta {
  /** Whether the signed-in user may edit and delete this requisition (hides the buttons only). */
  canChange(requisition: RequisitionSummary): boolean;
  /** Asks to delete a requisition (the screen confirms first). */
  onDelete(requisition: RequisitionSummary): void;
}

const { features, column: helper, actions } = listColumns<RequisitionSummary, RequisitionTableMeta>();

/**
 * The requisition table (read by `ListScreen`): number and justification, requestor, category, amount,
 * status, created date and the row actions. The number cell is the row header, so a screen reader
 * announces it with every cell. On a phone each row is a card: number and status, amount, requestor
 * and created date, the actions at its foot (the category stays on the detail page).
 */
export const requisitionTable = {
  features,
  caption: 'Requisitions',
  rowHeaderPlaceholder: 'REQ-2026-00000',
  columns: helper.columns([
    helper.accessor('requisition_number', {
      header: 'Requisition',
      cell: (info) => <NumberCell requisition={info.row.original} />,
      meta: { rowHeader: true, minWidth: 200 },
    }),
    helper.accessor((r) => `${r.requestor.first_name} ${r.requestor.last_name}`, {
      id: 'requestor',
      header: 'Requestor',
      cell: (info) => (
        <Flex direction="column" minWidth="0">
          <Text size="2">{info.getValue()}</Text>
          <Text size="1" color="gray" style={{ overflowWrap: 'anywhere' }}>
            {info.row.original.requestor.email}
          </Text>
        </Flex>
      ),
      meta: { minWidth: 160 },
    }),
    helper.accessor('category', {
      header: 'Category',
      cell: (info) => categoryLabel(info.getValue()),
      meta: { card: 'hidden' },
    }),
    helper.accessor('total_amount', {
      header: 'Amount',
      cell: (info) => <TotalCell record={info.row.original} currency={info.row.original.currency} />,
      meta: { align: 'right', card: 'amount' },
    }),
    helper.accessor('status', {
      header: 'Status',
      cell: (info) => <StatusBadge status={info.getValue()} />,
      meta: { card: 'status' },
    }),
    helper.accessor('created_at', {
      header: 'Created',
      cell: (info) => <DateCell date={info.getValue()} />,
    }),
    actions((requisition, meta) => (
      <RowActions
        requisition={requisition}
        canChange={meta?.canChange(requisition) ?? false}
        onDelete={() => meta?.onDelete(requisition)}
      />
    )),
  ]),
};

// Long justifications stop after two lines; the whole text stays in the title and the detail page.
const twoLines: CSSProperties = {
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  overflow: 'hidden',
  overflowWrap: 'anywhere',
};

function NumberCell({ requisition }: { requisition: RequisitionSummary }): ReactElement {
  const { navigation } = usePurchasing();
  const link = useLinkProps(navigation.hrefs.requisitionDetail(requisition.id));
  return (
    <Flex direction="column" gap="1" minWidth="0" style={{ maxWidth: 260 }}>
      <Link {...link} weight="medium" style={{ whiteSpace: 'nowrap' }}>
        {requisition.requisition_number}
      </Link>
      {requisition.justification ? (
        <Text size="1" color="gray" weight="regular" title={requisition.justification} style={twoLines}>
          {requisition.justification}
        </Text>
      ) : null}
    </Flex>
  );
}

function RowActions({
  requisition,
  canChange,
  onDelete,
}: {
  requisition: RequisitionSummary;
  canChange: boolean;
  onDelete(): void;
}): ReactElement {
  const { navigation } = usePurchasing();
  return (
    <RecordRowActions
      name={requisition.requisition_number}
      viewHref={navigation.hrefs.requisitionDetail(requisition.id)}
      editHref={navigation.hrefs.requisitionEdit(requisition.id)}
      canChange={canChange}
      action={{
        tooltip: 'Delete',
        label: `Delete ${requisition.requisition_number}`,
        color: 'red',
        icon: <Trash2 size={16} aria-hidden />,
        onClick: onDelete,
      }}
    />
  );
}
