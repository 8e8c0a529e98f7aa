/**
 * Changes after approval (issue 15 item 7, docs/decisions.md "Changes after approval"): what an
 * edit of an approved requisition changed, and whether it keeps its approval or goes back for
 * approval, and from which level. Pure functions; the requisition service loads the snapshots
 * before and after the edit, asks {@link decideReapproval}, and writes the outcome.
 */
import { type ApprovalPolicy, applicableLevels } from './approval-routing.js';

/** A line as far as approval cares (amounts in integer cents of the requisition's currency). */
export interface LineSnapshot {
  product_id: string | null;
  description: string;
  quantity: number;
  unit_price_cents: number;
  unit_of_measure: string;
  tax_cents: number;
  total_cents: number;
  notes: string | null;
}

/** A requisition as far as approval cares, before or after an edit. */
export interface RequisitionSnapshot {
  currency: string;
  /** The total in the requisition's currency, in cents. */
  total_cents: number;
  /** The total in the organisation's base currency at the frozen rate, in cents (thresholds use it). */
  base_total_cents: number;
  cost_center_id: string;
  gl_account_id: string;
  category: string;
  justification: string | null;
  delivery_date: string | null;
  shipping_address: string | null;
  notes: string | null;
  lines: LineSnapshot[];
}

/** The fields of a requisition an approver decided on: a change to any of them needs approval again. */
export const MATERIAL_FIELDS = [
  'currency',
  'cost_center_id',
  'gl_account_id',
  'category',
  'justification',
] as const;
/** The fields that do not affect approval: changed freely, recorded in the history. */
export const INFORMATIONAL_FIELDS = ['delivery_date', 'shipping_address', 'notes'] as const;

type FieldName = (typeof MATERIAL_FIELDS)[number] | (typeof INFORMATIONAL_FIELDS)[number];

/** One changed field of the requisition. */
export interface FieldChange {
  field: FieldName;
  from: string | null;
  to: string | null;
  material: boolean;
}

/** The line properties compared; `notes` alone is informational. */
const LINE_PROPS = ['quantity', 'unit_price_cents', 'tax_cents', 'total_cents', 'notes'] as const;
type LineProp = (typeof LINE_PROPS)[number];

/** One line added, removed or changed (positions are 1-based, as people count lines). */
export type LineChange =
  | { kind: 'added'; position: number; after: LineSnapshot }
  | { kind: 'removed'; position: number; before: LineSnapshot }
  | {
      kind: 'changed';
      position: number;
      before: LineSnapshot;
      after: LineSnapshot;
      changed: LineProp[];
    };

/** Everything an edit changed. */
export interface RequisitionDiff {
  fields: FieldChange[];
  lines: LineChange[];
  total: { from_cents: number; to_cents: number };
  base_total: { from_cents: number; to_cents: number };
}

/** A line's identity across an edit: what is bought (product, description, unit). */
const lineKey = (line: LineSnapshot) =>
  `${line.product_id ?? ''}\u0000${line.description.trim().toLowerCase()}\u0000${line.unit_of_measure}`;

/**
 * What changed between two snapshots. Lines are matched by what they buy (product, description and
 * unit, in order), so removing one line does not make every later one look changed; a line whose
 * product, description or unit changed is the old line removed and a new one added.
 */
export function diffRequisition(before: RequisitionSnapshot, after: RequisitionSnapshot): RequisitionDiff {
  const fields: FieldChange[] = [];
  for (const field of [...MATERIAL_FIELDS, ...INFORMATIONAL_FIELDS]) {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    if ((from ?? '') !== (to ?? '')) {
      fields.push({ field, from, to, material: (MATERIAL_FIELDS as readonly string[]).includes(field) });
    }
  }
  const unmatched = before.lines.map((line, index) => ({ line, index }));
  const lines: LineChange[] = [];
  after.lines.forEach((line, index) => {
    const at = unmatched.findIndex((candidate) => lineKey(candidate.line) === lineKey(line));
    if (at < 0) {
      lines.push({ kind: 'added', position: index + 1, after: line });
      return;
    }
    const [match] = unmatched.splice(at, 1);
    const old = match!.line;
    const changed = LINE_PROPS.filter((prop) => (old[prop] ?? null) !== (line[prop] ?? null));
    if (changed.length > 0) {
      lines.push({ kind: 'changed', position: index + 1, before: old, after: line, changed });
    }
  });
  for (const { line, index } of unmatched) lines.push({ kind: 'removed', position: index + 1, before: line });
  return {
    fields,
    lines,
    total: { from_cents: before.total_cents, to_cents: after.total_cents },
    base_total: { from_cents: before.base_total_cents, to_cents: after.base_total_cents },
  };
}

