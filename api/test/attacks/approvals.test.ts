import { QueryTypes } from 'sequelize';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Organization } from '../../src/db/models/index.js';
import { FALLBACK_TITLE } from '../../src/domain/approval-routing.js';
import { accessTokenFor, call, expectContract } from '../app.js';
import {
  buildCostCenter,
  buildDepartment,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildUser,
} from '../factories.js';
import {
  pendingCount,
  pendingIds as pendingIdsOf,
  request,
  requisitionForm,
} from '../support/approval-calls.js';
import { body, buildOrganizationWorld, type Member, useTestApp } from '../support/approval-world.js';

/**
 * Issue 11 §3 and §7 (SECURITY.md line 24): every approval holds at least one human decision by
 * someone other than the requestor, and nobody decides two levels of one requisition.
 *
 * §3: a requestor without manager or head, or who heads their own department, passed every level
 * as `auto_approve`: `gm@acme.test` got 24,999.99 approved at once, `superadmin@acme.test` 100.
 * §7: the manager approved level 1, the head delegated level 2 to the manager, who approved again.
 */

const app = useTestApp();

/** An organisation shaped like the demo's Acme: a GM who heads Procurement and has no manager, … */
async function buildAcme() {
  const world = await buildOrganizationWorld(app);
  const { organization } = world;
  const superAdmin = await world.member('Super Admin');
  const gm = await world.member('General Manager');
  const procurement = await buildDepartment(app.models, organization, { department_head_id: gm.user.id });
  await app.models.UserOrganization.update(
    { department_id: procurement.id },
    { where: { user_id: gm.user.id, organization_id: organization.id } },
  );
  const finance = await world.member('Finance Manager', { manager: gm.user });
  const head = await world.member('Department Head', { manager: gm.user });
  const operations = await buildDepartment(app.models, organization, { department_head_id: head.user.id });
  await app.models.UserOrganization.update(
    { department_id: operations.id },
    { where: { user_id: head.user.id, organization_id: organization.id } },
  );
  const manager = await world.member('Manager', { manager: head.user, department: operations });
  const user = await world.member('User', { manager: manager.user, department: operations });
  return { ...world, superAdmin, gm, finance, head, manager, user };
}

type Acme = Awaited<ReturnType<typeof buildAcme>>;

function raise(
  org: { organization: Organization; costCenter: { id: string }; glAccount: { id: string } },
  as: Member,
  total: number,
) {
  const line = { description: 'Goods', unit_price: total };
  const form = requisitionForm(org, `Attack replay ${total}`, line, { submit: true });
  return request({ app, organization: org.organization }, as, 'POST', '/requisitions', form);
}

async function submitted(org: Acme, as: Member, total: number) {
  const response = await raise(org, as, total);
  expectContract(response, 'createRequisition');
  expect(response.statusCode, response.payload).toBe(201);
  // biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
  return body(response).requisition as any;
}

async function act(org: Acme, as: Member, id: string, path: string, payload: Record<string, unknown>) {
  const operationId = {
    approve: 'approveRequisition',
    delegate: 'delegateApproval',
  }[path] as string;
  const response = await request(org, as, 'POST', `/approvals/${id}/${path}`, payload);
  expectContract(response, operationId);
  return response;
}

const pendingIds = (org: Acme, as: Member) => pendingIdsOf(org, as);

const dashboardPending = (org: Acme, as: Member) => pendingCount(org, as);

/** Human approvals (action `approve`, by someone other than the requestor) of a requisition. */
async function humanApprovals(requisitionId: string): Promise<string[]> {
  const rows = await app.sequelize.query<{ by: string }>(
    `SELECT s.actioned_by_id::text AS by FROM approval_steps s JOIN requisitions r ON r.id = s.requisition_id
      WHERE s.requisition_id = $1 AND s.action = 'approve' AND s.actioned_by_id <> r.requestor_id`,
    { bind: [requisitionId], type: QueryTypes.SELECT },
  );
  return rows.map((row) => row.by);
}

