import { type Sequelize, UniqueConstraintError } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initModels, type Models, type Organization, type User } from '../../src/db/models/index.js';
import { createSequelize } from '../../src/db/sequelize.js';
import { testDatabaseUrl } from '../database.js';
import {
  buildBudget,
  buildCostCenter,
  buildGlAccount,
  buildMembership,
  buildOrganization,
  buildProduct,
  buildUser,
  uniqueSuffix,
} from '../factories.js';

let sequelize: Sequelize;
let models: Models;

beforeAll(() => {
  sequelize = createSequelize(testDatabaseUrl());
  models = initModels(sequelize);
});
afterAll(async () => {
  await sequelize.close();
});

async function requisitionFixture() {
  const organization = await buildOrganization(models);
  const requestor = await buildUser(models);
  await buildMembership(models, { user: requestor, organization });
  const costCenter = await buildCostCenter(models, organization);
  const glAccount = await buildGlAccount(models, organization);
  const requisition = await models.Requisition.create({
    organization_id: organization.id,
    requisition_number: `REQ-2026-${String(Math.floor(Math.random() * 90_000) + 10_000)}`,
    requestor_id: requestor.id,
    cost_center_id: costCenter.id,
    gl_account_id: glAccount.id,
  });
  return { organization, requestor, costCenter, glAccount, requisition };
}

/** The name of the constraint PostgreSQL reported, whatever Sequelize wrapped the error in. */
async function violatedConstraint(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const original = (error as { original?: { constraint?: string; code?: string } }).original;
    return original?.constraint ?? original?.code ?? String(error);
  }
  throw new Error('expected the database to refuse the write');
}

