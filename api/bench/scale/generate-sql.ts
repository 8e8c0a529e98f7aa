/**
 * The set-based SQL of the scale generator: one `INSERT … SELECT` per table over work tables in the
 * schema `scale_work` (unlogged, dropped at the end), so that a million requisitions take minutes,
 * not the hours of row-by-row inserts. Work tables live in a schema of their own rather than as
 * temporary tables so that two connections can fill different tables at the same time.
 *
 * What the rows mean follows the application (requisitions.service.ts `submitLocked`,
 * requisition-routing.ts `recordRoute`, approvals.service.ts `actOnRequisition`, the purchase-orders
 * feature): a submitted requisition has one approval step per level its total reaches (default
 * policy: manager, then department head from 5,000, the Finance Manager group from 25,000, the
 * General Manager group from 100,000), decided in order; at most one step is open (action NULL), and
 * only while the requisition is under review; numbers are `REQ-<year>-<nnnnn>` per organisation and
 * UTC year of creation, in creation order, with `number_sequences` holding the last one.
 */
import {
  APPROVE_COMMENTS,
  FREE_LINES,
  INFO_COMMENTS,
  JUSTIFICATION_OBJECTS,
  JUSTIFICATION_OPENINGS,
  JUSTIFICATION_REASONS,
  REJECT_COMMENTS,
  sqlTextArray,
} from './vocabulary.js';

/** Shares of each status (cumulative thresholds below). */
export const STATUS_SHARES = {
  draft: 0.06,
  under_review: 0.055,
  info_requested: 0.01,
  approved: 0.1,
  po_created: 0.675,
  rejected: 0.06,
  cancelled: 0.04,
} as const;

/** Of the large organisation's requisitions under review, the share waiting for its busy manager. */
export const BUSY_SHARE = 0.92;

const statusCase = (u: string) => {
  let acc = 0;
  const arms = Object.entries(STATUS_SHARES).map(([status, share]) => {
    acc += share;
    return `WHEN ${u} < ${acc.toFixed(4)} THEN '${status}'`;
  });
  return `CASE ${arms.slice(0, -1).join(' ')} ELSE 'cancelled' END`;
};

/** Picks one element of a text array from a uniform draw in [0, 1). */
const pick = (values: readonly string[], u: string) =>
  `(${sqlTextArray(values)})[1 + floor(${u} * ${values.length})::int]`;

/** A second, independent-looking draw from the same uniform one. */
const redraw = (u: string, factor: number) => `((${u} * ${factor}) - floor(${u} * ${factor}))`;

