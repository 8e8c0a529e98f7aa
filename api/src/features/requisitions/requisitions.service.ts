import { randomInt } from 'node:crypto';
import type { components } from '@purchasing/api-client';
import type { Transaction } from 'sequelize';
import { validationError } from '../../contract/validation.js';
import { DEFAULT_APPROVAL_POLICY } from '../../db/defaults.js';
import { execute, selectOne } from '../../db-query.js';
import {
  type ApprovalPolicy,
  fallbackRoles,
  levelTitle,
  type RouteStep,
  type RoutingFacts,
  routeSubmission,
} from '../../domain/approval-routing.js';
import { Conflict, type ErrorDetail, Forbidden, NotFound } from '../../domain/errors.js';
import { documentTotalCents, lineTotalCents, toCents } from '../../domain/money.js';
import type { Db, OrganizationScope } from '../../http/context.js';
import { allocateDocumentNumber } from './numbering.js';
import { type RequisitionView, selectRequisitionDetail } from './requisitions.presenter.js';

type RequisitionStatus = components['schemas']['RequisitionStatus'];
type RequisitionCategory = components['schemas']['RequisitionCategory'];
type LineInput = components['schemas']['RequisitionLineItemInput'];

/** Who acts: the verified user and their membership of the organisation. */
export interface Actor {
  userId: string;
  scope: OrganizationScope;
}

/** The requisition form (`RequisitionInput`); defaults are applied here too, not only by the contract. */
export interface RequisitionForm {
  cost_center_id: string;
  gl_account_id: string;
  category?: RequisitionCategory | undefined;
  justification?: string | null | undefined;
  delivery_date?: string | null | undefined;
  shipping_address?: string | null | undefined;
  notes?: string | null | undefined;
  currency?: string | undefined;
  line_items: (Omit<LineInput, 'tax_amount'> & { tax_amount?: number | undefined })[];
  submit?: boolean | undefined;
}

/** Statuses in which the requestor may edit, delete and (re)submit (DECISIONS §3). */
const EDITABLE: readonly RequisitionStatus[] = ['draft', 'info_requested'];

/** The comment of the single step written when a total is below the auto-approval amount. */
export const AUTO_APPROVAL_COMMENT = 'Approved automatically: the total is below the auto-approval amount.';

const MESSAGES = {
  editForbidden: 'Only the requestor can edit this requisition',
  editConflict: 'Only a draft or a requisition awaiting more information can be edited',
  deleteForbidden: 'Only the requestor can delete this requisition',
  deleteConflict: 'Only a draft or a requisition awaiting more information can be deleted',
  submitForbidden: 'Only the requestor can submit this requisition',
  submitConflict: 'Only a draft or a requisition awaiting more information can be submitted',
} as const;

/**
 * Visibility (DECISIONS §2) as SQL over `requisitions r`: everything with `requisition.view_all`;
 * otherwise what the caller raised or has an approval step on (assigned, acted, delegated from, or
 * open to the caller's role). `$u`, `$role` and `$all` are bind positions.
 */
export function visibleSql(u: number, role: number, all: number): string {
  return `($${all}::boolean OR r.requestor_id = $${u} OR EXISTS (
    SELECT 1 FROM approval_steps vs
     WHERE vs.requisition_id = r.id
       AND (vs.approver_id = $${u} OR vs.actioned_by_id = $${u} OR vs.delegated_from_id = $${u}
            OR (vs.action IS NULL AND vs.approver_id IS NULL AND vs.approver_role_name = $${role}))))`;
}

/** The bind values of {@link visibleSql}: the actor's id, role name and `requisition.view_all`. */
export const visibilityBind = (actor: Actor) => [
  actor.userId,
  actor.scope.roleName,
  actor.scope.permissions.has('requisition.view_all'),
];

/** `%` and `_` in a search term match themselves (an ILIKE pattern containing the term). */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The requisition with lines, attachments and workflow; 404 unless the actor may see it. */
export async function getRequisition(db: Db, actor: Actor, id: string): Promise<RequisitionView> {
  const requisition = await selectRequisitionDetail(db, actor.scope.organizationId, id, {
    filter: { where: visibleSql(3, 4, 5), bind: visibilityBind(actor) },
  });
  if (!requisition) throw new NotFound('Requisition');
  return requisition;
}

interface LockedRequisition {
  id: string;
  status: RequisitionStatus;
  requestor_id: string;
  total_amount: string;
}

