/**
 * The requisition fixtures of the screens' tests and stories: the people, cost centres, GL accounts
 * and products they refer to, requisitions in every interesting status, their list summaries, the
 * budget position and approval-queue items. The handlers over them are in ./requisitionHandlers.
 */
import type { Schemas } from '@purchasing/api-client';
import { acme, adminUser, plainUser } from './handlers';

type Requisition = Schemas['Requisition'];
type PurchaseOrder = Schemas['PurchaseOrder'];
type RequisitionSummary = Schemas['RequisitionSummary'];
type ApprovalStep = Schemas['ApprovalStep'];
type UserRef = Schemas['UserRef'];

/** A fixture id: `n` padded into a version-4 UUID. */
export function uuid(n: number): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

const ref = (u: { id: string; first_name: string; last_name: string; email: string }): UserRef => ({
  id: u.id,
  first_name: u.first_name,
  last_name: u.last_name,
  email: u.email,
});

/** The requestor of the fixtures (Uma Patel, a plain User). */
export const requestorRef = ref(plainUser);
/** Alex Morgan, who approves in the fixtures (the default signed-in user of ./handlers). */
export const approverRef = ref(adminUser);
/** Another approver, a delegate candidate. */
export const financeRef: UserRef = {
  id: uuid(5),
  first_name: 'Fiona',
  last_name: 'Chen',
  email: 'finance@acme.test',
};

export const costCenters: Schemas['CostCenter'][] = [
  { id: uuid(501), code: 'CC-100', name: 'Operations' },
  { id: uuid(502), code: 'CC-200', name: 'Information Technology' },
];
export const glAccounts: Schemas['GlAccount'][] = [
  { id: uuid(601), code: '6100', name: 'Office Supplies' },
  { id: uuid(602), code: '6400', name: 'IT Equipment' },
];
export const products: Schemas['Product'][] = [
  {
    id: uuid(701),
    name: 'Laptop 14"',
    description: '14-inch business laptop',
    sku: 'LAP-14',
    unit_price: 2199,
    list_price: 2199,
    unit_of_measure: 'each',
    currency: 'AUD',
    category: 'IT equipment',
    is_active: true,
    vendor: { id: uuid(801), name: 'Tech Supplies Pty Ltd' },
    prices: [],
  },
  {
    id: uuid(702),
    name: 'Copy paper A4',
    description: 'Box of 5 reams',
    sku: 'PAP-A4',
    unit_price: 32.5,
    list_price: 32.5,
    unit_of_measure: 'box',
    currency: 'AUD',
    category: 'Stationery',
    is_active: true,
    vendor: { id: uuid(802), name: 'Office Direct' },
    prices: [],
  },
];

function step(n: number, overrides: Partial<ApprovalStep>): ApprovalStep {
  return {
    id: uuid(900 + n),
    approval_level: 1,
    level_title: 'Manager Approval',
    approver: approverRef,
    approver_group: null,
    action: null,
    comments: null,
    actioned_at: null,
    delegated_from: null,
    created_at: '2026-11-16T09:00:00.000Z',
    ...overrides,
  };
}

/** A requisition fixture; `n` makes ids and numbers unique. */
export function buildRequisition(n: number, overrides: Partial<Requisition> = {}): Requisition {
  const lines: Requisition['line_items'] = [
    {
      id: uuid(1100 + n * 10),
      product_id: products[0]?.id ?? null,
      product: { id: uuid(701), name: 'Laptop 14"', sku: 'LAP-14' },
      description: '14-inch business laptop',
      quantity: 2,
      unit_price: 2199,
      unit_of_measure: 'each',
      notes: 'Silver if possible',
      currency: 'AUD',
      tax_amount: 0,
      tax_rate: null,
      total_amount: 4398,
    },
    {
      id: uuid(1101 + n * 10),
      product_id: null,
      product: null,
      description: 'Laptop bag',
      quantity: 2,
      unit_price: 51,
      unit_of_measure: 'each',
      notes: null,
      currency: 'AUD',
      tax_amount: 0,
      tax_rate: null,
      total_amount: 102,
    },
  ];
  return withTaxBreakdown(
    {
      id: uuid(1000 + n),
      requisition_number: `REQ-2026-${String(n).padStart(5, '0')}`,
      status: 'draft',
      category: 'standard',
      justification: 'Laptops for the two new analysts',
      delivery_date: '2026-12-15',
      shipping_address: '1 Market Street, Sydney NSW 2000',
      notes: null,
      total_amount: 4500,
      currency: 'AUD',
      created_at: '2026-11-14T09:00:00.000Z',
      updated_at: '2026-11-14T09:00:00.000Z',
      submitted_at: null,
      approved_at: null,
      requestor: requestorRef,
      cost_center_id: costCenters[1]?.id ?? uuid(502),
      cost_center: costCenters[1] ?? { id: uuid(502), code: 'CC-200', name: 'Information Technology' },
      gl_account_id: glAccounts[1]?.id ?? uuid(602),
      gl_account: glAccounts[1] ?? { id: uuid(602), code: '6400', name: 'IT Equipment' },
      line_item_count: lines.length,
      base_currency: 'AUD',
      exchange_rate: null,
      base_total_amount: null,
      line_items: lines,
      attachments: [],
      approval_workflow: [],
      subtotal_amount: 0,
      tax_amount: 0,
      ...overrides,
    },
    overrides,
  );
}

