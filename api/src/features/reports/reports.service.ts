import type { components } from '@purchasing/contract';
import { select } from '../../db-query.js';
import { NotFound } from '../../domain/errors.js';
import { fiscalYearOf } from '../../domain/fiscal-year.js';
import { fromCents, toCents } from '../../domain/money.js';
import { isWholeMonths, monthLabel, type ReportPeriod } from '../../domain/report-period.js';
import type { Db } from '../../http/context.js';
import { fiscalYearStarting, organizationOf } from '../budgets/budget-admin.js';
import { monthKeys, readCounters } from '../counters.js';
import { CATEGORY_LABELS } from '../requisitions/requisition-export.js';

export {
  approvalCycleTimeReport,
  type CycleTimeGroup,
  type CycleTimeReport,
} from './approval-cycle-time.js';

type Schemas = components['schemas'];
export type SpendReport = Schemas['SpendReport'];
export type SpendGroup = SpendReport['group_by'];
export type BudgetVsActualReport = Schemas['BudgetVsActualReport'];
export type OpenCommitmentsReport = Schemas['OpenCommitmentsReport'];
type Currency = Schemas['CurrencyCode'];
type CostCenter = Schemas['CostCenter'];

/**
 * Reports (issue 16, item 4; docs/decisions.md "Reports"). Every statement is scoped to the caller's
 * organisation (its `organization_id` filter, row-level security behind it) and reads either the
 * maintained counters or one index range over the period: never the organisation's requisitions.
 */

/** Spend = the base totals of orders sent in the period and not cancelled (sent, partially received, received). */
const SPENT_ORDER = `po.organization_id = $1 AND po.sent_at >= $2 AND po.sent_at < $3
   AND po.status IN ('sent', 'partially_received', 'received')`;
/**
 * The requisition of order `po`, looked up by its key (`OFFSET 0` keeps the planner from turning it
 * into a hash join that would read every requisition of the organisation): one index probe per order
 * of the period, never the organisation's requisitions.
 */
const REQUISITION_OF_ORDER = `SELECT r.cost_center_id, r.category FROM requisitions r
   WHERE r.organization_id = po.organization_id AND r.id = po.requisition_id OFFSET 0`;
const BASE = (alias: string) => `COALESCE(${alias}.base_total_amount, ${alias}.total_amount)`;

/** Per grouping: the key and label expressions of `po` (order), `r` (its requisition), `cc`, `v`. */
const SPEND_GROUPS: Record<Exclude<SpendGroup, 'month'>, { key: string; label: string }> = {
  cost_center: { key: 'cc.id::text', label: "cc.code || ' - ' || cc.name" },
  vendor: { key: "COALESCE(v.id::text, 'none')", label: "COALESCE(v.name, 'No vendor')" },
  category: { key: 'r.category', label: 'r.category' },
};

async function currencyOf(db: Db, organizationId: string): Promise<Currency> {
  return (await organizationOf(db, organizationId)).currency.trim() as Currency;
}

/** Refuses a cost centre that is not the organisation's (404, as a record named in a path). */
async function requireCostCenter(db: Db, organizationId: string, costCenterId: string | null): Promise<void> {
  if (!costCenterId) return;
  const found = await select<{ id: string }>(
    db,
    'SELECT id FROM cost_centers WHERE organization_id = $1 AND id = $2',
    [organizationId, costCenterId],
  );
  if (found.length === 0) throw new NotFound('Cost center');
}

/** Rows of `key`, `label` and `cents`, as the contract's rows. */
const moneyRows = (rows: { key: string; label: string; cents: number }[]) =>
  rows.map((row) => ({ key: row.key, label: row.label, amount: fromCents(row.cents) }));

type SpendRow = { key: string; label: string; cents: number };

/** Largest first, then by label (the order of every grouping but months). */
const largestFirst = (rows: SpendRow[]) =>
  rows.filter((row) => row.cents !== 0).sort((a, b) => b.cents - a.cents || a.label.localeCompare(b.label));