/**
 * Locks the requisition row for the rest of the transaction and checks that the actor may change
 * it: 404 when they cannot see it, 403 when they are not the requestor, 409 in any status but
 * draft and info_requested.
 */
async function lockForChange(
  db: Db,
  actor: Actor,
  id: string,
  messages: { forbidden: string; conflict: string },
  transaction: Transaction,
): Promise<LockedRequisition> {
  const row = await selectOne<LockedRequisition>(
    db,
    `SELECT r.id, r.status, r.requestor_id, r.total_amount
       FROM requisitions r
      WHERE r.id = $1 AND r.organization_id = $2 AND ${visibleSql(3, 4, 5)}
      FOR UPDATE OF r`,
    [id, actor.scope.organizationId, ...visibilityBind(actor)],
    transaction,
  );
  if (!row) throw new NotFound('Requisition');
  if (row.requestor_id !== actor.userId) throw new Forbidden(messages.forbidden);
  if (!EDITABLE.includes(row.status)) throw new Conflict(messages.conflict);
  return row;
}

/**
 * A placeholder number that no allocated one can equal (year 0000), for the moments between a
 * requisition's insert and its number's allocation inside the creating transaction; never committed.
 */
const provisionalNumber = () => `REQ-0000-${randomInt(1e9, 1e10 - 1)}${randomInt(1e5, 1e6 - 1)}`;

/** Integer cents as an exact `NUMERIC` literal. */
function decimal(cents: number): string {
  const whole = Math.trunc(cents / 100);
  return `${whole}.${String(cents % 100).padStart(2, '0')}`;
}

interface PreparedForm {
  currency: string;
  totalCents: number;
  lines: {
    position: number;
    product_id: string | null;
    description: string;
    quantity: number;
    unit_price: string;
    unit_of_measure: string;
    notes: string | null;
    tax_amount: string;
    total_amount: string;
  }[];
}

/**
 * Checks the form against the organisation (active cost centre, GL account and products of it,
 * 400 naming each field otherwise) and computes every line total and the total in exact cents.
 */
async function prepareForm(
  db: Db,
  organizationId: string,
  form: RequisitionForm,
  transaction: Transaction,
): Promise<PreparedForm> {
  const productIds = [
    ...new Set(form.line_items.map((line) => line.product_id).filter((id): id is string => !!id)),
  ];
  const refs = await selectOne<{
    currency: string;
    cost_center_ok: boolean;
    gl_account_ok: boolean;
    product_ids: string[];
  }>(
    db,
    `SELECT o.currency,
            EXISTS (SELECT 1 FROM cost_centers WHERE id = $2 AND organization_id = o.id AND is_active) AS cost_center_ok,
            EXISTS (SELECT 1 FROM gl_accounts WHERE id = $3 AND organization_id = o.id AND is_active) AS gl_account_ok,
            COALESCE((SELECT array_agg(id::text) FROM products
                       WHERE organization_id = o.id AND is_active AND id = ANY($4::uuid[])), '{}') AS product_ids
       FROM organizations o WHERE o.id = $1`,
    [organizationId, form.cost_center_id, form.gl_account_id, productIds],
    transaction,
  );
  if (!refs) throw new NotFound('Organization');

  const details: ErrorDetail[] = [];
  if (!refs.cost_center_ok) details.push({ field: 'cost_center_id', message: 'Cost center is required' });
  if (!refs.gl_account_ok) details.push({ field: 'gl_account_id', message: 'GL account is required' });
  const knownProducts = new Set(refs.product_ids.map((id) => id.toLowerCase()));
  const lines: PreparedForm['lines'] = [];
  form.line_items.forEach((line, position) => {
    if (line.product_id && !knownProducts.has(line.product_id.toLowerCase())) {
      details.push({
        field: `line_items.${position}.product_id`,
        message: 'Product not found in this organization',
      });
    }
    const priced = { quantity: line.quantity, unit_price: line.unit_price, tax_amount: line.tax_amount ?? 0 };
    let totalCents: number;
    try {
      totalCents = lineTotalCents(priced);
    } catch {
      details.push({ field: `line_items.${position}`, message: 'The line total is too large' });
      return;
    }
    lines.push({
      position,
      product_id: line.product_id ?? null,
      description: line.description.trim(),
      quantity: line.quantity,
      unit_price: decimal(toCents(priced.unit_price)),
      unit_of_measure: line.unit_of_measure,
      notes: line.notes ?? null,
      tax_amount: decimal(toCents(priced.tax_amount)),
      total_amount: decimal(totalCents),
    });
  });
  let totalCents = 0;
  if (details.length === 0) {
    try {
      totalCents = documentTotalCents(
        form.line_items.map((line) => ({ ...line, tax_amount: line.tax_amount ?? 0 })),
      );
    } catch {
      details.push({ field: 'line_items', message: 'The requisition total is too large' });
    }
  }
  if (details.length > 0) throw validationError(details);
  return { currency: form.currency ?? refs.currency, totalCents, lines };
}

