/** The sections of the vendor form: details, address, and the terms new orders start from. */
import { CURRENCIES } from '@purchasing/ui';
import { Box, Grid } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import type { Control } from 'react-hook-form';
import { Panel } from '../kit/detail/Panel';
import { FormSelect, FormTextArea, RecordTextField } from '../kit/form/FormFields';
import { DEFAULT_PAYMENT_TERMS, paymentTermsOptions } from '../shared/purchaseOrders';
import { vendorMessages } from '../shared/vendors';
import type { VendorFormOutput, VendorFormValues } from './vendorFormSchema';

/** Props of every section. */
export interface VendorSectionProps {
  control: Control<VendorFormValues, unknown, VendorFormOutput>;
  /** Disables the fields while the form saves. */
  disabled: boolean;
}

/** Name (required), tax number, contact, email for orders, phone and website. */
export function VendorDetailsSection(props: VendorSectionProps): ReactElement {
  return (
    <Panel title="Vendor Details" description="Who the vendor is and who you deal with there.">
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <RecordTextField {...props} name="name" label="Name" required maxLength={200} />
        <RecordTextField
          {...props}
          name="tax_number"
          label="Tax Number"
          maxLength={50}
          hint="Optional · e.g. an ABN or a VAT number, printed on orders"
        />
        <RecordTextField {...props} name="contact_name" label="Contact" maxLength={200} hint="Optional" />
        <RecordTextField
          {...props}
          name="email"
          label="Email"
          type="email"
          maxLength={254}
          placeholder="orders@vendor.com"
          hint="Optional · orders sent to the vendor are emailed here"
        />
        <RecordTextField {...props} name="phone" label="Phone" type="tel" maxLength={50} hint="Optional" />
        <RecordTextField
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
          <FormTextArea
            control={control}
            name="address"
            label="Street Address"
            rows={2}
            maxLength={500}
            disabled={disabled}
          />
        </Box>
        <RecordTextField {...props} name="city" label="City" maxLength={100} />
        <RecordTextField {...props} name="state_province" label="State / Province" maxLength={100} />
        <RecordTextField {...props} name="postal_code" label="Postal Code" maxLength={20} />
        <RecordTextField {...props} name="country" label="Country" maxLength={100} />
      </Grid>
    </Panel>
  );
}

const NO_TERMS = 'none';
const currencyOptions = CURRENCIES.map(({ code, name }) => ({ value: code, label: `${code} ${name}` }));
const BASE_CURRENCY = 'base';

/** The default payment terms and currency of new orders to the vendor. */
export function VendorTermsSection({
  control,
  disabled,
  baseCurrency,
}: VendorSectionProps & { baseCurrency: string }): ReactElement {
  return (
    <Panel title="Terms" description="What new orders to this vendor start with.">
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <FormSelect
          control={control}
          name="payment_terms"
          label="Payment Terms"
          none={{ value: NO_TERMS, label: 'No default' }}
          options={paymentTermsOptions}
          searchable={false}
          clearable={false}
          touchOnChange
          disabled={disabled}
          hint={`Optional · without one, new orders start with ${DEFAULT_PAYMENT_TERMS}`}
        />
        <FormSelect
          control={control}
          name="currency"
          label="Currency"
          none={{ value: BASE_CURRENCY, label: `${vendorMessages.baseCurrency} (${baseCurrency})` }}
          options={currencyOptions}
          searchable={false}
          clearable={false}
          touchOnChange
          disabled={disabled}
          hint="The currency the vendor quotes and invoices in"
        />
      </Grid>
    </Panel>
  );
}
