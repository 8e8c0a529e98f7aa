import type { components } from '@purchasing/contract';
import type { Transaction } from 'sequelize';
import { selectOne } from '../../db-query.js';
import { taxBreakdown } from '../../domain/money.js';
import type { Db } from '../../http/context.js';

/** A requisition as lists show it (contract `RequisitionSummary`). */
export type RequisitionSummaryView = components['schemas']['RequisitionSummary'];
/** A requisition with lines, attachments and workflow (contract `Requisition`). */
export type RequisitionView = components['schemas']['Requisition'];

/**
 * Reads are shaped in SQL (json_build_object / json_agg), one statement per answer: building
 * Sequelize instances costs ten times more CPU than the query itself (TOOLCHAIN, measured costs).
 */

/** A timestamp as ISO 8601 in UTC with milliseconds, for values nested in JSON. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `{id, first_name, last_name, email}` of a users row, or null when the join found none. */
const userRef = (alias: string) =>
  `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE json_build_object('id', ${alias}.id, 'first_name', ${alias}.first_name,
     'last_name', ${alias}.last_name, 'email', ${alias}.email) END`;

/**
 * Columns of a summary for `requisitions r`, joined with {@link SUMMARY_JOINS}. Timestamps stay
 * timestamptz (the driver answers Date objects, serialised as ISO UTC) and money stays numeric.
 */
export const SUMMARY_COLUMNS = `
  r.id, r.requisition_number, r.status, r.category, r.justification,
  to_char(r.delivery_date, 'YYYY-MM-DD') AS delivery_date, r.shipping_address, r.notes,
  r.total_amount, r.currency, r.created_at, r.updated_at, r.submitted_at, r.approved_at,
  json_build_object('id', rq.id, 'first_name', rq.first_name, 'last_name', rq.last_name, 'email', rq.email) AS requestor,
  r.cost_center_id, json_build_object('id', cc.id, 'code', cc.code, 'name', cc.name) AS cost_center,
  r.gl_account_id, json_build_object('id', gl.id, 'code', gl.code, 'name', gl.name) AS gl_account,
  (SELECT count(*)::int FROM requisition_line_items c WHERE c.requisition_id = r.id) AS line_item_count,
  (SELECT o.currency FROM organizations o WHERE o.id = r.organization_id) AS base_currency,
  r.base_total_amount,
  CASE WHEN r.budget_overrun IS NULL THEN NULL
       ELSE json_build_object('overrun', r.budget_overrun, 'available', r.budget_available,
                              'checked_at', ${iso('r.budget_checked_at')}) END AS budget_exceeded`;

/** Joins the summary columns need (requestor `rq`, cost centre `cc`, GL account `gl`). */
export const SUMMARY_JOINS = `
  JOIN users rq ON rq.id = r.requestor_id
  JOIN cost_centers cc ON cc.id = r.cost_center_id
  JOIN gl_accounts gl ON gl.id = r.gl_account_id`;

/**
 * The rate frozen at submission; the lines' tax (the subtotal is the total less it); line items (by
 * position), attachments (by upload) and the workflow (by level, then creation).
 */
