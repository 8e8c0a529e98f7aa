/**
 * What a caller without `requisition.view_all` sees of the requisition list (DECISIONS §2): what they
 * raised, or what has an approval step assigned to them, decided by them, delegated by them, or open
 * to their role. Each part is an index lookup (the requestor index, the step indexes by approver,
 * decider, delegator and open group), so the cost follows the caller's own rows rather than the
 * organisation's: probing every requisition of a million for a plain User's few hundred read them all.
 *
 * `u` and `role` are the bind positions of the caller's id and role name; `$1` is the organisation.
 */

/** The steps that show a requisition to the caller (alias `vs`). */
const stepsOf = (u: string, role: string) => `vs.organization_id = $1
       AND (vs.approver_id = ${u} OR vs.actioned_by_id = ${u} OR vs.delegated_from_id = ${u}
            OR (vs.action IS NULL AND vs.approver_id IS NULL AND vs.approver_role_name = ${role}))`;

/** The visible set as a condition on `r`, beside other filters. */
export const visibleIds = (u: string, role: string) => `r.id IN (
    SELECT x.id FROM requisitions x WHERE x.organization_id = $1 AND x.requestor_id = ${u}
    UNION
    SELECT vs.requisition_id FROM approval_steps vs WHERE ${stepsOf(u, role)})`;

/** The whole visible set with each requisition's creation time (a set of a few hundred rows to test a term on). */
export const visibleRows = (u: string, role: string) => `
    SELECT x.id, x.created_at FROM requisitions x WHERE x.organization_id = $1 AND x.requestor_id = ${u}
    UNION
    SELECT x.id, x.created_at FROM approval_steps vs JOIN requisitions x ON x.id = vs.requisition_id
     WHERE ${stepsOf(u, role)}`;

/**
 * The visible set with each requisition's creation time (alias `v`), newest first from each part,
 * at most `first` rows of each (the bind position of the page's offset plus its size): the newest
 * page is among them, read from each part's index in the list's order, so a page costs its depth
 * rather than the caller's whole set. `seek` and `order` are the page's condition and order on `x`.
 */
export const visiblePageRows = (
  u: string,
  role: string,
  seek: string | null,
  order: string,
  first: string,
) => `(
    (SELECT x.id, x.created_at FROM requisitions x
      WHERE x.organization_id = $1 AND x.requestor_id = ${u}${seek ? ` AND ${seek}` : ''}
      ORDER BY ${order} LIMIT ${first})
    UNION
    (SELECT DISTINCT x.id, x.created_at FROM approval_steps vs JOIN requisitions x ON x.id = vs.requisition_id
      WHERE ${stepsOf(u, role)}${seek ? ` AND ${seek}` : ''}
      ORDER BY ${order} LIMIT ${first})) v`;

/**
 * The number of visible requisitions, each part counted up to one past `cap`: what the caller
 * raised, plus the others their steps show (no requisition counted twice, without gathering the set).
 */
export const visibleCountSql = (u: string, role: string, cap: number) =>
  `SELECT (SELECT count(*) FROM (SELECT 1 FROM requisitions x
             WHERE x.organization_id = $1 AND x.requestor_id = ${u} LIMIT ${cap + 1}) own)
        + (SELECT count(*) FROM (SELECT DISTINCT vs.requisition_id FROM approval_steps vs
             JOIN requisitions x ON x.id = vs.requisition_id
            WHERE ${stepsOf(u, role)} AND x.requestor_id <> ${u} LIMIT ${cap + 1}) others)`;

/** From this many step rows, the visible set is too large to gather: it is found walking the list. */
export const LARGE_SET_STEPS = 2000;

/**
 * Whether the caller's steps number more than {@link LARGE_SET_STEPS} (each kind read up to that many
 * by its own index, so the answer costs at most a few thousand index entries): a busy manager's
 * 246,000 decided and open steps made the page and the count of their visible set 1.2 s each at 1M.
 */
export const manyStepsSql = (u: string, role: string) => {
  const upTo = (condition: string) =>
    `(SELECT count(*) FROM (SELECT 1 FROM approval_steps vs WHERE vs.organization_id = $1 AND ${condition}
        LIMIT ${LARGE_SET_STEPS + 1}) k)`;
  return `SELECT ${[
    upTo(`vs.approver_id = ${u}`),
    upTo(`vs.actioned_by_id = ${u}`),
    upTo(`vs.delegated_from_id = ${u}`),
    upTo(`vs.action IS NULL AND vs.approver_id IS NULL AND vs.approver_role_name = ${role}`),
  ].join(' + ')} > ${LARGE_SET_STEPS} AS many`;
};

/**
 * The visible set as a test of each row of `r` (its requestor, or a step of the caller on it, by
 * the steps' requisition index): for a large set, read newest first, where a page is found in a
 * few dozen rows.
 */
export const visibleRow = (u: string, role: string) => `(r.requestor_id = ${u} OR EXISTS (
    SELECT 1 FROM approval_steps vs WHERE vs.requisition_id = r.id AND ${stepsOf(u, role)}))`;

/**
 * The number of visible requisitions for a caller with many steps, counted up to one past `cap`
 * without walking the organisation: when the steps assigned to them, or those they decided, name more
 * than `cap` requisitions (read in requisition order from the steps' (organisation, person,
 * requisition) indexes: about `cap` entries), the set is larger than the cap; otherwise it is
 * gathered ({@link visibleCountSql}: each kind holds at most `cap` requisitions then). Walking the
 * list newest first instead read 40,000 requisitions for a busy manager's 10,000 (0.46 s at 1M), and
 * every requisition of the organisation for a caller who sees fewer than the cap.
 */
export const manyStepsCountSql = (u: string, role: string, cap: number) => {
  const more = (
    column: string,
  ) => `(SELECT count(*) FROM (SELECT DISTINCT vs.requisition_id FROM approval_steps vs
       WHERE vs.organization_id = $1 AND vs.${column} = ${u} ORDER BY vs.requisition_id LIMIT ${cap + 1}) d) > ${cap}`;
  return `SELECT CASE WHEN ${more('approver_id')} OR ${more('actioned_by_id')} THEN ${cap + 1}
    ELSE (${visibleCountSql(u, role, cap)}) END`;
};
