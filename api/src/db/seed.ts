import type { Sequelize, Transaction } from 'sequelize';
import { hashPassword } from '../lib/password.js';
import {
  createDefaultRoles,
  type DefaultRoleName,
  defaultOrganizationSettings,
  ensurePermissions,
} from './defaults.js';
import type {
  ApprovalAction,
  CostCenter,
  Department,
  GlAccount,
  Models,
  Organization,
  PaymentTerms,
  Product,
  RequisitionCategory,
  RequisitionStatus,
  Role,
  UnitOfMeasure,
  User,
  Vendor,
} from './models/index.js';

/** The password of every demo user. */
export const DEMO_PASSWORD = 'Password123!';

/** What {@link seedDemoData} did. */
export interface SeedResult {
  /** False when the demo data was already there (nothing was changed). */
  seeded: boolean;
}

const DAY = 86_400_000;

/** Integer cents → "1234.56". */
function money(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 10% GST on `cents`, rounded half-up to the cent. */
function gst(cents: number): number {
  return Math.floor((cents + 5) / 10);
}

const dateOnly = (date: Date) => date.toISOString().slice(0, 10);

interface UserSpec {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  is_active?: boolean;
}

interface LineSpec {
  product?: Product;
  description?: string;
  quantity: number;
  /** Unit price in cents; defaults to the product's price. */
  price?: number;
  unit?: UnitOfMeasure;
  /** Tax in cents; defaults to 10% GST of the line. */
  tax?: number;
  notes?: string;
}

/** Who an approval step waits for: one user or every holder of a role. */
type Approver = { user: User } | { group: 'Finance Manager' | 'General Manager' };

type WorkflowEvent =
  | { kind: 'submit'; daysAgo: number; open?: { level: number; approver: Approver } }
  | {
      kind: 'decide';
      daysAgo: number;
      action: Extract<ApprovalAction, 'approve' | 'reject' | 'request_info'>;
      by: User;
      comments?: string;
      /** After an approval: passes (closed auto_approve steps) and then the next open step, if any. */
      passes?: { level: number; approver: User; reason: string; comments: string }[];
      next?: { level: number; approver: Approver };
    }
  | { kind: 'cancel'; daysAgo: number; by: User };

interface RequisitionSpec {
  requestor: User;
  department: Department | null;
  costCenter: CostCenter;
  glAccount: GlAccount;
  category: RequisitionCategory;
  justification: string;
  deliveryInDays: number | null;
  shippingAddress: string;
  notes?: string;
  createdDaysAgo: number;
  lines: LineSpec[];
  events: WorkflowEvent[];
  /** Another currency than the organisation's, and the rate into it a submission froze. */
  currency?: { code: string; rate: string };
}

interface PurchaseOrderSpec {
  requisition: { id: string; total: number; lines: { id: string; spec: LineSpec }[]; approvedAt: Date };
  vendor: Vendor;
  buyer: User;
  status: 'draft' | 'sent' | 'received' | 'cancelled';
  paymentTerms: PaymentTerms;
  createdDaysAgo: number;
  /** Days ago, clamped into the current calendar month so the dashboard shows this month's spend. */
  sentDaysAgo?: number;
  receivedDaysAgo?: number;
  receivedNotes?: string;
  cancelledDaysAgo?: number;
  cancelReason?: string;
  deliveryInDays: number;
  notes?: string;
}

const LEVEL_TITLES: Record<number, string> = {
  1: 'Manager Approval',
  2: 'Department Head Approval',
  3: 'Finance Manager Approval',
  4: 'General Manager Approval',
};

/**
 * Builds the demo data set in one organisation-aware pass. Every query passes `transaction` (the
 * embedded database deadlocks on a query that does not).
 */
class DemoBuilder {
  private provisional = 0;
  private readonly monthStart: Date;

  constructor(
    private readonly models: Models,
    private readonly transaction: Transaction,
    private readonly now: Date,
  ) {
    this.monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  }

  private get opts() {
    return { transaction: this.transaction };
  }

  ago(days: number): Date {
    return new Date(this.now.getTime() - days * DAY);
  }

  /** `days` ago, but never before the first instant of the current calendar month. */
  thisMonth(days: number): Date {
    return new Date(Math.max(this.monthStart.getTime(), this.now.getTime() - days * DAY));
  }

  inDays(days: number): string {
    return dateOnly(new Date(this.now.getTime() + days * DAY));
  }

  /**
   * A provisional number (…-9xxxx): {@link renumber} replaces it once everything exists, so numbers
   * follow creation time whatever order the code creates records in.
   */
  private provisionalNumber(kind: 'REQ' | 'PO', at: Date): string {
    this.provisional += 1;
    return `${kind}-${at.getUTCFullYear()}-${90_000 + this.provisional}`;
  }

  /**
   * Numbers requisitions and orders per organisation and year in creation order (REQ-2026-00001…)
   * and writes the matching number_sequences rows. The provisional numbers never collide with the
   * final ones, so the unique keys hold row by row.
   */
  async renumber(organizationIds: string[]): Promise<void> {
    const run = (sql: string) =>
      this.models.Requisition.sequelize!.query(sql, { ...this.opts, bind: [organizationIds] });
    for (const [table, column, kind] of [
      ['requisitions', 'requisition_number', 'REQ'],
      ['purchase_orders', 'po_number', 'PO'],
    ] as const) {
      await run(`
        UPDATE ${table} t
           SET ${column} = format('${kind}-%s-%s', o.year, lpad(o.n::text, 5, '0'))
          FROM (SELECT id, extract(year FROM created_at AT TIME ZONE 'UTC')::int AS year,
                       row_number() OVER (PARTITION BY organization_id, extract(year FROM created_at AT TIME ZONE 'UTC')
                                          ORDER BY created_at, id) AS n
                  FROM ${table} WHERE organization_id = ANY($1)) o
         WHERE t.id = o.id`);
      await run(`
        INSERT INTO number_sequences (organization_id, kind, year, last_value)
        SELECT organization_id, '${kind}', extract(year FROM created_at AT TIME ZONE 'UTC')::int, count(*)
          FROM ${table} WHERE organization_id = ANY($1)
         GROUP BY 1, 3`);
    }
  }

  async organization(fields: {
    name: string;
    code: string;
    address: string;
    phone: string;
    website: string;
    fiscal_year_start: number;
    fiscal_year_end: number;
  }): Promise<{ organization: Organization; roles: Record<DefaultRoleName, Role> }> {
    const organization = await this.models.Organization.create(
      { ...fields, currency: 'AUD', settings: defaultOrganizationSettings() },
      this.opts,
    );
    const roles = await createDefaultRoles(this.models, organization, this.transaction);
    return { organization, roles };
  }

  async users(specs: UserSpec[]): Promise<User[]> {
    const hashes = await Promise.all(specs.map(() => hashPassword(DEMO_PASSWORD)));
    const users: User[] = [];
    for (const [index, spec] of specs.entries()) {
      users.push(
        await this.models.User.create(
          {
            ...spec,
            is_active: spec.is_active ?? true,
            password_hash: hashes[index]!,
            // Demo accounts count as owning their mailbox (docs/decisions.md, issue 11).
            email_verified_at: new Date(),
          },
          this.opts,
        ),
      );
    }
    return users;
  }

  async department(
    organization: Organization,
    fields: { name: string; code: string; description: string; head: User | null; parent?: Department },
  ): Promise<Department> {
    return this.models.Department.create(
      {
        organization_id: organization.id,
        name: fields.name,
        code: fields.code,
        description: fields.description,
        department_head_id: fields.head?.id ?? null,
        parent_department_id: fields.parent?.id ?? null,
      },
      this.opts,
    );
  }

  async membership(
    organization: Organization,
    user: User,
    role: Role,
    department: Department | null,
    manager: User | null,
    createdDaysAgo: number,
  ): Promise<void> {
    const at = this.ago(createdDaysAgo);
    await this.models.UserOrganization.create(
      {
        user_id: user.id,
        organization_id: organization.id,
        role_id: role.id,
        department_id: department?.id ?? null,
        manager_id: manager?.id ?? null,
        created_at: at,
        updated_at: at,
      },
      { ...this.opts, silent: true },
    );
  }

  async costCentersAndBudgets(
    organization: Organization,
    specs: { code: string; name: string; budget: number }[],
    fiscalYear: number,
  ): Promise<Record<string, CostCenter>> {
    const result: Record<string, CostCenter> = {};
    for (const spec of specs) {
      const costCenter = await this.models.CostCenter.create(
        { organization_id: organization.id, code: spec.code, name: spec.name },
        this.opts,
      );
      await this.models.Budget.create(
        {
          organization_id: organization.id,
          cost_center_id: costCenter.id,
          fiscal_year: fiscalYear,
          allocated_amount: money(spec.budget * 100),
          currency: organization.currency,
        },
        this.opts,
      );
      result[spec.code] = costCenter;
    }
    return result;
  }

  async glAccounts(
    organization: Organization,
    specs: [string, string][],
  ): Promise<Record<string, GlAccount>> {
    const result: Record<string, GlAccount> = {};
    for (const [code, name] of specs) {
      result[code] = await this.models.GlAccount.create(
        { organization_id: organization.id, code, name },
        this.opts,
      );
    }
    return result;
  }

  async vendor(
    organization: Organization,
    fields: {
      name: string;
      contact_name: string;
      email: string;
      phone: string;
      website: string;
      address: string;
      city: string;
      state_province: string;
      postal_code: string;
      country: string;
      payment_terms: PaymentTerms;
    },
  ): Promise<Vendor> {
    return this.models.Vendor.create({ ...fields, organization_id: organization.id }, this.opts);
  }

  async product(
    organization: Organization,
    vendor: Vendor | null,
    fields: { name: string; description: string; sku: string; price: number; unit: UnitOfMeasure },
  ): Promise<Product> {
    return this.models.Product.create(
      {
        organization_id: organization.id,
        vendor_id: vendor?.id ?? null,
        name: fields.name,
        description: fields.description,
        sku: fields.sku,
        unit_price: money(fields.price),
        unit_of_measure: fields.unit,
        currency: organization.currency,
      },
      this.opts,
    );
  }

  private async audit(
    organization: Organization,
    entity: { type: 'requisition' | 'purchase_order'; id: string },
    fields: {
      action: string;
      from: string | null;
      to: string | null;
      actor: User | null;
      at: Date;
      comment?: string | null;
      metadata?: Record<string, unknown>;
    },
  ): Promise<void> {
    await this.models.AuditLog.create(
      {
        organization_id: organization.id,
        entity_type: entity.type,
        entity_id: entity.id,
        action: fields.action,
        from_status: fields.from,
        to_status: fields.to,
        actor_id: fields.actor?.id ?? null,
        comment: fields.comment ?? null,
        metadata: fields.metadata ?? {},
        created_at: fields.at,
      },
      this.opts,
    );
  }

  /** A rate of `currency` into the organisation's base currency, in effect from `daysAgo` days ago. */
  async exchangeRate(
    organization: Organization,
    fields: { currency: string; rate: string; daysAgo: number; by: User },
  ): Promise<void> {
    await this.models.Organization.sequelize!.query(
      `INSERT INTO exchange_rates (organization_id, currency, rate, effective_from, created_by_id,
                                   created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $6)`,
      {
        bind: [
          organization.id,
          fields.currency,
          fields.rate,
          this.ago(fields.daysAgo).toISOString().slice(0, 10),
          fields.by.id,
          this.ago(fields.daysAgo),
        ],
        transaction: this.transaction,
      },
    );
  }

  /**
   * Creates a requisition by replaying its workflow events, so the status, timestamps, approval
   * steps and audit entries agree with each other and with DECISIONS §3–4.
   */
  async requisition(organization: Organization, spec: RequisitionSpec) {
    const createdAt = this.ago(spec.createdDaysAgo);
    const lines = spec.lines.map((line, position) => {
      const price = line.price ?? Math.round(Number(line.product?.unit_price ?? 0) * 100);
      const subtotal = line.quantity * price;
      const tax = line.tax ?? gst(subtotal);
      return { position, line, price, tax, total: subtotal + tax };
    });
    const total = lines.reduce((sum, line) => sum + line.total, 0);

    type StepRow = {
      approval_level: number;
      approver: Approver;
      action: ApprovalAction | null;
      comments: string | null;
      actioned_at: Date | null;
      actioned_by: User | null;
      pass_reason: string | null;
      created_at: Date;
      round: number;
    };
    const steps: StepRow[] = [];
    const audits: Parameters<DemoBuilder['audit']>[2][] = [
      { action: 'create', from: null, to: 'draft', actor: spec.requestor, at: createdAt },
    ];
    let status: RequisitionStatus = 'draft';
    let round = 0;
    const stamps: Partial<Record<'submitted_at' | 'approved_at' | 'rejected_at' | 'cancelled_at', Date>> = {};
    const open = () => steps.find((step) => step.action === null);
    const openStep = (level: number, approver: Approver, at: Date) =>
      steps.push({
        approval_level: level,
        approver,
        action: null,
        comments: null,
        actioned_at: null,
        actioned_by: null,
        pass_reason: null,
        created_at: at,
        round,
      });

    for (const event of spec.events) {
      const at = this.ago(event.daysAgo);
      if (event.kind === 'submit') {
        round += 1;
        const from = status;
        status = event.open ? 'under_review' : 'submitted';
        stamps.submitted_at = at;
        audits.push({
          action: from === 'draft' ? 'submit' : 'resubmit',
          from,
          to: status,
          actor: spec.requestor,
          at,
        });
        if (event.open) openStep(event.open.level, event.open.approver, at);
      } else if (event.kind === 'decide') {
        const step = open();
        if (!step) throw new Error('seed: decision without an open step');
        Object.assign(step, {
          action: event.action,
          comments: event.comments ?? null,
          actioned_at: at,
          actioned_by: event.by,
        });
        const from = status;
        if (event.action === 'approve') {
          for (const pass of event.passes ?? []) {
            steps.push({
              approval_level: pass.level,
              approver: { user: pass.approver },
              action: 'auto_approve',
              comments: pass.comments,
              actioned_at: at,
              actioned_by: null,
              pass_reason: pass.reason,
              created_at: at,
              round,
            });
          }
          if (event.next) {
            openStep(event.next.level, event.next.approver, at);
          } else {
            status = 'approved';
            stamps.approved_at = at;
          }
        } else if (event.action === 'reject') {
          status = 'rejected';
          stamps.rejected_at = at;
        } else {
          status = 'info_requested';
        }
        audits.push({
          action: event.action,
          from,
          to: status,
          actor: event.by,
          at,
          comment: event.comments ?? null,
          metadata: { approval_level: step.approval_level },
        });
      } else {
        const from = status;
        status = 'cancelled';
        stamps.cancelled_at = at;
        audits.push({ action: 'cancel', from, to: status, actor: event.by, at });
      }
    }

    const lastAt = new Date(
      Math.max(createdAt.getTime(), ...Object.values(stamps).map((stamp) => stamp.getTime())),
    );
    const requisition = await this.models.Requisition.create(
      {
        organization_id: organization.id,
        requisition_number: this.provisionalNumber('REQ', createdAt),
        status,
        category: spec.category,
        justification: spec.justification,
        delivery_date: spec.deliveryInDays === null ? null : this.inDays(spec.deliveryInDays),
        shipping_address: spec.shippingAddress,
        notes: spec.notes ?? null,
        total_amount: money(total),
        currency: spec.currency?.code ?? organization.currency,
        // A submitted one froze its rate: 1 in the organisation's own currency.
        exchange_rate: stamps.submitted_at ? (spec.currency?.rate ?? '1') : null,
        requestor_id: spec.requestor.id,
        cost_center_id: spec.costCenter.id,
        gl_account_id: spec.glAccount.id,
        department_id: spec.department?.id ?? null,
        submitted_at: stamps.submitted_at ?? null,
        approved_at: stamps.approved_at ?? null,
        rejected_at: stamps.rejected_at ?? null,
        cancelled_at: stamps.cancelled_at ?? null,
        created_at: createdAt,
        updated_at: lastAt,
      },
      { ...this.opts, silent: true },
    );
    const lineRows = await this.models.RequisitionLineItem.bulkCreate(
      lines.map(({ position, line, price, tax, total: lineTotal }) => ({
        requisition_id: requisition.id,
        position,
        product_id: line.product?.id ?? null,
        description: line.description ?? line.product?.name ?? 'Item',
        quantity: line.quantity,
        unit_price: money(price),
        unit_of_measure: line.unit ?? line.product?.unit_of_measure ?? 'each',
        notes: line.notes ?? null,
        currency: spec.currency?.code ?? organization.currency,
        tax_amount: money(tax),
        total_amount: money(lineTotal),
        created_at: createdAt,
        updated_at: createdAt,
      })),
      { ...this.opts, returning: true },
    );
    for (const step of steps) {
      await this.models.ApprovalStep.create(
        {
          organization_id: organization.id,
          requisition_id: requisition.id,
          round: step.round,
          approval_level: step.approval_level,
          level_title: LEVEL_TITLES[step.approval_level] ?? `Level ${step.approval_level} Approval`,
          approver_id: 'user' in step.approver ? step.approver.user.id : null,
          approver_role_name: 'group' in step.approver ? step.approver.group : null,
          action: step.action,
          comments: step.comments,
          actioned_at: step.actioned_at,
          actioned_by_id: step.actioned_by?.id ?? null,
          pass_reason: step.pass_reason,
          created_at: step.created_at,
        },
        this.opts,
      );
    }
    for (const entry of audits) {
      await this.audit(organization, { type: 'requisition', id: requisition.id }, entry);
    }
    return {
      id: requisition.id,
      number: requisition.requisition_number,
      status,
      total,
      approvedAt: stamps.approved_at ?? createdAt,
      requestor: spec.requestor,
      lines: lineRows.map((row, index) => ({
        id: row.id,
        spec: { ...spec.lines[index]!, price: lines[index]!.price, tax: lines[index]!.tax },
      })),
      shippingAddress: spec.shippingAddress,
    };
  }

  /**
   * Raises a purchase order from an approved requisition (which becomes po_created, or returns to
   * approved when the order is cancelled) and moves it through its statuses with audit entries.
   */
  async purchaseOrder(
    organization: Organization,
    requisition: Awaited<ReturnType<DemoBuilder['requisition']>>,
    spec: Omit<PurchaseOrderSpec, 'requisition'>,
  ): Promise<void> {
    const createdAt = this.ago(spec.createdDaysAgo);
    const sentAt = spec.sentDaysAgo === undefined ? null : this.thisMonth(spec.sentDaysAgo);
    const receivedAt = spec.receivedDaysAgo === undefined ? null : this.thisMonth(spec.receivedDaysAgo);
    const cancelledAt = spec.cancelledDaysAgo === undefined ? null : this.ago(spec.cancelledDaysAgo);
    const order = await this.models.PurchaseOrder.create(
      {
        organization_id: organization.id,
        po_number: this.provisionalNumber('PO', createdAt),
        requisition_id: requisition.id,
        vendor_id: spec.vendor.id,
        status: spec.status,
        total_amount: money(requisition.total),
        currency: organization.currency,
        exchange_rate: '1',
        delivery_date: this.inDays(spec.deliveryInDays),
        payment_terms: spec.paymentTerms,
        notes: spec.notes ?? null,
        shipping_address: requisition.shippingAddress,
        billing_address: `Accounts Payable, ${organization.name}, ${organization.address}`,
        sent_at: sentAt,
        received_at: receivedAt,
        received_date: receivedAt ? dateOnly(receivedAt) : null,
        received_notes: spec.receivedNotes ?? null,
        cancelled_at: cancelledAt,
        cancel_reason: spec.cancelReason ?? null,
        created_by_id: spec.buyer.id,
        created_at: createdAt,
        updated_at: receivedAt ?? cancelledAt ?? sentAt ?? createdAt,
      },
      { ...this.opts, silent: true },
    );
    await this.models.PoLineItem.bulkCreate(
      requisition.lines.map(({ id, spec: line }, position) => {
        const price = line.price!;
        const tax = line.tax!;
        return {
          purchase_order_id: order.id,
          position,
          requisition_line_item_id: id,
          product_id: line.product?.id ?? null,
          description: line.description ?? line.product?.name ?? 'Item',
          quantity: line.quantity,
          unit_price: money(price),
          unit_of_measure: line.unit ?? line.product?.unit_of_measure ?? 'each',
          notes: line.notes ?? null,
          currency: organization.currency,
          tax_amount: money(tax),
          total_amount: money(line.quantity * price + tax),
        };
      }),
      this.opts,
    );
    const entity = { type: 'purchase_order' as const, id: order.id };
    const reqEntity = { type: 'requisition' as const, id: requisition.id };
    await this.audit(organization, entity, {
      action: 'create',
      from: null,
      to: 'draft',
      actor: spec.buyer,
      at: createdAt,
    });
    await this.audit(organization, reqEntity, {
      action: 'create_purchase_order',
      from: 'approved',
      to: 'po_created',
      actor: spec.buyer,
      at: createdAt,
      metadata: { purchase_order_id: order.id },
    });
    if (sentAt) {
      await this.audit(organization, entity, {
        action: 'send',
        from: 'draft',
        to: 'sent',
        actor: spec.buyer,
        at: sentAt,
      });
    }
    if (receivedAt) {
      await this.audit(organization, entity, {
        action: 'receive',
        from: 'sent',
        to: 'received',
        actor: spec.buyer,
        at: receivedAt,
        comment: spec.receivedNotes ?? null,
      });
    }
    if (cancelledAt) {
      await this.audit(organization, entity, {
        action: 'cancel',
        from: sentAt ? 'sent' : 'draft',
        to: 'cancelled',
        actor: spec.buyer,
        at: cancelledAt,
        comment: spec.cancelReason ?? null,
      });
      await this.audit(organization, reqEntity, {
        action: 'purchase_order_cancelled',
        from: 'po_created',
        to: 'approved',
        actor: spec.buyer,
        at: cancelledAt,
        metadata: { purchase_order_id: order.id },
      });
    }
    const requisitionStatus: RequisitionStatus = spec.status === 'cancelled' ? 'approved' : 'po_created';
    await this.models.Requisition.update(
      { status: requisitionStatus },
      { where: { id: requisition.id }, ...this.opts, silent: true },
    );
  }
}

/** The fiscal year (labelled by the calendar year it starts in) containing `now`. */
function fiscalYearLabel(now: Date, startMonth: number): number {
  return now.getUTCMonth() + 1 >= startMonth ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
}

async function seedAcme(b: DemoBuilder, now: Date): Promise<{ acme: Organization; alex: User }> {
  const { organization: acme, roles } = await b.organization({
    name: 'Acme Corporation',
    code: 'ACME',
    address: '100 Collins Street, Melbourne VIC 3000, Australia',
    phone: '+61 3 9000 1000',
    website: 'https://acme.example',
    fiscal_year_start: 1,
    fiscal_year_end: 12,
  });
  const [sophie, alex, grace, frank, helen, mark, uma, ivan] = (await b.users([
    { email: 'superadmin@acme.test', first_name: 'Sophie', last_name: 'Turner', phone: '+61 400 000 001' },
    { email: 'admin@acme.test', first_name: 'Alex', last_name: 'Morgan', phone: '+61 400 000 002' },
    { email: 'gm@acme.test', first_name: 'Grace', last_name: 'Hopper', phone: '+61 400 000 003' },
    { email: 'finance@acme.test', first_name: 'Frank', last_name: 'Li', phone: '+61 400 000 004' },
    { email: 'head@acme.test', first_name: 'Helen', last_name: 'Park', phone: '+61 400 000 005' },
    { email: 'manager@acme.test', first_name: 'Mark', last_name: 'Evans', phone: '+61 400 000 006' },
    { email: 'user@acme.test', first_name: 'Uma', last_name: 'Patel', phone: '+61 400 000 007' },
    {
      email: 'inactive@acme.test',
      first_name: 'Ivan',
      last_name: 'Stone',
      phone: '+61 400 000 008',
      is_active: false,
    },
  ])) as [User, User, User, User, User, User, User, User];

  const operations = await b.department(acme, {
    name: 'Operations',
    code: 'OPS',
    description: 'Runs the business day to day',
    head: helen,
  });
  const it = await b.department(acme, {
    name: 'Information Technology',
    code: 'IT',
    description: 'Computers, networks and software',
    head: helen,
    parent: operations,
  });
  const finance = await b.department(acme, {
    name: 'Finance',
    code: 'FIN',
    description: 'Accounts, budgets and purchasing approvals',
    head: frank,
  });
  const procurement = await b.department(acme, {
    name: 'Procurement',
    code: 'PROC',
    description: 'Buys from vendors and manages purchase orders',
    head: grace,
  });

  await b.membership(acme, sophie, roles['Super Admin'], null, null, 400);
  await b.membership(acme, alex, roles.Admin, procurement, null, 390);
  await b.membership(acme, grace, roles['General Manager'], procurement, null, 380);
  await b.membership(acme, frank, roles['Finance Manager'], finance, grace, 370);
  await b.membership(acme, helen, roles['Department Head'], operations, grace, 360);
  await b.membership(acme, mark, roles.Manager, it, helen, 350);
  await b.membership(acme, uma, roles.User, it, mark, 340);
  await b.membership(acme, ivan, roles.User, it, mark, 330);

  const cc = await b.costCentersAndBudgets(
    acme,
    [
      { code: 'CC-100', name: 'Corporate Services', budget: 250_000 },
      { code: 'CC-200', name: 'Information Technology', budget: 400_000 },
      { code: 'CC-300', name: 'Operations', budget: 300_000 },
      { code: 'CC-400', name: 'Finance', budget: 120_000 },
      { code: 'CC-500', name: 'Facilities', budget: 180_000 },
    ],
    fiscalYearLabel(now, acme.fiscal_year_start),
  );
  const gl = await b.glAccounts(acme, [
    ['6100', 'Office Supplies'],
    ['6200', 'IT Hardware'],
    ['6300', 'Furniture & Fittings'],
    ['6400', 'Repairs & Maintenance'],
    ['6500', 'Freight & Logistics'],
    ['6600', 'Software & Subscriptions'],
  ]);

  const officeworks = await b.vendor(acme, {
    name: 'Officeworks Business',
    contact_name: 'Priya Shah',
    email: 'orders@officeworks-business.example',
    phone: '+61 3 9100 2000',
    website: 'https://officeworks-business.example',
    address: '236 Bourke Street',
    city: 'Melbourne',
    state_province: 'VIC',
    postal_code: '3000',
    country: 'Australia',
    payment_terms: 'Net 30',
  });
  const dell = await b.vendor(acme, {
    name: 'Dell Technologies Australia',
    contact_name: 'Tom Nguyen',
    email: 'au-orders@dell-tech.example',
    phone: '+61 2 9200 3000',
    website: 'https://dell-tech.example',
    address: 'Level 14, 1 Denison Street',
    city: 'North Sydney',
    state_province: 'NSW',
    postal_code: '2060',
    country: 'Australia',
    payment_terms: 'Net 45',
  });
  const nordic = await b.vendor(acme, {
    name: 'Nordic Office Furniture',
    contact_name: 'Lars Eriksen',
    email: 'sales@nordic-office.example',
    phone: '+61 7 3300 4000',
    website: 'https://nordic-office.example',
    address: '12 Industry Road',
    city: 'Brisbane',
    state_province: 'QLD',
    postal_code: '4000',
    country: 'Australia',
    payment_terms: 'Net 30',
  });
  const cleanpro = await b.vendor(acme, {
    name: 'CleanPro Facility Services',
    contact_name: 'Maria Lopez',
    email: 'bookings@cleanpro.example',
    phone: '+61 8 9400 5000',
    website: 'https://cleanpro.example',
    address: '45 Hay Street',
    city: 'Perth',
    state_province: 'WA',
    postal_code: '6000',
    country: 'Australia',
    payment_terms: 'Net 15',
  });
  const fastfreight = await b.vendor(acme, {
    name: 'FastFreight Logistics',
    contact_name: 'Dan Walsh',
    email: 'dispatch@fastfreight.example',
    phone: '+61 3 9500 6000',
    website: 'https://fastfreight.example',
    address: '3 Wharf Road',
    city: 'Port Melbourne',
    state_province: 'VIC',
    postal_code: '3207',
    country: 'Australia',
    payment_terms: 'Due on Receipt',
  });

  const paper = await b.product(acme, officeworks, {
    name: 'A4 Copy Paper 80gsm',
    description: 'Box of 5 reams (2,500 sheets)',
    sku: 'OW-PAP-A4',
    price: 3250,
    unit: 'box',
  });
  const pens = await b.product(acme, officeworks, {
    name: 'Ballpoint Pens, Blue',
    description: 'Box of 50',
    sku: 'OW-PEN-BL50',
    price: 1890,
    unit: 'box',
  });
  const toner = await b.product(acme, officeworks, {
    name: 'Toner Cartridge HP 58X',
    description: 'High-yield black toner',
    sku: 'OW-TON-58X',
    price: 21900,
    unit: 'each',
  });
  const laptop = await b.product(acme, dell, {
    name: 'Dell Latitude 7450 Laptop',
    description: '14", Core Ultra 7, 32 GB RAM, 1 TB SSD, 3-year warranty',
    sku: 'DELL-LAT7450',
    price: 227273,
    unit: 'each',
  });
  const monitor = await b.product(acme, dell, {
    name: 'Dell 27" Monitor P2725H',
    description: '27" Full HD IPS, height adjustable',
    sku: 'DELL-P2725H',
    price: 38900,
    unit: 'each',
  });
  const dock = await b.product(acme, dell, {
    name: 'Dell Thunderbolt Dock WD22TB4',
    description: 'Thunderbolt 4 docking station',
    sku: 'DELL-WD22TB4',
    price: 42900,
    unit: 'each',
  });
  const chair = await b.product(acme, nordic, {
    name: 'Ergonomic Office Chair',
    description: 'Mesh back, adjustable lumbar support',
    sku: 'NOF-CHAIR-ERG',
    price: 64900,
    unit: 'each',
  });
  const desk = await b.product(acme, nordic, {
    name: 'Sit-Stand Desk 1600 mm',
    description: 'Electric, dual motor',
    sku: 'NOF-DESK-1600',
    price: 115000,
    unit: 'each',
  });
  const cleaning = await b.product(acme, cleanpro, {
    name: 'Office Deep Clean',
    description: 'Per cleaner-hour, after hours',
    sku: 'CP-CLEAN-HR',
    price: 8500,
    unit: 'hours',
  });
  const pallet = await b.product(acme, fastfreight, {
    name: 'Metro Pallet Delivery',
    description: 'One pallet, metropolitan area, next business day',
    sku: 'FF-PALLET-MET',
    price: 14500,
    unit: 'each',
  });

  const office = 'Acme Corporation, 100 Collins Street, Melbourne VIC 3000';
  const warehouse = 'Acme Warehouse, 12 Dock Road, Port Melbourne VIC 3207';
  const base = { department: it, costCenter: cc['CC-200']!, shippingAddress: office };
  const toMark = { level: 1, approver: { user: mark } };
  const toHelen2 = { level: 2, approver: { user: helen } };

  // 1 draft
  await b.requisition(acme, {
    ...base,
    requestor: uma,
    glAccount: gl['6100']!,
    category: 'standard',
    justification: 'Restock printer paper and pens for the IT floor',
    deliveryInDays: 14,
    createdDaysAgo: 1,
    lines: [
      { product: paper, quantity: 10 },
      { product: pens, quantity: 5 },
    ],
    events: [],
  });
  // 2 under_review, waiting for manager@acme.test at level 1
  await b.requisition(acme, {
    ...base,
    requestor: uma,
    glAccount: gl['6200']!,
    category: 'standard',
    justification: 'Second monitors and docks for the two new support analysts',
    deliveryInDays: 21,
    createdDaysAgo: 3,
    lines: [
      { product: monitor, quantity: 2 },
      { product: dock, quantity: 2 },
    ],
    events: [{ kind: 'submit', daysAgo: 2, open: toMark }],
  });
  // 3 under_review at level 3, open to every Finance Manager (total 30,000.00)
  await b.requisition(acme, {
    ...base,
    requestor: uma,
    glAccount: gl['6200']!,
    category: 'capital',
    justification: 'Laptop refresh for the service desk team (devices out of warranty)',
    deliveryInDays: 30,
    createdDaysAgo: 6,
    notes: 'Quote DQ-88412 from Dell, valid for 30 days.',
    lines: [{ product: laptop, quantity: 12, tax: 272_724, notes: 'GST as quoted' }],
    events: [
      { kind: 'submit', daysAgo: 5, open: toMark },
      {
        kind: 'decide',
        daysAgo: 4,
        action: 'approve',
        by: mark,
        comments: 'Needed before the end of the quarter.',
        next: toHelen2,
      },
      {
        kind: 'decide',
        daysAgo: 3,
        action: 'approve',
        by: helen,
        next: { level: 3, approver: { group: 'Finance Manager' } },
      },
    ],
  });
  // 4 info_requested with the request comment
  await b.requisition(acme, {
    ...base,
    requestor: uma,
    glAccount: gl['6300']!,
    category: 'standard',
    justification: 'Ergonomic workstations for the IT team',
    deliveryInDays: 28,
    createdDaysAgo: 8,
    lines: [
      { product: chair, quantity: 4 },
      { product: desk, quantity: 4 },
    ],
    events: [
      { kind: 'submit', daysAgo: 7, open: toMark },
      {
        kind: 'decide',
        daysAgo: 6,
        action: 'request_info',
        by: mark,
        comments: 'Please attach the ergonomic assessment and confirm who the four workstations are for.',
      },
    ],
  });
  // 5 approved, waiting for a purchase order (two levels)
  await b.requisition(acme, {
    ...base,
    requestor: uma,
    costCenter: cc['CC-500']!,
    glAccount: gl['6400']!,
    category: 'maintenance',
    justification: 'After-hours deep clean of levels 3 and 4 after the office refit',
    deliveryInDays: 10,
    createdDaysAgo: 5,
    lines: [{ product: cleaning, quantity: 60 }],
    events: [
      { kind: 'submit', daysAgo: 4, open: toMark },
      { kind: 'decide', daysAgo: 3, action: 'approve', by: mark, next: toHelen2 },
      { kind: 'decide', daysAgo: 2, action: 'approve', by: helen, comments: 'Approved.' },
    ],
  });
  // 6 rejected with a comment
  await b.requisition(acme, {
    ...base,
    requestor: uma,
    glAccount: gl['6300']!,
    category: 'capital',
    justification: 'Sit-stand desks for the whole IT floor',
    deliveryInDays: 45,
    createdDaysAgo: 11,
    lines: [{ product: desk, quantity: 6 }],
    events: [
      { kind: 'submit', daysAgo: 10, open: toMark },
      {
        kind: 'decide',
        daysAgo: 9,
        action: 'reject',
        by: mark,
        comments: "Not in this quarter's budget. Please resubmit next quarter with the facilities plan.",
      },
    ],
  });
  // 7 cancelled (information was requested, then the requestor deleted it)
  await b.requisition(acme, {
    ...base,
    requestor: uma,
    glAccount: gl['6100']!,
    category: 'standard',
    justification: 'Spare toner cartridges',
    deliveryInDays: null,
    createdDaysAgo: 14,
    lines: [{ product: toner, quantity: 6 }],
    events: [
      { kind: 'submit', daysAgo: 13, open: toMark },
      {
        kind: 'decide',
        daysAgo: 12,
        action: 'request_info',
        by: mark,
        comments: 'Which printers are these for? Please list the asset tags.',
      },
      { kind: 'cancel', daysAgo: 10, by: uma },
    ],
  });
  // 8 po_created → PO sent this month
  const laptops = await b.requisition(acme, {
    ...base,
    requestor: uma,
    glAccount: gl['6200']!,
    category: 'standard',
    justification: 'Laptops and docks for three new developers starting next month',
    deliveryInDays: 12,
    createdDaysAgo: 9,
    lines: [
      { product: laptop, quantity: 3 },
      { product: dock, quantity: 3 },
    ],
    events: [
      { kind: 'submit', daysAgo: 8, open: toMark },
      { kind: 'decide', daysAgo: 7, action: 'approve', by: mark, next: toHelen2 },
      { kind: 'decide', daysAgo: 6, action: 'approve', by: helen },
    ],
  });
  // 9 po_created → PO received this month (requestor Mark; his manager is Helen)
  const freight = await b.requisition(acme, {
    requestor: mark,
    department: it,
    costCenter: cc['CC-300']!,
    glAccount: gl['6500']!,
    category: 'freight',
    justification: 'Move decommissioned servers from the data room to the warehouse',
    deliveryInDays: 3,
    shippingAddress: warehouse,
    createdDaysAgo: 12,
    lines: [{ product: pallet, quantity: 8 }],
    events: [
      { kind: 'submit', daysAgo: 11, open: { level: 1, approver: { user: helen } } },
      { kind: 'decide', daysAgo: 10, action: 'approve', by: helen },
    ],
  });
  // 10 po_created → PO still draft (requestor Frank; his manager is Grace)
  const stationery = await b.requisition(acme, {
    requestor: frank,
    department: finance,
    costCenter: cc['CC-400']!,
    glAccount: gl['6100']!,
    category: 'standard',
    justification: 'Paper for the end-of-year reporting cycle',
    deliveryInDays: 7,
    shippingAddress: office,
    createdDaysAgo: 4,
    lines: [{ product: paper, quantity: 40 }],
    events: [
      { kind: 'submit', daysAgo: 3, open: { level: 1, approver: { user: grace } } },
      { kind: 'decide', daysAgo: 2, action: 'approve', by: grace },
    ],
  });
  // 11 approved again after its purchase order was cancelled (requestor Helen; manager Grace)
  const chairs = await b.requisition(acme, {
    requestor: helen,
    department: operations,
    costCenter: cc['CC-300']!,
    glAccount: gl['6300']!,
    category: 'standard',
    justification: 'Replacement chairs for the operations meeting room',
    deliveryInDays: 20,
    shippingAddress: office,
    createdDaysAgo: 16,
    lines: [{ product: chair, quantity: 2 }],
    events: [
      { kind: 'submit', daysAgo: 15, open: { level: 1, approver: { user: grace } } },
      { kind: 'decide', daysAgo: 14, action: 'approve', by: grace },
    ],
  });
  // 12 submitted: accepted but not yet routed (reserved status; no steps)
  await b.requisition(acme, {
    ...base,
    requestor: uma,
    costCenter: cc['CC-500']!,
    glAccount: gl['6400']!,
    category: 'services',
    justification: 'Carpet steam clean for the IT store room',
    deliveryInDays: 9,
    createdDaysAgo: 1.5,
    lines: [{ product: cleaning, quantity: 10 }],
    events: [{ kind: 'submit', daysAgo: 0.5 }],
  });
  // 13 approved; level 2 passed because its approver already approved at level 1
  await b.requisition(acme, {
    requestor: mark,
    department: it,
    costCenter: cc['CC-200']!,
    glAccount: gl['6200']!,
    category: 'standard',
    justification: 'Monitors and docks for the hot-desk area',
    deliveryInDays: 18,
    shippingAddress: office,
    createdDaysAgo: 7,
    lines: [
      { product: monitor, quantity: 8 },
      { product: dock, quantity: 4 },
    ],
    events: [
      { kind: 'submit', daysAgo: 6, open: { level: 1, approver: { user: helen } } },
      {
        kind: 'decide',
        daysAgo: 5,
        action: 'approve',
        by: helen,
        passes: [
          {
            level: 2,
            approver: helen,
            reason: 'already_approved',
            comments: 'Passed: Helen Park already approved this requisition at level 1.',
          },
        ],
      },
    ],
  });

  // Exchange rates into AUD kept by the administrator (EUR's earlier rate is superseded).
  await b.exchangeRate(acme, { currency: 'EUR', rate: '1.61000000', daysAgo: 120, by: alex });
  await b.exchangeRate(acme, { currency: 'EUR', rate: '1.65000000', daysAgo: 30, by: alex });
  await b.exchangeRate(acme, { currency: 'USD', rate: '1.53000000', daysAgo: 60, by: alex });
  await b.exchangeRate(acme, { currency: 'GBP', rate: '1.94000000', daysAgo: 30, by: alex });
  // 14 under_review in USD: 2,880.00 USD froze 1.53, so 4,406.40 AUD (level 1 only)
  await b.requisition(acme, {
    ...base,
    requestor: uma,
    glAccount: gl['6600']!,
    category: 'services',
    justification: 'Design tool licences for the IT team, billed in US dollars',
    deliveryInDays: 7,
    createdDaysAgo: 2,
    currency: { code: 'USD', rate: '1.53000000' },
    lines: [
      { description: 'Design tool seat, annual licence', quantity: 12, price: 24_000, unit: 'each', tax: 0 },
    ],
    events: [{ kind: 'submit', daysAgo: 1, open: toMark }],
  });

  await b.purchaseOrder(acme, laptops, {
    vendor: dell,
    buyer: frank,
    status: 'sent',
    paymentTerms: 'Net 45',
    createdDaysAgo: 5,
    sentDaysAgo: 4,
    deliveryInDays: 12,
    notes: 'Deliver to IT reception; call ahead.',
  });
  await b.purchaseOrder(acme, freight, {
    vendor: fastfreight,
    buyer: frank,
    status: 'received',
    paymentTerms: 'Due on Receipt',
    createdDaysAgo: 9,
    sentDaysAgo: 8,
    receivedDaysAgo: 1,
    receivedNotes: 'All 8 pallets delivered; signed by the warehouse supervisor.',
    deliveryInDays: 2,
  });
  await b.purchaseOrder(acme, stationery, {
    vendor: officeworks,
    buyer: frank,
    status: 'draft',
    paymentTerms: 'Net 30',
    createdDaysAgo: 1,
    deliveryInDays: 7,
  });
  await b.purchaseOrder(acme, chairs, {
    vendor: nordic,
    buyer: frank,
    status: 'cancelled',
    paymentTerms: 'Net 30',
    createdDaysAgo: 13,
    cancelledDaysAgo: 11,
    cancelReason: 'The vendor could not meet the delivery date; we will re-order elsewhere.',
    deliveryInDays: 20,
  });
  return { acme, alex };
}

async function seedGlobex(b: DemoBuilder, now: Date, alex: User): Promise<Organization> {
  const { organization: globex, roles } = await b.organization({
    name: 'Globex Industries',
    code: 'GLOBEX',
    address: '8 Harbour Street, Sydney NSW 2000, Australia',
    phone: '+61 2 8000 2000',
    website: 'https://globex.example',
    // The Australian financial year: July to June.
    fiscal_year_start: 7,
    fiscal_year_end: 6,
  });
  const [gina, max, ursula] = (await b.users([
    { email: 'admin@globex.test', first_name: 'Gina', last_name: 'Ross', phone: '+61 400 100 001' },
    { email: 'manager@globex.test', first_name: 'Max', last_name: 'Reed', phone: '+61 400 100 002' },
    { email: 'user@globex.test', first_name: 'Ursula', last_name: 'Kim', phone: '+61 400 100 003' },
  ])) as [User, User, User];

  const operations = await b.department(globex, {
    name: 'Operations',
    code: 'OPS',
    description: 'Plant and warehouse operations',
    head: gina,
  });
  const finance = await b.department(globex, {
    name: 'Finance',
    code: 'FIN',
    description: 'Accounts and purchasing',
    head: alex,
  });

  await b.membership(globex, gina, roles['Super Admin'], operations, null, 300);
  await b.membership(globex, alex, roles['Finance Manager'], finance, gina, 200);
  await b.membership(globex, max, roles.Manager, operations, gina, 290);
  await b.membership(globex, ursula, roles.User, operations, max, 280);

  const cc = await b.costCentersAndBudgets(
    globex,
    [
      { code: 'CC-100', name: 'Administration', budget: 90_000 },
      { code: 'CC-200', name: 'Production', budget: 350_000 },
      { code: 'CC-300', name: 'Warehouse', budget: 150_000 },
      { code: 'CC-400', name: 'Sales', budget: 80_000 },
      { code: 'CC-500', name: 'Quality Assurance', budget: 60_000 },
    ],
    fiscalYearLabel(now, globex.fiscal_year_start),
  );
  const gl = await b.glAccounts(globex, [
    ['5100', 'Consumables'],
    ['5200', 'Tools & Equipment'],
    ['5300', 'Safety Supplies'],
    ['5400', 'Maintenance'],
    ['5500', 'Freight'],
  ]);

  const blackwoods = await b.vendor(globex, {
    name: 'Blackwoods Industrial',
    contact_name: 'Sam Carter',
    email: 'orders@blackwoods-industrial.example',
    phone: '+61 2 8100 1000',
    website: 'https://blackwoods-industrial.example',
    address: '22 Parramatta Road',
    city: 'Granville',
    state_province: 'NSW',
    postal_code: '2142',
    country: 'Australia',
    payment_terms: 'Net 30',
  });
  const bunnings = await b.vendor(globex, {
    name: 'Trade Hardware Supplies',
    contact_name: 'Kylie Brown',
    email: 'trade@tradehardware.example',
    phone: '+61 2 8200 2000',
    website: 'https://tradehardware.example',
    address: '5 Silverwater Road',
    city: 'Silverwater',
    state_province: 'NSW',
    postal_code: '2128',
    country: 'Australia',
    payment_terms: 'Net 15',
  });
  const safety = await b.vendor(globex, {
    name: 'SafeWork Gear',
    contact_name: 'Ravi Singh',
    email: 'sales@safeworkgear.example',
    phone: '+61 3 8300 3000',
    website: 'https://safeworkgear.example',
    address: '71 Dandenong Road',
    city: 'Clayton',
    state_province: 'VIC',
    postal_code: '3168',
    country: 'Australia',
    payment_terms: 'Net 30',
  });
  await b.vendor(globex, {
    name: 'Harbour Freight Lines',
    contact_name: 'Nora Quinn',
    email: 'bookings@harbourfreight.example',
    phone: '+61 2 8400 4000',
    website: 'https://harbourfreight.example',
    address: '1 Port Botany Drive',
    city: 'Port Botany',
    state_province: 'NSW',
    postal_code: '2036',
    country: 'Australia',
    payment_terms: 'COD',
  });

  const gloves = await b.product(globex, safety, {
    name: 'Nitrile Work Gloves',
    description: 'Size L, box of 100',
    sku: 'SWG-GLV-L100',
    price: 2450,
    unit: 'box',
  });
  const glasses = await b.product(globex, safety, {
    name: 'Safety Glasses, Clear',
    description: 'Anti-fog, AS/NZS 1337',
    sku: 'SWG-GLS-CLR',
    price: 890,
    unit: 'each',
  });
  const vests = await b.product(globex, safety, {
    name: 'Hi-Vis Vest',
    description: 'Class D/N, orange',
    sku: 'SWG-VST-OR',
    price: 1590,
    unit: 'each',
  });
  const drill = await b.product(globex, blackwoods, {
    name: 'Cordless Drill 18V Kit',
    description: 'Two batteries and charger',
    sku: 'BWI-DRL-18V',
    price: 34900,
    unit: 'each',
  });
  const bits = await b.product(globex, blackwoods, {
    name: 'HSS Drill Bit Set',
    description: '25 pieces, 1–13 mm',
    sku: 'BWI-BIT-25',
    price: 7900,
    unit: 'box',
  });
  const cable = await b.product(globex, bunnings, {
    name: 'Cable Ties 300 mm',
    description: 'Pack of 100, UV stabilised',
    sku: 'THS-CT-300',
    price: 1250,
    unit: 'box',
  });
  const rope = await b.product(globex, bunnings, {
    name: 'Polypropylene Rope 10 mm',
    description: 'Sold by the metre',
    sku: 'THS-RP-10',
    price: 185,
    unit: 'meter',
  });
  const lubricant = await b.product(globex, bunnings, {
    name: 'Machine Lubricant',
    description: 'ISO VG 68, 5 litre',
    sku: 'THS-LUB-68',
    price: 6400,
    unit: 'liter',
  });

  const site = 'Globex Industries, 40 Foundry Lane, Wetherill Park NSW 2164';
  const base = {
    requestor: ursula,
    department: operations,
    costCenter: cc['CC-200']!,
    shippingAddress: site,
  };
  const toMax = { level: 1, approver: { user: max } };

  await b.requisition(globex, {
    ...base,
    glAccount: gl['5100']!,
    category: 'standard',
    justification: 'Cable ties and rope for the packing line',
    deliveryInDays: 10,
    createdDaysAgo: 1,
    lines: [
      { product: cable, quantity: 6 },
      { product: rope, quantity: 200 },
    ],
    events: [],
  });
  await b.requisition(globex, {
    ...base,
    glAccount: gl['5300']!,
    category: 'standard',
    justification: 'Monthly safety consumables for the production floor',
    deliveryInDays: 7,
    createdDaysAgo: 2,
    lines: [
      { product: gloves, quantity: 10 },
      { product: glasses, quantity: 30 },
    ],
    events: [{ kind: 'submit', daysAgo: 1, open: toMax }],
  });
  const tools = await b.requisition(globex, {
    ...base,
    glAccount: gl['5200']!,
    category: 'standard',
    justification: 'Drills for the new maintenance crew',
    deliveryInDays: 5,
    createdDaysAgo: 10,
    lines: [
      { product: drill, quantity: 4 },
      { product: bits, quantity: 4 },
    ],
    events: [
      { kind: 'submit', daysAgo: 9, open: toMax },
      { kind: 'decide', daysAgo: 8, action: 'approve', by: max },
    ],
  });
  const hivis = await b.requisition(globex, {
    ...base,
    costCenter: cc['CC-300']!,
    glAccount: gl['5300']!,
    category: 'standard',
    justification: 'Hi-vis vests for warehouse visitors',
    deliveryInDays: 6,
    createdDaysAgo: 6,
    lines: [{ product: vests, quantity: 40 }],
    events: [
      { kind: 'submit', daysAgo: 5, open: toMax },
      { kind: 'decide', daysAgo: 4, action: 'approve', by: max },
    ],
  });
  await b.requisition(globex, {
    ...base,
    glAccount: gl['5400']!,
    category: 'maintenance',
    justification: 'Lubricant for the press line',
    deliveryInDays: 14,
    createdDaysAgo: 8,
    lines: [{ product: lubricant, quantity: 20 }],
    events: [
      { kind: 'submit', daysAgo: 7, open: toMax },
      {
        kind: 'decide',
        daysAgo: 6,
        action: 'reject',
        by: max,
        comments: 'We still have six drums in the store; please check stock first.',
      },
    ],
  });

  await b.purchaseOrder(globex, tools, {
    vendor: blackwoods,
    buyer: alex,
    status: 'received',
    paymentTerms: 'Net 30',
    createdDaysAgo: 7,
    sentDaysAgo: 6,
    receivedDaysAgo: 2,
    receivedNotes: 'Received complete.',
    deliveryInDays: 3,
  });
  await b.purchaseOrder(globex, hivis, {
    vendor: safety,
    buyer: alex,
    status: 'sent',
    paymentTerms: 'Net 30',
    createdDaysAgo: 3,
    sentDaysAgo: 2,
    deliveryInDays: 6,
  });
  return globex;
}

/**
 * Seeds the demo organisations of the team brief (ACME and GLOBEX, their users, roles,
 * departments, cost centres, GL accounts, budgets, vendors, products, requisitions in every status
 * with approval histories and audit entries, and purchase orders in every status, some sent and
 * received this calendar month). Idempotent: when ACME exists nothing is changed. Runs in ONE
 * transaction, serialised by an advisory lock so concurrent callers cannot seed twice.
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
    const builder = new DemoBuilder(models, transaction, now);
    const { acme, alex } = await seedAcme(builder, now);
    const globex = await seedGlobex(builder, now, alex);
    await builder.renumber([acme.id, globex.id]);
    return { seeded: true };
  });
}
