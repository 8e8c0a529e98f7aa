import type { Transaction } from 'sequelize';
import { DEFAULT_APPROVAL_POLICY } from '../../db/defaults.js';
import { execute, select, selectOne } from '../../db-query.js';
import type { ApprovalPolicy } from '../../domain/approval-routing.js';
import { toCents } from '../../domain/money.js';
import {
  changeRows,
  changeSummary,
  decideReapproval,
  diffRequisition,
  REAPPROVAL_REASON_TEXT,
  type ReapprovalDecision,
  type RequisitionSnapshot,
} from '../../domain/reapproval.js';
import type { Db } from '../../http/context.js';
import type { Actor } from './actor.js';
import { audit } from './requisition-audit.js';

/**
 * Changes after approval (issue 15 item 7; docs/decisions.md "Changes after approval"): the
 * database side of an edit of an approved requisition. The service locks the row, snapshots it
 * ({@link snapshotRequisition}), writes the edit, snapshots again, and {@link settleApprovedEdit}
 * decides and records whether it keeps its approval or goes back for approval.
 */

/** The audit actions of an edit while approved: approval kept, or sent back (raises `requisition.submitted`). */
export const APPROVED_EDIT_ACTIONS = { kept: 'update_approved', reapproval: 'reapproval' } as const;

/** The snapshot of a requisition that {@link diffRequisition} compares, read in the caller's transaction. */
export async function snapshotRequisition(
  db: Db,
  organizationId: string,
  id: string,
  transaction: Transaction,
): Promise<RequisitionSnapshot> {
  const row = await selectOne<{
    currency: string;
    total_amount: string;
    base_total: string;
    cost_center_id: string;
    gl_account_id: string;
    category: string;
    justification: string | null;
    delivery_date: string | null;
    shipping_address: string | null;
    notes: string | null;
  }>(
    db,
    `SELECT btrim(r.currency) AS currency, r.total_amount,
            -- The total at the rate frozen at submission (the base total the thresholds used).
            round(r.total_amount * COALESCE(r.exchange_rate, 1), 2) AS base_total,
            r.cost_center_id::text AS cost_center_id, r.gl_account_id::text AS gl_account_id, r.category,
            r.justification, to_char(r.delivery_date, 'YYYY-MM-DD') AS delivery_date, r.shipping_address, r.notes
       FROM requisitions r WHERE r.id = $1 AND r.organization_id = $2`,
    [id, organizationId],
    transaction,
  );
  const lines = await select<{
    product_id: string | null;
    description: string;
    quantity: number;
    unit_price: string;
    unit_of_measure: string;
    tax_amount: string;
    total_amount: string;
    notes: string | null;
  }>(
    db,
    `SELECT product_id::text AS product_id, description, quantity, unit_price, unit_of_measure, tax_amount,
            total_amount, notes
       FROM requisition_line_items WHERE requisition_id = $1 ORDER BY position`,
    [id],
    transaction,
  );
  return {
    currency: row!.currency,
    total_cents: toCents(row!.total_amount),
    base_total_cents: toCents(row!.base_total),
    cost_center_id: row!.cost_center_id,
    gl_account_id: row!.gl_account_id,
    category: row!.category,
    justification: row!.justification,
    delivery_date: row!.delivery_date,
    shipping_address: row!.shipping_address,
    notes: row!.notes,
    lines: lines.map((line) => ({
      product_id: line.product_id,
      description: line.description,
      quantity: Number(line.quantity),
      unit_price_cents: toCents(line.unit_price),
      unit_of_measure: line.unit_of_measure,
      tax_cents: toCents(line.tax_amount),
      total_cents: toCents(line.total_amount),
      notes: line.notes,
    })),
  };
}

/**
 * The approval policy the requisition is routed with (the version it was pinned to at its first
 * submission, as routing reads it) and the organisation's re-approval tolerance (amount in
 * base-currency cents).
 */
