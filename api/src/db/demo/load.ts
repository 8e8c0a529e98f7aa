/**
 * The demo data loader: writes organisation fixtures (`acme.ts`, `globex.ts`, shaped by
 * `types.ts`) in one transaction the caller holds. Per organisation it writes the reference data
 * (`organization.ts`), then each requisition with its replayed history (`requisitions.ts`,
 * `workflow.ts`), then the purchase orders raised from them (`purchase-orders.ts`); finally it
 * numbers requisitions and orders by creation time (`numbering.ts`).
 */
import type { Transaction } from 'sequelize';
import type { Models } from '../models/index.js';
import { DemoClock } from './clock.js';
import type { DemoContext } from './context.js';
import { DemoNumbers } from './numbering.js';
import { writeOrganization } from './organization.js';
import { writePurchaseOrder } from './purchase-orders.js';
import { writeRequisition } from './requisitions.js';
import type { OrganizationFixture } from './types.js';

/**
 * Writes `fixtures`, in order (a fixture's members may name users an earlier one created), with
 * every time counted back from `now`. Every query passes `transaction`.
 */
export async function loadDemoFixtures(
  models: Models,
  transaction: Transaction,
  now: Date,
  fixtures: readonly OrganizationFixture[],
): Promise<void> {
  const context: DemoContext = {
    models,
    transaction,
    clock: new DemoClock(now),
    numbers: new DemoNumbers(),
    users: new Map(),
  };
  const organizationIds: string[] = [];
  for (const fixture of fixtures) {
    const records = await writeOrganization(context, fixture);
    organizationIds.push(records.organization.id);
    const written = [];
    for (const requisition of fixture.requisitions) {
      written.push(await writeRequisition(context, records, requisition));
    }
    for (const [index, requisition] of fixture.requisitions.entries()) {
      if (requisition.order) await writePurchaseOrder(context, records, written[index]!, requisition.order);
    }
  }
  await context.numbers.renumber(models, transaction, organizationIds);
}