async function insertLines(
  db: Db,
  requisitionId: string,
  currency: string,
  lines: PreparedForm['lines'],
  transaction: Transaction,
): Promise<void> {
  await execute(
    db,
    `INSERT INTO requisition_line_items
       (requisition_id, position, product_id, description, quantity, unit_price, unit_of_measure, notes,
        currency, tax_amount, total_amount)
     SELECT $1, x.position, x.product_id, x.description, x.quantity, x.unit_price, x.unit_of_measure, x.notes,
            $2, x.tax_amount, x.total_amount
       FROM jsonb_to_recordset($3::jsonb) AS x(position int, product_id uuid, description text, quantity int,
            unit_price numeric, unit_of_measure text, notes text, tax_amount numeric, total_amount numeric)`,
    [requisitionId, currency, JSON.stringify(lines)],
    transaction,
  );
}

/** Writes one audit_logs row for a requisition (status change, actor, metadata such as the comment). */
export async function audit(
  db: Db,
  entry: {
    organizationId: string;
    requisitionId: string;
    action: string;
    from: RequisitionStatus | null;
    to: RequisitionStatus | null;
    actorId: string;
    metadata?: Record<string, unknown>;
  },
  transaction: Transaction,
): Promise<void> {
  await execute(
    db,
    // clock_timestamp(): entries written in one transaction keep their order (now() is shared).
    `INSERT INTO audit_logs (organization_id, entity_type, entity_id, action, from_status, to_status, actor_id,
                             metadata, created_at)
     VALUES ($1, 'requisition', $2, $3, $4, $5, $6, $7::jsonb, clock_timestamp())`,
    [
      entry.organizationId,
      entry.requisitionId,
      entry.action,
      entry.from,
      entry.to,
      entry.actorId,
      JSON.stringify(entry.metadata ?? {}),
    ],
    transaction,
  );
}

/** The requisition detail read inside `transaction`; 404 when it is gone. */
export async function detailOrFail(
  db: Db,
  organizationId: string,
  id: string,
  transaction: Transaction,
): Promise<RequisitionView> {
  const requisition = await selectRequisitionDetail(db, organizationId, id, { transaction });
  if (!requisition) throw new NotFound('Requisition');
  return requisition;
}

/**
 * Creates a draft with its lines for the actor (requestor, with their membership's department),
 * numbered `REQ-<year>-<nnnnn>` in the same transaction; `submit: true` submits it at once.
 */
export async function createRequisition(
  db: Db,
  actor: Actor,
  form: RequisitionForm,
): Promise<RequisitionView> {
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    const prepared = await prepareForm(db, organizationId, form, transaction);
    const row = await selectOne<{ id: string }>(
      db,
      `INSERT INTO requisitions
         (organization_id, requisition_number, status, category, justification, delivery_date, shipping_address,
          notes, total_amount, currency, requestor_id, cost_center_id, gl_account_id, department_id)
       VALUES ($1, $2, 'draft', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12,
               (SELECT department_id FROM user_organizations WHERE id = $13))
       RETURNING id`,
      [
        organizationId,
        provisionalNumber(),
        form.category ?? 'standard',
        form.justification ?? null,
        form.delivery_date ?? null,
        form.shipping_address ?? null,
        form.notes ?? null,
        decimal(prepared.totalCents),
        prepared.currency,
        actor.userId,
        form.cost_center_id,
        form.gl_account_id,
        actor.scope.membershipId,
      ],
      transaction,
    );
    const id = row!.id;
    await insertLines(db, id, prepared.currency, prepared.lines, transaction);
    await audit(
      db,
      { organizationId, requisitionId: id, action: 'create', from: null, to: 'draft', actorId: actor.userId },
      transaction,
    );
    // The number last: allocating it locks the organisation's sequence row until the commit, and every
    // other create of the organisation waits for that lock. Taken first, it made creates one at a time
    // (191 a second with one writer, 198 with ten, on the 1M benchmark).
    const number = await allocateDocumentNumber(db, organizationId, 'REQ', transaction);
    await execute(
      db,
      'UPDATE requisitions SET requisition_number = $2 WHERE id = $1',
      [id, number],
      transaction,
    );
    if (form.submit) await submitLocked(db, actor, { id, status: 'draft' }, transaction);
    return detailOrFail(db, organizationId, id, transaction);
  });
}