/** Work tables that describe every requisition before anything is written to the real tables. */
export const PLAN_SQL = [
  // One row per requisition with its random draws (OFFSET 0 keeps each draw evaluated once).
  `CREATE UNLOGGED TABLE scale_work.draw AS
   SELECT o.org_idx, g AS n, random() AS u_status, random() AS u_time, random() AS u_req, random() AS u_busy,
          random() AS u_cc, random() AS u_gl, random() AS u_lines, random() AS u_cat, random() AS u_j,
          random() AS u_level, random() AS u_gap, random() AS u_po, random() AS u_vendor, random() AS u_fm,
          random() AS u_comment, random() AS u_delivery
     FROM scale_work.org o CROSS JOIN LATERAL generate_series(1, o.n_req) AS g`,
  // Indexes into the organisation's lists are plain integer columns, so the joins below are
  // estimated (an expression in a join condition makes the planner guess one row and loop).
  `CREATE UNLOGGED TABLE scale_work.req AS
   SELECT d.org_idx, d.n, d.u_level, d.u_gap, d.u_po, d.u_comment, d.u_delivery,
          gen_random_uuid() AS id, s.status,
          floor(d.u_cc * o.n_cc)::int AS cc_k, floor(d.u_gl * o.n_gl)::int AS gl_k,
          floor(d.u_vendor * o.n_vendor)::int AS vendor_k, floor(d.u_fm * o.n_fm)::int AS fm_k,
          CASE WHEN s.stock THEN 0
               ELSE floor(d.u_req * CASE WHEN b.busy THEN o.n_busy WHEN s.status = 'under_review' THEN o.n_other
                                         ELSE o.n_requestors END)::int END AS req_k,
          -- Open work is recent; closed requisitions spread over five years, more of them lately.
          CASE WHEN s.status IN ('draft', 'under_review', 'info_requested')
               THEN now() - interval '120 days' * d.u_time
               ELSE now() - interval '1 day' - interval '1825 days' * (1 - sqrt(d.u_time)) END AS created_at,
          b.busy,
          CASE WHEN s.stock THEN 'stock' WHEN b.busy THEN 'busy' WHEN s.status = 'under_review' THEN 'other'
               ELSE 'all' END AS pool,
          CASE WHEN d.u_cat < 0.55 THEN 'standard' WHEN d.u_cat < 0.70 THEN 'services'
               WHEN d.u_cat < 0.82 THEN 'maintenance' WHEN d.u_cat < 0.90 THEN 'freight'
               WHEN d.u_cat < 0.96 THEN 'utilities' ELSE 'capital' END AS category,
          ${pick(JUSTIFICATION_OPENINGS, 'd.u_j')} || ' ' || ${pick(JUSTIFICATION_OBJECTS, redraw('d.u_j', 97))}
            || ' ' || ${pick(JUSTIFICATION_REASONS, redraw('d.u_j', 9973))} AS justification,
          1 + (d.u_lines > 0.5)::int + (d.u_lines > 0.8)::int AS line_count
     FROM scale_work.draw d
     JOIN scale_work.org o USING (org_idx)
     -- The first n_stock requisitions of the large organisation are the bench submitter's drafts.
     CROSS JOIN LATERAL (SELECT d.n <= o.n_stock AS stock,
                                CASE WHEN d.n <= o.n_stock THEN 'draft' ELSE ${statusCase('d.u_status')} END AS status) s
     CROSS JOIN LATERAL (SELECT s.status = 'under_review' AND o.n_busy > 0 AND d.u_busy < ${BUSY_SHARE} AS busy) b`,
  // Lines: a catalogue product at its price (85%), or a free-text service line.
  `CREATE UNLOGGED TABLE scale_work.line AS
   SELECT x.org_idx, x.requisition_id, x.position, x.created_at, p.id AS product_id,
          COALESCE(p.name, ${pick(FREE_LINES, 'x.u_prod')}) AS description,
          COALESCE(p.unit, CASE WHEN x.u_qty < 0.5 THEN 'hours' ELSE 'each' END) AS unit,
          q.price_cents, q.quantity,
          (q.price_cents * q.quantity + 5) / 10 AS tax_cents,
          q.price_cents * q.quantity + (q.price_cents * q.quantity + 5) / 10 AS total_cents
     FROM (SELECT r.org_idx, r.id AS requisition_id, pos - 1 AS position, r.created_at, o.n_product,
                  random() AS u_prod, random() AS u_qty, random() AS u_free
             FROM scale_work.req r JOIN scale_work.org o USING (org_idx)
            CROSS JOIN LATERAL generate_series(1, r.line_count) AS pos OFFSET 0) x
    CROSS JOIN LATERAL (SELECT CASE WHEN x.u_free >= 0.15 THEN floor(x.u_prod * x.n_product)::int END AS k) pk
     LEFT JOIN scale_work.product p ON p.org_idx = x.org_idx AND p.k = pk.k
     CROSS JOIN LATERAL (SELECT COALESCE(p.price_cents, 8000 + floor(x.u_prod * 600000)::bigint) AS price_cents) c
     CROSS JOIN LATERAL (
       SELECT c.price_cents,
              CASE WHEN c.price_cents < 10000 THEN 1 + floor(x.u_qty * 40)::int
                   WHEN c.price_cents < 100000 THEN 1 + floor(x.u_qty * 8)::int
                   ELSE 1 + floor(x.u_qty * 2)::int END AS quantity) q`,
  // Totals, approval levels, the level decided last, the number, timestamps and who is involved.
  `CREATE UNLOGGED TABLE scale_work.plan AS
   SELECT r.org_idx, r.id, r.status, r.category, r.justification, r.created_at, r.busy,
          r.u_level, r.u_po, r.u_comment, r.u_gap,
          t.total_cents, lv.levels,
          CASE WHEN r.status = 'draft' THEN 0
               WHEN r.status IN ('approved', 'po_created') THEN lv.levels + 1
               WHEN r.busy THEN 1
               ELSE 1 + floor(r.u_level * lv.levels)::int END AS decided_level,
          extract(year FROM r.created_at AT TIME ZONE 'UTC')::int AS year, num.number,
          sp.span,
          CASE WHEN r.status <> 'draft' THEN r.created_at + sp.span * 0.1 * r.u_gap END AS submitted_at,
          u.user_id AS requestor_id, u.manager_id, u.head_id, u.dept_id, cc.id AS cost_center_id,
          gl.id AS gl_account_id, fm.user_id AS fm_id, o.gm_id, v.id AS vendor_id,
          CASE WHEN r.u_delivery < 0.8 THEN (r.created_at + interval '1 day' * (7 + floor(r.u_delivery * 60)))::date END
            AS delivery_date,
          o.address AS shipping_address
     FROM scale_work.req r
     JOIN scale_work.org o USING (org_idx)
     JOIN (SELECT requisition_id, sum(total_cents) AS total_cents FROM scale_work.line GROUP BY 1) t
       ON t.requisition_id = r.id
     -- Numbered in creation order per organisation and year; sorted narrow, then joined.
     JOIN (SELECT id, row_number() OVER (PARTITION BY org_idx, extract(year FROM created_at AT TIME ZONE 'UTC')
                                         ORDER BY created_at, id) AS number
             FROM scale_work.req) num ON num.id = r.id
     CROSS JOIN LATERAL (SELECT 1 + (t.total_cents >= 500000)::int + (t.total_cents >= 2500000)::int
                                  + (t.total_cents >= 10000000)::int AS levels) lv
     CROSS JOIN LATERAL (SELECT LEAST(interval '20 days', (now() - r.created_at) / 2) AS span) sp
     JOIN scale_work.req_user u ON u.org_idx = r.org_idx AND u.pool = r.pool AND u.k = r.req_k
     JOIN scale_work.ref cc ON cc.kind = 'cc' AND cc.org_idx = r.org_idx AND cc.k = r.cc_k
     JOIN scale_work.ref gl ON gl.kind = 'gl' AND gl.org_idx = r.org_idx AND gl.k = r.gl_k
     JOIN scale_work.ref v ON v.kind = 'vendor' AND v.org_idx = r.org_idx AND v.k = r.vendor_k
     JOIN scale_work.fm fm ON fm.org_idx = r.org_idx AND fm.k = r.fm_k`,
];

