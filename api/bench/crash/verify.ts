/**
 * The diff of the crash test: every logged write against what the database holds after the last
 * SIGKILL, read directly as the tables' owner (no API in between).
 *
 * - lost: an acknowledged write whose effect is missing (the requisition and its lines, the status
 *   after a submit, the decided step, the order, the sent order);
 * - duplicated: one logical write applied more than once (two requisitions of one marker, a
 *   history row or a decision twice, two orders of one requisition, two mails of one order);
 * - half-written: rows that only part of a transaction could leave (a requisition without lines or
 *   whose total is not the sum of its lines, a status without its steps or history, a decided step
 *   without its audit row or the reverse, an order without lines or a sent order without its mail,
 *   a duplicate number, a gap in purchase-order numbers).
 * Writes in doubt (the connection died) are reported with whether they applied; either is allowed.
 * Refusals (4xx) and 5xx answers are counted by status and `code`; those answering a retry after a
 * lost connection are reported with whether the first attempt applied (either is allowed too).
 */
import type { LoggedWrite, Operation } from './writers.js';

/** The operations in the order of a requisition's life. */
const OPERATIONS: readonly Operation[] = ['create', 'submit', 'approve', 'reject', 'po_create', 'po_send'];

export type Query = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Answers of one status and error code, and the operations they answered. */
export interface AnswerCount {
  status: number;
  /** The body's `code`, or `(none)` when the body had none. */
  code: string;
  count: number;
  byOperation: Partial<Record<Operation, number>>;
  /**
   * Of them, the answers to a retry after the write's connection died: the first attempt may have
   * applied (a 409 `IDEMPOTENCY_REQUEST_IN_PROGRESS` says only that its claim is still leased), so
   * these writes are still in doubt to the writer.
   */
  afterLostConnection: number;
  /** Of those after a lost connection, how many are in the database all the same. */
  applied: number;
}

export interface Verdict {
  acknowledged: number;
  refused: number;
  /** The refusals (4xx) by status and code, most frequent first. */
  refusedByCode: AnswerCount[];
  errors: number;
  /** The 5xx answers by status and code, most frequent first. */
  errorsByCode: AnswerCount[];
  inDoubt: number;
  inDoubtApplied: number;
  /** Writes whose connection died at least once and that a retry with their key answered. */
  retried: number;
  lost: string[];
  duplicated: string[];
  halfWritten: string[];
  /** Requisition numbers taken but unused (a create cut off after its number; allowed by design). */
  requisitionNumberGaps: number;
  byOperation: Record<Operation, { ack: number; inDoubt: number }>;
}

interface RequisitionRow {
  id: string;
  marker: string;
  status: string;
  number: string;
  total: string;
  lines: number;
  lines_total: string;
}
interface StepRow {
  id: string;
  requisition_id: string;
  round: number;
  approval_level: number;
  action: string | null;
  actioned_by_id: string | null;
}
interface AuditRow {
  entity_id: string;
  action: string;
  actor_id: string;
  metadata: Record<string, unknown>;
}
interface OrderRow {
  id: string;
  requisition_id: string;
  status: string;
  number: string;
  total: string;
  lines: number;
  lines_total: string;
  mails: number;
}

const count = <T>(rows: T[], test: (row: T) => boolean) => rows.filter(test).length;
const groupBy = <T>(rows: T[], key: (row: T) => string) => {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
  return map;
};
const cents = (value: string) => Math.round(Number(value) * 100);
const numberValue = (number: string) => Number(number.split('-').pop());

