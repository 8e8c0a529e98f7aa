import type { Sequelize } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDown, migrateUp } from '../../src/db/migrator.js';
import { initModels } from '../../src/db/models/index.js';
import { seedDemoData } from '../../src/db/seed.js';
import { createScratchDatabase } from './scratch.js';

/**
 * Migration 2026.11.28T02.00.00 (closed seats, issue 15 items 2, 6, 8) reverted: open work stays.
 * Closed seats go (the earlier code deleted them), a decided any-one-of step becomes a plain step,
 * and open any-one-of seats (N = 1) are kept as they are — someone's pending decision — with the
 * check on `required_approvals` back to `>= 2` only once none is left.
 */

const MIGRATION = '2026.11.28T02.00.00.closed-seats';

async function rows<T>(sequelize: Sequelize, sql: string, bind: unknown[] = []): Promise<T[]> {
  const [found] = (await sequelize.query(sql, { bind })) as [T[], unknown];
  return found;
}

describe(`migration ${MIGRATION} down`, () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let requisitionId: string;
  let organizationId: string;
  let members: string[];
  beforeAll(async () => {
    scratch = await createScratchDatabase();
    await migrateUp(scratch.sequelize);
    await seedDemoData(scratch.sequelize, initModels(scratch.sequelize));
    const [requisition] = await rows<{ id: string; organization_id: string }>(
      scratch.sequelize,
      `SELECT r.id, r.organization_id FROM requisitions r JOIN users u ON u.id = r.requestor_id
        WHERE u.email = 'user@acme.test' ORDER BY r.requisition_number LIMIT 1`,
    );
    requisitionId = requisition!.id;
    organizationId = requisition!.organization_id;
    members = (
      await rows<{ id: string }>(
        scratch.sequelize,
        `SELECT id FROM users WHERE email IN ('finance@acme.test', 'gm@acme.test', 'head@acme.test') ORDER BY email`,
      )
    ).map((row) => row.id);
  }, 180_000);
  afterAll(async () => {
    await scratch?.drop();
  });

  /** A step of round 50 of the requisition (clear of its own rounds). */
  const step = (level: number, approver: string, required: number, action: string | null) =>
    scratch.sequelize.query(
      `INSERT INTO approval_steps (organization_id, requisition_id, round, approval_level, level_title, approver_id,
                                   required_approvals, action, actioned_at, actioned_by_id)
       VALUES ($1, $2, 50, $3::int, 'Level ' || $3::text, $4, $5::int, $6::text,
               CASE WHEN $6::text IS NULL THEN NULL ELSE now() END,
               CASE WHEN $6::text IN ('approve', 'reject') THEN $4::uuid END)`,
      { bind: [organizationId, requisitionId, level, approver, required, action] },
    );

  const constraintOf = async (sequelize: Sequelize) =>
    (
      await rows<{ def: string }>(
        sequelize,
        `SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'approval_steps_required_approvals_check'`,
      )
    )[0]?.def;

  it('keeps open any-one-of seats, removes closed seats, and restores ">= 2" once none is open', async () => {
    const { sequelize } = scratch;
    const [a, b, c] = members as [string, string, string];
    // Level 1: a committee (2 of 3) decided by a and b; c's seat closed.
    await step(1, a, 2, 'approve');
    await step(1, b, 2, 'approve');
    await step(1, c, 2, 'closed');
    // Level 2: any one of a, b, c decided by a; b's and c's seats closed.
    await step(2, a, 1, 'approve');
    await step(2, b, 1, 'closed');
    await step(2, c, 1, 'closed');
    // Level 3: any one of a and b, still open (nobody has decided yet).
    await step(3, a, 1, null);
    await step(3, b, 1, null);

    expect(await migrateDown(sequelize, { to: MIGRATION })).toContain(MIGRATION);
    const left = await rows<{
      level: number;
      approver: string;
      action: string | null;
      required: number | null;
    }>(
      sequelize,
      `SELECT approval_level AS level, approver_id::text AS approver, action, required_approvals AS required
         FROM approval_steps WHERE requisition_id = $1 AND round = 50 ORDER BY approval_level, approver_id`,
      [requisitionId],
    );
    expect(left).toEqual(
      [
        { level: 1, approver: a, action: 'approve', required: 2 },
        { level: 1, approver: b, action: 'approve', required: 2 },
        { level: 2, approver: a, action: 'approve', required: null },
        { level: 3, approver: a, action: null, required: 1 },
        { level: 3, approver: b, action: null, required: 1 },
      ].sort((x, y) => x.level - y.level || x.approver.localeCompare(y.approver)),
    );
    expect(await constraintOf(sequelize)).toMatch(/>= 1/);
    // The earlier code decides the open seats as a committee of one: deciding one is allowed.
    await sequelize.query(
      `UPDATE approval_steps SET action = 'approve', actioned_at = now(), actioned_by_id = approver_id
        WHERE requisition_id = $1 AND round = 50 AND approval_level = 3 AND approver_id = $2`,
      { bind: [requisitionId, a] },
    );
    await sequelize.query(
      `DELETE FROM approval_steps WHERE requisition_id = $1 AND round = 50 AND approval_level = 3 AND action IS NULL`,
      { bind: [requisitionId] },
    );

    // Up again, and down with no open seat left: the earlier check exactly.
    expect(await migrateUp(sequelize)).toContain(MIGRATION);
    expect(await migrateDown(sequelize, { to: MIGRATION })).toContain(MIGRATION);
    expect(await constraintOf(sequelize)).toMatch(/>= 2/);
    expect(await migrateUp(sequelize)).toContain(MIGRATION);
  }, 180_000);
});
