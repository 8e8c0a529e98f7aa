import type { components } from '@purchasing/contract';
import { likePattern } from '../../db-query.js';
import { unindexedMatch } from './requisition-search.js';
import { visibleIds } from './requisition-visible.js';
import type { Actor } from './requisitions.service.js';

type RequisitionStatus = components['schemas']['RequisitionStatus'];
type RequisitionCategory = components['schemas']['RequisitionCategory'];

/** Filters and page of the requisition list (`listRequisitions` query). */
export interface RequisitionFilter {
  search?: string | undefined;
  status?: RequisitionStatus[] | undefined;
  category?: RequisitionCategory[] | undefined;
  cost_center_id?: string[] | undefined;
  date_from?: string | undefined;
  date_to?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
  cursor?: string | undefined;
}

/** The conditions on `requisitions r` that decide which rows the list holds (without the search term). */
export interface RequisitionConditions {
  /** `r.organization_id = $1` first, then the caller's visibility (when limited), then the filters. */
  where: string[];
  /** The bind positions of the caller's id and role when they see part of the organisation, else null. */
  caller: [u: string, role: string] | null;
  /** Every filter is an equality, so an (organisation, column, date) index answers in the list's order. */
  ordered: boolean;
}

/**
 * The rules of the requisition list (DECISIONS §2), shared by the list and its export: the
 * organisation (bound at `$1`), what the caller may see (everything with `requisition.view_all`,
 * otherwise {@link visibleIds}) and the filters; `param` binds a value and answers its position.
 */
export function requisitionConditions(
  actor: Actor,
  filter: RequisitionFilter,
  param: (value: unknown) => string,
): RequisitionConditions {
  const where = ['r.organization_id = $1'];
  let caller: [u: string, role: string] | null = null;
  if (!actor.scope.permissions.has('requisition.view_all')) {
    caller = [param(actor.userId), param(actor.scope.roleName)];
    where.push(visibleIds(...caller));
  }
  // One value as an equality: an (organisation, column, date) index then answers in the list's order
  // (`= ANY` of a one-element array reads every match and sorts them).
  let ordered = true;
  const oneOrAny = (column: string, values: readonly string[], type: string) => {
    if (values.length === 1) return `${column} = ${param(values[0])}`;
    ordered = false;
    return `${column} = ANY(${param(values)}::${type}[])`;
  };
  if (filter.status?.length) where.push(oneOrAny('r.status', filter.status, 'text'));
  if (filter.category?.length) where.push(oneOrAny('r.category', filter.category, 'text'));
  if (filter.cost_center_id?.length) where.push(oneOrAny('r.cost_center_id', filter.cost_center_id, 'uuid'));
  // Dates are calendar days in UTC, both ends inclusive.
  if (filter.date_from)
    where.push(`r.created_at >= (${param(filter.date_from)}::date)::timestamp AT TIME ZONE 'UTC'`);
  if (filter.date_to)
    where.push(`r.created_at < (${param(filter.date_to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
  return { where, caller, ordered };
}

/**
 * What `search` matches on a requisition `r` (its number, justification, requestor's name or email),
 * tested row by row: the list answers the same rows from its indexes when it can.
 */
export const searchCondition = (search: string, param: (value: unknown) => string) =>
  unindexedMatch('r', param(likePattern(search)));