async function policyAndTolerance(db: Db, organizationId: string, id: string, transaction: Transaction) {
  const row = await selectOne<{
    policy: ApprovalPolicy | null;
    percent: string | null;
    amount: string | null;
  }>(
    db,
    `SELECT COALESCE((SELECT v.policy FROM approval_policy_versions v
                       WHERE v.organization_id = o.id AND v.version = r.approval_policy_version),
                     o.settings -> 'approval_policy') AS policy,
            o.settings #>> '{reapproval_tolerance,percent}' AS percent,
            o.settings #>> '{reapproval_tolerance,amount}' AS amount
       FROM organizations o JOIN requisitions r ON r.organization_id = o.id AND r.id = $2
      WHERE o.id = $1`,
    [organizationId, id],
    transaction,
  );
  return {
    policy: row?.policy ?? DEFAULT_APPROVAL_POLICY,
    tolerance: { percent: Number(row?.percent ?? 0), amount_cents: toCents(row?.amount ?? 0) },
  };
}

/** Names of the cost centres and GL accounts a change shows (`code — name`), by id. */
async function referenceNames(db: Db, organizationId: string, ids: string[], transaction: Transaction) {
  if (ids.length === 0) return {};
  const rows = await select<{ id: string; label: string }>(
    db,
    `SELECT id::text AS id, code || ' — ' || name AS label FROM cost_centers
      WHERE organization_id = $1 AND id = ANY($2::uuid[])
     UNION ALL
     SELECT id::text, code || ' — ' || name FROM gl_accounts WHERE organization_id = $1 AND id = ANY($2::uuid[])`,
    [organizationId, ids],
    transaction,
  );
  return Object.fromEntries(rows.map((row) => [row.id, row.label]));
}

/**
 * Decides an edit of an approved requisition (already written, the row still locked) and records
 * it: kept — an audit entry `update_approved` (approved → approved); sent back — the approvals of
 * the restart level and above are superseded, the requisition becomes `under_review` (so the
 * budget counters move its old total off `committed`), and `reroute` routes it from the restart level
 * as a submission does, recording the `reapproval` entry. Both entries carry the before → after rows
 * in `metadata.changes` and a one-line summary as their comment (it enters the history chain).
 */
export async function settleApprovedEdit(
  db: Db,
  actor: Actor,
  id: string,
  before: RequisitionSnapshot,
  transaction: Transaction,
  reroute: (restartLevel: number, metadata: Record<string, unknown>) => Promise<void>,
): Promise<ReapprovalDecision> {
  const organizationId = actor.scope.organizationId;
  const after = await snapshotRequisition(db, organizationId, id, transaction);
  // The new total at the rate frozen at the approved submission (a currency change re-approves anyway).
  const diff = diffRequisition(before, after);
  const { policy, tolerance } = await policyAndTolerance(db, organizationId, id, transaction);
  const decision = decideReapproval(diff, policy, tolerance);
  const names = await referenceNames(
    db,
    organizationId,
    diff.fields
      .filter((f) => f.field === 'cost_center_id' || f.field === 'gl_account_id')
      .flatMap((f) => [f.from, f.to])
      .filter((v): v is string => v !== null),
    transaction,
  );
  const rows = changeRows(diff, names);
  const reasonText = REAPPROVAL_REASON_TEXT[decision.reason];
  const metadata = {
    comment: rows.length > 0 ? `${reasonText} ${changeSummary(rows)}` : reasonText,
    reason: decision.reason,
    reason_text: reasonText,
    restart_level: decision.outcome === 'reapprove' ? decision.restartLevel : null,
    changes: rows,
    total_before: (before.total_cents / 100).toFixed(2),
    total_after: (after.total_cents / 100).toFixed(2),
  };
  if (decision.outcome === 'keep') {
    await audit(
      db,
      {
        organizationId,
        requisitionId: id,
        action: APPROVED_EDIT_ACTIONS.kept,
        from: 'approved',
        to: 'approved',
        actorId: actor.userId,
        metadata,
      },
      transaction,
    );
    return decision;
  }
  await execute(
    db,
    `UPDATE approval_steps SET superseded_at = now()
      WHERE requisition_id = $1 AND organization_id = $2 AND action = 'approve' AND superseded_at IS NULL
        AND approval_level >= $3`,
    [id, organizationId, decision.restartLevel],
    transaction,
  );
  await execute(
    db,
    `UPDATE requisitions SET status = 'under_review', approved_at = NULL, updated_at = now()
      WHERE id = $1 AND organization_id = $2`,
    [id, organizationId],
    transaction,
  );
  await reroute(decision.restartLevel, metadata);
  return decision;
}