/**
 * Spend over whole months from the maintained counters (migrations `2026.11.25T01.00.00` and
 * `2026.11.28T00.10.00`): `spend:<m>`, `spend:cc:<cc>:<m>`, `spend:cat:<category>:<m>` and
 * `spend:cc:<cc>:cat:<category>:<m>`, and (`2026.11.28T07.10.00`) `spend:vendor:<vendor>:<m>`: one
 * index-only read of at most (cost centres, categories or vendors) × months keys, whatever the
 * organisation's size. By vendor within one cost centre there is no counter: null.
 */
async function spendFromCounters(
  db: Db,
  organizationId: string,
  groupBy: SpendGroup,
  costCenterId: string | null,
  period: ReportPeriod,
): Promise<SpendRow[] | null> {
  const months = monthKeys(period.start, period.end);
  const sumOf = (counters: Map<string, number>, prefix: string) =>
    months.reduce((total, m) => total + (counters.get(`${prefix}${m}`) ?? 0), 0);
  const scope = costCenterId ? `spend:cc:${costCenterId}:` : 'spend:';
  if (groupBy === 'month') {
    const counters = await readCounters(
      db,
      organizationId,
      months.map((m) => `${scope}${m}`),
    );
    return months.map((m) => ({ key: m, label: monthLabel(m), cents: counters.get(`${scope}${m}`) ?? 0 }));
  }
  if (groupBy === 'category') {
    const prefixes = Object.keys(CATEGORY_LABELS).map((category) => ({
      category,
      prefix: costCenterId ? `spend:cc:${costCenterId}:cat:${category}:` : `spend:cat:${category}:`,
    }));
    const counters = await readCounters(
      db,
      organizationId,
      prefixes.flatMap(({ prefix }) => months.map((m) => `${prefix}${m}`)),
    );
    return largestFirst(
      prefixes.map(({ category, prefix }) => ({
        key: category,
        label: CATEGORY_LABELS[category] ?? category,
        cents: sumOf(counters, prefix),
      })),
    );
  }
  if (groupBy === 'cost_center') {
    const centers = await select<CostCenter>(
      db,
      `SELECT id, code, name FROM cost_centers WHERE organization_id = $1 AND ($2::uuid IS NULL OR id = $2::uuid)`,
      [organizationId, costCenterId],
    );
    const counters = await readCounters(
      db,
      organizationId,
      centers.flatMap((cc) => months.map((m) => `spend:cc:${cc.id}:${m}`)),
    );
    return largestFirst(
      centers.map((cc) => ({
        key: cc.id,
        label: `${cc.code} - ${cc.name}`,
        cents: sumOf(counters, `spend:cc:${cc.id}:`),
      })),
    );
  }
  if (groupBy === 'vendor' && !costCenterId) {
    const vendors = await select<{ id: string; name: string }>(
      db,
      'SELECT id, name FROM vendors WHERE organization_id = $1',
      [organizationId],
    );
    const keyed = [
      ...vendors.map((v) => ({ key: v.id, label: v.name })),
      { key: 'none', label: 'No vendor' },
    ];
    const counters = await readCounters(
      db,
      organizationId,
      keyed.flatMap((v) => months.map((m) => `spend:vendor:${v.key}:${m}`)),
    );
    return largestFirst(keyed.map((v) => ({ ...v, cents: sumOf(counters, `spend:vendor:${v.key}:`) })));
  }
  return null;
}

/**
 * Spend in the period by month, cost centre, vendor or category. Over whole months (but by vendor
 * within one cost centre) it is the maintained counters (`spendFromCounters`); otherwise one range of
 * `purchase_orders_organization_sent_at_idx` over the period, joined to each order's requisition
 * (cost centre, category) when the grouping or the filter needs it, and to its vendor by key.
 */
