import type { components } from '@purchasing/api-client';
import { select, selectOne } from '../../db-query.js';
import { budgetUtilization, calendarMonthOf, fiscalYearOf } from '../../domain/fiscal-year.js';
import type { Db, OrganizationScope } from '../../http/context.js';

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
    allocated: string | null;
    spent: string | null;
    committed: string | null;
  }>(
    db,
    `SELECT
       (SELECT count(DISTINCT s.requisition_id)
          FROM approval_steps s JOIN requisitions r ON r.id = s.requisition_id
         WHERE s.organization_id = $1 AND s.action IS NULL AND r.status = 'under_review'
           AND (s.approver_id = $2 OR (s.approver_id IS NULL AND s.approver_role_name = $3))
           AND r.requestor_id <> $2) AS pending_approvals,
       (SELECT count(*) FROM requisitions WHERE organization_id = $1 AND requestor_id = $2) AS my_requisitions,
       (SELECT sum(total_amount) FROM purchase_orders
         WHERE organization_id = $1 AND status IN ('sent', 'received') AND sent_at >= $4 AND sent_at < $5) AS month_spend,
       (SELECT sum(allocated_amount) FROM budgets WHERE organization_id = $1 AND fiscal_year = $6) AS allocated,
       (SELECT sum(total_amount) FROM purchase_orders
         WHERE organization_id = $1 AND status = 'received'
           AND COALESCE(received_date::timestamptz, received_at) >= $7 AND COALESCE(received_date::timestamptz, received_at) < $8) AS spent,
       (SELECT sum(r.total_amount) FROM requisitions r
         WHERE r.organization_id = $1 AND r.status IN ('approved', 'po_created')
           AND r.approved_at >= $7 AND r.approved_at < $8
           AND NOT EXISTS (SELECT 1 FROM purchase_orders po
                            WHERE po.requisition_id = r.id AND po.status = 'received')) AS committed`,
    [
      scope.organizationId,
      userId,
      scope.roleName,
      month.start,
      month.end,
      fiscalYear.year,
      fiscalYear.start,
      fiscalYear.end,
    ],
  );
  return {
    pending_approvals: Number(row?.pending_approvals ?? 0),
    my_requisitions: Number(row?.my_requisitions ?? 0),
    total_spend_this_month: money(row?.month_spend ?? 0),
    budget_utilization: budgetUtilization(
      money(row?.allocated ?? 0),
      money(row?.spent ?? 0),
      money(row?.committed ?? 0),
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