const DETAIL_COLUMNS = `
  r.exchange_rate::float8 AS exchange_rate,
  (SELECT COALESCE(sum(t.tax_amount), 0) FROM requisition_line_items t WHERE t.requisition_id = r.id) AS tax_amount,
  COALESCE((
    SELECT json_agg(json_build_object(
             'id', li.id, 'product_id', li.product_id,
             'product', CASE WHEN p.id IS NULL THEN NULL
                             ELSE json_build_object('id', p.id, 'name', p.name, 'sku', p.sku) END,
             'description', li.description, 'quantity', li.quantity, 'unit_price', li.unit_price,
             'unit_of_measure', li.unit_of_measure, 'notes', li.notes, 'currency', li.currency,
             'tax_amount', li.tax_amount, 'tax_rate', li.tax_rate, 'total_amount', li.total_amount)
           ORDER BY li.position)
      FROM requisition_line_items li
      LEFT JOIN products p ON p.id = li.product_id
     WHERE li.requisition_id = r.id), '[]'::json) AS line_items,
  COALESCE((
    SELECT json_agg(json_build_object(
             'id', a.id, 'file_name', a.file_name, 'file_size', a.file_size,
             'content_type', a.content_type, 'uploaded_at', ${iso('a.uploaded_at')})
           ORDER BY a.uploaded_at, a.id)
      FROM attachments a
     WHERE a.organization_id = r.organization_id AND a.entity_type = 'requisition' AND a.entity_id = r.id
  ), '[]'::json) AS attachments,
  COALESCE((
    SELECT json_agg(json_build_object(
             'id', s.id, 'approval_level', s.approval_level, 'level_title', s.level_title,
             'approver', ${userRef('ap')},
             'approver_group', CASE WHEN s.action IS NULL AND s.approver_id IS NULL THEN s.approver_role_name END,
             'action', s.action, 'comments', s.comments,
             'actioned_at', ${iso('s.actioned_at')},
             'delegated_from', ${userRef('df')},
             'required_for', s.required_for,
             'required_approvals', s.required_approvals,
             'superseded_at', ${iso('s.superseded_at')},
             'created_at', ${iso('s.created_at')},
             'due_at', ${iso('s.due_at')},
             'overdue', (s.action IS NULL AND s.due_at IS NOT NULL AND s.due_at <= now()),
             'escalated_at', ${iso('s.escalated_at')})
           ORDER BY s.approval_level, s.created_at, s.round, s.actioned_at NULLS LAST,
                    ap.first_name, ap.last_name, s.id)
      FROM approval_steps s
      -- The assigned approver, or whoever acted on a step that was open to a group.
      LEFT JOIN users ap ON ap.id = COALESCE(s.approver_id, s.actioned_by_id)
      LEFT JOIN users df ON df.id = s.delegated_from_id
     -- A committee seat closed by the others' decision was never decided: not shown.
     WHERE s.requisition_id = r.id AND s.action IS DISTINCT FROM 'closed'), '[]'::json) AS approval_workflow,
  COALESCE((
    -- Edits made while approved (docs/decisions.md "Changes after approval"), oldest first.
    SELECT json_agg(json_build_object(
             'at', ${iso('l.created_at')}, 'actor', ${userRef('lu')},
             'outcome', CASE WHEN l.action = 'reapproval' THEN 'reapproval' ELSE 'kept' END,
             'reason', l.metadata ->> 'reason_text',
             'restart_level', (l.metadata ->> 'restart_level')::int,
             'changes', COALESCE(l.metadata -> 'changes', '[]'::jsonb))
           ORDER BY l.created_at, l.id)
      FROM audit_logs l
      LEFT JOIN users lu ON lu.id = l.actor_id
     WHERE l.organization_id = r.organization_id AND l.entity_type = 'requisition' AND l.entity_id = r.id
       AND l.action IN ('update_approved', 'reapproval')), '[]'::json) AS changes_after_approval`;

type Row<T> = Omit<
  T,
  'total_amount' | 'base_total_amount' | 'created_at' | 'updated_at' | 'submitted_at' | 'approved_at'
> & {
  total_amount: string | number;
  base_total_amount: string | number | null;
  created_at: Date | string;
  updated_at: Date | string;
  submitted_at: Date | string | null;
  approved_at: Date | string | null;
};

/** A summary row as the page query answers it. */
export type RequisitionSummaryRow = Row<RequisitionSummaryView>;

/** A summary row as the contract shapes it. */
export const presentSummary = (row: RequisitionSummaryRow): RequisitionSummaryView => present(row);

const timestamp = (value: Date | string): string => new Date(value).toISOString();
const optionalTimestamp = (value: Date | string | null): string | null =>
  value === null ? null : timestamp(value);

function present<T extends RequisitionSummaryView>(row: Row<T>): T {
  return {
    ...row,
    total_amount: Number(row.total_amount),
    base_total_amount: row.base_total_amount === null ? null : Number(row.base_total_amount),
    created_at: timestamp(row.created_at),
    updated_at: timestamp(row.updated_at),
    submitted_at: optionalTimestamp(row.submitted_at),
    approved_at: optionalTimestamp(row.approved_at),
  } as T;
}

/**
 * The full requisition `id` of the organisation in one statement, or null. `filter` adds a
 * condition over `r` (the caller's visibility) whose bind parameters start at `$3`.
 */
export async function selectRequisitionDetail(
  db: Db,
  organizationId: string,
  id: string,
  options: { transaction?: Transaction | null; filter?: { where: string; bind: unknown[] } } = {},
): Promise<RequisitionView | null> {
  const row = await selectOne<
    Omit<Row<RequisitionView>, 'tax_amount' | 'subtotal_amount'> & { tax_amount: string | number }
  >(
    db,
    `SELECT ${SUMMARY_COLUMNS}, ${DETAIL_COLUMNS}
       FROM requisitions r ${SUMMARY_JOINS}
      WHERE r.id = $1 AND r.organization_id = $2 ${options.filter ? `AND ${options.filter.where}` : ''}`,
    [id, organizationId, ...(options.filter?.bind ?? [])],
    options.transaction,
  );
  if (!row) return null;
  return present<RequisitionView>({ ...row, ...taxBreakdown(row.total_amount, row.tax_amount) });
}
