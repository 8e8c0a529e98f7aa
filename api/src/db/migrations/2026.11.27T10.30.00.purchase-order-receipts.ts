import { type MigrationContext, runSql } from '../migrator.js';

/**
 * Receipts per line (issue 16, item 3; docs/decisions.md "Receipts").
 *
 * 1. `po_receipts`: one delivery recorded against an order (day, who, notes, optionally one of the
 *    order's attachments), with what it is worth (`amount`, in the order's currency, and
 *    `base_amount`, in the organisation's) and `po_receipt_lines`, its quantity per order line.
 *    `po_line_items.quantity_received` is the running sum, checked never to pass `quantity`.
 * 2. Status `partially_received`: sent, some quantities received, not all.
 * 3. The `spent:` counters follow what was received: a received order counts its base total on
 *    its received day as before, and the receipts of an order not (yet) received count their base
 *    amounts on their own days. A statement trigger on `po_receipts` counts a receipt when its order
 *    is not received; one on `purchase_orders` takes back an order's receipts when it becomes
 *    received (the order's own key then counts the whole). Orders received before this migration
 *    get one receipt of all their lines, written before the triggers exist (never counted: their
 *    order is received).
 */

/** Tables this migration adds with `organization_id` (row-level security like every other). */
export const RECEIPT_TABLES = ['po_receipts', 'po_receipt_lines'] as const;

const CURRENT = "NULLIF(current_setting('app.organization_id', true), '')::uuid";
const RULE = `(organization_id = COALESCE(${CURRENT}, organization_id))`;
const MONTH = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM')`;

/** `purchase_order_counter_keys` (2026.11.25T01.00.00); `partial`: monthly spend counts partially received orders too. */
export const ORDER_KEYS = (partial: boolean) => `
    CREATE OR REPLACE FUNCTION purchase_order_counter_keys(
      uuid, uuid, text, timestamptz, date, timestamptz, numeric) -- organisation, requisition, status, sent_at, received_date, received_at, total
    RETURNS TABLE (organization_id uuid, key text, n bigint) LANGUAGE sql STABLE AS $$
      SELECT $1, k.key, k.n FROM (
        SELECT 'po' AS key, 1::bigint AS n
        UNION ALL SELECT 'po:' || $3, 1
        UNION ALL SELECT 'spend:' || ${MONTH('$4')}, round($7 * 100)::bigint
         WHERE $3 IN ('sent', ${partial ? "'partially_received', " : ''}'received') AND $4 IS NOT NULL
        UNION ALL
        SELECT s.key, round($7 * 100)::bigint
          FROM (SELECT COALESCE($5::timestamp AT TIME ZONE 'UTC', $6) AS at) w
          CROSS JOIN LATERAL (
            SELECT 'spent:' || ${MONTH('w.at')}
            UNION ALL
            SELECT 'spent:' || r.cost_center_id || ':' || ${MONTH('w.at')} FROM requisitions r WHERE r.id = $2
          ) AS s(key)
         WHERE $3 = 'received'
      ) k;
    $$;`;

/** The spent keys of receipts (alias `x`, rows of `from`) signed by `sign`. */
const RECEIPT_KEYS = (from: string, sign: string, where: string) => `
  SELECT x.organization_id, s.key, ${sign}round(x.base_amount * 100)::bigint
    ${from}
    CROSS JOIN LATERAL (
      SELECT 'spent:' || to_char(x.received_date, 'YYYY-MM')
      UNION ALL
      SELECT 'spent:' || r.cost_center_id || ':' || to_char(x.received_date, 'YYYY-MM')
        FROM requisitions r WHERE r.id = po.requisition_id AND r.organization_id = po.organization_id
    ) AS s(key)
   WHERE ${where}`;

const append = (rows: string) => `
      INSERT INTO counter_deltas (organization_id, key, n)
      SELECT organization_id, key, sum(n) FROM (${rows}) AS d(organization_id, key, n)
       GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2;`;