/**
 * How far an approved total may fall without approval again (`reapproval_tolerance` of the
 * organisation's settings): a percentage of the approved total and an amount in the base currency.
 * 0 means "not set"; with neither set, every change of the money re-approves.
 */
export interface ReapprovalTolerance {
  percent: number;
  amount_cents: number;
}

/** The default tolerance: none (any change of a line or the total re-approves). */
export const NO_TOLERANCE: ReapprovalTolerance = { percent: 0, amount_cents: 0 };

/** Why an edit kept the approval or sent the requisition back. */
export type ReapprovalReason =
  | 'no_change'
  | 'informational_change'
  | 'decrease_within_tolerance'
  | 'decrease_beyond_tolerance'
  | 'total_increased'
  | 'line_changed'
  | 'field_changed';

/** The outcome of an edit of an approved requisition. */
export type ReapprovalDecision =
  | {
      outcome: 'keep';
      reason: Extract<ReapprovalReason, 'no_change' | 'informational_change' | 'decrease_within_tolerance'>;
    }
  | {
      outcome: 'reapprove';
      reason: Exclude<ReapprovalReason, 'no_change' | 'informational_change' | 'decrease_within_tolerance'>;
      /** The first level routed again; levels below it keep their approvals. */
      restartLevel: number;
    };

/** Whether a decrease of `decreaseCents` from `fromCents` is within every limit the tolerance sets. */
export function withinTolerance(
  fromCents: number,
  decreaseCents: number,
  tolerance: ReapprovalTolerance,
): boolean {
  const limits: boolean[] = [];
  if (tolerance.percent > 0) limits.push(decreaseCents * 100 <= fromCents * tolerance.percent);
  if (tolerance.amount_cents > 0) limits.push(decreaseCents <= tolerance.amount_cents);
  return limits.length > 0 && limits.every(Boolean);
}

/**
 * Whether every line change only lowers what is bought or paid (a line removed, or a quantity,
 * price or tax lowered, notes aside) and no line was added.
 */
function onlyDecreases(lines: readonly LineChange[]): boolean {
  return lines.every((change) => {
    if (change.kind === 'removed') return true;
    if (change.kind === 'added') return false;
    const { before, after } = change;
    return (
      after.quantity <= before.quantity &&
      after.unit_price_cents <= before.unit_price_cents &&
      after.tax_cents <= before.tax_cents
    );
  });
}

/**
 * The first level the new total reaches that the old one did not (levels by their `min_total` in the
 * base currency), or null when the rise reaches no new level.
 */
export function firstNewlyReachedLevel(
  policy: ApprovalPolicy,
  fromCents: number,
  toCents: number,
): number | null {
  const level = applicableLevels(policy, toCents / 100).find((l) => fromCents / 100 < l.min_total);
  return level?.level ?? null;
}

/**
 * The rule (docs/decisions.md "Changes after approval"):
 * - nothing changed, or only the delivery date, shipping address, notes or a line's notes: approval kept;
 * - the total rose: back for approval from the first level the new total reaches that the old did
 *   not, or from level 1 when it reaches no new level (a line changed);
 * - only decreases (lines removed, quantities, prices or taxes lowered) and no approval field
 *   changed: kept when the fall is within the organisation's tolerance, else from level 1;
 * - any other line change (a line added, or one changed another way), or a change of the cost centre,
 *   GL account, category, currency or justification: from level 1.
 */
