import type { Transaction } from 'sequelize';
import { selectOne } from '../../db-query.js';
import type { FiscalYear } from '../../domain/fiscal-year.js';
import { toCents } from '../../domain/money.js';
import type { Db } from '../../http/context.js';
import { monthKeys } from '../counters.js';

/** Allocated, spent and committed amounts of a fiscal year, in integer cents. */
export interface BudgetFigures {
  allocated: number;
  spent: number;
  committed: number;
}

/**
 * The counter keys of a fiscal year's spent and committed amounts, a month each (`spent:2026-03`), or a
 * cost centre's (`spent:<cost centre id>:2026-03`): what the counters' triggers maintain.
 */
function figureKeys(
  fiscalYear: FiscalYear,
  costCenterId: string | null,
): { spent: string[]; committed: string[] } {
  const prefix = costCenterId ? `${costCenterId}:` : '';
  const months = monthKeys(fiscalYear.start, fiscalYear.end);
  return {
    spent: months.map((m) => `spent:${prefix}${m}`),
    committed: months.map((m) => `committed:${prefix}${m}`),
  };
}

/**
 * The budget figures of a fiscal year (DECISIONS §5, docs/decisions.md "Dashboard figures"), for
 * the whole organisation or, with `costCenterId`, for one of its cost centres:
 * - allocated: the budgets of the fiscal year;
 * - spent: received purchase orders received in the fiscal year, and the receipts dated in the
 *   fiscal year of orders partially received (docs/decisions.md "Receipts"; for a cost centre, the
 *   orders of its requisitions);
 * - committed: approved or po_created requisitions approved in the fiscal year whose order is not
 *   received, less what their order's receipts already put in spent (never below zero), so no
 *   amount counts in both.
 * The dashboard's Budget Utilization and `GET /budgets/check` both use these definitions, in the
 * organisation's base currency (each requisition and order at the rate frozen at its submission). Spent and
 * committed come from the maintained counters (`spent:`, `committed:` per month, per cost centre too):
 * at a million requisitions, summing a fiscal year's rows took longer than the rest of the dashboard.
 */
export async function budgetFigures(
  db: Db,
  options: {
    organizationId: string;
    fiscalYear: FiscalYear;
    costCenterId?: string | null;
    transaction?: Transaction | null;
  },
): Promise<BudgetFigures> {
  return (await budgetFiguresWithCounters(db, options, [])).figures;
}

/**
 * {@link budgetFigures} and, in the same statement, the organisation's counters `keys` (0 for a key
 * that never counted anything): one round trip for a screen that shows both (the dashboard).
 */
export async function budgetFiguresWithCounters(
  db: Db,
  options: {
    organizationId: string;
    fiscalYear: FiscalYear;
    costCenterId?: string | null;
    transaction?: Transaction | null;
  },
  keys: readonly string[],
): Promise<{ figures: BudgetFigures; counters: Map<string, number> }> {
  const { spent: spentKeys, committed: committedKeys } = figureKeys(
    options.fiscalYear,
    options.costCenterId ?? null,
  );
  const row = await selectOne<{ allocated: string | null; counters: Record<string, string> | null }>(
    db,
    `SELECT (SELECT sum(b.allocated_amount) FROM budgets b
              WHERE b.organization_id = $1 AND b.fiscal_year = $2
                AND ($3::uuid IS NULL OR b.cost_center_id = $3::uuid)) AS allocated,
            (SELECT json_object_agg(c.key, c.n) FROM (
               SELECT key, sum(n)::text AS n FROM counter_deltas
                WHERE organization_id = $1 AND key = ANY($4::text[]) GROUP BY key) c) AS counters`,
    [
      options.organizationId,
      options.fiscalYear.year,
      options.costCenterId ?? null,
      [...spentKeys, ...committedKeys, ...keys],
    ],
    options.transaction,
  );
  const counted = row?.counters ?? {};
  const value = (key: string) => Number(counted[key] ?? 0);
  const sum = (list: string[]) => list.reduce((total, key) => total + value(key), 0);
  return {
    figures: {
      allocated: toCents(row?.allocated ?? 0),
      spent: sum(spentKeys),
      committed: sum(committedKeys),
    },
    counters: new Map(keys.map((key) => [key, value(key)])),
  };
}

/**
 * {@link budgetFigures} of several cost centres in one statement: each of `costCenterIds` that has a
 * budget in the fiscal year, with its figures (a cost centre without one is left out). The approval
 * queue shows every open step's budget position: one statement per cost centre made a page of ten
 * steps fourteen round trips (issue 12: 185 req/s at 1M, p99 124 ms).
 */
