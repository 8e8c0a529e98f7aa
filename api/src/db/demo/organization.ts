/**
 * Writes an organisation's fixture up to its requisitions: the organisation and its default roles,
 * its new users, departments, memberships, cost centres with budgets, GL accounts, vendors, products
 * and exchange rates. Answers the records by natural key for the requisitions to name.
 */
import { hashPassword } from '../../lib/password.js';
import { createDefaultRoles, defaultOrganizationSettings } from '../defaults.js';
import { money } from './amounts.js';
import { type DemoContext, lookup, type OrganizationRecords, userId } from './context.js';
import { DEMO_PASSWORD } from './password.js';
import type { OrganizationFixture, UserFixture } from './types.js';

async function createUsers(context: DemoContext, fixtures: UserFixture[]): Promise<void> {
  const hashes = await Promise.all(fixtures.map(() => hashPassword(DEMO_PASSWORD)));
  for (const [index, fixture] of fixtures.entries()) {
    if (context.users.has(fixture.email)) throw new Error(`demo fixtures: user '${fixture.email}' twice`);
    const user = await context.models.User.create(
      {
        ...fixture,
        is_active: fixture.is_active ?? true,
        password_hash: hashes[index]!,
        // Demo accounts count as owning their mailbox (docs/decisions.md, issue 11).
        email_verified_at: new Date(),
      },
      { transaction: context.transaction },
    );
    context.users.set(user.email, user.id);
  }
}

/** Writes everything of `fixture` but its requisitions. */
export async function writeOrganization(
  context: DemoContext,
  fixture: OrganizationFixture,
): Promise<OrganizationRecords> {
  const { models, transaction, clock } = context;
  const opts = { transaction };
  const organization = await models.Organization.create(
    { ...fixture.organization, currency: 'AUD', settings: defaultOrganizationSettings() },
    opts,
  );
  const records: OrganizationRecords = {
    organization,
    roles: await createDefaultRoles(models, organization, transaction),
    departments: new Map(),
    costCenters: new Map(),
    glAccounts: new Map(),
    vendors: new Map(),
    products: new Map(),
  };
  const organization_id = organization.id;
  await createUsers(context, fixture.users);

  for (const department of fixture.departments) {
    const row = await models.Department.create(
      {
        organization_id,
        name: department.name,
        code: department.code,
        description: department.description,
        department_head_id: department.head === null ? null : userId(context, department.head),
        parent_department_id:
          department.parent === undefined
            ? null
            : lookup(records.departments, 'department', department.parent),
      },
      opts,
    );
    records.departments.set(department.code, row.id);
  }

  for (const member of fixture.members) {
    const at = clock.ago(member.createdDaysAgo);
    await models.UserOrganization.create(
      {
        user_id: userId(context, member.user),
        organization_id,
        role_id: records.roles[member.role].id,
        department_id:
          member.department === null ? null : lookup(records.departments, 'department', member.department),
        manager_id: member.manager === null ? null : userId(context, member.manager),
        created_at: at,
        updated_at: at,
      },
      { ...opts, silent: true },
    );
  }

  const fiscalYear = clock.fiscalYear(organization.fiscal_year_start);
  for (const costCenter of fixture.costCenters) {
    const row = await models.CostCenter.create(
      { organization_id, code: costCenter.code, name: costCenter.name },
      opts,
    );
    await models.Budget.create(
      {
        organization_id,
        cost_center_id: row.id,
        fiscal_year: fiscalYear,
        allocated_amount: money(costCenter.budget * 100),
        currency: organization.currency,
      },
      opts,
    );
    records.costCenters.set(costCenter.code, row.id);
  }

  for (const { code, name } of fixture.glAccounts) {
    const row = await models.GlAccount.create({ organization_id, code, name }, opts);
    records.glAccounts.set(code, row.id);
  }

  for (const vendor of fixture.vendors) {
    const row = await models.Vendor.create({ ...vendor, organization_id }, opts);
    records.vendors.set(vendor.name, row.id);
  }

  for (const product of fixture.products) {
    const row = await models.Product.create(
      {
        organization_id,
        vendor_id: product.vendor === null ? null : lookup(records.vendors, 'vendor', product.vendor),
        name: product.name,
        description: product.description,
        sku: product.sku,
        unit_price: money(product.priceCents),
        unit_of_measure: product.unit,
        currency: organization.currency,
      },
      opts,
    );
    records.products.set(product.sku, {
      id: row.id,
      name: product.name,
      priceCents: product.priceCents,
      unit: product.unit,
    });
  }

  for (const rate of fixture.exchangeRates) {
    const at = clock.ago(rate.daysAgo);
    await models.Organization.sequelize!.query(
      `INSERT INTO exchange_rates (organization_id, currency, rate, effective_from, created_by_id,
                                   created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6)`,
      {
        bind: [
          organization_id,
          rate.currency,
          rate.rate,
          at.toISOString().slice(0, 10),
          userId(context, rate.by),
          at,
        ],
        transaction,
      },
    );
  }
  return records;
}
