/**
 * Writes a requisition fixture: the requisition where its replayed history left it, its lines, its
 * approval steps and its audit entries.
 */
import type { RequisitionStatus } from '../models/index.js';
import { money, type PricedLine, priceLines } from './amounts.js';
import { writeAttachments } from './attachments.js';
import { writeAudit } from './audit.js';
import { type DemoContext, lookup, type OrganizationRecords, userId } from './context.js';
import type { RequisitionFixture } from './types.js';
import { replayWorkflow } from './workflow.js';

const LEVEL_TITLES: Record<number, string> = {
  1: 'Manager Approval',
  2: 'Department Head Approval',
  3: 'Finance Manager Approval',
  4: 'General Manager Approval',
};

/** A requisition as written, for a purchase order to be raised from. */
export interface WrittenRequisition {
  id: string;
  status: RequisitionStatus;
  totalCents: number;
  shippingAddress: string;
  lines: { id: string; priced: PricedLine }[];
}

/** Writes `fixture` into the organisation of `records`. */
export async function writeRequisition(
  context: DemoContext,
  records: OrganizationRecords,
  fixture: RequisitionFixture,
): Promise<WrittenRequisition> {
  const { models, transaction, clock } = context;
  const { organization } = records;
  const organization_id = organization.id;
  const createdAt = clock.ago(fixture.createdDaysAgo);
  const product = (sku: string) => lookup(records.products, 'product', sku);
  const priced = priceLines(fixture.lines, (sku) => product(sku).priceCents);
  const totalCents = priced.reduce((sum, line) => sum + line.totalCents, 0);
  const history = replayWorkflow(clock, fixture.requestor, createdAt, fixture.events);
  const currency = fixture.currency?.code ?? organization.currency;

  const requisition = await models.Requisition.create(
    {
      organization_id,
      requisition_number: context.numbers.next('REQ', createdAt),
      status: history.status,
      category: fixture.category,
      justification: fixture.justification,
      delivery_date: fixture.deliveryInDays === null ? null : clock.inDays(fixture.deliveryInDays),
      shipping_address: fixture.shippingAddress,
      notes: fixture.notes ?? null,
      total_amount: money(totalCents),
      currency,
      // A submitted one froze its rate: 1 in the organisation's own currency.
      exchange_rate: history.stamps.submitted_at ? (fixture.currency?.rate ?? '1') : null,
      requestor_id: userId(context, fixture.requestor),
      cost_center_id: lookup(records.costCenters, 'cost centre', fixture.costCenter),
      gl_account_id: lookup(records.glAccounts, 'GL account', fixture.glAccount),
      department_id:
        fixture.department === null ? null : lookup(records.departments, 'department', fixture.department),
      submitted_at: history.stamps.submitted_at ?? null,
      approved_at: history.stamps.approved_at ?? null,
      rejected_at: history.stamps.rejected_at ?? null,
      cancelled_at: history.stamps.cancelled_at ?? null,
      created_at: createdAt,
      updated_at: history.lastAt,
    },
    { transaction, silent: true },
  );
  const lineRows = await models.RequisitionLineItem.bulkCreate(
    priced.map(({ fixture: line, priceCents, taxCents, taxRate, totalCents: lineTotal }, position) => {
      const known = line.product === undefined ? undefined : product(line.product);
      return {
        requisition_id: requisition.id,
        position,
        product_id: known?.id ?? null,
        description: line.description ?? known?.name ?? 'Item',
        quantity: line.quantity,
        unit_price: money(priceCents),
        unit_of_measure: line.unit ?? known?.unit ?? 'each',
        notes: line.notes ?? null,
        currency,
        tax_amount: money(taxCents),
        tax_rate: taxRate === null ? null : String(taxRate),
        total_amount: money(lineTotal),
        created_at: createdAt,
        updated_at: createdAt,
      };
    }),
    { transaction, returning: true },
  );
  for (const step of history.steps) {
    await models.ApprovalStep.create(
      {
        organization_id,
        requisition_id: requisition.id,
        round: step.round,
        approval_level: step.approval_level,
        level_title: LEVEL_TITLES[step.approval_level] ?? `Level ${step.approval_level} Approval`,
        approver_id: 'user' in step.approver ? userId(context, step.approver.user) : null,
        approver_role_name: 'group' in step.approver ? step.approver.group : null,
        action: step.action,
        comments: step.comments,
        actioned_at: step.actioned_at,
        actioned_by_id: step.actioned_by === null ? null : userId(context, step.actioned_by),
        pass_reason: step.pass_reason,
        created_at: step.created_at,
      },
      { transaction },
    );
  }
  if (fixture.attachments?.length) {
    await writeAttachments(
      context,
      organization_id,
      requisition.id,
      fixture.requestor,
      createdAt,
      fixture.attachments,
    );
  }
  for (const entry of history.audits) {
    await writeAudit(context, organization_id, { type: 'requisition', id: requisition.id }, entry);
  }
  return {
    id: requisition.id,
    status: history.status,
    totalCents,
    shippingAddress: fixture.shippingAddress,
    lines: lineRows.map((row, index) => ({ id: row.id, priced: priced[index]! })),
  };
}
