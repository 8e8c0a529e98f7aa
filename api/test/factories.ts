import { randomBytes } from 'node:crypto';
import type { InferCreationAttributes } from 'sequelize';
import { createDefaultRoles, type DefaultRoleName, defaultOrganizationSettings } from '../src/db/defaults.js';
import type {
  Budget,
  CostCenter,
  Department,
  GlAccount,
  Models,
  Organization,
  Product,
  Requisition,
  User,
  UserOrganization,
  Vendor,
} from '../src/db/models/index.js';
import { DEMO_PASSWORD } from '../src/db/seed.js';
import { hashPassword } from '../src/lib/password.js';

/**
 * Builders of isolated test data: every record gets a random suffix (organisation codes, emails,
 * SKUs), so tests sharing one database never collide. Overrides replace any column.
 */

/** A short random suffix, upper case. */
export const uniqueSuffix = () => randomBytes(4).toString('hex').toUpperCase();

/** The password of users built without one (`Password123!`, as the demo users). */
export const TEST_PASSWORD = DEMO_PASSWORD;

let defaultHash: Promise<string> | null = null;
const testPasswordHash = () => {
  defaultHash ??= hashPassword(TEST_PASSWORD);
  return defaultHash;
};

type Overrides<M extends object> = Partial<M>;

/** An organisation (code `ORG<suffix>`, AUD, default approval policy) with its 7 default roles. */
export async function buildOrganization(
  models: Models,
  overrides: Overrides<InferCreationAttributes<Organization>> = {},
): Promise<Organization> {
  const suffix = uniqueSuffix();
  const organization = await models.Organization.create({
    name: `Test Organisation ${suffix}`,
    code: `ORG${suffix}`,
    settings: defaultOrganizationSettings(),
    ...overrides,
  });
  await createDefaultRoles(models, organization);
  return organization;
}

/**
 * A user with a unique email (`user-<suffix>@example.test`) and the password {@link TEST_PASSWORD};
 * `password: null` builds an invited user without one.
 */
export async function buildUser(
  models: Models,
  overrides: Overrides<InferCreationAttributes<User>> & { password?: string | null } = {},
): Promise<User> {
  const { password, ...columns } = overrides;
  const suffix = uniqueSuffix().toLowerCase();
  const passwordHash =
    password === null
      ? null
      : password === undefined
        ? await testPasswordHash()
        : await hashPassword(password);
  return models.User.create({
    email: `user-${suffix}@example.test`,
    first_name: 'Test',
    last_name: `User ${suffix}`,
    password_hash: passwordHash,
    // Like the demo seed's, factory accounts count as owning their mailbox unless a test says otherwise.
    email_verified_at: new Date(),
    ...columns,
  });
}

/** Makes `user` a member of `organization` with one of its default roles (default 'User'). */
export async function buildMembership(
  models: Models,
  options: {
    user: User;
    organization: Organization;
    roleName?: DefaultRoleName | string;
    department?: Department | null;
    manager?: User | null;
    is_active?: boolean;
  },
): Promise<UserOrganization> {
  const roleName = options.roleName ?? 'User';
  const role = await models.Role.findOne({
    where: { organization_id: options.organization.id, name: roleName },
  });
  if (!role) throw new Error(`organisation ${options.organization.code} has no role '${roleName}'`);
  return models.UserOrganization.create({
    user_id: options.user.id,
    organization_id: options.organization.id,
    role_id: role.id,
    department_id: options.department?.id ?? null,
    manager_id: options.manager?.id ?? null,
    is_active: options.is_active ?? true,
  });
}

/** A department (code `D<suffix>`) of `organization`. */
export async function buildDepartment(
  models: Models,
  organization: Organization,
  overrides: Overrides<InferCreationAttributes<Department>> = {},
): Promise<Department> {
  const suffix = uniqueSuffix();
  return models.Department.create({
    organization_id: organization.id,
    name: `Department ${suffix}`,
    code: `D${suffix}`,
    ...overrides,
  });
}

/** A cost centre (code `CC-<suffix>`) of `organization`. */
export async function buildCostCenter(
  models: Models,
  organization: Organization,
  overrides: Overrides<InferCreationAttributes<CostCenter>> = {},
): Promise<CostCenter> {
  const suffix = uniqueSuffix();
  return models.CostCenter.create({
    organization_id: organization.id,
    code: `CC-${suffix}`,
    name: `Cost centre ${suffix}`,
    ...overrides,
  });
}

/** A GL account (code `GL<suffix>`) of `organization`. */
export async function buildGlAccount(
  models: Models,
  organization: Organization,
  overrides: Overrides<InferCreationAttributes<GlAccount>> = {},
): Promise<GlAccount> {
  const suffix = uniqueSuffix();
  return models.GlAccount.create({
    organization_id: organization.id,
    code: `GL${suffix}`,
    name: `GL account ${suffix}`,
    ...overrides,
  });
}

