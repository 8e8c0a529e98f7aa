import { exchangeRateQueries, type Schemas } from '@purchasing/api-client';
import type { SelectOption } from '@purchasing/ui';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { type Control, useWatch } from 'react-hook-form';
import { FormChoice } from '../kit/form/FormFields';
import { usePurchasing } from '../PurchasingProvider';
import type { RequisitionFormValues } from './requisitionFormSchema';

type CurrencyCode = Schemas['CurrencyCode'];

/**
 * The currencies a requisition can be raised in: the organisation's base currency, each currency with
 * a rate in effect today (a submission freezes it), and the requisition's own currency on edit even
 * when its rate has gone (so the form never silently changes it). Rates are read with
 * `GET /exchange-rates`, which every member may call.
 */
export function useCurrencyOptions(
  organizationId: string,
  baseCurrency: CurrencyCode,
  current: string,
): SelectOption[] {
  const { client } = usePurchasing();
  const rates = useQuery(exchangeRateQueries.list(client, organizationId));
  const options: SelectOption[] = [{ value: baseCurrency, label: `${baseCurrency} (base currency)` }];
  for (const rate of rates.data?.exchange_rates ?? []) {
    if (rate.status !== 'in_effect' || rate.currency === baseCurrency) continue;
    options.push({
      value: rate.currency,
      label: `${rate.currency} (1 ${rate.currency} = ${rate.rate} ${baseCurrency})`,
    });
  }
  if (current && !options.some((option) => option.value === current)) {
    options.push({ value: current, label: `${current} (no rate in effect today)` });
  }
  return options;
}

/** Props of {@link CurrencyField}. */
export interface CurrencyFieldProps {
  control: Control<RequisitionFormValues>;
  options: SelectOption[];
  baseCurrency: CurrencyCode;
  disabled: boolean;
}

/**
 * The requisition's currency. Prices are entered in it; thresholds and budgets count the base-currency
 * amount at the rate in effect when the requisition is submitted, which the hint says.
 */
export function CurrencyField({
  control,
  options,
  baseCurrency,
  disabled,
}: CurrencyFieldProps): ReactElement {
  const value = useWatch({ control, name: 'currency' });
  return (
    <FormChoice
      control={control}
      name="currency"
      label="Currency"
      options={options}
      disabled={disabled}
      hint={
        value && value !== baseCurrency
          ? `Approval limits and budgets use the ${baseCurrency} amount at the rate in effect when it is submitted.`
          : 'Prices are entered in this currency.'
      }
    />
  );
}
