/** The sections of the vendor form: details, address, and the terms new orders start from. */
import { CURRENCIES, SelectDropdown, TextArea, TextField, type TextFieldProps } from '@purchasing/ui';
import { Box, Grid } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { type Control, Controller } from 'react-hook-form';
import { Panel } from '../kit/detail/Panel';
import { DEFAULT_PAYMENT_TERMS, paymentTermsOptions } from '../shared/purchaseOrders';
import { vendorMessages } from '../shared/vendors';
import type { VendorFormOutput, VendorFormValues } from './vendorFormSchema';

/** Props of every section. */
export interface VendorSectionProps {
  control: Control<VendorFormValues, unknown, VendorFormOutput>;
  /** Disables the fields while the form saves. */
  disabled: boolean;
}

type TextName = Exclude<keyof VendorFormValues, 'payment_terms' | 'currency' | 'address'>;

/** One text field of the form, its error and its limits from the contract. */
function VendorTextField({
  control,
  disabled,
  name,
  ...props
}: VendorSectionProps & { name: TextName } & Omit<
    TextFieldProps,
    'name' | 'value' | 'onChange'
  >): ReactElement {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          {...props}
          autoComplete="off"
          disabled={disabled}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}

/** Name (required), tax number, contact, email for orders, phone and website. */
export function VendorDetailsSection(props: VendorSectionProps): ReactElement {
  return (
    <Panel title="Vendor Details" description="Who the vendor is and who you deal with there.">
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <VendorTextField {...props} name="name" label="Name" required maxLength={200} />
        <VendorTextField
          {...props}
          name="tax_number"
          label="Tax Number"
          maxLength={50}
          hint="Optional · e.g. an ABN or a VAT number, printed on orders"
        />
        <VendorTextField {...props} name="contact_name" label="Contact" maxLength={200} hint="Optional" />
        <VendorTextField
          {...props}
          name="email"
          label="Email"
          type="email"
          maxLength={254}
          placeholder="orders@vendor.com"
          hint="Optional · orders sent to the vendor are emailed here"
        />
        <VendorTextField {...props} name="phone" label="Phone" type="tel" maxLength={50} hint="Optional" />
        <VendorTextField
          {...props}
          name="website"
          label="Website"
          type="url"
          maxLength={500}
          placeholder="https://vendor.com"
          hint="Optional"
        />
      </Grid>
    </Panel>
  );
}

/** Street address, city, state or province, postal code and country. */
export function VendorAddressSection(props: VendorSectionProps): ReactElement {
  const { control, disabled } = props;
  return (
    <Panel title="Address">
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <Box gridColumn={{ sm: 'span 2' }}>
          <Controller
            control={control}
            name="address"
            render={({ field, fieldState }) => (
              <TextArea
                {...field}
                label="Street Address"
                rows={2}
                maxLength={500}
                resize="vertical"
                disabled={disabled}
                error={fieldState.error?.message}
              />
            )}
          />
        </Box>
        <VendorTextField {...props} name="city" label="City" maxLength={100} />
        <VendorTextField {...props} name="state_province" label="State / Province" maxLength={100} />
        <VendorTextField {...props} name="postal_code" label="Postal Code" maxLength={20} />
        <VendorTextField {...props} name="country" label="Country" maxLength={100} />
      </Grid>
    </Panel>
  );
}

const NO_TERMS = 'none';
const BASE_CURRENCY = 'base';

/** The default payment terms and currency of new orders to the vendor. */
export function VendorTermsSection({
  control,
  disabled,
  baseCurrency,
}: VendorSectionProps & { baseCurrency: string }): ReactElement {
  const currencyOptions = [
    { value: BASE_CURRENCY, label: `${vendorMessages.baseCurrency} (${baseCurrency})` },
    ...CURRENCIES.map(({ code, name }) => ({ value: code, label: `${code} ${name}` })),
  ];
  return (
    <Panel title="Terms" description="What new orders to this vendor start with.">
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <Controller
          control={control}
          name="payment_terms"
          render={({ field, fieldState }) => (
            <SelectDropdown
              label="Payment Terms"
              options={[{ value: NO_TERMS, label: 'No default' }, ...paymentTermsOptions]}
              searchable={false}
              clearable={false}
              value={field.value || NO_TERMS}
              onChange={(value) => {
                field.onChange(!value || value === NO_TERMS ? '' : value);
                field.onBlur();
              }}
              disabled={disabled}
              error={fieldState.error?.message}
              hint={`Optional · without one, new orders start with ${DEFAULT_PAYMENT_TERMS}`}
            />
          )}
        />
        <Controller
          control={control}
          name="currency"
          render={({ field, fieldState }) => (
            <SelectDropdown
              label="Currency"
              options={currencyOptions}
              searchable={false}
              clearable={false}
              value={field.value || BASE_CURRENCY}
              onChange={(value) => {
                field.onChange(!value || value === BASE_CURRENCY ? '' : value);
                field.onBlur();
              }}
              disabled={disabled}
              error={fieldState.error?.message}
              hint="The currency the vendor quotes and invoices in"
            />
          )}
        />
      </Grid>
    </Panel>
  );
}
