import { formatMoney } from '@purchasing/ui';
import { Flex, Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';

/** Props of {@link RunningTotal}. */
export interface RunningTotalProps {
  /** The form's estimate over the accepted lines (see `estimateTotals`). */
  totals: { subtotal: number; tax: number; total: number };
  currency: string;
}

/**
 * The form's running total in the action bar: 'Estimated total' and, when the counted lines carry
 * tax, the subtotal before tax and the tax above it (docs/decisions.md "Line tax"). An estimate: the
 * server computes the figures on save.
 */
export function RunningTotal({ totals, currency }: RunningTotalProps): ReactElement {
  const money = (amount: number) => formatMoney(amount, currency);
  return (
    <Flex direction="column">
      {totals.tax > 0 ? (
        <Text size="1" color="gray" data-testid="requisition-tax-breakdown">
          Subtotal {money(totals.subtotal)} · Tax {money(totals.tax)}
        </Text>
      ) : null}
      <Text size="1" color="gray" id="requisition-total-label">
        Estimated total
      </Text>
      <Text size="5" weight="bold" aria-labelledby="requisition-total-label" role="status">
        {money(totals.total)}
      </Text>
    </Flex>
  );
}
