import { zodResolver } from '@hookform/resolvers/zod';
import {
  organizationQueries,
  productQueries,
  queryKeys,
  requisitionKeys,
  type Schemas,
  unwrap,
  uploadAttachments,
} from '@purchasing/api-client';
import {
  Button,
  Callout,
  CurrencyInput,
  DatePicker,
  formatMoney,
  NumberInput,
  SelectDropdown,
  TextArea,
  TextField,
  Typeahead,
  toast,
} from '@purchasing/ui';
import { Box, Flex, Grid, IconButton, Text } from '@radix-ui/themes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plus, Trash2, Wallet } from 'lucide-react';
import { type ReactElement, useCallback, useId, useRef, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldPath,
  type UseFormSetValue,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { usePurchasing } from '../PurchasingProvider';
import { FormActionBar } from '../shared/FormActionBar';
import { Panel } from '../shared/Panel';
import { useFocusFirstInvalid } from '../shared/useFocusFirstInvalid';
import { useUnsavedChangesGuard } from '../shared/useUnsavedChangesGuard';
import { AttachmentsSection, type StagedFile } from './AttachmentsSection';
import { BudgetCheckResult, useBudgetCheck } from './BudgetCheck';
import { CurrencyField, useCurrencyOptions } from './CurrencyField';
import {
  emptyLine,
  estimateLineTotal,
  estimateTotal,
  REQUISITION_CATEGORIES,
  type RequisitionFormOutput,
  type RequisitionFormValues,
  requisitionFormSchema,
  todayIsoDate,
  toRequisitionInput,
  UNITS_OF_MEASURE,
} from './requisitionFormSchema';
import { messageOf, placeServerErrors } from './serverErrors';

type Requisition = Schemas['Requisition'];
type Product = Schemas['Product'];

/** Which button saved: keep as a draft, or submit for approval. */
type Intent = 'draft' | 'submit';

interface IntentCopy {
  label: string;
  busy: string;
  success: string;
  failure: string;
}

/** Button labels and toasts (document 1 §2 and §8). */
function copyFor(mode: 'create' | 'edit', intent: Intent, status?: Schemas['RequisitionStatus']): IntentCopy {
  if (mode === 'create') {
    return intent === 'draft'
      ? {
          label: 'Save as Draft',
          busy: 'Saving...',
          success: 'Requisition saved as draft',
          failure: 'Failed to save requisition',
        }
      : {
          label: 'Submit for Approval',
          busy: 'Submitting...',
          success: 'Requisition submitted successfully',
          failure: 'Failed to submit requisition',
        };
  }
  return intent === 'draft'
    ? {
        label: 'Update Draft',
        busy: 'Updating...',
        success: 'Requisition updated successfully',
        failure: 'Failed to update requisition',
      }
    : {
        label: status === 'info_requested' ? 'Update & Resubmit' : 'Update & Submit',
        busy: 'Submitting...',
        success: 'Requisition updated and submitted successfully',
        failure: 'Failed to update and submit requisition',
      };
}

const categoryOptions = REQUISITION_CATEGORIES.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));
const unitOptions = UNITS_OF_MEASURE.map((value) => ({ value, label: value }));

/** Props of {@link RequisitionForm}. */
export interface RequisitionFormProps {
  /** Create posts a new requisition; edit replaces the given one. */
  mode: 'create' | 'edit';
  organizationId: string;
  /** The organisation's base currency: a new requisition's, and the one approval limits and budgets count in. */
  baseCurrency: Schemas['CurrencyCode'];
  /** The form's starting values; later changes are ignored. */
  defaultValues: RequisitionFormValues;
  /** The requisition being edited (its id, status, attachments and cost centre), kept up to date. */
  requisition?: Requisition;
}

/**
 * The requisition form shared by {@link CreateRequisitionScreen} and {@link EditRequisitionScreen}:
 * Basic Information, Line Items (with product prefill and the budget check), Additional Notes,
 * Attachments, and an action bar with the estimated total, the unsaved-changes hint and the buttons.
 */