/**
 * A document number as the app formats it (`formatDocumentNumber`: at least five digits). Not
 * `lpad(n, 5, '0')`, which cuts a longer number down to five characters.
 */
const documentNumber = (kind: 'REQ' | 'PO', year: string, n: string) =>
  `format('${kind}-%s-%s', ${year}, CASE WHEN ${n} < 10000 THEN lpad((${n})::text, 5, '0') ELSE (${n})::text END)`;

/** When the step of `level` (a SQL expression) was decided: a fraction of the plan's span after submission. */
const actedAt = (level: string) => `(p.submitted_at + p.span * (0.15 + 0.2 * ${level}))`;

/** The requisition's own timestamps. */
const APPROVED_AT = `CASE WHEN p.status IN ('approved', 'po_created') THEN ${actedAt('p.levels')} END`;
const DECIDED_AT = actedAt('p.decided_level');
const PO_CREATED_AT = `(${actedAt('p.levels')} + p.span * 0.02)`;

export const INSERT_REQUISITIONS = `
  INSERT INTO requisitions (id, organization_id, requisition_number, status, category, justification,
      delivery_date, shipping_address, notes, total_amount, currency, requestor_id, cost_center_id, gl_account_id,
      department_id, submitted_at, approved_at, rejected_at, cancelled_at, created_at, updated_at, exchange_rate)
  SELECT p.id, o.id, ${documentNumber('REQ', 'p.year', 'p.number')}, p.status, p.category,
         p.justification, p.delivery_date, p.shipping_address, NULL, p.total_cents / 100.0, 'AUD', p.requestor_id,
         p.cost_center_id, p.gl_account_id, p.dept_id, p.submitted_at, ${APPROVED_AT},
         CASE WHEN p.status = 'rejected' THEN ${DECIDED_AT} END,
         CASE WHEN p.status = 'cancelled' THEN ${DECIDED_AT} + p.span * 0.05 END,
         p.created_at,
         CASE p.status WHEN 'draft' THEN p.created_at
                       WHEN 'under_review' THEN ${actedAt('(p.decided_level - 1)')}
                       WHEN 'po_created' THEN ${PO_CREATED_AT}
                       WHEN 'cancelled' THEN ${DECIDED_AT} + p.span * 0.05
                       WHEN 'approved' THEN ${APPROVED_AT}
                       ELSE ${DECIDED_AT} END,
         -- Everything is in the organisations' base currency: submitted ones froze the rate 1.
         CASE WHEN p.submitted_at IS NOT NULL THEN 1 END
    FROM scale_work.plan p JOIN scale_work.org o USING (org_idx)
   ORDER BY p.created_at`;

