import type { Schemas } from '@purchasing/api-client';
import { CurrencyInput, formatMoney, Typeahead } from '@purchasing/ui';
import { Box, Flex, Grid, IconButton, Text } from '@radix-ui/themes';
import { Trash2 } from 'lucide-react';
import { type ReactElement, useId } from 'react';
import { type Control, Controller, type FieldPath, type UseFormSetValue, useWatch } from 'react-hook-form';
import { FormChoice, FormNumberInput, FormTextField } from '../kit/form/FormFields';
import {
  estimateLineTax,
  estimateLineTotal,
  type RequisitionFormOutput,
  type RequisitionFormValues,
  UNITS_OF_MEASURE,
} from './requisitionFormSchema';

type Product = Schemas['Product'];

const unitOptions = UNITS_OF_MEASURE.map((value) => ({ value, label: value }));

/** What the line items' fields are given of the form (the section passes it on to each line). */
export interface LineItemsFormBinding {
  control: Control<RequisitionFormValues, unknown, RequisitionFormOutput>;
  setValue: UseFormSetValue<RequisitionFormValues>;
  clearErrors(name: FieldPath<RequisitionFormValues>): void;
  /** Checks one field by the form's rules and shows its message (a line's quantity and price on blur). */
  validate(name: FieldPath<RequisitionFormValues>): void;
  /** Re-validate prefilled fields (after a first submit attempt). */
  revalidate: boolean;
  currency: string;
}

/** Props of {@link LineItemFields}. */
export interface LineItemFieldsProps extends LineItemsFormBinding {
  index: number;
  searchProducts(text: string): Promise<Product[]>;
  canRemove: boolean;
  onRemove(): void;
  disabled: boolean;
}

/**
 * One line: product search, description, quantity, unit price, tax rate, unit of measure, notes, and
 * its total (with its tax under the rate).
 */
