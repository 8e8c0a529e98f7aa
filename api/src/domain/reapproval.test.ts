import { describe, expect, it } from 'vitest';
import type { ApprovalPolicy } from './approval-routing.js';
import {
  changeRows,
  changeSummary,
  decideReapproval,
  diffRequisition,
  firstNewlyReachedLevel,
  type LineSnapshot,
  NO_TOLERANCE,
  type RequisitionSnapshot,
  withinTolerance,
} from './reapproval.js';

const policy: ApprovalPolicy = {
  auto_approve_below: 0,
  levels: [
    { level: 1, title: 'Manager Approval', min_total: 0, approver: 'manager' },
    { level: 2, title: 'Department Head Approval', min_total: 5000, approver: 'department_head' },
    { level: 3, title: 'Finance Manager Approval', min_total: 25000, approver: 'finance_manager' },
    { level: 4, title: 'General Manager Approval', min_total: 100000, approver: 'general_manager' },
  ],
};

const line = (overrides: Partial<LineSnapshot> = {}): LineSnapshot => {
  const base = {
    product_id: null,
    description: 'Paper',
    quantity: 10,
    unit_price_cents: 10_000,
    unit_of_measure: 'box',
    tax_cents: 0,
    notes: null,
    ...overrides,
  };
  return { total_cents: base.quantity * base.unit_price_cents + base.tax_cents, ...base, ...overrides };
};

const snapshot = (
  lines: LineSnapshot[],
  overrides: Partial<RequisitionSnapshot> = {},
): RequisitionSnapshot => {
  const total = lines.reduce((sum, l) => sum + l.total_cents, 0);
  return {
    currency: 'AUD',
    total_cents: total,
    base_total_cents: total,
    cost_center_id: 'cc-1',
    gl_account_id: 'gl-1',
    category: 'standard',
    justification: 'Restock',
    delivery_date: null,
    shipping_address: null,
    notes: null,
    lines,
    ...overrides,
  };
};

const before = snapshot([line(), line({ description: 'Pens', quantity: 5, unit_price_cents: 2_000 })]);
const decide = (after: RequisitionSnapshot, tolerance = NO_TOLERANCE) =>
  decideReapproval(diffRequisition(before, after), policy, tolerance);

describe('decideReapproval', () => {
  it('keeps the approval when nothing changed', () => {
    expect(decide(before)).toEqual({ outcome: 'keep', reason: 'no_change' });
  });

  it('keeps the approval when only the notes, delivery date, address or a line note changed', () => {
    const after = snapshot([line({ notes: 'Recycled' }), before.lines[1]!], {
      notes: 'Call first',
      delivery_date: '2026-12-24',
    });
    expect(decide(after)).toEqual({ outcome: 'keep', reason: 'informational_change' });
  });

  it('restarts at the first level the new total reaches that the old did not', () => {
    // 1,100.00 → 6,100.00 crosses the Department Head's 5,000.
    const after = snapshot([line({ quantity: 60 }), before.lines[1]!]);
    expect(decide(after)).toEqual({ outcome: 'reapprove', reason: 'total_increased', restartLevel: 2 });
  });

  it('restarts at level 1 when a rise reaches no new level', () => {
    const after = snapshot([line({ quantity: 11 }), before.lines[1]!]);
    expect(decide(after)).toEqual({ outcome: 'reapprove', reason: 'total_increased', restartLevel: 1 });
  });

  it('restarts at level 1 when a line is added even if the total fell', () => {
    const after = snapshot([line({ quantity: 1 }), line({ description: 'Stapler', quantity: 1 })]);
    expect(decide(after, { percent: 100, amount_cents: 0 })).toMatchObject({
      outcome: 'reapprove',
      reason: 'line_changed',
      restartLevel: 1,
    });
  });

  it('restarts at level 1 when the cost centre changed, whatever the total', () => {
    const after = snapshot(before.lines, { cost_center_id: 'cc-2' });
    expect(decide(after)).toEqual({ outcome: 'reapprove', reason: 'field_changed', restartLevel: 1 });
  });

  it('re-approves any decrease with no tolerance set (the default)', () => {
    const after = snapshot([line({ quantity: 9 }), before.lines[1]!]);
    expect(decide(after)).toEqual({
      outcome: 'reapprove',
      reason: 'decrease_beyond_tolerance',
      restartLevel: 1,
    });
  });

  it('keeps the approval for a decrease within the percentage', () => {
    // 1,100.00 → 1,000.00 is 9.09 %.
    const after = snapshot([line({ quantity: 9 }), before.lines[1]!]);
    expect(decide(after, { percent: 10, amount_cents: 0 })).toEqual({
      outcome: 'keep',
      reason: 'decrease_within_tolerance',
    });
    expect(decide(after, { percent: 9, amount_cents: 0 }).outcome).toBe('reapprove');
  });

  it('keeps the approval when a line is removed within the amount', () => {
    const after = snapshot([before.lines[0]!]);
    expect(decide(after, { percent: 0, amount_cents: 10_000 })).toEqual({
      outcome: 'keep',
      reason: 'decrease_within_tolerance',
    });
    expect(decide(after, { percent: 0, amount_cents: 9_999 }).outcome).toBe('reapprove');
  });

  it('requires every limit set when both are', () => {
    const after = snapshot([line({ quantity: 9 }), before.lines[1]!]);
    expect(decide(after, { percent: 50, amount_cents: 5_000 }).outcome).toBe('reapprove');
    expect(decide(after, { percent: 50, amount_cents: 10_000 }).outcome).toBe('keep');
  });

  it('re-approves a price rise on one line offset by a fall on another (a line changed)', () => {
    const after = snapshot([
      line({ quantity: 10, unit_price_cents: 9_000 }),
      line({ description: 'Pens', quantity: 5, unit_price_cents: 4_000 }),
    ]);
    expect(after.total_cents).toBe(before.total_cents);
    expect(decide(after, { percent: 100, amount_cents: 0 })).toMatchObject({ reason: 'line_changed' });
  });
});

describe('helpers', () => {
  it('finds the first newly reached level', () => {
    expect(firstNewlyReachedLevel(policy, 100_000, 3_000_000)).toBe(2);
    expect(firstNewlyReachedLevel(policy, 600_000, 3_000_000)).toBe(3);
    expect(firstNewlyReachedLevel(policy, 600_000, 700_000)).toBeNull();
  });

  it('treats a tolerance of zero as not set', () => {
    expect(withinTolerance(10_000, 1, NO_TOLERANCE)).toBe(false);
    expect(withinTolerance(10_000, 1_000, { percent: 10, amount_cents: 0 })).toBe(true);
  });

  it('describes the changes before → after', () => {
    const after = snapshot([line({ quantity: 60 })], { cost_center_id: 'cc-2' });
    const rows = changeRows(diffRequisition(before, after), { 'cc-1': 'IT', 'cc-2': 'OPS' });
    expect(rows).toEqual([
      { label: 'Total', before: '1100.00', after: '6000.00' },
      { label: 'Cost center', before: 'IT', after: 'OPS' },
      { label: 'Line 1 quantity', before: '10', after: '60' },
      { label: 'Line 1 total', before: '1000.00', after: '6000.00' },
      { label: 'Line 2 removed', before: '5 × Pens at 20.00 = 100.00', after: null },
    ]);
    expect(changeSummary(rows.slice(0, 1))).toBe('Total: 1100.00 → 6000.00');
  });
});