export const INSERT_LINES = `
  INSERT INTO requisition_line_items (organization_id, requisition_id, position, product_id, description, quantity,
      unit_price, unit_of_measure, notes, currency, tax_amount, total_amount, created_at, updated_at)
  SELECT o.id, l.requisition_id, l.position, l.product_id, l.description, l.quantity, l.price_cents / 100.0,
         l.unit, NULL, 'AUD', l.tax_cents / 100.0, l.total_cents / 100.0, l.created_at, l.created_at
    FROM scale_work.line l JOIN scale_work.org o USING (org_idx)
   ORDER BY l.created_at, l.requisition_id, l.position`;

/**
 * Steps of round 1: levels below the decided one approved, the decided one open (under review),
 * rejected, or answered with a request for information (info_requested, and cancelled afterwards).
 * Person levels go to the requestor's manager and department head; group levels stay with their
 * role name, and name who acted once decided (as `actOnRequisition` writes them).
 */
export const INSERT_STEPS = `
  INSERT INTO approval_steps (organization_id, requisition_id, round, approval_level, level_title, approver_id,
      approver_role_name, action, comments, actioned_at, actioned_by_id, created_at, excluded_user_ids)
  SELECT o.id, p.id, 1, j,
         (ARRAY['Manager Approval', 'Department Head Approval', 'Finance Manager Approval',
                'General Manager Approval'])[j],
         who.approver_id, CASE j WHEN 3 THEN 'Finance Manager' WHEN 4 THEN 'General Manager' END,
         a.action,
         CASE a.action WHEN 'reject' THEN ${pick(REJECT_COMMENTS, 'p.u_comment')}
                       WHEN 'request_info' THEN ${pick(INFO_COMMENTS, 'p.u_comment')}
                       WHEN 'approve' THEN CASE WHEN p.u_comment < 0.3
                                                THEN ${pick(APPROVE_COMMENTS, redraw('p.u_comment', 31))} END END,
         CASE WHEN a.action IS NOT NULL THEN ${actedAt('j')} END,
         CASE WHEN a.action IS NOT NULL THEN who.approver_id END,
         CASE WHEN j = 1 THEN p.submitted_at ELSE ${actedAt('(j - 1)')} END,
         -- Who may not decide an open step (the requestor and the approvers of the levels below),
         -- written here set-based rather than by the row trigger's lookups (the migration's rule).
         CASE WHEN a.action IS NULL THEN ARRAY(
           SELECT DISTINCT x FROM unnest(ARRAY[p.requestor_id, CASE WHEN j > 1 THEN p.manager_id END,
                                               CASE WHEN j > 2 THEN p.head_id END,
                                               CASE WHEN j > 3 THEN p.fm_id END]) AS x
            WHERE x IS NOT NULL) ELSE '{}'::uuid[] END
    FROM scale_work.plan p
    JOIN scale_work.org o USING (org_idx)
   CROSS JOIN LATERAL generate_series(1, LEAST(p.decided_level, p.levels)) AS j
   CROSS JOIN LATERAL (
     SELECT CASE WHEN j < p.decided_level THEN 'approve'
                 WHEN p.status = 'under_review' THEN NULL
                 WHEN p.status = 'rejected' THEN 'reject'
                 ELSE 'request_info' END AS action) a
   CROSS JOIN LATERAL (
     SELECT CASE j WHEN 1 THEN p.manager_id WHEN 2 THEN p.head_id
                   ELSE CASE WHEN a.action IS NULL THEN NULL WHEN j = 3 THEN p.fm_id ELSE p.gm_id END
            END AS approver_id) who
   ORDER BY 12`;