export function LineItemFields({
  index,
  control,
  setValue,
  clearErrors,
  validate,
  revalidate,
  currency,
  searchProducts,
  canRemove,
  onRemove,
  disabled,
}: LineItemFieldsProps): ReactElement {
  const titleId = useId();
  const line = useWatch({ control, name: `line_items.${index}` });
  const name = `Item ${index + 1}`;
  const lineTotal = estimateLineTotal(line ?? { quantity: 0, unit_price: 0, tax_amount: 0 });
  const lineTax = line ? estimateLineTax(line) : null;
  const taxHint =
    lineTax === null || (lineTax === 0 && line?.tax_rate === null)
      ? undefined
      : `Tax: ${formatMoney(lineTax, currency)}${line?.tax_rate === null ? ' (an amount)' : ''}`;
  const options = { shouldDirty: true, shouldValidate: revalidate } as const;

  const prefill = (product: Product) => {
    setValue(`line_items.${index}.product_id`, product.id, options);
    setValue(`line_items.${index}.product`, { name: product.name, sku: product.sku }, options);
    setValue(`line_items.${index}.description`, product.name, options);
    setValue(`line_items.${index}.unit_price`, Number(product.unit_price), options);
    setValue(`line_items.${index}.unit_of_measure`, product.unit_of_measure, options);
    clearErrors(`line_items.${index}.product_id`);
  };

  return (
    <Box
      role="group"
      aria-labelledby={titleId}
      p="4"
      style={{
        border: '1px solid var(--gray-a6)',
        borderRadius: 'var(--radius-3)',
        background: 'var(--gray-a2)',
      }}
    >
      <Flex align="center" justify="between" gap="3" mb="3">
        <Text id={titleId} size="3" weight="bold">
          {name}
        </Text>
        <Flex align="center" gap="3">
          <Text size="2" color="gray">
            Line total{' '}
            <Text weight="bold" highContrast>
              {/* A refused quantity or price counts for nothing: the line shows no total until it is put right. */}
              {lineTotal === null ? '—' : formatMoney(lineTotal, currency)}
            </Text>
          </Text>
          {canRemove ? (
            <IconButton
              type="button"
              variant="ghost"
              color="red"
              aria-label={`Remove ${name}`}
              disabled={disabled}
              onClick={onRemove}
            >
              <Trash2 size={16} aria-hidden />
            </IconButton>
          ) : null}
        </Flex>
      </Flex>
      <Grid columns={{ initial: '1', sm: '2', md: '4' }} gapX="4" gapY="3">
        <Box gridColumn={{ md: 'span 2' }}>
          <Controller
            control={control}
            name={`line_items.${index}.product_id`}
            render={({ fieldState }) => (
              <Typeahead<Product>
                label="Product"
                placeholder="Search by name or SKU"
                onSearch={searchProducts}
                onSelect={prefill}
                getItemLabel={(product) => product.name}
                getItemKey={(product) => product.id}
                renderItem={(product) => <ProductOption product={product} />}
                disabled={disabled}
                error={fieldState.error?.message}
                hint={
                  line?.product
                    ? `Catalogue item: ${line.product.name}${line.product.sku ? ` (${line.product.sku})` : ''}`
                    : undefined
                }
              />
            )}
          />
        </Box>
        <Box gridColumn={{ md: 'span 2' }}>
          <FormTextField
            control={control}
            name={`line_items.${index}.description`}
            label="Description"
            required
            placeholder="What is being bought"
            maxLength={500}
            disabled={disabled}
          />
        </Box>
        <FormNumberInput
          control={control}
          name={`line_items.${index}.quantity`}
          label="Quantity"
          required
          min={1}
          max={1_000_000}
          step={1}
          // A refused quantity (0) reaches the rules, which say why on blur ('Quantity must be at least 1').
          passOutOfRange
          onBlurred={validate}
          disabled={disabled}
        />
        <Controller
          control={control}
          name={`line_items.${index}.unit_price`}
          render={({ field, fieldState }) => (
            <CurrencyInput
              label="Unit Price"
              required
              currency={currency}
              showCurrencySelect={false}
              max={999_999_999_999.99}
              // A minus sign is let through so the rule can say why it is refused ('Unit price cannot be negative').
              allowNegative
              value={field.value}
              onValueChange={field.onChange}
              onBlur={() => {
                field.onBlur();
                validate(`line_items.${index}.unit_price`);
              }}
              disabled={disabled}
              error={fieldState.error?.message}
            />
          )}
        />
        <FormNumberInput
          control={control}
          name={`line_items.${index}.tax_rate`}
          label="Tax %"
          placeholder="None"
          min={0}
          max={100}
          // Half a percent a step, so phones offer a keyboard with a decimal point.
          step={0.5}
          // A rate above 100 reaches the rules, which say why on blur ('Tax rate must be between 0 and 100').
          passOutOfRange
          onBlurred={validate}
          disabled={disabled}
          hint={taxHint}
        />
        <FormChoice
          control={control}
          name={`line_items.${index}.unit_of_measure`}
          label="Unit of Measure"
          options={unitOptions}
          disabled={disabled}
        />
        <Box gridColumn={{ sm: 'span 2', md: 'span 4' }}>
          <FormTextField
            control={control}
            name={`line_items.${index}.notes`}
            label="Notes"
            placeholder="Colour, size, part no."
            maxLength={1000}
            disabled={disabled}
          />
        </Box>
      </Grid>
    </Box>
  );
}

function ProductOption({ product }: { product: Product }): ReactElement {
  const details = [
    product.sku,
    `${formatMoney(product.unit_price, product.currency)} / ${product.unit_of_measure}`,
    product.vendor?.name,
  ].filter(Boolean);
  return (
    <Flex direction="column">
      <Text size="2" weight="medium">
        {product.name}
      </Text>
      <Text size="1" color="gray">
        {details.join(' · ')}
      </Text>
    </Flex>
  );
}
