import type { components } from '@purchasing/api-client';
import { select, selectOne } from '../../db-query.js';
import { budgetUtilization, calendarMonthOf, fiscalYearOf } from '../../domain/fiscal-year.js';
import { fromCents } from '../../domain/money.js';
import type { Db, OrganizationScope } from '../../http/context.js';
import { budgetFigures } from '../budgets/budget-figures.js';

type Organization = components['schemas']['Organization'];
type OrganizationSummary = components['schemas']['OrganizationSummary'];
type CostCenter = components['schemas']['CostCenter'];
type GlAccount = components['schemas']['GlAccount'];

const money = (value: string | number | null): number => Math.round(Number(value ?? 0) * 100) / 100;

/** Organisations in which the user has an active membership, by name. */
export async function listOrganizations(db: Db, userId: string): Promise<Organization[]> {
  return select<Organization>(
    db,
    `SELECT o.id, o.name, o.code, o.address, o.phone, o.website, o.fiscal_year_start, o.fiscal_year_end,
            o.currency, o.settings
       FROM organizations o
       JOIN user_organizations m ON m.organization_id = o.id AND m.user_id = $1 AND m.is_active
      WHERE o.is_active
      ORDER BY o.name`,
    [userId],
  );
}

/**
 * The dashboard's four figures (DECISIONS §5): open approval steps waiting for the caller, the
 * caller's requisitions, orders sent this calendar month, and (spent + committed) / allocated for
 * the current fiscal year.
 */
export async function organizationSummary(
  db: Db,
  scope: OrganizationScope,
  userId: string,
  now = new Date(),
): Promise<OrganizationSummary> {
  const org = await selectOne<{ fiscal_year_start: number }>(
    db,
    'SELECT fiscal_year_start FROM organizations WHERE id = $1',
    [scope.organizationId],
  );
  const fiscalYear = fiscalYearOf(now, org?.fiscal_year_start ?? 1);
  const month = calendarMonthOf(now);
  const row = await selectOne<{
    pending_approvals: string;
    my_requisitions: string;
    month_spend: string | null;
  }>(
    db,
    `SELECT
       (SELECT count(DISTINCT s.requisition_id)
          FROM approval_steps s JOIN requisitions r ON r.id = s.requisition_id
         WHERE s.organization_id = $1 AND s.action IS NULL AND r.status = 'under_review'
           AND (s.approver_id = $2 OR (s.approver_id IS NULL AND s.approver_role_name = $3))
           -- like the approval queue: nobody decides two levels of a requisition
           AND NOT EXISTS (SELECT 1 FROM approval_steps p
                            WHERE p.requisition_id = s.requisition_id AND p.action = 'approve'
                              AND COALESCE(p.actioned_by_id, p.approver_id) = $2)
           AND r.requestor_id <> $2) AS pending_approvals,
       (SELECT count(*) FROM requisitions WHERE organization_id = $1 AND requestor_id = $2) AS my_requisitions,
       (SELECT sum(total_amount) FROM purchase_orders
         WHERE organization_id = $1 AND status IN ('sent', 'received') AND sent_at >= $4 AND sent_at < $5) AS month_spend`,
    [scope.organizationId, userId, scope.roleName, month.start, month.end],
  );
  const budget = await budgetFigures(db, { organizationId: scope.organizationId, fiscalYear });
  return {
    pending_approvals: Number(row?.pending_approvals ?? 0),
    my_requisitions: Number(row?.my_requisitions ?? 0),
    total_spend_this_month: money(row?.month_spend ?? 0),
    budget_utilization: budgetUtilization(
      fromCents(budget.allocated),
      fromCents(budget.spent),
      fromCents(budget.committed),
    ),
  };
}

/** Active cost centres of the organisation, by code. */
export function listCostCenters(db: Db, organizationId: string): Promise<CostCenter[]> {
  return select<CostCenter>(
    db,
    'SELECT id, code, name FROM cost_centers WHERE organization_id = $1 AND is_active ORDER BY code',
    [organizationId],
  );
}

/** Active GL accounts of the organisation, by code. */
export function listGlAccounts(db: Db, organizationId: string): Promise<GlAccount[]> {
  return select<GlAccount>(
    db,
    'SELECT id, code, name FROM gl_accounts WHERE organization_id = $1 AND is_active ORDER BY code',
    [organizationId],
  );
}