const TRIGGERS = `
    CREATE FUNCTION po_receipts_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN${append(
      RECEIPT_KEYS(
        `FROM new_rows x
    JOIN purchase_orders po ON po.id = x.purchase_order_id AND po.organization_id = x.organization_id`,
        '',
        "po.status <> 'received'",
      ),
    )}
      RETURN NULL;
    END $$;
    CREATE TRIGGER po_receipts_count_insert AFTER INSERT ON po_receipts
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION po_receipts_count_insert();

    -- An order that becomes received counts its whole total (its own key): its receipts stop counting.
    CREATE FUNCTION purchase_orders_receipts_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN${append(
      RECEIPT_KEYS(
        `FROM new_rows po
    JOIN old_rows o ON o.id = po.id
    JOIN po_receipts x ON x.purchase_order_id = po.id AND x.organization_id = po.organization_id`,
        '-',
        "po.status = 'received' AND o.status <> 'received'",
      ),
    )}
      RETURN NULL;
    END $$;
    CREATE TRIGGER purchase_orders_receipts_count_update AFTER UPDATE ON purchase_orders
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION purchase_orders_receipts_count_update();`;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    ALTER TABLE purchase_orders DROP CONSTRAINT purchase_orders_status_check,
      ADD CONSTRAINT purchase_orders_status_check
        CHECK (status IN ('draft', 'sent', 'partially_received', 'received', 'cancelled')),
      DROP CONSTRAINT purchase_orders_sent_at_check,
      ADD CONSTRAINT purchase_orders_sent_at_check
        CHECK (status NOT IN ('sent', 'partially_received', 'received') OR sent_at IS NOT NULL);

    ALTER TABLE po_line_items ADD COLUMN quantity_received integer NOT NULL DEFAULT 0,
      ADD CONSTRAINT po_line_items_quantity_received_check
        CHECK (quantity_received >= 0 AND quantity_received <= quantity);

    CREATE TABLE po_receipts (
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      purchase_order_id uuid NOT NULL,
      received_date date NOT NULL,
      received_by_id uuid REFERENCES users (id) ON DELETE SET NULL,
      notes text,
      attachment_id uuid,
      amount numeric(14, 2) NOT NULL CHECK (amount >= 0),
      base_amount numeric(14, 2) NOT NULL CHECK (base_amount >= 0),
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      CONSTRAINT po_receipts_pkey PRIMARY KEY (organization_id, id),
      CONSTRAINT po_receipts_purchase_order_fkey FOREIGN KEY (organization_id, purchase_order_id)
        REFERENCES purchase_orders (organization_id, id) ON DELETE CASCADE,
      CONSTRAINT po_receipts_attachment_fkey FOREIGN KEY (organization_id, attachment_id)
        REFERENCES attachments (organization_id, id) ON DELETE SET NULL (attachment_id)
    );
    CREATE INDEX po_receipts_order_idx ON po_receipts (organization_id, purchase_order_id, created_at);
    CREATE INDEX po_receipts_received_by_idx ON po_receipts (received_by_id);
    CREATE INDEX po_receipts_attachment_idx ON po_receipts (organization_id, attachment_id)
      WHERE attachment_id IS NOT NULL;

    CREATE TABLE po_receipt_lines (
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      receipt_id uuid NOT NULL,
      po_line_item_id uuid NOT NULL,
      quantity integer NOT NULL CHECK (quantity > 0),
      CONSTRAINT po_receipt_lines_pkey PRIMARY KEY (organization_id, receipt_id, po_line_item_id),
      CONSTRAINT po_receipt_lines_receipt_fkey FOREIGN KEY (organization_id, receipt_id)
        REFERENCES po_receipts (organization_id, id) ON DELETE CASCADE,
      CONSTRAINT po_receipt_lines_line_fkey FOREIGN KEY (organization_id, po_line_item_id)
        REFERENCES po_line_items (organization_id, id) ON DELETE CASCADE
    );
    CREATE INDEX po_receipt_lines_line_idx ON po_receipt_lines (organization_id, po_line_item_id);

    ${RECEIPT_TABLES.map(
      (table) => `ALTER TABLE ${table} ENABLE ROW LEVEL SECURITY;
    ALTER TABLE ${table} FORCE ROW LEVEL SECURITY;
    CREATE POLICY organization_isolation ON ${table} USING ${RULE} WITH CHECK ${RULE};`,
    ).join('\n    ')}

    -- Orders received before receipts existed: all their lines, one receipt on their received day.
    UPDATE po_line_items li SET quantity_received = li.quantity
      FROM purchase_orders po
     WHERE po.id = li.purchase_order_id AND po.organization_id = li.organization_id AND po.status = 'received';
    INSERT INTO po_receipts (organization_id, purchase_order_id, received_date, notes, amount, base_amount, created_at)
    SELECT po.organization_id, po.id,
           COALESCE(po.received_date, (po.received_at AT TIME ZONE 'UTC')::date), po.received_notes,
           po.total_amount, COALESCE(po.base_total_amount, po.total_amount), COALESCE(po.received_at, po.updated_at)
      FROM purchase_orders po WHERE po.status = 'received';
    INSERT INTO po_receipt_lines (organization_id, receipt_id, po_line_item_id, quantity)
    SELECT x.organization_id, x.id, li.id, li.quantity
      FROM po_receipts x JOIN po_line_items li
        ON li.purchase_order_id = x.purchase_order_id AND li.organization_id = x.organization_id;

    ${ORDER_KEYS(true)}
    ${TRIGGERS}
    `,
  );
}

export async function down(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    DROP TRIGGER purchase_orders_receipts_count_update ON purchase_orders;
    DROP FUNCTION purchase_orders_receipts_count_update();
    DROP TRIGGER po_receipts_count_insert ON po_receipts;
    DROP FUNCTION po_receipts_count_insert();
    ${ORDER_KEYS(false)}
    DROP TABLE po_receipt_lines;
    DROP TABLE po_receipts;
    ALTER TABLE po_line_items DROP CONSTRAINT po_line_items_quantity_received_check, DROP COLUMN quantity_received;
    UPDATE purchase_orders SET status = 'sent' WHERE status = 'partially_received';
    ALTER TABLE purchase_orders DROP CONSTRAINT purchase_orders_status_check,
      ADD CONSTRAINT purchase_orders_status_check CHECK (status IN ('draft', 'sent', 'received', 'cancelled')),
      DROP CONSTRAINT purchase_orders_sent_at_check,
      ADD CONSTRAINT purchase_orders_sent_at_check CHECK (status NOT IN ('sent', 'received') OR sent_at IS NOT NULL);
    `,
  );
}
