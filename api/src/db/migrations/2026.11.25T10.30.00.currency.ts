import { type MigrationContext, runSql } from '../migrator.js';
import { countingTriggers } from './2026.11.25T01.00.00.counters-and-seek-indexes.js';

/**
 * Currency done right (issue 13, docs/decisions.md "Currency"):
 *
 * 1. `exchange_rates`: per organisation, the rate of a currency into the organisation's base currency
 *    (`organizations.currency`) from an effective day on, kept by its administrators.
 * 2. `requisitions.exchange_rate`: the rate frozen when the requisition is submitted (1 in the base
 *    currency), and `base_total_amount`, its total at that rate (rounded half up to the cent), kept by
 *    PostgreSQL as a generated column so it can never disagree with the total and the rate.
 *    `purchase_orders` carry their requisition's rate and their own base total the same way.
 * 3. The money counters (committed, spent, monthly spend) count base amounts: their trigger
 *    functions are replaced, reading `COALESCE(base_total_amount, total_amount)` (a requisition
 *    submitted in a foreign currency before rates existed has no rate and counts at face value, as
 *    it did).
 *
 * Requisitions already submitted in the base currency get the rate 1; their base total equals their
 * total, so every counter keeps its value and nothing is recounted.
 */

/** Tables this migration adds with `organization_id` (row-level security like every other). */
export const CURRENCY_TABLES = ['exchange_rates'] as const;

const CURRENT = "NULLIF(current_setting('app.organization_id', true), '')::uuid";
const RULE = `(organization_id = COALESCE(${CURRENT}, organization_id))`;

/** The amount the money counters count: the base amount when there is one. */
const BASE = (alias: string) => `COALESCE(${alias}.base_total_amount, ${alias}.total_amount)`;

const OPERATIONS = ['INSERT', 'UPDATE', 'DELETE'] as const;

export async function up(ctx: MigrationContext): Promise<void> {
  await runSql(
    ctx,
    `
    CREATE TABLE exchange_rates (
      organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
      id uuid NOT NULL DEFAULT gen_random_uuid(),
      currency char(3) NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      rate numeric(18, 8) NOT NULL CHECK (rate > 0),
      effective_from date NOT NULL,
      created_by_id uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT exchange_rates_pkey PRIMARY KEY (organization_id, id),
      -- One rate per currency and day; the index also finds the rate in effect on a day.
      CONSTRAINT exchange_rates_currency_day_key UNIQUE (organization_id, currency, effective_from)
    );
    ALTER TABLE exchange_rates ENABLE ROW LEVEL SECURITY;
    ALTER TABLE exchange_rates FORCE ROW LEVEL SECURITY;
    CREATE POLICY organization_isolation ON exchange_rates USING ${RULE} WITH CHECK ${RULE};

    ALTER TABLE requisitions
      ADD COLUMN exchange_rate numeric(18, 8) CHECK (exchange_rate > 0),
      ADD COLUMN base_total_amount numeric(14, 2)
        GENERATED ALWAYS AS (round(total_amount * exchange_rate, 2)) STORED;
    ALTER TABLE purchase_orders
      ADD COLUMN exchange_rate numeric(18, 8) CHECK (exchange_rate > 0),
      ADD COLUMN base_total_amount numeric(14, 2)
        GENERATED ALWAYS AS (round(total_amount * exchange_rate, 2)) STORED;

    -- Submitted requisitions (and their orders) in the organisation's own currency: rate 1, so
    -- base = total and no counter changes: the counting triggers are off for these two statements
    -- (they would read every row twice to append nothing).
    ALTER TABLE requisitions DISABLE TRIGGER requisitions_count_update;
    ALTER TABLE requisitions DISABLE TRIGGER requisitions_filter_count_update;
    ALTER TABLE purchase_orders DISABLE TRIGGER purchase_orders_count_update;
    UPDATE requisitions r SET exchange_rate = 1
      FROM organizations o
     WHERE o.id = r.organization_id AND r.currency = o.currency AND r.submitted_at IS NOT NULL;
    UPDATE purchase_orders po SET exchange_rate = r.exchange_rate
      FROM requisitions r
     WHERE r.id = po.requisition_id AND r.organization_id = po.organization_id AND r.exchange_rate IS NOT NULL;
    ALTER TABLE requisitions ENABLE TRIGGER requisitions_count_update;
    ALTER TABLE requisitions ENABLE TRIGGER requisitions_filter_count_update;
    ALTER TABLE purchase_orders ENABLE TRIGGER purchase_orders_count_update;
    `,
  );
  for (const op of OPERATIONS) await runSql(ctx, countingTriggers(op, { amount: BASE, replace: true }));
}

export async function down(ctx: MigrationContext): Promise<void> {
  for (const op of OPERATIONS) await runSql(ctx, countingTriggers(op, { replace: true }));
  await runSql(
    ctx,
    `
    ALTER TABLE purchase_orders DROP COLUMN base_total_amount, DROP COLUMN exchange_rate;
    ALTER TABLE requisitions DROP COLUMN base_total_amount, DROP COLUMN exchange_rate;
    DROP TABLE exchange_rates;
    `,
  );
}
