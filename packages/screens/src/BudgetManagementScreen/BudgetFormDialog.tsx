import { zodResolver } from '@hookform/resolvers/zod';
import { budgetKeys, isApiError, type Schemas, unwrap } from '@purchasing/api-client';
import { CurrencyInput, TextField, toast } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { dialogTitle, dialogToasts } from '../kit/form/dialogWords';
import { FormDialog, FormDialogButtons } from '../kit/form/FormDialog';
import { FormSelect } from '../kit/form/FormFields';
import { usePurchasing } from '../PurchasingProvider';

type Budget = Schemas['Budget'];
type CostCenter = Schemas['CostCenter'];

/** Product copy of the budget dialog (the screen's own wording). */
export const budgetFormMessages = {
  addTitle: 'Add Budget',
  editTitle: 'Edit Budget',
  costCenterRequired: 'Choose a cost center',
  fiscalYearInvalid: 'Enter a fiscal year between 2000 and 2200',
  allocatedRequired: 'Enter the allocated amount',
  allocatedNegative: 'The allocated amount cannot be negative',
  created: 'Budget created successfully',
  updated: 'Budget updated successfully',
  createFailed: 'Failed to create budget',
  updateFailed: 'Failed to update budget',
} as const;

/** The budget form's rules (the contract's: a cost centre, a fiscal year 2000–2200, an amount ≥ 0). */
export const budgetFormSchema = z.object({
  costCenterId: z.string().min(1, budgetFormMessages.costCenterRequired),
  fiscalYear: z
    .number({ error: budgetFormMessages.fiscalYearInvalid })
    .int(budgetFormMessages.fiscalYearInvalid)
    .min(2000, budgetFormMessages.fiscalYearInvalid)
    .max(2200, budgetFormMessages.fiscalYearInvalid),
  allocated: z
    .number({ error: budgetFormMessages.allocatedRequired })
    .min(0, budgetFormMessages.allocatedNegative),
});

/** The budget form's values. */
export type BudgetFormValues = z.infer<typeof budgetFormSchema>;

/** Props of {@link BudgetFormDialog}. */
export interface BudgetFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  organizationId: string;
  currency: string;
  /** The budget being edited (only its allocation changes); null to add one. */
  budget: Budget | null;
  /** The organisation's cost centres, to choose from when adding. */
  costCenters: readonly CostCenter[];
  /** The fiscal year a new budget starts with (the one the table shows). */
  fiscalYear: number;
}

/**
 * Adds a budget (cost centre, fiscal year, allocated amount) or changes a budget's allocation, in a
 * dialog. Field problems the server names land on their fields; any other refusal (a cost centre
 * that has a budget for that year: 409) shows its message as a toast and the dialog stays open.
 */
export function BudgetFormDialog({ open, onOpenChange, ...form }: BudgetFormDialogProps): ReactElement {
  const { budget } = form;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={dialogTitle(budgetFormMessages, budget !== null)}
      description={
        budget
          ? `Change the allocation of ${budget.cost_center.code} ${budget.cost_center.name} for fiscal year ${budget.fiscal_year}.`
          : 'Set what a cost center may commit and spend in a fiscal year.'
      }
    >
      {({ onDone }) => <BudgetForm {...form} onDone={onDone} />}
    </FormDialog>
  );
}

const SERVER_FIELDS: Record<string, keyof BudgetFormValues> = {
  cost_center_id: 'costCenterId',
  fiscal_year: 'fiscalYear',
  allocated: 'allocated',
};

function BudgetForm({
  organizationId,
  currency,
  budget,
  costCenters,
  fiscalYear,
  onDone,
}: Omit<BudgetFormDialogProps, 'open' | 'onOpenChange'> & { onDone(): void }): ReactElement {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<BudgetFormValues>({
    resolver: zodResolver(budgetFormSchema),
    defaultValues: {
      costCenterId: budget?.cost_center.id ?? '',
      fiscalYear: budget?.fiscal_year ?? fiscalYear,
      allocated: budget?.allocated ?? (undefined as unknown as number),
    },
  });
  const header = { 'X-Organization-Id': organizationId };
  const toasts = dialogToasts(budgetFormMessages, budget !== null);

  const save = useMutation({
    mutationFn: (values: BudgetFormValues) =>
      budget
        ? unwrap(
            client.api.PATCH('/budgets/{id}', {
              params: { path: { id: budget.id }, header },
              body: { allocated: values.allocated },
            }),
          )
        : unwrap(
            client.api.POST('/budgets', {
              params: { header },
              body: {
                cost_center_id: values.costCenterId,
                fiscal_year: values.fiscalYear,
                allocated: values.allocated,
              },
            }),
          ),
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
    } catch (error) {
      let placed = false;
      if (isApiError(error) && error.status === 400) {
        for (const detail of error.details) {
          const field = SERVER_FIELDS[detail.field];
          if (field) {
            setError(field, { type: 'server', message: detail.message }, { shouldFocus: !placed });
            placed = true;
          }
        }
      }
      if (!placed) toast.error(serverMessage(error) ?? toasts.failed);
      return;
    }
    toast.success(toasts.saved);
    await queryClient.invalidateQueries({ queryKey: budgetKeys.all(organizationId) });
    onDone();
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Flex direction="column" gap="4">
        {budget ? null : (
          <>
            <FormSelect
              control={control}
              name="costCenterId"
              label="Cost Center"
              required
              searchable
              options={costCenters.map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))}
            />
            <TextField
              label="Fiscal Year"
              type="number"
              inputMode="numeric"
              required
              hint="The calendar year in which the fiscal year starts"
              {...(errors.fiscalYear?.message ? { error: errors.fiscalYear.message } : {})}
              {...register('fiscalYear', { valueAsNumber: true })}
            />
          </>
        )}
        <Controller
          control={control}
          name="allocated"
          render={({ field }) => (
            <CurrencyInput
              label="Allocated Amount"
              required
              currency={currency}
              showCurrencySelect={false}
              min={0}
              name={field.name}
              value={Number.isFinite(field.value) ? field.value : null}
              onValueChange={(value) => field.onChange(value ?? Number.NaN)}
              onBlur={field.onBlur}
              {...(errors.allocated?.message ? { error: errors.allocated.message } : {})}
            />
          )}
        />
        <FormDialogButtons
          submitLabel={budget ? 'Save Budget' : 'Add Budget'}
          pending={isSubmitting}
          onCancel={onDone}
        />
      </Flex>
    </form>
  );
}
