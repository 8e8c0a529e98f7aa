import { organizationQueries, type Schemas } from '@purchasing/api-client';
import { DatePicker, SelectDropdown, TextArea } from '@purchasing/ui';
import { Box, Grid } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { type Control, Controller } from 'react-hook-form';
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
        <Controller
          control={control}
          name="cost_center_id"
          render={({ field, fieldState }) => (
            <SelectDropdown
              label="Cost Center"
              required
              // A required choice: changed, never emptied.
              clearable={false}
              options={costCenterOptions}
              placeholder={costCenters.isPending ? 'Loading...' : 'Select a cost center'}
              searchPlaceholder="Search cost centers..."
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              disabled={disabled}
              error={fieldState.error?.message}
              hint={costCenters.isError ? 'Failed to load cost centers.' : undefined}
            />
          )}
        />
        <Controller
          control={control}
          name="gl_account_id"
          render={({ field, fieldState }) => (
            <SelectDropdown
              label="GL Account"
              required
              clearable={false}
              options={glAccountOptions}
              placeholder={glAccounts.isPending ? 'Loading...' : 'Select a GL account'}
              searchPlaceholder="Search GL accounts..."
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              disabled={disabled}
              error={fieldState.error?.message}
              hint={glAccounts.isError ? 'Failed to load GL accounts.' : undefined}
            />
          )}
        />
        <Controller
          control={control}
          name="category"
          render={({ field, fieldState }) => (
            <SelectDropdown
              label="Category"
              required
              options={categoryOptions}
              searchable={false}
              clearable={false}
              value={field.value}
              onChange={(value) => {
                if (value) field.onChange(value);
              }}
              disabled={disabled}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="delivery_date"
          render={({ field, fieldState }) => (
            <DatePicker
              label="Delivery Date"
              value={field.value}
              onChange={field.onChange}
              minDate={todayIsoDate()}
              disabled={disabled}
              error={fieldState.error?.message}
              hint="Optional · when the goods or services are needed"
            />
          )}
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
          <Controller
            control={control}
            name="justification"
            render={({ field, fieldState }) => (
              <TextArea
                {...field}
                label="Business Justification"
                placeholder="Why is this purchase needed?"
                rows={3}
                maxLength={2000}
                resize="vertical"
                disabled={disabled}
                error={fieldState.error?.message}
              />
            )}
          />
        </Box>
        <Box gridColumn={{ sm: 'span 2' }}>
          <Controller
            control={control}
            name="shipping_address"
            render={({ field, fieldState }) => (
              <TextArea
                {...field}
                label="Shipping Address"
                placeholder="Where should the order be delivered?"
                rows={2}
                maxLength={1000}
                resize="vertical"
                disabled={disabled}
                error={fieldState.error?.message}
              />
            )}
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