export function decideReapproval(
  diff: RequisitionDiff,
  policy: ApprovalPolicy,
  tolerance: ReapprovalTolerance,
): ReapprovalDecision {
  const materialFields = diff.fields.filter((field) => field.material);
  const moneyLines = diff.lines.filter(
    (change) => change.kind !== 'changed' || change.changed.some((prop) => prop !== 'notes'),
  );
  const from = diff.base_total.from_cents;
  const to = diff.base_total.to_cents;
  if (materialFields.length === 0 && moneyLines.length === 0 && to === from) {
    return {
      outcome: 'keep',
      reason: diff.fields.length === 0 && diff.lines.length === 0 ? 'no_change' : 'informational_change',
    };
  }
  if (to > from) {
    return {
      outcome: 'reapprove',
      reason: 'total_increased',
      restartLevel: firstNewlyReachedLevel(policy, from, to) ?? 1,
    };
  }
  if (materialFields.length > 0) return { outcome: 'reapprove', reason: 'field_changed', restartLevel: 1 };
  if (!onlyDecreases(moneyLines) || to === from) {
    return { outcome: 'reapprove', reason: 'line_changed', restartLevel: 1 };
  }
  return withinTolerance(from, from - to, tolerance)
    ? { outcome: 'keep', reason: 'decrease_within_tolerance' }
    : { outcome: 'reapprove', reason: 'decrease_beyond_tolerance', restartLevel: 1 };
}

/** How the history states each reason. */
export const REAPPROVAL_REASON_TEXT: Record<ReapprovalReason, string> = {
  no_change: 'Nothing that needs approval changed; the approval stands.',
  informational_change: 'Only details that do not affect approval changed; the approval stands.',
  decrease_within_tolerance: "The total fell within the organisation's tolerance; the approval stands.",
  decrease_beyond_tolerance:
    "The total fell by more than the organisation's tolerance: sent back for approval.",
  total_increased: 'The total rose: sent back for approval.',
  line_changed: 'A line changed: sent back for approval.',
  field_changed: 'A field approvers decided on changed: sent back for approval.',
};

const FIELD_LABELS: Record<FieldName, string> = {
  currency: 'Currency',
  cost_center_id: 'Cost center',
  gl_account_id: 'GL account',
  category: 'Category',
  justification: 'Justification',
  delivery_date: 'Delivery date',
  shipping_address: 'Shipping address',
  notes: 'Notes',
};

const PROP_LABELS: Record<LineProp, string> = {
  quantity: 'quantity',
  unit_price_cents: 'unit price',
  tax_cents: 'tax',
  total_cents: 'total',
  notes: 'notes',
};

/** One before → after row of the history, as people read it (amounts as plain decimals). */
export interface ChangeRow {
  label: string;
  before: string | null;
  after: string | null;
}

const money = (cents: number) => (cents / 100).toFixed(2);
const lineValue = (line: LineSnapshot, prop: LineProp): string | null =>
  prop === 'quantity' ? String(line.quantity) : prop === 'notes' ? line.notes : money(line[prop]);
const lineSummary = (line: LineSnapshot) =>
  `${line.quantity} × ${line.description} at ${money(line.unit_price_cents)} = ${money(line.total_cents)}`;

/**
 * The diff as before → after rows: the total first, then each field and each line change. Ids
 * (cost centre, GL account) are shown as `names` gives them when known.
 */
export function changeRows(diff: RequisitionDiff, names: Readonly<Record<string, string>> = {}): ChangeRow[] {
  const rows: ChangeRow[] = [];
  if (diff.total.from_cents !== diff.total.to_cents) {
    rows.push({ label: 'Total', before: money(diff.total.from_cents), after: money(diff.total.to_cents) });
  }
  const named = (value: string | null) => (value === null ? null : (names[value] ?? value));
  for (const field of diff.fields) {
    rows.push({ label: FIELD_LABELS[field.field], before: named(field.from), after: named(field.to) });
  }
  for (const change of diff.lines) {
    if (change.kind === 'added') {
      rows.push({ label: `Line ${change.position} added`, before: null, after: lineSummary(change.after) });
    } else if (change.kind === 'removed') {
      rows.push({
        label: `Line ${change.position} removed`,
        before: lineSummary(change.before),
        after: null,
      });
    } else {
      for (const prop of change.changed) {
        rows.push({
          label: `Line ${change.position} ${PROP_LABELS[prop]}`,
          before: lineValue(change.before, prop),
          after: lineValue(change.after, prop),
        });
      }
    }
  }
  return rows;
}

/** The rows on one line of text, for the history chain's comment and its exports. */
export function changeSummary(rows: readonly ChangeRow[]): string {
  return rows.map((row) => `${row.label}: ${row.before ?? '—'} → ${row.after ?? '—'}`).join('; ');
}
