/** The sections of the settings form: the organisation, its addresses, its fiscal year and currency. */
import { Callout, CURRENCIES } from '@purchasing/ui';
import { Box, Grid, Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import type { Control } from 'react-hook-form';
import { Panel } from '../kit/detail/Panel';
import { FormChoice, FormTextField } from '../kit/form/FormFields';
import type { AddressField, SettingsFormOutput, SettingsFormValues } from './settingsFormSchema';

/** Props of every section. */
export interface SettingsSectionProps {
  control: Control<SettingsFormValues, unknown, SettingsFormOutput>;
  /** Disables the fields: while saving, or for a member who may only read them. */
  disabled: boolean;
}

/** The months a fiscal year may start in, 1 = January. */
export const MONTHS = Array.from({ length: 12 }, (_, index) => ({
  value: String(index + 1),
  label: new Date(Date.UTC(2026, index, 1)).toLocaleString('en-AU', { month: 'long', timeZone: 'UTC' }),
}));

const CURRENCY_OPTIONS = CURRENCIES.map(({ code, name }) => ({ value: code, label: `${code} ${name}` }));

/** Name (required), legal name, phone and website. */
export function OrganizationSection({ control, disabled }: SettingsSectionProps): ReactElement {
  const common = { control, disabled, autoComplete: 'off' } as const;
  return (
    <Panel title="Organization" description="How your organization is named and reached. Orders print these.">
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <FormTextField {...common} name="name" label="Name" required maxLength={200} />
        <FormTextField
          {...common}
          name="legal_name"
          label="Legal Name"
          maxLength={200}
          hint="Optional · when it differs from the name"
        />
        <FormTextField {...common} name="phone" label="Phone" type="tel" maxLength={50} hint="Optional" />
        <FormTextField
          {...common}
          name="website"
          label="Website"
          type="url"
          maxLength={500}
          placeholder="https://example.com"
          hint="Optional"
        />
      </Grid>
    </Panel>
  );
}

const ADDRESSES: { field: AddressField; title: string; hint: string }[] = [
  { field: 'registered_address', title: 'Registered Address', hint: 'Printed on purchase orders.' },
  { field: 'billing_address', title: 'Billing Address', hint: 'Where vendors send invoices.' },
  { field: 'delivery_address', title: 'Delivery Address', hint: 'Where goods are delivered by default.' },
];

function AddressFields({
  control,
  disabled,
  field,
  title,
  hint,
}: SettingsSectionProps & (typeof ADDRESSES)[number]): ReactElement {
  const common = { control, disabled, autoComplete: 'off' } as const;
  return (
    <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
      <legend style={{ padding: 0 }}>
        <Text size="3" weight="medium">
          {title}
        </Text>
      </legend>
      <Text as="p" size="2" color="gray" mb="3">
        {hint}
      </Text>
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <FormTextField {...common} name={`${field}.line1`} label="Street" maxLength={200} />
        <FormTextField {...common} name={`${field}.line2`} label="Street (line 2)" maxLength={200} />
        <FormTextField {...common} name={`${field}.city`} label="City" maxLength={100} />
        <FormTextField {...common} name={`${field}.region`} label="State / Region" maxLength={100} />
        <FormTextField {...common} name={`${field}.postcode`} label="Postcode" maxLength={20} />
        <FormTextField {...common} name={`${field}.country`} label="Country" maxLength={100} />
      </Grid>
    </fieldset>
  );
}

/**
 * The registered, billing and delivery addresses; an empty one is none. Read-only, an address not
 * set says so instead of showing six empty fields.
 */
export function AddressesSection({
  notSet = [],
  ...props
}: SettingsSectionProps & { notSet?: readonly AddressField[] }): ReactElement {
  return (
    <Panel title="Addresses" description="Leave an address empty when you have none.">
      <Grid gap="6">
        {ADDRESSES.map((address) =>
          notSet.includes(address.field) ? (
            <div key={address.field}>
              <Text as="p" size="3" weight="medium">
                {address.title}
              </Text>
              <Text as="p" size="2" color="gray">
                Not set
              </Text>
            </div>
          ) : (
            <AddressFields key={address.field} {...props} {...address} />
          ),
        )}
      </Grid>
    </Panel>
  );
}

/** The fiscal year's first month and the base currency (fixed once anything is recorded in it). */
export function FiscalYearSection({
  control,
  disabled,
  currencyLocked,
}: SettingsSectionProps & { currencyLocked: boolean }): ReactElement {
  return (
    <Panel
      title="Fiscal Year and Currency"
      description="Budgets and the dashboard count from the first month of the fiscal year."
    >
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <FormChoice
          control={control}
          name="fiscal_year_start"
          label="Fiscal Year Starts In"
          options={MONTHS}
          disabled={disabled}
        />
        <FormChoice
          control={control}
          name="currency"
          label="Base Currency"
          options={CURRENCY_OPTIONS}
          disabled={disabled || currencyLocked}
        />
      </Grid>
      {currencyLocked ? (
        <Box mt="4">
          <Callout variant="info">
            The base currency can't change: requisitions, orders, budgets or exchange rates already use it.
          </Callout>
        </Box>
      ) : null}
    </Panel>
  );
}

/**
 * Changes after approval (issue 15 item 7): how far an approved requisition's total may fall through
 * an edit and keep its approval, as a percentage and as an amount in the base currency (0: not set).
 */
export function ReapprovalSection({
  control,
  disabled,
  currency,
}: SettingsSectionProps & { currency: string }): ReactElement {
  const common = { control, disabled, autoComplete: 'off', inputMode: 'decimal' } as const;
  return (
    <Panel
      title="Changes After Approval"
      description="Editing an approved requisition sends it back for approval when the total rises or a line changes. A decrease within these limits keeps the approval; 0 means no tolerance."
    >
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <FormTextField
          {...common}
          name="reapproval_tolerance_percent"
          label="Decrease Tolerance (%)"
          hint="Percent of the approved total"
        />
        <FormTextField
          {...common}
          name="reapproval_tolerance_amount"
          label={`Decrease Tolerance (${currency})`}
          hint="With both set, a decrease must be within both"
        />
      </Grid>
    </Panel>
  );
}