/** One order per po_created requisition: received, partly received, sent or still a draft. */
export const INSERT_PURCHASE_ORDERS = `
  INSERT INTO purchase_orders (organization_id, po_number, requisition_id, vendor_id, status, total_amount,
      currency, delivery_date, payment_terms, notes, shipping_address, billing_address, sent_at, received_at,
      received_date, created_by_id, created_at, updated_at, exchange_rate)
  SELECT o.id,
         ${documentNumber('PO', 'x.year', 'row_number() OVER (PARTITION BY x.org_idx, x.year ORDER BY x.created_at, x.id)')},
         x.id, x.vendor_id, x.status, x.total_cents / 100.0, 'AUD', x.delivery_date,
         (ARRAY['Net 30', 'Net 30', 'Net 30', 'Net 15', 'Net 45', 'Net 60', 'Due on Receipt', 'COD'])
           [1 + floor(${redraw('x.u_po', 53)} * 8)::int],
         NULL, x.shipping_address, 'Accounts Payable, ' || o.name || ', ' || o.address,
         CASE WHEN x.status IN ('sent', 'partially_received', 'received') THEN x.created_at + x.span * 0.01 END,
         CASE WHEN x.status = 'received' THEN x.created_at + x.span * 0.06 END,
         CASE WHEN x.status = 'received' THEN ((x.created_at + x.span * 0.06) AT TIME ZONE 'UTC')::date END,
         x.fm_id, x.created_at,
         CASE x.status WHEN 'received' THEN x.created_at + x.span * 0.06
                       WHEN 'sent' THEN x.created_at + x.span * 0.01
                       WHEN 'partially_received' THEN x.created_at + x.span * 0.01 ELSE x.created_at END,
         1
    FROM (SELECT p.*, ${PO_CREATED_AT} AS po_created,
                 CASE WHEN p.u_po < 0.70 THEN 'received' WHEN p.u_po < 0.78 THEN 'partially_received'
                      WHEN p.u_po < 0.92 THEN 'sent' ELSE 'draft' END AS po_status
            FROM scale_work.plan p WHERE p.status = 'po_created') p0
   CROSS JOIN LATERAL (SELECT p0.org_idx, p0.id, p0.vendor_id, p0.po_status AS status, p0.total_cents,
                              p0.delivery_date, p0.shipping_address, p0.fm_id, p0.span, p0.u_po,
                              p0.po_created AS created_at,
                              extract(year FROM p0.po_created AT TIME ZONE 'UTC')::int AS year) x
    JOIN scale_work.org o ON o.org_idx = x.org_idx
   ORDER BY x.created_at`;

/**
 * The order's lines copy the requisition's, as `createPurchaseOrder` does. A received order's lines are
 * received in full; a partly received order's lines half (rounded down: a line of one unit, none).
 */
