import { QueryTypes, type Sequelize } from 'sequelize';
import { expect } from 'vitest';

/**
 * The maintained counters against the rows they count, for every organisation of the database, in
 * one statement (one snapshot, so tests running beside it cannot make it see half a change):
 * - each key's sum equals the same key recomputed from every row (the triggers lost or doubled no
 *   change);
 * - the queue's keys equal the queue's definition written out the old way (open steps of
 *   requisitions under review, not the caller's own, none of whose levels the caller approved), for
 *   every member, and the requisition and order keys equal plain counts and sums (a cost centre's
 *   reservation: the sum of its requisitions under review; committed: approved requisitions with no
 *   received order, less their orders' receipts).
 * Test files that change requisitions, steps or orders call it after their tests.
 */
export async function expectCountersExact(sequelize: Sequelize): Promise<void> {
  const rows = await sequelize.query<{ organization_id: string; key: string; kept: string; actual: string }>(
    `WITH kept AS (
       SELECT organization_id, key, sum(n) AS n FROM counter_deltas GROUP BY 1, 2),
     recomputed AS (
       SELECT organization_id, key, sum(n) AS n FROM (
         SELECT k.* FROM requisitions r CROSS JOIN LATERAL requisition_counter_keys(r.organization_id, r.id,
           r.status, r.requestor_id, r.cost_center_id, r.approved_at, COALESCE(r.base_total_amount, r.total_amount)) k
         UNION ALL
         SELECT k.* FROM requisitions r CROSS JOIN LATERAL requisition_filter_counter_keys(r.organization_id,
           r.category, r.cost_center_id, r.created_at) k
         UNION ALL
         SELECT k.* FROM purchase_orders po CROSS JOIN LATERAL purchase_order_counter_keys(po.organization_id,
           po.requisition_id, po.status, po.sent_at, po.received_date, po.received_at,
           COALESCE(po.base_total_amount, po.total_amount)) k
         UNION ALL
         SELECT k.* FROM purchase_orders po CROSS JOIN LATERAL purchase_order_vendor_counter_keys(po.organization_id,
           po.vendor_id, po.status, po.sent_at, COALESCE(po.base_total_amount, po.total_amount)) k
         UNION ALL
         SELECT k.* FROM requisitions r CROSS JOIN LATERAL requisition_open_counter_keys(r.organization_id, r.status,
           r.cost_center_id, COALESCE(r.base_total_amount, r.total_amount)) k
         UNION ALL
         SELECT k.* FROM purchase_orders po CROSS JOIN LATERAL purchase_order_open_counter_keys(po.organization_id,
           po.id, po.requisition_id, po.status, COALESCE(po.base_total_amount, po.total_amount)) k
         UNION ALL
         -- spent: receipts of orders not (yet) received, by their day (2026.11.27T10.30.00)
         SELECT x.organization_id, s.key, round(x.base_amount * 100)::bigint FROM po_receipts x
           JOIN purchase_orders po ON po.id = x.purchase_order_id AND po.organization_id = x.organization_id
                                  AND po.status <> 'received'
           CROSS JOIN LATERAL (
             SELECT 'spent:' || to_char(x.received_date, 'YYYY-MM')
             UNION ALL SELECT 'spent:' || r.cost_center_id || ':' || to_char(x.received_date, 'YYYY-MM')
               FROM requisitions r WHERE r.id = po.requisition_id) AS s(key)
         UNION ALL
         SELECT k.* FROM approval_steps s CROSS JOIN LATERAL approval_step_counter_keys(s.organization_id, s.action,
           s.approver_id, s.approver_role_name,
           -- the exclusions recomputed from the history, not read from the column the trigger wrote
           ARRAY(SELECT r.requestor_id FROM requisitions r WHERE r.id = s.requisition_id
                 UNION SELECT COALESCE(p.actioned_by_id, p.approver_id) FROM approval_steps p
                        WHERE p.requisition_id = s.requisition_id AND p.action = 'approve'
                          AND p.superseded_at IS NULL -- an approval an edit voided excludes no one
                          AND COALESCE(p.actioned_by_id, p.approver_id) IS NOT NULL),
           s.actioned_by_id) k
       ) x GROUP BY 1, 2),
     pending AS (
       -- Every member's Pending total as the queue defined it before the counters.
       SELECT m.organization_id, m.user_id, ro.name AS role,
              (SELECT count(*) FROM approval_steps s JOIN requisitions r ON r.id = s.requisition_id
                WHERE s.organization_id = m.organization_id AND s.action IS NULL AND r.status = 'under_review'
                  AND (s.approver_id = m.user_id OR (s.approver_id IS NULL AND s.approver_role_name = ro.name))
                  AND r.requestor_id <> m.user_id
                  AND NOT EXISTS (SELECT 1 FROM approval_steps p WHERE p.requisition_id = s.requisition_id
                                    AND p.action = 'approve' AND p.superseded_at IS NULL
                                    AND COALESCE(p.actioned_by_id, p.approver_id) = m.user_id)
              ) AS n
         FROM user_organizations m JOIN roles ro ON ro.id = m.role_id),
     pending_kept AS (
       SELECT p.organization_id, 'pending:' || p.user_id AS key,
              COALESCE((SELECT sum(n) FROM kept k WHERE k.organization_id = p.organization_id
                          AND k.key IN ('queue:u:' || p.user_id, 'queue:r:' || p.role)), 0)
              - COALESCE((SELECT sum(n) FROM kept k WHERE k.organization_id = p.organization_id
                            AND k.key = 'queue:x:' || p.user_id || ':' || p.role), 0) AS kept,
              p.n AS actual
         FROM pending p),
     plain AS (
       SELECT organization_id, 'req:' || status AS key, count(*) AS n FROM requisitions GROUP BY 1, 2
       UNION ALL SELECT organization_id, 'req', count(*) FROM requisitions GROUP BY 1
       UNION ALL SELECT organization_id, 'req:cat:' || category, count(*) FROM requisitions GROUP BY 1, 2
       UNION ALL SELECT organization_id, 'req:cc:' || cost_center_id, count(*) FROM requisitions GROUP BY 1, 2
       UNION ALL SELECT organization_id, 'req:d:' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD'), count(*)
                   FROM requisitions GROUP BY 1, 2
       UNION ALL SELECT organization_id, 'req:m:' || to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM'), count(*)
                   FROM requisitions GROUP BY 1, 2
       UNION ALL SELECT organization_id, 'reserved:' || cost_center_id,
                        sum(round(COALESCE(base_total_amount, total_amount) * 100))
                   FROM requisitions WHERE status = 'under_review' GROUP BY 1, 2
       -- committed written out: approved requisitions with no received order, less their receipts
       UNION ALL SELECT r.organization_id, c.key,
                        sum(GREATEST(round(COALESCE(r.base_total_amount, r.total_amount) * 100)
                                     - COALESCE(g.cents, 0), 0))
                   FROM requisitions r
                   LEFT JOIN LATERAL (SELECT sum(round(x.base_amount * 100)) AS cents
                                        FROM purchase_orders po JOIN po_receipts x ON x.purchase_order_id = po.id
                                       WHERE po.requisition_id = r.id) g ON true
                   CROSS JOIN LATERAL (VALUES ('committed:' || to_char(r.approved_at AT TIME ZONE 'UTC', 'YYYY-MM')),
                     ('committed:' || r.cost_center_id || ':' || to_char(r.approved_at AT TIME ZONE 'UTC', 'YYYY-MM'))) c(key)
                  WHERE r.status IN ('approved', 'po_created') AND r.approved_at IS NOT NULL
                    AND NOT EXISTS (SELECT 1 FROM purchase_orders p WHERE p.requisition_id = r.id AND p.status = 'received')
                  GROUP BY 1, 2
       UNION ALL SELECT organization_id, 'po:' || status, count(*) FROM purchase_orders GROUP BY 1, 2
       -- open commitments written out: receipts of sent and partly received orders, by cost centre
       UNION ALL SELECT r.organization_id, 'open:received:' || r.cost_center_id, sum(round(x.base_amount * 100))
                   FROM po_receipts x
                   JOIN purchase_orders po ON po.id = x.purchase_order_id AND po.status IN ('sent', 'partially_received')
                   JOIN requisitions r ON r.id = po.requisition_id
                  GROUP BY 1, 2
       -- spend by vendor written out: orders sent and not cancelled, by vendor and the month sent
       UNION ALL SELECT organization_id,
                        'spend:vendor:' || COALESCE(vendor_id::text, 'none') || ':' || to_char(sent_at AT TIME ZONE 'UTC', 'YYYY-MM'),
                        sum(round(COALESCE(base_total_amount, total_amount) * 100))
                   FROM purchase_orders WHERE status IN ('sent', 'partially_received', 'received') AND sent_at IS NOT NULL
                  GROUP BY 1, 2
       UNION ALL SELECT organization_id, 'done:' || actioned_by_id, count(*) FROM approval_steps
                  WHERE action IN ('approve', 'reject', 'request_info', 'delegate') AND actioned_by_id IS NOT NULL
                  GROUP BY 1, 2)
     SELECT organization_id, key, kept::text, actual::text FROM (
       SELECT COALESCE(k.organization_id, r.organization_id) AS organization_id, COALESCE(k.key, r.key) AS key,
              COALESCE(k.n, 0) AS kept, COALESCE(r.n, 0) AS actual
         FROM kept k FULL JOIN recomputed r ON r.organization_id = k.organization_id AND r.key = k.key
       UNION ALL SELECT organization_id, key, kept, actual FROM pending_kept
       UNION ALL SELECT p.organization_id, p.key, COALESCE(k.n, 0), p.n
         FROM plain p LEFT JOIN kept k ON k.organization_id = p.organization_id AND k.key = p.key
     ) all_keys WHERE kept <> actual`,
    { type: QueryTypes.SELECT },
  );
  expect(rows, 'counters that differ from the rows they count').toEqual([]);
}
