/**
 * The demo data's entry point. The data itself is declarative fixtures in `demo/` (`acme.ts`,
 * `acme-requisitions.ts`, `globex.ts`), written by the loader there (`demo/load.ts`);
 * docs/demo-users.md describes it. `api/scripts/seed-fingerprint.ts` proves a change to either kept
 * (or shows how it changed) the data.
 */
import type { Sequelize } from 'sequelize';
import { ensurePermissions } from './defaults.js';
import { ACME } from './demo/acme.js';
import { GLOBEX } from './demo/globex.js';
import { loadDemoFixtures } from './demo/load.js';
import type { OrganizationFixture } from './demo/types.js';
import type { Models } from './models/index.js';

export { DEMO_PASSWORD } from './demo/password.js';

/** What {@link seedDemoData} did. */
export interface SeedResult {
  /** False when the demo data was already there (nothing was changed). */
  seeded: boolean;
}

/** The demo organisations, in the order they are written (GLOBEX names a user ACME creates). */
export const DEMO_ORGANIZATIONS: readonly OrganizationFixture[] = [ACME, GLOBEX];

/**
 * Seeds the demo organisations of the team brief (ACME and GLOBEX, their users, roles,
 * departments, cost centres, GL accounts, budgets, vendors, products, requisitions in every status
 * with approval histories and audit entries, and purchase orders in every status, some sent and
 * received this calendar month), from the fixtures in `demo/`. Idempotent: when ACME exists
 * nothing is changed. Runs in ONE transaction, serialised by an advisory lock so concurrent callers
 * cannot seed twice. `now` is the clock every fixture time counts back from (default: now).
 */
export async function seedDemoData(
  sequelize: Sequelize,
  models: Models,
  options: { now?: Date } = {},
): Promise<SeedResult> {
  const now = options.now ?? new Date();
  return sequelize.transaction(async (transaction) => {
    await sequelize.query("SELECT pg_advisory_xact_lock(hashtext('purchasing.seed-demo-data'))", {
      transaction,
    });
    await ensurePermissions(models, transaction);
    const existing = await models.Organization.findOne({ where: { code: 'ACME' }, transaction });
    if (existing) return { seeded: false };
    await loadDemoFixtures(models, transaction, now, DEMO_ORGANIZATIONS);
    return { seeded: true };
  });
}