export const INSERT_PO_LINES = `
  INSERT INTO po_line_items (organization_id, purchase_order_id, position, requisition_line_item_id, product_id,
      description, quantity, unit_price, unit_of_measure, notes, currency, tax_amount, total_amount,
      created_at, updated_at, quantity_received)
  SELECT po.organization_id, po.id, li.position, li.id, li.product_id, li.description, li.quantity, li.unit_price,
         li.unit_of_measure, li.notes, li.currency, li.tax_amount, li.total_amount, po.created_at, po.created_at,
         CASE po.status WHEN 'received' THEN li.quantity WHEN 'partially_received' THEN li.quantity / 2 ELSE 0 END
    FROM purchase_orders po JOIN requisition_line_items li ON li.requisition_id = po.requisition_id
   ORDER BY po.created_at, li.position`;

/**
 * The receipts behind the received quantities, as `recordReceipt` writes them (run once the indexes are
 * back: the receipts' counting trigger looks up each requisition's orders).
 *
 * 1. A partly received order none of whose lines could be halved (one unit each) is only sent.
 * 2. Each received order: one receipt of its whole total on its received day, a line per order line.
 *    The receipts' insert trigger is off: for a received order it counts
 *    nothing (its spent is the order's own key, and a requisition with a received order counts no
 *    committed), and with it on, each receipt's requisition would be looked up for nothing.
 * 3. Each partly received order: one receipt three days after it was sent (not after now) of the
 *    received quantities' worth (units × price plus the tax in proportion, `receivedValueCents`) at the
 *    order's rate. The trigger stays off here too (on, it took more than 13 minutes for 60,000 orders
 *    at 1M): the counters it would write follow in one statement, the same keys and amounts: the
 *    receipt's base amount in spent on its day, and taken off its requisition's committed (one order
 *    per requisition and one receipt per order, so the requisition's committed falls by the receipt,
 *    never below zero). `expectCountersExact` checks them against the rows.
 */
export const RECEIPT_SQL = [
  `UPDATE purchase_orders po SET status = 'sent'
    WHERE po.status = 'partially_received'
      AND NOT EXISTS (SELECT 1 FROM po_line_items li
                       WHERE li.organization_id = po.organization_id AND li.purchase_order_id = po.id
                         AND li.quantity_received > 0)`,
  'ALTER TABLE po_receipts DISABLE TRIGGER po_receipts_count_insert',
  `WITH r AS (
     INSERT INTO po_receipts (organization_id, purchase_order_id, received_date, received_by_id, amount, base_amount,
                              created_at)
     SELECT po.organization_id, po.id, po.received_date, po.created_by_id, po.total_amount,
            COALESCE(po.base_total_amount, po.total_amount), po.received_at
       FROM purchase_orders po WHERE po.status = 'received'
     RETURNING organization_id, id, purchase_order_id)
   INSERT INTO po_receipt_lines (organization_id, receipt_id, po_line_item_id, quantity)
   SELECT r.organization_id, r.id, li.id, li.quantity_received
     FROM r JOIN po_line_items li ON li.organization_id = r.organization_id AND li.purchase_order_id = r.purchase_order_id`,
  `WITH r AS (
     INSERT INTO po_receipts (organization_id, purchase_order_id, received_date, received_by_id, amount, base_amount,
                              created_at)
     SELECT po.organization_id, po.id, (t.at AT TIME ZONE 'UTC')::date, po.created_by_id, v.amount,
            round(v.amount * COALESCE(po.exchange_rate, 1), 2), t.at
       FROM purchase_orders po
      CROSS JOIN LATERAL (SELECT LEAST(po.sent_at + interval '3 days', now()) AS at) t
      CROSS JOIN LATERAL (
        SELECT sum(li.quantity_received * li.unit_price
                   + round(li.tax_amount * li.quantity_received / li.quantity, 2)) AS amount
          FROM po_line_items li
         WHERE li.organization_id = po.organization_id AND li.purchase_order_id = po.id
           AND li.quantity_received > 0) v
      WHERE po.status = 'partially_received'
     RETURNING organization_id, id, purchase_order_id)
   INSERT INTO po_receipt_lines (organization_id, receipt_id, po_line_item_id, quantity)
   SELECT r.organization_id, r.id, li.id, li.quantity_received
     FROM r JOIN po_line_items li ON li.organization_id = r.organization_id AND li.purchase_order_id = r.purchase_order_id
    WHERE li.quantity_received > 0`,
  'ALTER TABLE po_receipts ENABLE TRIGGER po_receipts_count_insert',
  `INSERT INTO counter_deltas (organization_id, key, n)
   SELECT d.organization_id, d.key, sum(d.n) FROM (
     SELECT x.organization_id, s.key, round(x.base_amount * 100)::bigint AS n
       FROM po_receipts x
       JOIN purchase_orders po ON po.organization_id = x.organization_id AND po.id = x.purchase_order_id
       JOIN requisitions r ON r.organization_id = po.organization_id AND r.id = po.requisition_id
      CROSS JOIN LATERAL (VALUES ('spent:' || to_char(x.received_date, 'YYYY-MM')),
                                 ('spent:' || r.cost_center_id || ':' || to_char(x.received_date, 'YYYY-MM'))) AS s(key)
      WHERE po.status = 'partially_received'
     UNION ALL
     SELECT x.organization_id, c.key,
            -LEAST(round(x.base_amount * 100)::bigint, round(COALESCE(r.base_total_amount, r.total_amount) * 100)::bigint)
       FROM po_receipts x
       JOIN purchase_orders po ON po.organization_id = x.organization_id AND po.id = x.purchase_order_id
       JOIN requisitions r ON r.organization_id = po.organization_id AND r.id = po.requisition_id
      CROSS JOIN LATERAL (VALUES ('committed:' || to_char(r.approved_at AT TIME ZONE 'UTC', 'YYYY-MM')),
                                 ('committed:' || r.cost_center_id || ':' || to_char(r.approved_at AT TIME ZONE 'UTC', 'YYYY-MM'))) AS c(key)
      WHERE po.status = 'partially_received' AND r.status IN ('approved', 'po_created') AND r.approved_at IS NOT NULL
   ) d
   GROUP BY 1, 2 HAVING sum(d.n) <> 0`,
];