export function RequisitionForm({
  mode,
  organizationId,
  baseCurrency,
  defaultValues,
  requisition,
}: RequisitionFormProps): ReactElement {
  const { client, navigation } = usePurchasing();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors, isDirty, isSubmitted },
  } = useForm<RequisitionFormValues, unknown, RequisitionFormOutput>({
    resolver: zodResolver(requisitionFormSchema),
    defaultValues: { ...defaultValues, currency: defaultValues.currency || baseCurrency },
    // The first invalid control is focused in DOM order (see useFocusFirstInvalid), widgets without refs too.
    shouldFocusError: false,
  });
  const lines = useFieldArray({ control, name: 'line_items' });
  const [staged, setStaged] = useState<StagedFile[]>([]);
  const [saving, setSaving] = useState<Intent | null>(null);
  const savingRef = useRef(false);
  const [saved, setSaved] = useState(false);
  const [serverProblems, setServerProblems] = useState<{ lineItems: string[]; other: string[] }>({
    lineItems: [],
    other: [],
  });

  const costCenterId = useWatch({ control, name: 'cost_center_id' });
  const watchedLines = useWatch({ control, name: 'line_items' });
  const currency = useWatch({ control, name: 'currency' }) || baseCurrency;
  const currencyOptions = useCurrencyOptions(organizationId, baseCurrency, currency);
  const total = estimateTotal(watchedLines ?? []);
  const budget = useBudgetCheck(organizationId, costCenterId, total, currency);
  const dirty = (isDirty || staged.length > 0) && !saved;
  useUnsavedChangesGuard(dirty);
  const busy = saving !== null || saved;
  const focusFirstInvalid = useFocusFirstInvalid(formRef, busy);

  const costCenters = useQuery(organizationQueries.costCenters(client, organizationId));
  const glAccounts = useQuery(organizationQueries.glAccounts(client, organizationId));
  // Loaded up front so the first product search answers at once.
  useQuery(productQueries.list(client));

  const costCenterOptions = referenceOptions(costCenters.data?.cost_centers, requisition?.cost_center);
  const glAccountOptions = referenceOptions(glAccounts.data?.gl_accounts, requisition?.gl_account);

  const searchProducts = useCallback(
    async (text: string): Promise<Product[]> => {
      const { products } = await queryClient.ensureQueryData(productQueries.list(client));
      const needle = text.toLowerCase();
      return products.filter((product) =>
        [product.name, product.sku ?? '', product.description ?? ''].some((field) =>
          field.toLowerCase().includes(needle),
        ),
      );
    },
    [client, queryClient],
  );

  const showServerErrors = (error: unknown, lineCount: number) => {
    const placed = placeServerErrors(error, lineCount);
    const lineItems: string[] = [];
    for (const { path, message } of placed.fields) {
      if (path === 'line_items') lineItems.push(message);
      else setError(path, { type: 'server', message });
    }
    setServerProblems({ lineItems, other: placed.unplaced.map((detail) => detail.message) });
    if (placed.fields.length > 0) focusFirstInvalid();
  };

  const save = async (values: RequisitionFormOutput, intent: Intent) => {
    const copy = copyFor(mode, intent, requisition?.status);
    const files = staged.map((entry) => entry.file);
    // The server takes files only before submission, so with files the requisition is saved first,
    // the files uploaded, and only then submitted.
    const submitInBody = intent === 'submit' && files.length === 0;
    const body = toRequisitionInput(values, { submit: submitInBody });
    const header = { 'X-Organization-Id': organizationId };
    setServerProblems({ lineItems: [], other: [] });

    let savedRequisition: Requisition;
    try {
      const data =
        mode === 'create' || !requisition
          ? await unwrap(client.api.POST('/requisitions', { params: { header }, body }))
          : await unwrap(
              client.api.PUT('/requisitions/{id}', {
                params: { path: { id: requisition.id }, header },
                body,
              }),
            );
      savedRequisition = data.requisition;
    } catch (error) {
      showServerErrors(error, values.line_items.length);
      toast.error(messageOf(error, copy.failure));
      return;
    }
    // The requisition is saved from here on: whatever fails next, the user goes to its page.
    setSaved(true);

    const failures: { name: string; message: string }[] = [];
    for (const file of files) {
      try {
        await uploadAttachments(client, {
          organizationId,
          entityType: 'requisition',
          entityId: savedRequisition.id,
          files: [file],
        });
      } catch (error) {
        failures.push({ name: file.name, message: messageOf(error, 'Upload failed') });
      }
    }

    let submitted = submitInBody;
    let submitError: unknown = null;
    if (intent === 'submit' && !submitInBody && failures.length === 0) {
      try {
        await unwrap(
          client.api.POST('/requisitions/{id}/submit', {
            params: { path: { id: savedRequisition.id }, header },
          }),
        );
        submitted = true;
      } catch (error) {
        submitError = error;
      }
    }

    void queryClient.invalidateQueries({ queryKey: requisitionKeys.all(organizationId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.organizationSummary(organizationId) });

    if (intent === 'draft' || submitted) {
      toast.success(copy.success);
    } else {
      toast.success(copyFor(mode, 'draft').success);
    }
    if (failures.length > 0) {
      const list = failures.map((failure) => `${failure.name} (${failure.message})`).join(', ');
      const notSubmitted = intent === 'submit' ? ' The requisition was saved but not submitted.' : '';
      toast.error(`These files could not be uploaded: ${list}.${notSubmitted}`);
    }
    if (submitError) toast.error(messageOf(submitError, copy.failure));
    navigation.navigate(navigation.hrefs.requisitionDetail(savedRequisition.id), { replace: true });
  };

  const submitWith = (intent: Intent) => {
    if (savingRef.current || saved) return;
    void handleSubmit(
      async (values) => {
        // A second click while the first save runs does nothing.
        if (savingRef.current) return;
        savingRef.current = true;
        setSaving(intent);
        try {
          await save(values, intent);
        } finally {
          savingRef.current = false;
          setSaving(null);
        }
      },
      () => focusFirstInvalid(),
    )();
  };

  const draftCopy = copyFor(mode, 'draft', requisition?.status);
  const submitCopy = copyFor(mode, 'submit', requisition?.status);
  const cancelHref =
    mode === 'edit' && requisition
      ? navigation.hrefs.requisitionDetail(requisition.id)
      : navigation.hrefs.requisitions();
  const lineItemsError =
    errors.line_items?.root?.message ?? errors.line_items?.message ?? serverProblems.lineItems[0];

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={mode === 'create' ? 'New requisition' : 'Edit requisition'}
      // Enter in a field must not save or submit by accident: the buttons below say which.
      onSubmit={(event) => event.preventDefault()}
    >
      <Flex direction="column" gap="5">
        {serverProblems.other.length > 0 ? (
          <Callout variant="error">
            {serverProblems.other.length === 1 ? serverProblems.other[0] : serverProblems.other.join(' · ')}
          </Callout>
        ) : null}

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
                  disabled={busy}
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
                  disabled={busy}
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
                  disabled={busy}
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
                  disabled={busy}
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
                disabled={busy}
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
                    disabled={busy}
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
                    disabled={busy}
                    error={fieldState.error?.message}
                  />
                )}
              />
            </Box>
          </Grid>
        </Panel>

        <Panel
          headingLevel={2}
          headingId="requisition-lines"
          title="Line Items"
          description="Search the catalogue to fill in a line, or describe the item yourself."
        >
          <Flex direction="column" gap="4">
            {lines.fields.map((line, index) => (
              <LineItemFields
                key={line.id}
                index={index}
                control={control}
                setValue={setValue}
                clearErrors={clearErrors}
                revalidate={isSubmitted}
                currency={currency}
                searchProducts={searchProducts}
                canRemove={lines.fields.length > 1}
                onRemove={() => lines.remove(index)}
                disabled={busy}
              />
            ))}
            {lineItemsError ? (
              <Text as="p" size="2" color="red" role="alert">
                {lineItemsError}
              </Text>
            ) : null}
            <Flex gap="3" wrap="wrap" align="center">
              <Button
                type="button"
                variant="outline"
                onClick={() => lines.append(emptyLine())}
                disabled={busy}
              >
                <Plus size={16} aria-hidden />
                Add Item
              </Button>
              <Button
                type="button"
                variant="secondary"
                onClick={() => void budget.checkNow()}
                loading={budget.checking}
                disabled={busy}
              >
                {budget.checking ? null : <Wallet size={16} aria-hidden />}
                {budget.checking ? 'Checking budget...' : 'Check Budget'}
              </Button>
            </Flex>
            <div aria-live="polite">
              <BudgetCheckResult state={budget.state} />
            </div>
          </Flex>
        </Panel>

        <Panel headingLevel={2} headingId="requisition-notes" title="Additional Notes">
          <Controller
            control={control}
            name="notes"
            render={({ field, fieldState }) => (
              <TextArea
                {...field}
                label="Notes"
                placeholder="Anything the approvers or the buyer should know"
                rows={3}
                maxLength={2000}
                resize="vertical"
                disabled={busy}
                error={fieldState.error?.message}
              />
            )}
          />
        </Panel>

        <Panel
          headingLevel={2}
          headingId="requisition-attachments"
          title="Attachments"
          description="Quotes, specifications or other supporting documents."
        >
          <AttachmentsSection
            organizationId={organizationId}
            requisitionId={requisition?.id}
            existing={requisition?.attachments ?? []}
            staged={staged}
            onStagedChange={setStaged}
            disabled={busy}
          />
        </Panel>

        <FormActionBar
          cancelHref={cancelHref}
          dirty={dirty}
          busy={busy}
          recordName="this requisition"
          summary={
            <Flex direction="column">
              <Text size="1" color="gray" id="requisition-total-label">
                Estimated total
              </Text>
              <Text size="5" weight="bold" aria-labelledby="requisition-total-label" role="status">
                {formatMoney(total, currency)}
              </Text>
            </Flex>
          }
          actions={
            <>
              <Button
                type="button"
                variant="outline"
                loading={saving === 'draft'}
                disabled={busy}
                onClick={() => submitWith('draft')}
              >
                {saving === 'draft' ? draftCopy.busy : draftCopy.label}
              </Button>
              <Button
                type="button"
                loading={saving === 'submit'}
                disabled={busy}
                onClick={() => submitWith('submit')}
              >
                {saving === 'submit' ? submitCopy.busy : submitCopy.label}
              </Button>
            </>
          }
        />
      </Flex>
    </form>
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