describe('§3: no approval without a human decision by someone other than the requestor', () => {
  let acme: Acme;
  beforeAll(async () => {
    acme = await buildAcme();
  });

  it('the GM without a manager, heading their own department, no longer gets 24,999.99 approved at once', async () => {
    const requisition = await submitted(acme, acme.gm, 24_999.99);
    expect(requisition.status).toBe('under_review');
    expect(requisition.approved_at).toBeNull();
    expect(
      // biome-ignore lint/suspicious/noExplicitAny: contract-checked JSON
      requisition.approval_workflow.map((s: any) => [
        s.approval_level,
        s.action,
        s.approver_group,
        s.level_title,
      ]),
    ).toEqual([
      [1, 'auto_approve', null, 'Manager Approval'],
      [2, 'auto_approve', null, 'Department Head Approval'],
      [2, null, 'Finance Manager', FALLBACK_TITLE],
    ]);
    // The passed level that sent it to the fallback group says why.
    expect(requisition.approval_workflow[1].comments).toMatch(
      /^Passed to the fallback approvers \(Finance Manager\): the approver is the requestor\.$/,
    );
    expect(await humanApprovals(requisition.id)).toEqual([]);

    // Only a Finance Manager decides it; the GM sees nothing to approve.
    expect(await pendingIds(acme, acme.gm)).not.toContain(requisition.id);
    expect(await pendingIds(acme, acme.finance)).toContain(requisition.id);
    const approved = await act(acme, acme.finance, requisition.id, 'approve', { action: 'approve' });
    expect(approved.statusCode, approved.payload).toBe(200);
    expect(body(approved).requisition.status).toBe('approved');
    expect(await humanApprovals(requisition.id)).toEqual([acme.finance.user.id]);
  });

  it('the Super Admin without manager or department no longer gets 100 approved at once', async () => {
    const requisition = await submitted(acme, acme.superAdmin, 100);
    expect(requisition.status).toBe('under_review');
    expect(requisition.approval_workflow.at(-1)).toMatchObject({
      action: null,
      approver_group: 'Finance Manager',
      level_title: FALLBACK_TITLE,
    });
    expect(requisition.approval_workflow[0].comments).toBe(
      'Passed to the fallback approvers (Finance Manager): no approver was found for this level.',
    );
    // The Super Admin cannot approve their own requisition through any door.
    const own = await act(acme, acme.superAdmin, requisition.id, 'approve', { action: 'approve' });
    expect(own.statusCode).toBe(403);
  });

  it('a Department Head who heads their own department and whose manager is gone no longer self-approves 6,000', async () => {
    const lonelyHead = await buildUser(app.models);
    await buildMembership(app.models, {
      user: lonelyHead,
      organization: acme.organization,
      roleName: 'Department Head',
    });
    const own = await buildDepartment(app.models, acme.organization, { department_head_id: lonelyHead.id });
    await app.models.UserOrganization.update(
      { department_id: own.id },
      { where: { user_id: lonelyHead.id, organization_id: acme.organization.id } },
    );
    const head = { user: lonelyHead, token: await accessTokenFor(app.server, lonelyHead) };
    const requisition = await submitted(acme, head, 6000);
    expect(requisition.status).toBe('under_review');
    expect(requisition.approval_workflow.at(-1)).toMatchObject({
      action: null,
      approver_group: 'Finance Manager',
    });
  });

  it('goes to the Super Admins when the requestor is the only Finance Manager', async () => {
    const org = await buildAcme();
    const requisition = await submitted(org, org.finance, 100);
    // The Finance Manager's manager is the GM: level 1 goes to a person, no fallback needed.
    expect(requisition.approval_workflow.at(-1)).toMatchObject({
      action: null,
      approver: { id: org.gm.user.id },
    });
    await app.models.UserOrganization.update(
      { manager_id: null },
      { where: { user_id: org.finance.user.id, organization_id: org.organization.id } },
    );
    const alone = await submitted(org, org.finance, 100);
    expect(alone.approval_workflow.at(-1)).toMatchObject({ action: null, approver_group: 'Super Admin' });
    expect(await pendingIds(org, org.superAdmin)).toContain(alone.id);
  });

  it('refuses the submission of the only member of a one-person organisation (409 NO_APPROVER), approving nothing', async () => {
    const organization = await buildOrganization(app.models);
    const costCenter = await buildCostCenter(app.models, organization);
    const glAccount = await buildGlAccount(app.models, organization);
    const founder = await buildUser(app.models);
    await buildMembership(app.models, { user: founder, organization, roleName: 'Super Admin' });
    const token = await accessTokenFor(app.server, founder);
    const response = await raise({ organization, costCenter, glAccount }, { user: founder, token }, 100);
    expectContract(response, 'createRequisition');
    expect(response.statusCode, response.payload).toBe(409);
    expect(body(response)).toMatchObject({
      code: 'NO_APPROVER',
      message: expect.stringMatching(/^Nobody can approve/),
    });
    const [row] = await app.sequelize.query<{ approved: number }>(
      `SELECT count(*)::int AS approved FROM requisitions WHERE organization_id = $1 AND status IN ('approved', 'under_review')`,
      { bind: [organization.id], type: QueryTypes.SELECT },
    );
    expect(row?.approved).toBe(0);
  });

  it('still approves at once below an explicit auto_approve_below, and only there', async () => {
    const org = await buildAcme();
    await app.sequelize.query(
      `UPDATE organizations SET settings = jsonb_set(settings, '{approval_policy,auto_approve_below}', '500')
        WHERE id = $1`,
      { bind: [org.organization.id] },
    );
    const small = await submitted(org, org.gm, 499.99);
    expect(small.status).toBe('approved');
    expect(small.approval_workflow).toEqual([
      expect.objectContaining({ action: 'auto_approve', approval_level: 1, approver: null }),
    ]);
    const large = await submitted(org, org.gm, 500);
    expect(large.status).toBe('under_review');
  });
});

