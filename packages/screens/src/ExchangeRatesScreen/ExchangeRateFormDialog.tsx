import { currencyKeys, type Schemas, unwrap } from '@purchasing/api-client';
import { Callout, CURRENCIES, DatePicker, SelectDropdown, TextField } from '@purchasing/ui';
import { Flex, Grid } from '@radix-ui/themes';
import { type FormEvent, type ReactElement, useState } from 'react';
import { dialogTitle, dialogToasts } from '../kit/form/dialogWords';
import { FormDialog, FormDialogButtons, type FormDialogControls } from '../kit/form/FormDialog';
import { useDialogSave } from '../kit/form/useDialogSave';
import { usePurchasing } from '../PurchasingProvider';

type ExchangeRate = Schemas['ExchangeRate'];
type CurrencyCode = Schemas['CurrencyCode'];

/** Copy of the exchange-rate dialog. */
export const exchangeRateFormMessages = {
  addTitle: 'Add Exchange Rate',
  editTitle: 'Edit Exchange Rate',
  currencyRequired: 'Choose a currency',
  rateInvalid: 'Enter a rate above 0 with at most 8 decimal places',
  dayRequired: 'Choose the first day the rate applies',
  createFailed: 'Failed to add the exchange rate',
  updateFailed: 'Failed to update the exchange rate',
  created: 'Exchange rate added',
  updated: 'Exchange rate updated',
} as const;

/** A rate as typed: digits with at most 8 decimals, above 0 (the contract's `ExchangeRateValue`). */
const RATE_PATTERN = /^\d{1,7}(\.\d{1,8})?$/;

type FieldName = 'currency' | 'rate' | 'effectiveFrom';
type FieldErrors = Partial<Record<FieldName, string>>;

const SERVER_FIELDS: Record<string, FieldName> = {
  currency: 'currency',
  rate: 'rate',
  effective_from: 'effectiveFrom',
};

/** Props of {@link ExchangeRateFormDialog}. */
export interface ExchangeRateFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  organizationId: string;
  baseCurrency: CurrencyCode;
  /** The rate being edited (its currency stays); null to add one. */
  rate: ExchangeRate | null;
  /** The day a new rate starts on by default (`YYYY-MM-DD`, today). */
  today: string;
}

/**
 * Adds or edits an exchange rate in a dialog: the currency (not the base currency; fixed when
 * editing), how many base units one unit buys, and the first day it applies. The server's field
 * problems show on the fields and its message as a toast; the dialog stays open.
 */
export function ExchangeRateFormDialog({
  open,
  onOpenChange,
  ...form
}: ExchangeRateFormDialogProps): ReactElement {
  const { rate, baseCurrency } = form;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={dialogTitle(exchangeRateFormMessages, rate !== null)}
      description={
        rate
          ? `Change the ${rate.currency} rate. Requisitions already submitted keep the rate they used.`
          : `How many ${baseCurrency} one unit of a currency buys, from a given day on. Submissions use the rate in effect that day.`
      }
    >
      {(controls) => <ExchangeRateForm {...form} controls={controls} />}
    </FormDialog>
  );
}

function ExchangeRateForm({
  organizationId,
  baseCurrency,
  rate,
  today,
  controls,
}: Omit<ExchangeRateFormDialogProps, 'open' | 'onOpenChange'> & {
  controls: FormDialogControls;
}): ReactElement {
  const { client } = usePurchasing();
  const [currency, setCurrency] = useState<CurrencyCode | null>(rate?.currency ?? null);
  const [value, setValue] = useState(rate ? String(rate.rate) : '');
  const [effectiveFrom, setEffectiveFrom] = useState<string | null>(rate?.effective_from ?? today);
  const [errors, setErrors] = useState<FieldErrors>({});

  const currencies = CURRENCIES.filter(({ code }) => code !== baseCurrency).map(({ code, name }) => ({
    value: code,
    label: `${code} ${name}`,
  }));

  const { save, formRef, focusFirstInvalid } = useDialogSave({
    controls,
    mutationFn: async (body: Schemas['ExchangeRateInput']) => {
      const header = { 'X-Organization-Id': organizationId };
      if (rate) {
        return unwrap(
          client.api.PUT('/exchange-rates/{id}', {
            params: { path: { id: rate.id }, header },
            body: { rate: body.rate, effective_from: body.effective_from },
          }),
        );
      }
      return unwrap(client.api.POST('/exchange-rates', { params: { header }, body }));
    },
    invalidate: currencyKeys.all(organizationId),
    serverFields: SERVER_FIELDS,
    onFieldErrors: setErrors,
    ...dialogToasts(exchangeRateFormMessages, rate !== null),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = value.trim();
    const found: FieldErrors = {};
    if (!currency) found.currency = exchangeRateFormMessages.currencyRequired;
    if (!RATE_PATTERN.test(typed) || Number(typed) <= 0) found.rate = exchangeRateFormMessages.rateInvalid;
    if (!effectiveFrom) found.effectiveFrom = exchangeRateFormMessages.dayRequired;
    setErrors(found);
    if (!currency || !effectiveFrom || Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    save.mutate({ currency, rate: Number(typed), effective_from: effectiveFrom });
  };

  const problems = Object.values(errors).filter(Boolean);
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Exchange rate details">
      <Flex direction="column" gap="4">
        {problems.length > 1 ? <Callout variant="error">Check the marked fields.</Callout> : null}
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          {rate ? (
            <TextField label="Currency" value={`${rate.currency}`} readOnly disabled />
          ) : (
            <SelectDropdown
              label="Currency"
              required
              placeholder="Select a currency"
              searchable={false}
              clearable={false}
              options={currencies}
              value={currency}
              onChange={(next) => {
                setCurrency(next as CurrencyCode | null);
                setErrors((current) => ({ ...current, currency: undefined }));
              }}
              disabled={save.isPending}
              error={errors.currency}
            />
          )}
          <TextField
            label={`Rate (${baseCurrency} per 1 ${currency ?? 'unit'})`}
            required
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 1.65"
            value={value}
            onChange={(event) => {
              setValue(event.target.value);
              setErrors((current) => ({ ...current, rate: undefined }));
            }}
            disabled={save.isPending}
            error={errors.rate}
            aria-invalid={errors.rate ? true : undefined}
            color={errors.rate ? 'red' : undefined}
          />
        </Grid>
        <DatePicker
          label="Effective from"
          required
          value={effectiveFrom}
          onChange={(next) => {
            setEffectiveFrom(next);
            setErrors((current) => ({ ...current, effectiveFrom: undefined }));
          }}
          disabled={save.isPending}
          error={errors.effectiveFrom}
          hint="Submissions on or after this day (UTC) use the rate, until a later one starts."
        />
        <FormDialogButtons
          submitLabel={rate ? 'Save Changes' : 'Add Rate'}
          pending={save.isPending}
          onCancel={controls.onDone}
        />
      </Flex>
    </form>
  );
}