interface LineItemFieldsProps {
  index: number;
  control: Control<RequisitionFormValues, unknown, RequisitionFormOutput>;
  setValue: UseFormSetValue<RequisitionFormValues>;
  clearErrors(name: FieldPath<RequisitionFormValues>): void;
  /** Re-validate prefilled fields (after a first submit attempt). */
  revalidate: boolean;
  currency: string;
  searchProducts(text: string): Promise<Product[]>;
  canRemove: boolean;
  onRemove(): void;
  disabled: boolean;
}

/** One line: product search, description, quantity, unit price, unit of measure, notes and its total. */
function LineItemFields({
  index,
  control,
  setValue,
  clearErrors,
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
              {formatMoney(lineTotal, currency)}
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
          <Controller
            control={control}
            name={`line_items.${index}.description`}
            render={({ field, fieldState }) => (
              <TextField
                label="Description"
                required
                placeholder="What is being bought"
                maxLength={500}
                disabled={disabled}
                error={fieldState.error?.message}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        </Box>
        <Controller
          control={control}
          name={`line_items.${index}.quantity`}
          render={({ field, fieldState }) => (
            <NumberInput
              ref={field.ref}
              label="Quantity"
              required
              min={1}
              max={1_000_000}
              step={1}
              value={field.value}
              onChange={field.onChange}
              disabled={disabled}
              error={fieldState.error?.message}
            />
          )}
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
              onBlur={field.onBlur}
              disabled={disabled}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name={`line_items.${index}.unit_of_measure`}
          render={({ field, fieldState }) => (
            <SelectDropdown
              label="Unit of Measure"
              required
              clearable={false}
              options={unitOptions}
              searchable={false}
              value={field.value}
              onChange={field.onChange}
              disabled={disabled}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          control={control}
          name={`line_items.${index}.notes`}
          render={({ field, fieldState }) => (
            <TextField
              label="Notes"
              // Short enough for the quarter-width column of a wide screen.
              placeholder="Colour, size, part no."
              maxLength={1000}
              disabled={disabled}
              error={fieldState.error?.message}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
            />
          )}
        />
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