/** A budget of `costCenter` (default: 100,000.00 for the current calendar year). */
export async function buildBudget(
  models: Models,
  costCenter: CostCenter,
  overrides: Overrides<InferCreationAttributes<Budget>> = {},
): Promise<Budget> {
  return models.Budget.create({
    organization_id: costCenter.organization_id,
    cost_center_id: costCenter.id,
    fiscal_year: new Date().getUTCFullYear(),
    allocated_amount: '100000.00',
    ...overrides,
  });
}

/** A vendor of `organization` with a full address. */
export async function buildVendor(
  models: Models,
  organization: Organization,
  overrides: Overrides<InferCreationAttributes<Vendor>> = {},
): Promise<Vendor> {
  const suffix = uniqueSuffix();
  return models.Vendor.create({
    organization_id: organization.id,
    name: `Vendor ${suffix}`,
    contact_name: 'Casey Supplier',
    email: `orders-${suffix.toLowerCase()}@vendor.example`,
    phone: '+61 2 9000 0000',
    address: '1 Supply Street',
    city: 'Sydney',
    state_province: 'NSW',
    postal_code: '2000',
    country: 'Australia',
    payment_terms: 'Net 30',
    ...overrides,
  });
}

/** A product (SKU `SKU-<suffix>`, 10.00 each) of `organization`, optionally from `vendor`. */
export async function buildProduct(
  models: Models,
  organization: Organization,
  overrides: Overrides<InferCreationAttributes<Product>> = {},
): Promise<Product> {
  const suffix = uniqueSuffix();
  return models.Product.create({
    organization_id: organization.id,
    name: `Product ${suffix}`,
    description: 'A test product',
    sku: `SKU-${suffix}`,
    unit_price: '10.00',
    unit_of_measure: 'each',
    ...overrides,
  });
}

/** A line of {@link buildRequisition}: amounts as decimal strings, totals computed by the factory. */
export interface RequisitionLineSpec {
  description: string;
  quantity: number;
  unit_price: string;
  tax_amount?: string;
  /** The rate `tax_amount` was computed from (the database checks they agree). */
  tax_rate?: string | null;
  unit_of_measure?: 'each' | 'box' | 'case' | 'dozen' | 'kg' | 'lbs' | 'meter' | 'liter' | 'hours' | 'days';
  product_id?: string | null;
}

/**
 * A requisition of `organization` raised by `requestor`, directly in the database (no approval
 * chain): `approved` with one line of 100.00 unless told otherwise, with the timestamps its status
 * needs. Its number (`REQ-<year>-9nnnnnn`) never meets the organisation's counter. Builds a cost
 * centre and a GL account when none is given.
 */
export async function buildRequisition(
  models: Models,
  options: {
    organization: Organization;
    requestor: User;
    costCenter?: CostCenter;
    glAccount?: GlAccount;
    status?: Requisition['status'];
    lines?: RequisitionLineSpec[];
    overrides?: Overrides<InferCreationAttributes<Requisition>>;
  },
): Promise<Requisition> {
  const { organization, requestor } = options;
  const status = options.status ?? 'approved';
  const costCenter = options.costCenter ?? (await buildCostCenter(models, organization));
  const glAccount = options.glAccount ?? (await buildGlAccount(models, organization));
  const lines = (options.lines ?? [{ description: 'Office chairs', quantity: 1, unit_price: '100.00' }]).map(
    (line) => {
      const cents =
        line.quantity * Math.round(Number(line.unit_price) * 100) +
        Math.round(Number(line.tax_amount ?? 0) * 100);
      return { ...line, total: (cents / 100).toFixed(2), cents };
    },
  );
  const totalCents = lines.reduce((sum, line) => sum + line.cents, 0);
  const now = new Date();
  const requisition = await models.Requisition.create({
    organization_id: organization.id,
    requisition_number: `REQ-${now.getUTCFullYear()}-9${String(randomBytes(3).readUIntBE(0, 3) % 1_000_000).padStart(6, '0')}`,
    status,
    justification: 'Built by the test factory',
    shipping_address: '5 Receiving Dock, Sydney NSW 2000',
    total_amount: (totalCents / 100).toFixed(2),
    currency: organization.currency ?? 'AUD',
    requestor_id: requestor.id,
    cost_center_id: costCenter.id,
    gl_account_id: glAccount.id,
    submitted_at: status === 'draft' ? null : now,
    approved_at: status === 'approved' || status === 'po_created' ? now : null,
    rejected_at: status === 'rejected' ? now : null,
    cancelled_at: status === 'cancelled' ? now : null,
    ...options.overrides,
  });
  await models.RequisitionLineItem.bulkCreate(
    lines.map((line, position) => ({
      requisition_id: requisition.id,
      position,
      product_id: line.product_id ?? null,
      description: line.description,
      quantity: line.quantity,
      unit_price: line.unit_price,
      unit_of_measure: line.unit_of_measure ?? 'each',
      currency: requisition.currency,
      tax_amount: line.tax_amount ?? '0.00',
      tax_rate: line.tax_rate ?? null,
      total_amount: line.total,
    })),
  );
  return requisition;
}

// File bytes for attachment tests live beside (real formats, built in memory).
export * from './file-bytes.js';