/**
 * Replaces the fields and every line of the actor's own draft or info_requested requisition and
 * recomputes the totals; `submit: true` then submits (or resubmits) it in the same transaction.
 */
export async function updateRequisition(
  db: Db,
  actor: Actor,
  id: string,
  form: RequisitionForm,
): Promise<RequisitionView> {
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    const current = await lockForChange(
      db,
      actor,
      id,
      { forbidden: MESSAGES.editForbidden, conflict: MESSAGES.editConflict },
      transaction,
    );
    const prepared = await prepareForm(db, organizationId, form, transaction);
    await execute(
      db,
      `UPDATE requisitions
          SET category = $3, justification = $4, delivery_date = $5, shipping_address = $6, notes = $7,
              total_amount = $8, currency = $9, cost_center_id = $10, gl_account_id = $11, updated_at = now()
        WHERE id = $1 AND organization_id = $2`,
      [
        id,
        organizationId,
        form.category ?? 'standard',
        form.justification ?? null,
        form.delivery_date ?? null,
        form.shipping_address ?? null,
        form.notes ?? null,
        decimal(prepared.totalCents),
        prepared.currency,
        form.cost_center_id,
        form.gl_account_id,
      ],
      transaction,
    );
    await execute(db, 'DELETE FROM requisition_line_items WHERE requisition_id = $1', [id], transaction);
    await insertLines(db, id, prepared.currency, prepared.lines, transaction);
    await audit(
      db,
      {
        organizationId,
        requisitionId: id,
        action: 'update',
        from: current.status,
        to: current.status,
        actorId: actor.userId,
      },
      transaction,
    );
    if (form.submit) await submitLocked(db, actor, current, transaction);
    return detailOrFail(db, organizationId, id, transaction);
  });
}

/**
 * Deletes the actor's own draft (with its lines, steps and attachments), or cancels their
 * info_requested requisition, which keeps its history. 409 in any other status.
 */
export async function deleteRequisition(db: Db, actor: Actor, id: string): Promise<void> {
  const organizationId = actor.scope.organizationId;
  await db.sequelize.transaction(async (transaction) => {
    const current = await lockForChange(
      db,
      actor,
      id,
      { forbidden: MESSAGES.deleteForbidden, conflict: MESSAGES.deleteConflict },
      transaction,
    );
    if (current.status === 'draft') {
      // Attachments point at their entity without a foreign key: remove their bytes and rows too.
      await execute(
        db,
        `DELETE FROM attachment_blobs WHERE storage_key IN (
           SELECT storage_key FROM attachments
            WHERE organization_id = $1 AND entity_type = 'requisition' AND entity_id = $2)`,
        [organizationId, id],
        transaction,
      );
      await execute(
        db,
        `DELETE FROM attachments WHERE organization_id = $1 AND entity_type = 'requisition' AND entity_id = $2`,
        [organizationId, id],
        transaction,
      );
      await execute(
        db,
        'DELETE FROM requisitions WHERE id = $1 AND organization_id = $2',
        [id, organizationId],
        transaction,
      );
      await audit(
        db,
        {
          organizationId,
          requisitionId: id,
          action: 'delete',
          from: 'draft',
          to: null,
          actorId: actor.userId,
        },
        transaction,
      );
      return;
    }
    await execute(
      db,
      `UPDATE requisitions SET status = 'cancelled', cancelled_at = now(), updated_at = now()
        WHERE id = $1 AND organization_id = $2`,
      [id, organizationId],
      transaction,
    );
    await audit(
      db,
      {
        organizationId,
        requisitionId: id,
        action: 'cancel',
        from: current.status,
        to: 'cancelled',
        actorId: actor.userId,
      },
      transaction,
    );
  });
}

/** Submits (or resubmits) the actor's own draft or info_requested requisition; see {@link submitLocked}. */
export async function submitRequisition(db: Db, actor: Actor, id: string): Promise<RequisitionView> {
  const organizationId = actor.scope.organizationId;
  return db.sequelize.transaction(async (transaction) => {
    const current = await lockForChange(
      db,
      actor,
      id,
      { forbidden: MESSAGES.submitForbidden, conflict: MESSAGES.submitConflict },
      transaction,
    );
    await submitLocked(db, actor, current, transaction);
    return detailOrFail(db, organizationId, id, transaction);
  });
}

