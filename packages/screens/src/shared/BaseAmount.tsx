import type { components } from '@purchasing/api-client';
import { formatMoney } from '@purchasing/ui';
import { Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';

type Requisition = components['schemas']['Requisition'];

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
      {formatMoney(base_total_amount, base_currency)} {base_currency} at 1 {currency} = {exchange_rate}{' '}
      {base_currency}, the rate when submitted
    </Text>
  );
}