describe('§7: nobody decides two levels of one requisition, delegation included', () => {
  let acme: Acme;
  beforeAll(async () => {
    acme = await buildAcme();
  });

  /** A 6,000 requisition of the user whose level 1 the manager approved: level 2 waits for the head. */
  async function atLevel2() {
    const requisition = await submitted(acme, acme.user, 6000);
    const approved = await act(acme, acme.manager, requisition.id, 'approve', { action: 'approve' });
    expect(approved.statusCode, approved.payload).toBe(200);
    expect(body(approved).requisition.approval_workflow.at(-1)).toMatchObject({
      approval_level: 2,
      action: null,
      approver: { id: acme.head.user.id },
    });
    return requisition.id as string;
  }

  it('refuses the head’s delegation of level 2 to the manager who approved level 1', async () => {
    const id = await atLevel2();
    const response = await act(acme, acme.head, id, 'delegate', {
      action: 'delegate',
      delegate_to_user_id: acme.manager.user.id,
    });
    expect(response.statusCode, response.payload).toBe(400);
    expect(body(response).details).toEqual([
      { field: 'delegate_to_user_id', message: expect.stringMatching(/already approved/) },
    ]);
    // Nothing changed: the head still holds level 2, and the manager cannot approve it.
    // (409 as for any approver whose own step of this round was decided: the manager's was level 1.)
    const again = await act(acme, acme.manager, id, 'approve', { action: 'approve' });
    expect(again.statusCode, again.payload).toBe(409);
    expect(await humanApprovals(id)).toEqual([acme.manager.user.id]);
  });

  it('does not offer the manager who approved level 1 as a delegate candidate', async () => {
    const id = await atLevel2();
    const response = await call(app.server, 'GET', `/api/approvals/${id}/delegates`, {
      token: acme.head.token,
      organizationId: acme.organization.id,
    });
    expectContract(response, 'listDelegateCandidates');
    expect(response.statusCode, response.payload).toBe(200);
    const ids = body(response).users.map((u: { id: string }) => u.id);
    expect(ids).not.toContain(acme.manager.user.id);
    expect(ids).not.toContain(acme.head.user.id);
    expect(ids).not.toContain(acme.user.user.id);
    expect(ids).toEqual(expect.arrayContaining([acme.gm.user.id, acme.finance.user.id]));
  });

  it('neither shows nor lets decide a step that reached an earlier approver (a delegation recorded before the rule)', async () => {
    const id = await atLevel2();
    // As the old code let it happen: level 2 delegated by the head to the manager.
    await app.sequelize.query(
      `WITH closed AS (
         UPDATE approval_steps SET action = 'delegate', actioned_at = now(), actioned_by_id = approver_id
          WHERE requisition_id = $1 AND action IS NULL RETURNING *)
       INSERT INTO approval_steps (organization_id, requisition_id, round, approval_level, level_title,
                                   approver_id, delegated_from_id)
       SELECT organization_id, requisition_id, round, approval_level, level_title, $2, approver_id FROM closed`,
      { bind: [id, acme.manager.user.id] },
    );
    expect(await pendingIds(acme, acme.manager)).not.toContain(id);
    expect(await dashboardPending(acme, acme.manager)).toBe(0);
    const response = await act(acme, acme.manager, id, 'approve', { action: 'approve' });
    expect(response.statusCode, response.payload).toBe(403);
    expect(body(response).message).toMatch(/already approved/);
    expect(await humanApprovals(id)).toEqual([acme.manager.user.id]);
  });
});