/** What routing needs about a requisition, as {@link loadRoutingFacts} reads it. */
export interface RoutingFactsRow {
  policy: ApprovalPolicy | null;
  total_amount: string;
  requestor_id: string;
  manager_id: string | null;
  department_head_id: string | null;
  /** Active members holding `approval.act`, by role name. */
  approvers_by_role: Record<string, string[]>;
  approved_by: string[];
  restart_level: number | null;
  last_round: number;
}

/**
 * Loads, in one statement, the policy, total, requestor, manager, department head, the approvers of
 * each role, earlier approvers, the level that last asked for information and the last round of a
 * requisition. Only active members (active accounts) whose role holds `approval.act` count as
 * approvers: anyone else could never act on a step given to them.
 */
export async function loadRoutingFacts(
  db: Db,
  organizationId: string,
  requisitionId: string,
  transaction: Transaction,
): Promise<RoutingFactsRow | null> {
  return selectOne<RoutingFactsRow>(
    db,
    `WITH req AS (
       SELECT r.id, r.organization_id, r.requestor_id, r.total_amount FROM requisitions r
        WHERE r.id = $1 AND r.organization_id = $2
     ), membership AS (
       SELECT m.manager_id, m.department_id FROM user_organizations m JOIN req ON m.user_id = req.requestor_id
        WHERE m.organization_id = $2
     ), approvers AS (
       SELECT m.user_id, ro.name AS role_name FROM user_organizations m
         JOIN users u ON u.id = m.user_id AND u.is_active
         JOIN roles ro ON ro.id = m.role_id AND ro.organization_id = $2
        WHERE m.organization_id = $2 AND m.is_active
          AND EXISTS (SELECT 1 FROM role_permissions rp JOIN permissions p ON p.id = rp.permission_id
                       WHERE rp.role_id = m.role_id AND p.name = 'approval.act')
     )
     SELECT o.settings -> 'approval_policy' AS policy, req.total_amount, req.requestor_id,
            (SELECT am.user_id::text FROM membership ms JOIN approvers am ON am.user_id = ms.manager_id) AS manager_id,
            (SELECT am.user_id::text FROM membership ms
               JOIN departments d ON d.id = ms.department_id AND d.organization_id = $2
               JOIN approvers am ON am.user_id = d.department_head_id) AS department_head_id,
            COALESCE((SELECT json_object_agg(g.role_name, g.ids)
                        FROM (SELECT role_name, array_agg(user_id::text ORDER BY user_id) AS ids
                                FROM approvers GROUP BY role_name) g), '{}'::json) AS approvers_by_role,
            COALESCE((SELECT array_agg(DISTINCT COALESCE(s.actioned_by_id, s.approver_id)::text) FROM approval_steps s
                       WHERE s.requisition_id = req.id AND s.action = 'approve'), '{}') AS approved_by,
            (SELECT s.approval_level FROM approval_steps s
              WHERE s.requisition_id = req.id AND s.action = 'request_info'
              ORDER BY s.actioned_at DESC, s.created_at DESC LIMIT 1) AS restart_level,
            (SELECT COALESCE(max(s.round), 0) FROM approval_steps s WHERE s.requisition_id = req.id) AS last_round
       FROM req JOIN organizations o ON o.id = req.organization_id`,
    [requisitionId, organizationId],
    transaction,
  );
}

/**
 * The policy and routing facts of a loaded {@link RoutingFactsRow}. An organisation whose policy
 * has no `fallback_approver_roles` (created before they existed) gets the default ones.
 */
export function toRoutingFacts(facts: RoutingFactsRow): {
  policy: ApprovalPolicy;
  routingFacts: RoutingFacts;
} {
  const policy = facts.policy ?? DEFAULT_APPROVAL_POLICY;
  return {
    policy: { ...policy, fallback_approver_roles: [...fallbackRoles(policy)] },
    routingFacts: {
      total: toCents(facts.total_amount) / 100,
      requestorId: facts.requestor_id,
      managerId: facts.manager_id,
      departmentHeadId: facts.department_head_id,
      groups: facts.approvers_by_role,
      approvedBy: facts.approved_by,
    },
  };
}

/** A level closed without anyone deciding it, recorded as `auto_approve` with its reason. */
export interface ClosedLevel {
  level: number;
  title: string;
  comment: string;
  reason: string;
}