/**
 * The history chain (migration `2026.11.27T10.20.00.history-chain`) of the generated audit trail, in
 * one pass: the trail is inserted with the chain's row trigger off, then each organisation's entries
 * are hashed in the order they happened (as the migration's backfill orders them), the previous hash
 * carried in a variable, and its head written once. That migration's row trigger updated the head
 * row once per entry: within one transaction every update leaves a version of that row behind, and
 * finding the live one walks them all, so a million entries took hours (the loop below is linear).
 * Since `2026.11.28T05.00.00.history-chain-per-statement` the trigger is per statement and linear too;
 * the generator keeps its own pass (docs/benchmarks.md "History chain in one statement").
 */
export const AUDIT_CHAIN_OFF = 'ALTER TABLE audit_logs DISABLE TRIGGER audit_logs_chain';
export const AUDIT_CHAIN_ON = 'ALTER TABLE audit_logs ENABLE TRIGGER audit_logs_chain';
export const INSERT_AUDIT_CHAIN = `
  DO $$
    DECLARE
      e audit_logs%ROWTYPE;
      org uuid := NULL;
      seq bigint := 0;
      prev text := repeat('0', 64);
      hash text;
      comment_text text;
    BEGIN
      FOR e IN SELECT * FROM audit_logs WHERE entity_type = 'requisition' ORDER BY organization_id, created_at, id LOOP
        IF org IS DISTINCT FROM e.organization_id THEN
          IF org IS NOT NULL THEN
            INSERT INTO audit_chain_heads (organization_id, last_sequence, last_hash) VALUES (org, seq, prev);
          END IF;
          org := e.organization_id;
          seq := 0;
          prev := repeat('0', 64);
        END IF;
        seq := seq + 1;
        comment_text := COALESCE(e.comment, e.metadata->>'comment');
        hash := encode(sha256(convert_to(audit_chain_canonical(e.organization_id, seq, prev, e.id, e.entity_id,
          e.action, e.actor_id, e.from_status, e.to_status, comment_text, e.created_at), 'UTF8')), 'hex');
        INSERT INTO audit_chain_entries (organization_id, sequence, prev_hash, entry_hash, audit_log_id,
          requisition_id, action, actor_id, from_status, to_status, comment, occurred_at)
        VALUES (e.organization_id, seq, prev, hash, e.id, e.entity_id, e.action, e.actor_id, e.from_status,
          e.to_status, comment_text, e.created_at);
        prev := hash;
      END LOOP;
      IF org IS NOT NULL THEN
        INSERT INTO audit_chain_heads (organization_id, last_sequence, last_hash) VALUES (org, seq, prev);
      END IF;
    END $$`;

