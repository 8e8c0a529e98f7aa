import { organizationQueries, type Schemas } from '@purchasing/api-client';
import { Box, Grid } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { Control } from 'react-hook-form';
import { FormChoice, FormDatePicker, FormSelect, FormTextArea } from '../kit/form/FormFields';
import { usePurchasing } from '../PurchasingProvider';
import { Panel } from '../shared/Panel';
import { CurrencyField, useCurrencyOptions } from './CurrencyField';
import {
  REQUISITION_CATEGORIES,
  type RequisitionFormOutput,
  type RequisitionFormValues,
  todayIsoDate,
} from './requisitionFormSchema';

type Requisition = Schemas['Requisition'];

const categoryOptions = REQUISITION_CATEGORIES.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

/** Props of {@link BasicInformationSection}. */
export interface BasicInformationSectionProps {
  control: Control<RequisitionFormValues, unknown, RequisitionFormOutput>;
  organizationId: string;
  baseCurrency: Schemas['CurrencyCode'];
  /** The currency chosen on the form (the base currency until one is chosen). */
  currency: string;
  /** The requisition being edited: its cost centre and GL account stay choosable if they left the lists. */
  requisition?: Requisition;
  disabled: boolean;
}

/**
 * Basic Information: cost centre, GL account, category, delivery date, currency (when the
 * organisation has more than one), business justification and shipping address.
 */
export function BasicInformationSection({
  control,
  organizationId,
  baseCurrency,
  currency,
  requisition,
  disabled,
}: BasicInformationSectionProps): ReactElement {
  const { client } = usePurchasing();
  const currencyOptions = useCurrencyOptions(organizationId, baseCurrency, currency);
  const costCenters = useQuery(organizationQueries.costCenters(client, organizationId));
  const glAccounts = useQuery(organizationQueries.glAccounts(client, organizationId));

  const costCenterOptions = referenceOptions(costCenters.data?.cost_centers, requisition?.cost_center);
  const glAccountOptions = referenceOptions(glAccounts.data?.gl_accounts, requisition?.gl_account);

  return (
    <Panel headingLevel={2} headingId="requisition-basic" title="Basic Information">
      <Grid columns={{ initial: '1', sm: '2' }} gapX="4" gapY="4">
        <FormSelect
          control={control}
          name="cost_center_id"
          label="Cost Center"
          required
          // A required choice: changed, never emptied.
          clearable={false}
          options={costCenterOptions}
          placeholder={costCenters.isPending ? 'Loading...' : 'Select a cost center'}
          searchPlaceholder="Search cost centers..."
          disabled={disabled}
          hint={costCenters.isError ? 'Failed to load cost centers.' : undefined}
        />
        <FormSelect
          control={control}
          name="gl_account_id"
          label="GL Account"
          required
          clearable={false}
          options={glAccountOptions}
          placeholder={glAccounts.isPending ? 'Loading...' : 'Select a GL account'}
          searchPlaceholder="Search GL accounts..."
          disabled={disabled}
          hint={glAccounts.isError ? 'Failed to load GL accounts.' : undefined}
        />
        <FormChoice
          control={control}
          name="category"
          label="Category"
          options={categoryOptions}
          disabled={disabled}
        />
        <FormDatePicker
          control={control}
          name="delivery_date"
          label="Delivery Date"
          minDate={todayIsoDate()}
          disabled={disabled}
          hint="Optional · when the goods or services are needed"
        />
        {currencyOptions.length > 1 ? (
          <CurrencyField
            control={control}
            options={currencyOptions}
            baseCurrency={baseCurrency}
            disabled={disabled}
          />
        ) : null}
        <Box gridColumn={{ sm: 'span 2' }}>
          <FormTextArea
            control={control}
            name="justification"
            label="Business Justification"
            placeholder="Why is this purchase needed?"
            maxLength={2000}
            disabled={disabled}
          />
        </Box>
        <Box gridColumn={{ sm: 'span 2' }}>
          <FormTextArea
            control={control}
            name="shipping_address"
            label="Shipping Address"
            placeholder="Where should the order be delivered?"
            rows={2}
            maxLength={1000}
            disabled={disabled}
          />
        </Box>
      </Grid>
    </Panel>
  );
}

/** 'code - name' options (document 1 §2), with the requisition's own choice kept if it left the list. */
function referenceOptions(
  list: readonly { id: string; code: string; name: string }[] | undefined,
  current?: { id: string; code: string; name: string },
) {
  const entries = [...(list ?? [])];
  if (current && !entries.some((entry) => entry.id === current.id)) entries.push(current);
  return entries.map((entry) => ({ value: entry.id, label: `${entry.code} - ${entry.name}` }));
}