/**
 * Records a route in `round`: every passed level as an `auto_approve` step with its reason and
 * comment, then the next level's open step (a person's, or a group's by role name) when there is one.
 */
export async function recordRoute(
  db: Db,
  organizationId: string,
  requisitionId: string,
  round: number,
  closed: readonly ClosedLevel[],
  next: RouteStep['next'],
  transaction: Transaction,
): Promise<void> {
  for (const step of closed) {
    await execute(
      db,
      `INSERT INTO approval_steps (organization_id, requisition_id, round, approval_level, level_title, action,
                                   comments, actioned_at, pass_reason)
       VALUES ($1, $2, $3, $4, $5, 'auto_approve', $6, now(), $7)`,
      [organizationId, requisitionId, round, step.level, step.title, step.comment, step.reason],
      transaction,
    );
  }
  if (next) {
    await execute(
      db,
      `INSERT INTO approval_steps (organization_id, requisition_id, round, approval_level, level_title,
                                   approver_id, approver_role_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        organizationId,
        requisitionId,
        round,
        next.level,
        next.title,
        next.kind === 'person' ? next.approverId : null,
        next.kind === 'group' ? next.roleName : null,
      ],
      transaction,
    );
  }
}

/**
 * Why a submission is refused when nobody other than the requestor could ever approve it: no level
 * of the policy has an approver other than the requestor, and no fallback role has an eligible member.
 */
export function noApproverMessage(roles: readonly string[]): string {
  const group = roles.length > 0 ? `, and no other active ${roles.join(' or ')} can approve it` : '';
  return (
    `Nobody can approve this requisition: the approval policy finds no approver other than you${group}. ` +
    'Ask an administrator to assign you a manager or a department head, or to add an approver.'
  );
}

/**
 * Routes a locked draft or info_requested requisition under the organisation's policy
 * (DECISIONS §4): a new round of steps, passed levels recorded as `auto_approve` with their
 * reason, then the next level (or the fallback approver group) opened (under_review) or, when
 * nothing is left and someone already approved, approved. 409 `NO_APPROVER` when nobody other than
 * the requestor could decide it (only `auto_approve_below` approves without a person).
 */
async function submitLocked(
  db: Db,
  actor: Actor,
  current: Pick<LockedRequisition, 'id' | 'status'>,
  transaction: Transaction,
): Promise<void> {
  const organizationId = actor.scope.organizationId;
  const facts = await loadRoutingFacts(db, organizationId, current.id, transaction);
  if (!facts) throw new NotFound('Requisition');

  const { policy, routingFacts } = toRoutingFacts(facts);
  const restartAt = current.status === 'info_requested' ? (facts.restart_level ?? 1) : 1;
  const route = routeSubmission(policy, routingFacts, restartAt);
  if (!route.autoApproved && route.noApprover) {
    throw new Conflict(noApproverMessage(fallbackRoles(policy)), 'NO_APPROVER');
  }
  const round = facts.last_round + 1;

  const closed: ClosedLevel[] = route.autoApproved
    ? [
        {
          level: 1,
          title: levelTitle(1, policy),
          comment: AUTO_APPROVAL_COMMENT,
          reason: 'below_auto_approve',
        },
      ]
    : route.passed.map((pass) => ({
        level: pass.level,
        title: pass.title,
        comment: pass.comment,
        reason: pass.reason,
      }));
  const next = route.autoApproved ? null : route.next;
  await recordRoute(db, organizationId, current.id, round, closed, next, transaction);
  const to: RequisitionStatus = next ? 'under_review' : 'approved';
  await execute(
    db,
    `UPDATE requisitions
        SET status = $3, submitted_at = now(), updated_at = now(),
            approved_at = CASE WHEN $3::text = 'approved' THEN now() ELSE NULL END
      WHERE id = $1 AND organization_id = $2`,
    [current.id, organizationId, to],
    transaction,
  );
  await audit(
    db,
    {
      organizationId,
      requisitionId: current.id,
      action: current.status === 'draft' ? 'submit' : 'resubmit',
      from: current.status,
      to,
      actorId: actor.userId,
      metadata: {
        round,
        passed_levels: closed.map((step) => step.level),
        next_level: next?.level ?? null,
        auto_approved: route.autoApproved,
        fallback_role: next?.kind === 'group' && next.fallback ? next.roleName : null,
      },
    },
    transaction,
  );
}