export async function spendReport(
  db: Db,
  organizationId: string,
  query: { group_by?: SpendGroup; cost_center_id?: string },
  period: ReportPeriod,
): Promise<SpendReport> {
  const groupBy = query.group_by ?? 'month';
  const costCenterId = query.cost_center_id ?? null;
  await requireCostCenter(db, organizationId, costCenterId);
  const currency = await currencyOf(db, organizationId);
  let rows = isWholeMonths(period)
    ? await spendFromCounters(db, organizationId, groupBy, costCenterId, period)
    : null;
  if (!rows) {
    const group =
      groupBy === 'month'
        ? { key: "to_char(po.sent_at AT TIME ZONE 'UTC', 'YYYY-MM')", label: "''" }
        : SPEND_GROUPS[groupBy];
    // The requisition (cost centre, category) only when the grouping or the filter needs it: its
    // lookup is one index probe per order of the period, most of the query's time by vendor or month.
    const byRequisition = costCenterId !== null || groupBy === 'cost_center' || groupBy === 'category';
    const found = await select<{ key: string; label: string; cents: string }>(
      db,
      `SELECT ${group.key} AS key, min(${group.label}) AS label, sum(round(${BASE('po')} * 100))::text AS cents
         FROM purchase_orders po
         ${
           byRequisition
             ? `LEFT JOIN LATERAL (${REQUISITION_OF_ORDER}) r ON true
         LEFT JOIN cost_centers cc ON cc.organization_id = po.organization_id AND cc.id = r.cost_center_id`
             : ''
         }
         ${groupBy === 'vendor' ? 'LEFT JOIN vendors v ON v.organization_id = po.organization_id AND v.id = po.vendor_id' : ''}
        WHERE ${SPENT_ORDER} AND ${byRequisition ? '($4::uuid IS NULL OR r.cost_center_id = $4::uuid)' : '$4::uuid IS NULL'}
        GROUP BY 1`,
      [organizationId, period.start, period.end, costCenterId],
    );
    const byKey = new Map(found.map((row) => [row.key, Number(row.cents)]));
    rows =
      groupBy === 'month'
        ? monthKeys(period.start, period.end).map((m) => ({
            key: m,
            label: monthLabel(m),
            cents: byKey.get(m) ?? 0,
          }))
        : largestFirst(
            found.map((row) => ({
              key: row.key ?? 'none',
              label:
                groupBy === 'category'
                  ? (CATEGORY_LABELS[row.key] ?? row.key)
                  : (row.label ?? 'No cost centre'),
              cents: Number(row.cents),
            })),
          );
  }
  return {
    group_by: groupBy,
    from: period.from,
    to: period.to,
    cost_center_id: costCenterId,
    currency,
    total: fromCents(rows.reduce((sum, row) => sum + row.cents, 0)),
    rows: moneyRows(rows),
  };
}

/** The organisation's cost centres (active ones, and any with a budget in `year`), by code. */
async function reportCostCenters(
  db: Db,
  organizationId: string,
  costCenterId: string | null,
  year: number | null,
): Promise<(CostCenter & { allocated: string | null })[]> {
  const rows = await select<CostCenter & { allocated: string | null }>(
    db,
    `SELECT cc.id, cc.code, cc.name, b.allocated_amount::text AS allocated
       FROM cost_centers cc
       LEFT JOIN budgets b ON b.organization_id = cc.organization_id AND b.cost_center_id = cc.id
                          AND b.fiscal_year = $3
      WHERE cc.organization_id = $1 AND ($2::uuid IS NULL OR cc.id = $2::uuid)
        AND (cc.is_active OR b.id IS NOT NULL)
      ORDER BY cc.code`,
    [organizationId, costCenterId, year],
  );
  if (costCenterId && rows.length === 0) throw new NotFound('Cost center');
  return rows;
}

/**
 * Budget against actual per cost centre for a fiscal year: the allocation, and committed and spent
 * from the budgets' maintained counters (`committed:<cc>:<YYYY-MM>`, `spent:<cc>:<YYYY-MM>`), the
 * figures `GET /budgets` shows.
 */
