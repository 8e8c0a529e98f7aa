import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { QueryTypes } from 'sequelize';
import { inOrganization } from '../../src/db/tenant-context.js';
import { buildRequisition } from '../factories.js';
import { buildOrganizationWorld, type Member, type Scope, type TestApp } from './approval-world.js';

/**
 * The export tests' world: an organisation whose people are all called Ana, requisitions built
 * straight in the database, the admin as the export services see the caller, and the means to
 * measure a large export (many copies of a requisition, the heap after a collection).
 */

/** A justification a spreadsheet would run as a formula unless defused. */
export const FORMULA = '=HYPERLINK("http://evil.example","Click")';

/**
 * `admin`, `buyer` (a Finance Manager) and `own` (a User), named Ana Member, Ana Member and Ana
 * Own; `person(roleName, last)` adds another Ana, and `raise` builds a requisition on the cost centre.
 */
export async function buildExportWorld(app: TestApp) {
  const world = await buildOrganizationWorld(app);
  const person = (roleName: string, last = 'Member') =>
    world.member(roleName, {}, { first_name: 'Ana', last_name: last });
  const admin = await person('Admin');
  const buyer = await person('Finance Manager');
  const own = await person('User', 'Own');
  /** A requisition of `requestor` with this status, justification and category. */
  const raise = (
    requestor: Member,
    status: 'approved' | 'draft',
    justification: string,
    category = 'standard',
  ) =>
    buildRequisition(app.models, {
      organization: world.organization,
      requestor: requestor.user,
      costCenter: world.costCenter,
      status,
      overrides: { justification, category: category as 'standard' },
    });
  return { ...world, person, raise, admin, buyer, own };
}

/** The admin of `world` as the services see the caller, and a database handle in its organisation. */
export function adminOf(world: Scope & { admin: Member }) {
  const actor = {
    userId: world.admin.user.id,
    scope: {
      organizationId: world.organization.id,
      membershipId: '',
      roleName: 'Admin',
      permissions: new Set(['requisition.view_all']),
    },
  };
  return { actor, db: inOrganization({ sequelize: world.app.sequelize }, world.organization.id) };
}

/**
 * Adds `rows` copies of the requisition `templateId`, each with its own number (`REQ-2026-<digit>`
 * and six digits), a long justification and a creation time a second apart.
 */
export async function copyRequisitions(app: TestApp, templateId: string, rows: number, digit: string) {
  const columns = (
    await app.sequelize.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_name = 'requisitions' AND table_schema = current_schema() AND is_generated = 'NEVER'
          AND column_name NOT IN ('id', 'requisition_number', 'justification', 'created_at', 'search_text')`,
      { type: QueryTypes.SELECT },
    )
  ).map((row) => `"${row.column_name}"`);
  await app.sequelize.query(
    `INSERT INTO requisitions (id, requisition_number, justification, created_at, ${columns.join(', ')})
     SELECT gen_random_uuid(), 'REQ-2026-${digit}' || lpad(g::text, 6, '0'),
            'Bulk stationery order number ' || g || ' for the third floor, with a long note to make rows wide',
            now() - g * interval '1 second', ${columns.map((column) => `t.${column}`).join(', ')}
       FROM requisitions t, generate_series(1, ${rows}) g WHERE t.id = :template`,
    { replacements: { template: templateId } },
  );
}

/** The heap in use after a full garbage collection (exposes `gc` to this process). */
export function heapAfterCollection(): () => number {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return () => {
    gc();
    return process.memoryUsage().heapUsed;
  };
}