/**
 * The record's subtotal and tax as the server gives them (the lines' tax summed; the subtotal is the
 * total less it), unless the record states them itself.
 */
export function withTaxBreakdown<T extends Requisition | PurchaseOrder>(
  record: T,
  stated: Partial<T> = {},
): T {
  if ('subtotal_amount' in stated || 'tax_amount' in stated) return record;
  const lines: { tax_amount: number }[] = 'line_items' in record ? record.line_items : record.po_line_items;
  const taxCents = lines.reduce((sum, line) => sum + Math.round(line.tax_amount * 100), 0);
  return {
    ...record,
    tax_amount: taxCents / 100,
    subtotal_amount: (Math.round(record.total_amount * 100) - taxCents) / 100,
  };
}

/** The requisitions of the default fixtures: one per interesting status. */
export function defaultRequisitions(): Requisition[] {
  return [
    buildRequisition(1, { status: 'draft' }),
    buildRequisition(2, {
      status: 'under_review',
      submitted_at: '2026-11-16T09:00:00.000Z',
      attachments: [
        {
          id: uuid(1501),
          file_name: 'quote.pdf',
          file_size: 48_213,
          content_type: 'application/pdf',
          uploaded_at: '2026-11-14T09:05:00.000Z',
        },
      ],
      approval_workflow: [step(1, { created_at: '2026-11-16T09:00:00.000Z' })],
    }),
    buildRequisition(3, {
      status: 'info_requested',
      submitted_at: '2026-11-10T09:00:00.000Z',
      approval_workflow: [
        step(2, {
          action: 'request_info',
          comments: 'Please attach the supplier quote.',
          actioned_at: '2026-11-11T10:30:00.000Z',
          created_at: '2026-11-10T09:00:00.000Z',
        }),
      ],
    }),
    buildRequisition(4, {
      status: 'approved',
      total_amount: 30_000,
      submitted_at: '2026-11-01T09:00:00.000Z',
      approved_at: '2026-11-05T15:00:00.000Z',
      approval_workflow: [
        step(3, { action: 'approve', comments: null, actioned_at: '2026-11-02T09:00:00.000Z' }),
        step(4, {
          approval_level: 2,
          level_title: 'Department Head Approval',
          action: 'delegate',
          comments: 'On leave this week',
          actioned_at: '2026-11-03T09:00:00.000Z',
        }),
        step(5, {
          approval_level: 2,
          level_title: 'Department Head Approval',
          approver: financeRef,
          delegated_from: approverRef,
          action: 'approve',
          actioned_at: '2026-11-04T09:00:00.000Z',
        }),
        step(6, {
          approval_level: 3,
          level_title: 'Finance Manager Approval',
          approver: financeRef,
          action: 'approve',
          comments: 'Within budget.',
          actioned_at: '2026-11-05T15:00:00.000Z',
        }),
      ],
    }),
  ];
}

/** A requisition as lists show it. */
export function toSummary(requisition: Requisition): RequisitionSummary {
  const { line_items: _lines, attachments: _files, approval_workflow: _steps, ...summary } = requisition;
  return summary;
}

/** The budget position the default budget handler answers for every cost centre. */
export const defaultBudget: Schemas['BudgetCheck'] = {
  allocated: 100_000,
  spent: 20_000,
  committed: 30_000,
  available: 50_000,
  within_budget: true,
  fiscal_year: 2026,
  currency: 'AUD',
  amount_in_base: 0,
  exchange_rate: null,
};

/** The organisation every fixture belongs to. */
export const fixtureOrganization = acme;

/** A queue item for `requisition`: its open level-1 step unless `overrides` say otherwise. */
export function buildPendingApproval(
  requisition: Requisition,
  overrides: Partial<Schemas['PendingApproval']> = {},
): Schemas['PendingApproval'] {
  return {
    id: uuid(2000 + Number(requisition.requisition_number.slice(-5))),
    requisition: toSummary(requisition),
    approval_level: 1,
    level_title: 'Manager Approval',
    action: null,
    comments: null,
    actioned_at: null,
    created_at: requisition.submitted_at ?? requisition.created_at,
    ...overrides,
  };
}

/** A line's tax and total as the server computes them from an input line (rate half up, else the amount). */
export function mockLineTax(line: Schemas['RequisitionLineItemInput']): {
  tax_amount: number;
  tax_rate: number | null;
  total_amount: number;
} {
  const subtotalCents = line.quantity * Math.round(line.unit_price * 100);
  const rate = line.tax_rate ?? null;
  const taxCents =
    rate === null
      ? Math.round((line.tax_amount ?? 0) * 100)
      : Number((BigInt(subtotalCents) * BigInt(Math.round(rate * 1000)) + 50_000n) / 100_000n);
  return { tax_amount: taxCents / 100, tax_rate: rate, total_amount: (subtotalCents + taxCents) / 100 };
}

/**
 * `buildRequisition(n)` with GST at 10% on its laptops (2 × $2,199.00: tax $439.80) and none on the
 * bag: subtotal $4,500.00, tax $439.80, total $4,939.80.
 */
export function taxedRequisition(n: number, overrides: Partial<Requisition> = {}): Requisition {
  const base = buildRequisition(n);
  const [laptops, ...rest] = base.line_items;
  const lines = laptops
    ? [{ ...laptops, tax_amount: 439.8, tax_rate: 10, total_amount: 4_837.8 }, ...rest]
    : rest;
  return buildRequisition(n, { line_items: lines, total_amount: 4_939.8, ...overrides });
}
