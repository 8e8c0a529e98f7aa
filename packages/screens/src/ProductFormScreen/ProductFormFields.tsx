/** The sections of the product form: details, pricing, and each vendor's prices over time. */
import { vendorQueries } from '@purchasing/api-client';
import { Button, type SelectOption } from '@purchasing/ui';
import { Box, Flex, Grid, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Plus, Trash2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { type Control, useFieldArray } from 'react-hook-form';
import { Panel } from '../kit/detail/Panel';
import { FormSelect, FormTextArea, FormTextField, RecordTextField } from '../kit/form/FormFields';
import { usePurchasing } from '../PurchasingProvider';
import { UNITS_OF_MEASURE } from '../RequisitionFormScreen/requisitionFormSchema';
import { VENDOR_CURRENCIES } from '../VendorFormScreen/vendorFormSchema';
import type { ProductFormOutput, ProductFormValues } from './productFormSchema';

/** Props of every section. */
export interface ProductSectionProps {
  control: Control<ProductFormValues, unknown, ProductFormOutput>;
  /** Disables the fields while the form saves. */
  disabled: boolean;
}

const unitOptions = UNITS_OF_MEASURE.map((value) => ({ value, label: value }));
const currencyOptions = VENDOR_CURRENCIES.map((code) => ({ value: code, label: code }));
const NO_VENDOR = 'none';
/** A price row from a tablet up: the vendor's name wider than the price, the dates wide enough for a date. */
const PRICE_COLUMNS = 'minmax(0, 1.6fr) minmax(0, 1fr) minmax(0, 1.2fr) minmax(0, 1.2fr)';
/** The labels of a price row's text fields ("optional" in the label, not a hint under the field). */
const PRICE_LABELS = { unit_price: 'Price', effective_from: 'From', effective_to: 'To (optional)' } as const;

/** The organisation's active vendors as options (loaded once for the form). */
function useVendorOptions(organizationId: string) {
  const { client } = usePurchasing();
  const vendors = useQuery(vendorQueries.list(client, organizationId));
  return (vendors.data?.vendors ?? []).map((vendor) => ({ value: vendor.id, label: vendor.name }));
}

/** Name (required), SKU, category and description. */
export function ProductDetailsSection(props: ProductSectionProps): ReactElement {
  return (
    <Panel title="Product Details" description="What the product is and how people find it.">
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        <RecordTextField {...props} name="name" label="Name" required maxLength={200} />
        <RecordTextField
          {...props}
          name="sku"
          label="SKU"
          maxLength={64}
          hint="Optional · unique in your organization"
        />
        <RecordTextField
          {...props}
          name="category"
          label="Category"
          maxLength={100}
          hint="Optional · e.g. Stationery"
        />
        <Box gridColumn={{ sm: 'span 2' }}>
          <FormTextArea
            control={props.control}
            name="description"
            label="Description"
            rows={2}
            maxLength={2000}
            disabled={props.disabled}
            hint="Optional"
          />
        </Box>
      </Grid>
    </Panel>
  );
}

/** Unit of measure, list price and currency, and the preferred vendor. */
export function ProductPricingSection(props: ProductSectionProps & { organizationId: string }): ReactElement {
  const { control, disabled } = props;
  const vendorOptions = useVendorOptions(props.organizationId);
  const select = (name: 'unit_of_measure' | 'currency', label: string, options: SelectOption[]) => (
    <FormSelect
      control={control}
      name={name}
      label={label}
      options={options}
      searchable={false}
      clearable={false}
      touchOnChange
      disabled={disabled}
    />
  );
  return (
    <Panel
      title="Pricing"
      description="The list price applies when the preferred vendor has no current price."
    >
      <Grid columns={{ initial: '1', sm: '2' }} gap="4">
        {select('unit_of_measure', 'Unit of Measure', unitOptions)}
        <RecordTextField
          control={control}
          disabled={disabled}
          name="unit_price"
          label="List Price"
          required
          inputMode="decimal"
        />
        {select('currency', 'Currency', currencyOptions)}
        <FormSelect
          control={control}
          name="vendor_id"
          label="Preferred Vendor"
          none={{ value: NO_VENDOR, label: 'None' }}
          options={vendorOptions}
          clearable={false}
          touchOnChange
          disabled={disabled}
          hint="Optional · its current price is the product's price on requisitions"
        />
      </Grid>
    </Panel>
  );
}

/** Each vendor's price over a window of days; one vendor's windows may not overlap. */
export function ProductPricesSection(props: ProductSectionProps & { organizationId: string }): ReactElement {
  const { control, disabled } = props;
  const vendorOptions = useVendorOptions(props.organizationId);
  const prices = useFieldArray({ control, name: 'prices' });
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Panel
      title="Vendor Prices"
      description="What each vendor charges, from a first day to an optional last day. The price whose days include today is current."
    >
      <Flex direction="column" gap="4">
        {prices.fields.length === 0 ? (
          <Text as="p" size="2" color="gray">
            No vendor prices yet.
          </Text>
        ) : null}
        {prices.fields.map((price, index) => (
          <Box
            key={price.id}
            role="group"
            aria-label={`Price ${index + 1}`}
            p="3"
            style={{ border: '1px solid var(--gray-a6)', borderRadius: 'var(--radius-3)' }}
          >
            {/* Top-aligned, no field with a hint: the four inputs stay on one line whatever a field says under it. */}
            <Grid columns={{ initial: '1', sm: PRICE_COLUMNS }} gap="3" align="start">
              <FormSelect
                control={control}
                name={`prices.${index}.vendor_id`}
                label="Vendor"
                options={vendorOptions}
                clearable={false}
                touchOnChange
                disabled={disabled}
              />
              {(['unit_price', 'effective_from', 'effective_to'] as const).map((key) => (
                <FormTextField
                  key={key}
                  control={control}
                  name={`prices.${index}.${key}`}
                  label={PRICE_LABELS[key]}
                  type={key === 'unit_price' ? 'text' : 'date'}
                  inputMode={key === 'unit_price' ? 'decimal' : undefined}
                  disabled={disabled}
                />
              ))}
            </Grid>
            <Flex justify="end" mt="2">
              <Button
                type="button"
                variant="ghost"
                disabled={disabled}
                onClick={() => prices.remove(index)}
                aria-label={`Remove price ${index + 1}`}
              >
                <Trash2 size={16} aria-hidden />
                Remove
              </Button>
            </Flex>
          </Box>
        ))}
        <Box>
          <Button
            type="button"
            variant="outline"
            disabled={disabled}
            onClick={() =>
              prices.append({ vendor_id: '', unit_price: '', effective_from: today, effective_to: '' })
            }
          >
            <Plus size={16} aria-hidden />
            Add Price
          </Button>
        </Box>
      </Flex>
    </Panel>
  );
}
