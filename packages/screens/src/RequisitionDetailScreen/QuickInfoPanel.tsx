import type { Schemas } from '@purchasing/api-client';
import { formatDate } from '@purchasing/ui';
import { DataList } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { Panel } from '../kit/detail/Panel';

type Requisition = Schemas['Requisition'];

/** Quick Info: created, submitted and approved dates and the number of line items. */
export function QuickInfoPanel({ requisition }: { requisition: Requisition }): ReactElement {
  return (
    <Panel title="Quick Info">
      <DataList.Root size="2">
        <DataList.Item>
          <DataList.Label minWidth="100px">Created</DataList.Label>
          <DataList.Value>{formatDate(requisition.created_at)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="100px">Submitted</DataList.Label>
          <DataList.Value>{formatDate(requisition.submitted_at)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="100px">Approved</DataList.Label>
          <DataList.Value>{formatDate(requisition.approved_at)}</DataList.Value>
        </DataList.Item>
        <DataList.Item>
          <DataList.Label minWidth="100px">Line Items</DataList.Label>
          <DataList.Value>{requisition.line_item_count}</DataList.Value>
        </DataList.Item>
      </DataList.Root>
    </Panel>
  );
}