export async function budgetVsActualReport(
  db: Db,
  organizationId: string,
  query: { fiscal_year?: number; cost_center_id?: string },
  now = new Date(),
): Promise<BudgetVsActualReport> {
  const org = await organizationOf(db, organizationId);
  const year = query.fiscal_year
    ? fiscalYearStarting(query.fiscal_year, org.fiscal_year_start)
    : fiscalYearOf(now, org.fiscal_year_start);
  const centers = await reportCostCenters(db, organizationId, query.cost_center_id ?? null, year.year);
  const months = monthKeys(year.start, year.end);
  const keysOf = (kind: string, id: string) => months.map((m) => `${kind}:${id}:${m}`);
  const counters = await readCounters(
    db,
    organizationId,
    centers.flatMap((cc) => [...keysOf('committed', cc.id), ...keysOf('spent', cc.id)]),
  );
  const sum = (keys: string[]) => keys.reduce((total, key) => total + (counters.get(key) ?? 0), 0);
  return {
    fiscal_year: year.year,
    currency: org.currency.trim() as Currency,
    rows: centers.map(({ allocated, ...cost_center }) => {
      const committed = sum(keysOf('committed', cost_center.id));
      const spent = sum(keysOf('spent', cost_center.id));
      const budget = allocated === null ? null : toCents(allocated);
      return {
        cost_center,
        allocated: budget === null ? null : fromCents(budget),
        committed: fromCents(committed),
        spent: fromCents(spent),
        available: budget === null ? null : fromCents(budget - committed - spent),
      };
    }),
  };
}

/**
 * Open commitments per cost centre, from its maintained counters (migration `2026.11.28T07.20.00`):
 * awaiting order is its approved requisitions (`open:req:<cc>`) and draft orders (`open:draft:<cc>`),
 * awaiting receipt its sent and partly received orders (`open:ordered:<cc>`) less their receipts
 * (`open:received:<cc>`); one index-only read of seven keys per cost centre, whatever the size of
 * the organisation's open work. A cost centre with no open requisition or order has no row.
 */
export async function openCommitmentsReport(
  db: Db,
  organizationId: string,
  query: { cost_center_id?: string },
): Promise<OpenCommitmentsReport> {
  const costCenterId = query.cost_center_id ?? null;
  await requireCostCenter(db, organizationId, costCenterId);
  const currency = await currencyOf(db, organizationId);
  const centers = await select<CostCenter>(
    db,
    `SELECT id, code, name FROM cost_centers WHERE organization_id = $1 AND ($2::uuid IS NULL OR id = $2::uuid)
      ORDER BY code`,
    [organizationId, costCenterId],
  );
  const KINDS = ['req', 'req:n', 'draft', 'draft:n', 'ordered', 'ordered:n', 'received'] as const;
  const counters = await readCounters(
    db,
    organizationId,
    centers.flatMap((cc) => KINDS.map((kind) => `open:${kind}:${cc.id}`)),
  );
  const of = (kind: (typeof KINDS)[number], cc: CostCenter) => counters.get(`open:${kind}:${cc.id}`) ?? 0;
  let total = 0;
  const rows = centers.flatMap((cost_center) => {
    const requisitions = of('req:n', cost_center);
    const orders = of('draft:n', cost_center) + of('ordered:n', cost_center);
    if (requisitions === 0 && orders === 0) return [];
    const approved = of('req', cost_center) + of('draft', cost_center);
    const ordered = of('ordered', cost_center) - of('received', cost_center);
    total += approved + ordered;
    return [
      {
        cost_center,
        awaiting_order: fromCents(approved),
        awaiting_receipt: fromCents(Math.max(ordered, 0)),
        requisitions,
        orders,
      },
    ];
  });
  return { currency, total: fromCents(total), rows };
}