describe('database constraints', () => {
  it('refuse a negative amount', async () => {
    const organization = await buildOrganization(models);
    await expect(
      violatedConstraint(buildProduct(models, organization, { unit_price: '-0.01' })),
    ).resolves.toBe('products_unit_price_check');
    const costCenter = await buildCostCenter(models, organization);
    await expect(
      violatedConstraint(buildBudget(models, costCenter, { allocated_amount: '-1.00' })),
    ).resolves.toBe('budgets_allocated_amount_check');
  });

  it('refuse a line item with a quantity of 0', async () => {
    const { requisition } = await requisitionFixture();
    const line = {
      requisition_id: requisition.id,
      position: 0,
      description: 'Paper',
      quantity: 0,
      unit_price: '5.00',
      total_amount: '0.00',
    };
    await expect(violatedConstraint(models.RequisitionLineItem.create(line))).resolves.toBe(
      'requisition_line_items_quantity_check',
    );
    await expect(
      models.RequisitionLineItem.create({ ...line, quantity: 3, total_amount: '15.00' }),
    ).resolves.toBeTruthy();
  });

  it('refuse a line total that is not quantity × unit price + tax', async () => {
    const { requisition } = await requisitionFixture();
    await expect(
      violatedConstraint(
        models.RequisitionLineItem.create({
          requisition_id: requisition.id,
          position: 0,
          description: 'Paper',
          quantity: 3,
          unit_price: '5.00',
          tax_amount: '1.50',
          total_amount: '15.00',
        }),
      ),
    ).resolves.toBe('requisition_line_items_total_check');
  });

  it('refuse an unknown requisition status, category and purchase order status', async () => {
    const { requisition, organization } = await requisitionFixture();
    await expect(
      violatedConstraint(
        models.Requisition.update({ status: 'pending' as never }, { where: { id: requisition.id } }),
      ),
    ).resolves.toBe('requisitions_status_check');
    await expect(
      violatedConstraint(
        models.Requisition.update({ category: 'misc' as never }, { where: { id: requisition.id } }),
      ),
    ).resolves.toBe('requisitions_category_check');
    await expect(
      violatedConstraint(
        models.PurchaseOrder.create({
          organization_id: organization.id,
          po_number: 'PO-2026-00001',
          status: 'shipped' as never,
        }),
      ),
    ).resolves.toBe('purchase_orders_status_check');
  });

  it('refuse a status without its timestamp', async () => {
    const { requisition } = await requisitionFixture();
    await expect(
      violatedConstraint(
        models.Requisition.update({ status: 'approved' }, { where: { id: requisition.id } }),
      ),
    ).resolves.toMatch(/^requisitions_(submitted|approved)_at_check$/);
  });

  it('refuse an email that differs from an existing one only by case', async () => {
    const email = `Case-${uniqueSuffix()}@Example.test`;
    await buildUser(models, { email });
    await expect(buildUser(models, { email: email.toLowerCase() })).rejects.toBeInstanceOf(
      UniqueConstraintError,
    );
    await expect(buildUser(models, { email: email.toUpperCase() })).rejects.toBeInstanceOf(
      UniqueConstraintError,
    );
  });

  it('refuse a second organisation with the same code', async () => {
    const organization = await buildOrganization(models);
    await expect(buildOrganization(models, { code: organization.code })).rejects.toBeInstanceOf(
      UniqueConstraintError,
    );
  });

  it('refuse a duplicate requisition number in one organisation but allow it in another', async () => {
    const first = await requisitionFixture();
    const second = await requisitionFixture();
    const copy = (fixture: typeof first) =>
      models.Requisition.create({
        organization_id: fixture.organization.id,
        requisition_number: first.requisition.requisition_number,
        requestor_id: fixture.requestor.id,
        cost_center_id: fixture.costCenter.id,
        gl_account_id: fixture.glAccount.id,
      });
    await expect(copy(first)).rejects.toBeInstanceOf(UniqueConstraintError);
    await expect(copy(second)).resolves.toBeTruthy();
  });

  it("refuse a requisition that uses another organisation's cost centre", async () => {
    const mine = await requisitionFixture();
    const theirs: Organization = await buildOrganization(models);
    const foreignCostCenter = await buildCostCenter(models, theirs);
    await expect(
      violatedConstraint(
        models.Requisition.create({
          organization_id: mine.organization.id,
          requisition_number: 'REQ-2026-00001',
          requestor_id: mine.requestor.id,
          cost_center_id: foreignCostCenter.id,
          gl_account_id: mine.glAccount.id,
        }),
      ),
    ).resolves.toBe('requisitions_cost_center_fkey');
  });

  it('refuse a second open approval step on one requisition', async () => {
    const { requisition, organization } = await requisitionFixture();
    const approver: User = await buildUser(models);
    const step = {
      organization_id: organization.id,
      requisition_id: requisition.id,
      approval_level: 1,
      level_title: 'Manager Approval',
      approver_id: approver.id,
    };
    await models.ApprovalStep.create(step);
    await expect(models.ApprovalStep.create(step)).rejects.toBeInstanceOf(UniqueConstraintError);
  });

  it('refuse a rejection without a comment', async () => {
    const { requisition, organization } = await requisitionFixture();
    const approver = await buildUser(models);
    await expect(
      violatedConstraint(
        models.ApprovalStep.create({
          organization_id: organization.id,
          requisition_id: requisition.id,
          approval_level: 1,
          level_title: 'Manager Approval',
          approver_id: approver.id,
          action: 'reject',
          comments: '  ',
          actioned_at: new Date(),
        }),
      ),
    ).resolves.toBe('approval_steps_comment_required_check');
  });

  it('refuse a fiscal month outside 1..12 and a currency that is not 3 upper-case letters', async () => {
    await expect(violatedConstraint(buildOrganization(models, { fiscal_year_start: 13 }))).resolves.toBe(
      'organizations_fiscal_year_start_check',
    );
    await expect(violatedConstraint(buildOrganization(models, { currency: 'aud' }))).resolves.toBe(
      'organizations_currency_check',
    );
  });

  it('give every organisation built by the factory its 7 system roles', async () => {
    const organization = await buildOrganization(models);
    const roles = await models.Role.findAll({
      where: { organization_id: organization.id },
      include: ['permissions'],
    });
    expect(roles.map((role) => role.name).sort()).toEqual(
      [
        'Admin',
        'Department Head',
        'Finance Manager',
        'General Manager',
        'Manager',
        'Super Admin',
        'User',
      ].sort(),
    );
    expect(roles.every((role) => role.is_system)).toBe(true);
    const byName = Object.fromEntries(
      roles.map((role) => [role.name, role.permissions!.map((p) => p.name).sort()]),
    );
    expect(byName['Super Admin']).toHaveLength(15);
    expect(byName.Admin).toHaveLength(14);
    expect(byName.Admin).not.toContain('role.manage');
    expect(byName.User).toEqual(['purchase_order.view', 'requisition.create']);
  });
});