/** Reads this run's rows (by the marker prefix) and diffs them against the log. */
export async function verify(query: Query, writes: LoggedWrite[], runTag: string): Promise<Verdict> {
  const like = `${runTag}-%`;
  const runRequisitions = `SELECT id FROM requisitions WHERE justification LIKE $1`;
  const requisitions = (await query(
    `SELECT r.id::text, split_part(r.justification, ' ', 1) AS marker, r.status, r.requisition_number AS number,
            r.total_amount::text AS total,
            (SELECT count(*) FROM requisition_line_items li WHERE li.requisition_id = r.id)::int AS lines,
            (SELECT coalesce(sum(li.total_amount), 0) FROM requisition_line_items li
              WHERE li.requisition_id = r.id)::text AS lines_total
       FROM requisitions r WHERE r.justification LIKE $1`,
    [like],
  )) as unknown as RequisitionRow[];
  const steps = (await query(
    `SELECT s.id::text, s.requisition_id::text, s.round, s.approval_level, s.action, s.actioned_by_id::text
       FROM approval_steps s WHERE s.requisition_id IN (${runRequisitions})`,
    [like],
  )) as unknown as StepRow[];
  const audits = (await query(
    `SELECT a.entity_id::text, a.action, a.actor_id::text, a.metadata FROM audit_logs a
      WHERE (a.entity_type = 'requisition' AND a.entity_id IN (${runRequisitions}))
         OR (a.entity_type = 'purchase_order' AND a.entity_id IN (
               SELECT id FROM purchase_orders WHERE requisition_id IN (${runRequisitions})))`,
    [like],
  )) as unknown as AuditRow[];
  const orders = (await query(
    `SELECT po.id::text, po.requisition_id::text, po.status, po.po_number AS number, po.total_amount::text AS total,
            (SELECT count(*) FROM po_line_items li WHERE li.purchase_order_id = po.id)::int AS lines,
            (SELECT coalesce(sum(li.total_amount), 0) FROM po_line_items li
              WHERE li.purchase_order_id = po.id)::text AS lines_total,
            (SELECT count(*) FROM email_outbox m
              WHERE m.subject LIKE 'Purchase order ' || po.po_number || ' from %')::int AS mails
       FROM purchase_orders po WHERE po.requisition_id IN (${runRequisitions})`,
    [like],
  )) as unknown as OrderRow[];
  const mailIds = new Set(
    (
      await query(
        `SELECT m.id::text FROM email_outbox m JOIN purchase_orders po
            ON m.subject LIKE 'Purchase order ' || po.po_number || ' from %'
         WHERE po.requisition_id IN (${runRequisitions})`,
        [like],
      )
    ).map((row) => String(row.id)),
  );

  const lost: string[] = [];
  const duplicated: string[] = [];
  const halfWritten: string[] = [];
  const requisitionById = new Map(requisitions.map((r) => [r.id, r]));
  const byMarker = groupBy(requisitions, (r) => r.marker);
  const stepsOf = groupBy(steps, (s) => s.requisition_id);
  const auditsOf = groupBy(audits, (a) => a.entity_id);
  const ordersOf = groupBy(orders, (o) => o.requisition_id);
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const stepById = new Map(steps.map((s) => [s.id, s]));

  // Duplicated: one logical create applied twice.
  for (const [marker, rows] of byMarker) {
    if (rows.length > 1) duplicated.push(`${marker}: ${rows.length} requisitions for one create`);
  }

  // Half-written and duplicated, requisition by requisition.
  for (const r of requisitions) {
    const name = `${r.number} (${r.marker}, ${r.status})`;
    const mySteps = stepsOf.get(r.id) ?? [];
    const myAudits = auditsOf.get(r.id) ?? [];
    const audited = (action: string) => count(myAudits, (a) => a.action === action);
    if (r.lines === 0) halfWritten.push(`${name}: a requisition without lines`);
    else if (cents(r.total) !== cents(r.lines_total))
      halfWritten.push(`${name}: total ${r.total} is not the sum of its lines ${r.lines_total}`);
    if (audited('create') !== 1)
      (audited('create') ? duplicated : halfWritten).push(
        `${name}: ${audited('create')} create history rows`,
      );
    if (r.status === 'draft') {
      if (mySteps.length) halfWritten.push(`${name}: a draft with ${mySteps.length} approval steps`);
      if (audited('submit')) halfWritten.push(`${name}: a draft with a submit history row`);
    } else if (audited('submit') !== 1) {
      (audited('submit') ? duplicated : halfWritten).push(
        `${name}: ${audited('submit')} submit history rows`,
      );
    }
    const open = count(mySteps, (s) => s.action === null);
    if (r.status === 'under_review' && open !== 1)
      halfWritten.push(`${name}: under review with ${open} open steps`);
    if (r.status !== 'under_review' && open) halfWritten.push(`${name}: ${open} open steps`);
    if (['approved', 'po_created'].includes(r.status) && !count(mySteps, (s) => s.action === 'approve'))
      halfWritten.push(`${name}: approved without an approving step`);
    if (r.status === 'rejected' && count(mySteps, (s) => s.action === 'reject') !== 1)
      halfWritten.push(
        `${name}: rejected with ${count(mySteps, (s) => s.action === 'reject')} rejecting steps`,
      );
    // Each decision once, with its history row (same action, actor, level and round), and the reverse.
    for (const [level, decided] of groupBy(
      mySteps.filter((s) => s.action === 'approve' || s.action === 'reject'),
      (s) => `${s.round}/${s.approval_level}`,
    )) {
      if (decided.length > 1) duplicated.push(`${name}: level ${level} decided ${decided.length} times`);
    }
    for (const action of ['approve', 'reject']) {
      const stepKeys = mySteps
        .filter((s) => s.action === action)
        .map((s) => `${s.actioned_by_id}/${s.round}/${s.approval_level}`);
      const auditKeys = myAudits
        .filter((a) => a.action === action)
        .map((a) => `${a.actor_id}/${a.metadata.round}/${a.metadata.level}`);
      for (const key of stepKeys) {
        if (!auditKeys.includes(key))
          halfWritten.push(`${name}: ${action} step ${key} without its history row`);
      }
      for (const key of new Set(auditKeys)) {
        const n = count(auditKeys, (k) => k === key);
        if (!stepKeys.includes(key)) halfWritten.push(`${name}: ${action} history ${key} without its step`);
        else if (n > 1) duplicated.push(`${name}: ${action} history ${key} written ${n} times`);
      }
    }
    const live = (ordersOf.get(r.id) ?? []).filter((o) => o.status !== 'cancelled');
    if (live.length > 1) duplicated.push(`${name}: ${live.length} purchase orders`);
    if (r.status === 'po_created' && live.length === 0)
      halfWritten.push(`${name}: po_created without an order`);
    if (r.status !== 'po_created' && live.length)
      halfWritten.push(`${name}: an order but status ${r.status}`);
    if (r.status === 'po_created' && audited('po_create') !== 1)
      halfWritten.push(`${name}: ${audited('po_create')} po_create history rows`);
  }

  for (const o of orders) {
    const requisition = requisitionById.get(o.requisition_id);
    const name = `${o.number} (${requisition?.marker}, ${o.status})`;
    const myAudits = auditsOf.get(o.id) ?? [];
    if (o.lines === 0) halfWritten.push(`${name}: an order without lines`);
    else if (requisition && o.lines !== requisition.lines)
      halfWritten.push(`${name}: ${o.lines} lines for a requisition of ${requisition.lines}`);
    if (cents(o.total) !== cents(o.lines_total))
      halfWritten.push(`${name}: total ${o.total} is not the sum of its lines ${o.lines_total}`);
    if (count(myAudits, (a) => a.action === 'create') !== 1)
      halfWritten.push(`${name}: ${count(myAudits, (a) => a.action === 'create')} create history rows`);
    const sends = myAudits.filter((a) => a.action === 'send');
    if (o.status === 'sent') {
      if (sends.length !== 1)
        (sends.length ? duplicated : halfWritten).push(`${name}: ${sends.length} send history rows`);
      if (o.mails !== 1)
        (o.mails ? duplicated : halfWritten).push(`${name}: sent with ${o.mails} mails in the outbox`);
      for (const send of sends) {
        if (!mailIds.has(String(send.metadata.email_id)))
          halfWritten.push(`${name}: send history names a missing mail`);
      }
    } else if (o.mails || sends.length) {
      halfWritten.push(`${name}: ${o.mails} mails and ${sends.length} send rows, but status ${o.status}`);
    }
  }

  // Numbers: none twice in the organisation; purchase-order numbers without gaps.
  for (const row of await query(
    `SELECT requisition_number AS number, count(*)::int AS n FROM requisitions
      WHERE organization_id IN (SELECT organization_id FROM requisitions WHERE justification LIKE $1)
      GROUP BY 1 HAVING count(*) > 1
     UNION ALL
     SELECT po_number, count(*)::int FROM purchase_orders
      WHERE organization_id IN (SELECT organization_id FROM requisitions WHERE justification LIKE $1)
      GROUP BY 1 HAVING count(*) > 1`,
    [like],
  )) {
    halfWritten.push(`number ${row.number} used ${row.n} times`);
  }
  const gapsWithin = async (table: string, column: string, numbers: string[]) => {
    if (numbers.length === 0) return 0;
    const values = numbers.map(numberValue);
    const prefix = numbers[0]!.slice(0, numbers[0]!.lastIndexOf('-') + 1);
    const [row] = await query(
      `SELECT count(*)::int AS n FROM ${table}
        WHERE organization_id IN (SELECT organization_id FROM requisitions WHERE justification LIKE $1)
          AND ${column} LIKE $2 AND split_part(${column}, '-', 3)::int BETWEEN $3 AND $4`,
      [like, `${prefix}%`, Math.min(...values), Math.max(...values)],
    );
    return Math.max(...values) - Math.min(...values) + 1 - Number(row!.n);
  };
  const orderGaps = await gapsWithin(
    'purchase_orders',
    'po_number',
    orders.map((o) => o.number),
  );
  if (orderGaps > 0) halfWritten.push(`${orderGaps} purchase-order numbers skipped`);
  const requisitionNumberGaps = await gapsWithin(
    'requisitions',
    'requisition_number',
    requisitions.map((r) => r.number),
  );

  // Lost: each acknowledged write's effect.
  const applied = (w: LoggedWrite): boolean => {
    const r = w.requisitionId ? requisitionById.get(w.requisitionId) : (byMarker.get(w.marker) ?? [])[0];
    switch (w.op) {
      case 'create':
        return r !== undefined && (w.lineCount === null || r.lines === w.lineCount);
      case 'submit':
        return r !== undefined && r.status !== 'draft';
      case 'approve':
      case 'reject': {
        const step = w.stepId ? stepById.get(w.stepId) : undefined;
        return step?.action === w.op && step.actioned_by_id === w.actorId;
      }
      case 'po_create':
        return w.purchaseOrderId
          ? orderById.has(w.purchaseOrderId)
          : (ordersOf.get(w.requisitionId ?? '') ?? []).length > 0;
      case 'po_send':
        return orderById.get(w.purchaseOrderId ?? '')?.status === 'sent';
    }
  };
  const byOperation = Object.fromEntries(
    OPERATIONS.map((op) => [op, { ack: 0, inDoubt: 0 }]),
  ) as Verdict['byOperation'];
  let inDoubtApplied = 0;
  for (const w of writes) {
    if (w.outcome === 'ack') {
      byOperation[w.op].ack++;
      if (!applied(w))
        lost.push(`${w.op} of ${w.marker} by ${w.actor} answered ${w.status}, not in the database`);
    } else if (w.outcome === 'in_doubt') {
      byOperation[w.op].inDoubt++;
      if (applied(w)) inDoubtApplied++;
    }
  }
  return {
    acknowledged: count(writes, (w) => w.outcome === 'ack'),
    refused: count(writes, (w) => w.outcome === 'refused'),
    refusedByCode: countByCode(
      writes.filter((w) => w.outcome === 'refused'),
      applied,
    ),
    errors: count(writes, (w) => w.outcome === 'error'),
    errorsByCode: countByCode(
      writes.filter((w) => w.outcome === 'error'),
      applied,
    ),
    inDoubt: count(writes, (w) => w.outcome === 'in_doubt'),
    inDoubtApplied,
    retried: count(writes, (w) => w.outcome === 'ack' && w.lostConnections > 0),
    lost,
    duplicated,
    halfWritten,
    requisitionNumberGaps,
    byOperation,
  };
}