export async function budgetFiguresOfCostCenters(
  db: Db,
  options: { organizationId: string; fiscalYear: FiscalYear; costCenterIds: readonly string[] },
): Promise<Map<string, BudgetFigures>> {
  const keysOf = (costCenterId: string) => figureKeys(options.fiscalYear, costCenterId);
  const keys = options.costCenterIds.flatMap((id) => {
    const { spent, committed } = keysOf(id);
    return [...spent, ...committed];
  });
  const row = await selectOne<{
    allocated: Record<string, string> | null;
    counters: Record<string, string> | null;
  }>(
    db,
    `SELECT (SELECT json_object_agg(a.cost_center_id, a.allocated) FROM (
               SELECT b.cost_center_id::text AS cost_center_id, sum(b.allocated_amount)::text AS allocated
                 FROM budgets b
                WHERE b.organization_id = $1 AND b.fiscal_year = $2 AND b.cost_center_id = ANY($3::uuid[])
                GROUP BY b.cost_center_id) a) AS allocated,
            (SELECT json_object_agg(c.key, c.n) FROM (
               SELECT key, sum(n)::text AS n FROM counter_deltas
                WHERE organization_id = $1 AND key = ANY($4::text[]) GROUP BY key) c) AS counters`,
    [options.organizationId, options.fiscalYear.year, [...options.costCenterIds], keys],
  );
  const counted = row?.counters ?? {};
  const sum = (list: string[]) => list.reduce((total, key) => total + Number(counted[key] ?? 0), 0);
  const figures = new Map<string, BudgetFigures>();
  for (const [costCenterId, allocated] of Object.entries(row?.allocated ?? {})) {
    const { spent, committed } = keysOf(costCenterId);
    figures.set(costCenterId, {
      allocated: toCents(allocated),
      spent: sum(spent),
      committed: sum(committed),
    });
  }
  return figures;
}

/**
 * The same figures computed from the rows themselves: the definition the counters of
 * {@link budgetFigures} maintain (spent by receipts, committed by approved requisitions whose
 * order is not received less its receipts, per month in UTC). Tests compare the two; it reads every row of the year.
 */
export async function budgetFiguresByScan(
  db: Db,
  options: { organizationId: string; fiscalYear: FiscalYear; costCenterId?: string | null },
): Promise<BudgetFigures> {
  const row = await selectOne<{ allocated: string | null; spent: string | null; committed: string | null }>(
    db,
    `SELECT
       (SELECT sum(b.allocated_amount) FROM budgets b
         WHERE b.organization_id = $1 AND b.fiscal_year = $2
           AND ($5::uuid IS NULL OR b.cost_center_id = $5::uuid)) AS allocated,
       (SELECT sum(spent.amount) FROM (
          SELECT COALESCE(po.base_total_amount, po.total_amount) AS amount,
                 COALESCE(po.received_date::timestamp AT TIME ZONE 'UTC', po.received_at) AS at, po.requisition_id
            FROM purchase_orders po WHERE po.organization_id = $1 AND po.status = 'received'
          UNION ALL
          SELECT x.base_amount, x.received_date::timestamp AT TIME ZONE 'UTC', po.requisition_id
            FROM po_receipts x
            JOIN purchase_orders po ON po.id = x.purchase_order_id AND po.organization_id = x.organization_id
           WHERE x.organization_id = $1 AND po.status <> 'received') AS spent
         WHERE spent.at >= $3 AND spent.at < $4
           AND ($5::uuid IS NULL OR EXISTS (SELECT 1 FROM requisitions pr
                                          WHERE pr.id = spent.requisition_id AND pr.organization_id = $1
                                            AND pr.cost_center_id = $5::uuid))) AS spent,
       (SELECT sum(GREATEST(COALESCE(r.base_total_amount, r.total_amount)
                            - COALESCE((SELECT sum(x.base_amount) FROM purchase_orders po
                                          JOIN po_receipts x ON x.organization_id = po.organization_id
                                                            AND x.purchase_order_id = po.id
                                         WHERE po.organization_id = $1 AND po.requisition_id = r.id), 0), 0))
          FROM requisitions r
         WHERE r.organization_id = $1 AND r.status IN ('approved', 'po_created')
           AND r.approved_at >= $3 AND r.approved_at < $4
           AND ($5::uuid IS NULL OR r.cost_center_id = $5::uuid)
           AND NOT EXISTS (SELECT 1 FROM purchase_orders po
                            WHERE po.requisition_id = r.id AND po.status = 'received')) AS committed`,
    [
      options.organizationId,
      options.fiscalYear.year,
      options.fiscalYear.start,
      options.fiscalYear.end,
      options.costCenterId ?? null,
    ],
  );
  return {
    allocated: toCents(row?.allocated ?? 0),
    spent: toCents(row?.spent ?? 0),
    committed: toCents(row?.committed ?? 0),
  };
}
