import type { components } from '@purchasing/api-client';
import { formatMoney } from '@purchasing/ui';
import { Text, VisuallyHidden } from '@radix-ui/themes';
import type { ReactElement } from 'react';

type Requisition = components['schemas']['Requisition'];
type RequisitionSummary = components['schemas']['RequisitionSummary'];

/**
 * The requisition's total in the organisation's base currency at the rate frozen when it was
 * submitted, when its own currency differs (thresholds and budgets count this amount). Nothing for a
 * requisition in the base currency, or one not submitted yet (no rate frozen).
 */
export function BaseAmount({
  requisition,
  size = '2',
}: {
  requisition: Pick<Requisition, 'currency' | 'base_currency' | 'exchange_rate' | 'base_total_amount'>;
  size?: '1' | '2';
}): ReactElement | null {
  const { currency, base_currency, exchange_rate, base_total_amount } = requisition;
  if (currency === base_currency || exchange_rate === null || base_total_amount === null) return null;
  return (
    <Text as="div" size={size} color="gray">
      {formatMoney(base_total_amount, base_currency)} at 1 {currency} = {exchange_rate} {base_currency}, the
      rate when submitted
    </Text>
  );
}

/**
 * The base amount as a list row, a queue card or an order's total shows it under the total: `$125.01`
 * (the organisation's notation, as every amount in it is written: issue 19 item 9), when the
 * requisition's currency differs from the base currency and a rate has been frozen. The detail shows
 * the rate ({@link BaseAmount}).
 */
export function BaseAmountLine({
  requisition,
  align,
}: {
  /** A requisition or a purchase order (which carries its requisition's frozen rate). */
  requisition: Pick<RequisitionSummary, 'currency' | 'base_currency' | 'base_total_amount'>;
  align?: 'left' | 'right';
}): ReactElement | null {
  const { currency, base_currency, base_total_amount } = requisition;
  if (currency === base_currency || base_total_amount === null) return null;
  return (
    <Text
      as="div"
      size="1"
      color="gray"
      align={align}
      title={`In ${base_currency}, at the rate frozen when it was submitted`}
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
    >
      <VisuallyHidden>In the base currency: </VisuallyHidden>
      {formatMoney(base_total_amount, base_currency)}
    </Text>
  );
}

/**
 * A list row's total in its own currency, with the base amount under it ({@link BaseAmountLine}): a
 * requisition's, or a purchase order's (with its requisition's frozen rate).
 */
export function TotalCell({
  record,
  currency,
}: {
  record: Pick<RequisitionSummary, 'total_amount' | 'currency' | 'base_currency' | 'base_total_amount'>;
  /** The currency the total is written in. */
  currency: string;
}): ReactElement {
  return (
    <>
      <Text style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
        {formatMoney(record.total_amount, currency)}
      </Text>
      <BaseAmountLine requisition={record} align="right" />
    </>
  );
}