/**
 * Answers grouped by status and code, most frequent first (then by status and code, for a stable
 * order); `applied` tells whether a write's effect is in the database.
 */
export function countByCode(
  writes: readonly LoggedWrite[],
  applied: (write: LoggedWrite) => boolean,
): AnswerCount[] {
  const groups = new Map<string, AnswerCount>();
  for (const w of writes) {
    const status = w.status ?? 0;
    const code = w.code ?? '(none)';
    const key = `${status} ${code}`;
    const group = groups.get(key) ?? {
      status,
      code,
      count: 0,
      byOperation: {},
      afterLostConnection: 0,
      applied: 0,
    };
    group.count++;
    group.byOperation[w.op] = (group.byOperation[w.op] ?? 0) + 1;
    if (w.lostConnections > 0) {
      group.afterLostConnection++;
      if (applied(w)) group.applied++;
    }
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) => b.count - a.count || a.status - b.status || a.code.localeCompare(b.code),
  );
}

/**
 * The answers as one line, e.g. `409 IDEMPOTENCY_REQUEST_IN_PROGRESS ×3 (approve 2, submit 1; 3 after
 * a lost connection, 1 of them applied), 409 APPROVAL_ALREADY_DECIDED ×1 (approve 1)`, or `none`.
 */
export function formatByCode(answers: readonly AnswerCount[]): string {
  if (!answers.length) return 'none';
  return answers
    .map((a) => {
      const ops = OPERATIONS.filter((op) => a.byOperation[op])
        .map((op) => `${op} ${a.byOperation[op]}`)
        .join(', ');
      const doubt = a.afterLostConnection
        ? `; ${a.afterLostConnection} after a lost connection, ${a.applied} of them applied`
        : '';
      return `${a.status} ${a.code} ×${a.count} (${ops}${doubt})`;
    })
    .join(', ');
}