/** The last number of each kind, organisation and year, so the next one the API allocates is free. */
export const INSERT_NUMBER_SEQUENCES = `
  INSERT INTO number_sequences (organization_id, kind, year, last_value)
  SELECT organization_id, 'REQ', split_part(requisition_number, '-', 2)::int,
         max(split_part(requisition_number, '-', 3)::int)
    FROM requisitions GROUP BY 1, 3
  UNION ALL
  SELECT organization_id, 'PO', split_part(po_number, '-', 2)::int, max(split_part(po_number, '-', 3)::int)
    FROM purchase_orders GROUP BY 1, 3`;

/** Budgets per cost centre and fiscal year (calendar years here), sized a little above what was ordered. */
export const INSERT_BUDGETS = `
  INSERT INTO budgets (organization_id, cost_center_id, fiscal_year, allocated_amount, currency)
  SELECT c.organization_id, c.id, y,
         round(COALESCE(s.spent, 0) * (1.05 + 0.3 * random())::numeric + 20000 + (80000 * random())::numeric, -3), 'AUD'
    FROM cost_centers c
   CROSS JOIN generate_series(extract(year FROM now())::int - 5, extract(year FROM now())::int) AS y
    LEFT JOIN (SELECT cost_center_id, extract(year FROM approved_at AT TIME ZONE 'UTC')::int AS year,
                      sum(total_amount) AS spent
                 FROM requisitions WHERE status IN ('approved', 'po_created') GROUP BY 1, 2) s
      ON s.cost_center_id = c.id AND s.year = y`;

/**
 * The audit trail the app writes: create and submit by the requestor, each decision by its
 * approver, the cancellation by the requestor.
 */
export const INSERT_AUDIT = `
  INSERT INTO audit_logs (organization_id, entity_type, entity_id, action, from_status, to_status, actor_id,
      metadata, created_at)
  SELECT o.id, 'requisition', p.id, 'create', NULL, 'draft', p.requestor_id, '{}'::jsonb, p.created_at
    FROM scale_work.plan p JOIN scale_work.org o USING (org_idx)
  UNION ALL
  SELECT o.id, 'requisition', p.id, 'submit', 'draft', 'under_review', p.requestor_id,
         jsonb_build_object('round', 1, 'passed_levels', '[]'::jsonb, 'next_level', 1, 'auto_approved', false,
                            'fallback_role', NULL),
         p.submitted_at
    FROM scale_work.plan p JOIN scale_work.org o USING (org_idx) WHERE p.status <> 'draft'
  UNION ALL
  SELECT s.organization_id, 'requisition', s.requisition_id, s.action, 'under_review',
         CASE s.action WHEN 'reject' THEN 'rejected' WHEN 'request_info' THEN 'info_requested'
              ELSE CASE WHEN s.approval_level = p.levels THEN 'approved' ELSE 'under_review' END END,
         s.actioned_by_id, jsonb_build_object('level', s.approval_level, 'round', 1, 'comment', s.comments),
         s.actioned_at
    FROM approval_steps s JOIN scale_work.plan p ON p.id = s.requisition_id WHERE s.action IS NOT NULL
  UNION ALL
  SELECT o.id, 'requisition', p.id, 'cancel', 'info_requested', 'cancelled', p.requestor_id, '{}'::jsonb,
         ${DECIDED_AT} + p.span * 0.05
    FROM scale_work.plan p JOIN scale_work.org o USING (org_idx) WHERE p.status = 'cancelled'`;
