import type { CsvExportSpec } from '../../http/csv-export.js';
import { csvAmount } from '../../http/csv-export.js';
import { type RequisitionFilter, requisitionConditions, searchCondition } from './requisition-filter.js';
import { SUMMARY_JOINS } from './requisitions.presenter.js';
import type { Actor } from './requisitions.service.js';

/** The columns of the exported file, in order: those of the requisition list's CSV. */
export const REQUISITION_CSV_COLUMNS = [
  'Requisition Number',
  'Justification',
  'Requestor',
  'Requestor Email',
  'Category',
  'Status',
  'Amount',
  'Currency',
  'Cost Center',
  'Created',
] as const;

/** How statuses and categories read (the screens' badges and labels); an unknown one as stored. */
const STATUS_LABELS: Record<string, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  under_review: 'Under Review',
  info_requested: 'Info Requested',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  po_created: 'PO Created',
};
export const CATEGORY_LABELS: Record<string, string> = {
  standard: 'Standard',
  freight: 'Freight',
  maintenance: 'Maintenance',
  utilities: 'Utilities',
  services: 'Services',
  capital: 'Capital',
};

interface ExportRow {
  requisition_number: string;
  justification: string | null;
  first_name: string;
  last_name: string;
  email: string;
  category: string;
  status: string;
  total_amount: string;
  currency: string;
  cc_code: string;
  cc_name: string;
  created: string;
}

/**
 * Every requisition `listRequisitions` shows `actor` for `filter` (its rules:
 * {@link requisitionConditions}), newest first, as the CSV export reads them: one statement with no
 * page, streamed through a cursor. `Created` is the UTC day.
 */
export function requisitionExport(actor: Actor, filter: RequisitionFilter): CsvExportSpec<ExportRow> {
  const bind: unknown[] = [actor.scope.organizationId];
  const param = (value: unknown) => {
    bind.push(value);
    return `$${bind.length}`;
  };
  const { where } = requisitionConditions(actor, filter, param);
  const search = filter.search?.trim();
  if (search) where.push(searchCondition(search, param));
  return {
    columns: REQUISITION_CSV_COLUMNS,
    sql: `SELECT r.requisition_number, r.justification, rq.first_name, rq.last_name, rq.email, r.category,
                 r.status, r.total_amount, r.currency, cc.code AS cc_code, cc.name AS cc_name,
                 to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS created
            FROM requisitions r ${SUMMARY_JOINS}
           WHERE ${where.join(' AND ')}
           ORDER BY r.created_at DESC, r.id DESC`,
    bind,
    fileName: 'requisitions',
    title: 'Requisitions',
    types: ['text', 'text', 'text', 'text', 'text', 'text', 'amount', 'currency', 'text', 'date'],
    widths: [20, 48, 22, 30, 14, 16, 14, 10, 34, 12],
    cells: (r) => [
      r.requisition_number,
      r.justification ?? '',
      `${r.first_name} ${r.last_name}`.trim(),
      r.email,
      CATEGORY_LABELS[r.category] ?? r.category,
      STATUS_LABELS[r.status] ?? r.status,
      csvAmount(r.total_amount, r.currency),
      r.currency,
      `${r.cc_code} - ${r.cc_name}`,
      r.created,
    ],
  };
}
