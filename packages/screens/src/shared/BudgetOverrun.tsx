import type { Schemas } from '@purchasing/api-client';
import { Callout, formatDate, formatMoney } from '@purchasing/ui';
import { Badge } from '@radix-ui/themes';
import type { ReactElement } from 'react';

type BudgetExceeded = Schemas['BudgetExceeded'];

/** Product copy of the budget overrun shown to approvers (issue 13; the screens' own wording). */
export const budgetOverrunMessages = {
  callout: (exceeded: BudgetExceeded, currency: string) =>
    `Over budget: this requisition exceeds the available budget of its cost center by ${formatMoney(exceeded.overrun, currency)}. ` +
    `${formatMoney(exceeded.available, currency)} was available when it was checked on ${formatDate(exceeded.checked_at)}, ` +
    'so a Finance Manager Approval is required.',
  badge: (exceeded: BudgetExceeded, currency: string) =>
    `Over budget by ${formatMoney(exceeded.overrun, currency)}`,
  stepReason: 'Added because the requisition exceeds its budget',
} as const;

/** The overrun of a requisition as a warning, for its detail and its review; nothing when within budget. */
export function BudgetOverrunCallout({
  requisition,
}: {
  requisition: Pick<Schemas['Requisition'], 'budget_exceeded' | 'currency'>;
}): ReactElement | null {
  const exceeded = requisition.budget_exceeded;
  if (!exceeded) return null;
  return <Callout variant="warning">{budgetOverrunMessages.callout(exceeded, requisition.currency)}</Callout>;
}

/** The overrun of a requisition as a short badge, for a queue row; nothing when within budget. */
export function BudgetOverrunBadge({
  requisition,
}: {
  requisition: Pick<Schemas['RequisitionSummary'], 'budget_exceeded' | 'currency'>;
}): ReactElement | null {
  const exceeded = requisition.budget_exceeded;
  if (!exceeded) return null;
  return (
    <Badge color="amber" variant="soft" highContrast style={{ alignSelf: 'flex-start' }}>
      {budgetOverrunMessages.badge(exceeded, requisition.currency)}
    </Badge>
  );
}
