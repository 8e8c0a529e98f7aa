import { zodResolver } from '@hookform/resolvers/zod';
import type { Schemas } from '@purchasing/api-client';
import { Button, Callout } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import { type ReactElement, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { FormActionBar } from '../kit/form/FormActionBar';
import { FormTextArea } from '../kit/form/FormFields';
import { useUnsavedChangesGuard } from '../kit/form/useUnsavedChangesGuard';
import { usePurchasing } from '../PurchasingProvider';
import { Panel } from '../shared/Panel';
import { AttachmentsSection, type StagedFile } from './AttachmentsSection';
import { BasicInformationSection } from './BasicInformationSection';
import { useBudgetCheck } from './BudgetCheck';
import { LineItemsSection } from './LineItemsSection';
import { RunningTotal } from './RunningTotal';
import {
  estimateTotals,
  type RequisitionFormOutput,
  type RequisitionFormValues,
  requisitionFormSchema,
} from './requisitionFormSchema';
import { copyFor, type Intent, useRequisitionSave } from './useRequisitionSave';

type Requisition = Schemas['Requisition'];

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
export function RequisitionForm(props: RequisitionFormProps): ReactElement {
  const { mode, organizationId, baseCurrency, defaultValues, requisition } = props;
  const { navigation } = usePurchasing();
  const formRef = useRef<HTMLFormElement>(null);
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    trigger,
    formState: { errors, isDirty, isSubmitted },
  } = useForm<RequisitionFormValues, unknown, RequisitionFormOutput>({
    resolver: zodResolver(requisitionFormSchema),
    defaultValues: { ...defaultValues, currency: defaultValues.currency || baseCurrency },
    // The first invalid control is focused in DOM order (see useFocusFirstInvalid), widgets without refs too.
    shouldFocusError: false,
  });
  const [staged, setStaged] = useState<StagedFile[]>([]);
  // Every way out asks while changes would be lost; a save leaves through `guard.leave` and never asks.
  const guard = useUnsavedChangesGuard({
    dirty: isDirty || staged.length > 0,
    recordName: 'this requisition',
  });
  // Saves the record these props name (created, or the one edited), from this form.
  const { saving, busy, serverProblems, submitWith } = useRequisitionSave(props, {
    formRef,
    handleSubmit,
    setError,
    staged,
    leave: guard.leave,
  });

  const costCenterId = useWatch({ control, name: 'cost_center_id' });
  const watchedLines = useWatch({ control, name: 'line_items' });
  const currency = useWatch({ control, name: 'currency' }) || baseCurrency;
  const totals = estimateTotals(watchedLines ?? []);
  const budget = useBudgetCheck(organizationId, costCenterId, totals.total, currency);

  // An approved requisition is saved once; the server keeps its approval or sends it back.
  const approvedEdit = requisition?.status === 'approved';
  // Save Draft (outlined beside Submit) and Submit, each saying so while it saves.
  const intentButton = (intent: Intent, variant?: 'outline') => {
    const copy = copyFor(mode, intent, requisition?.status);
    return (
      <Button
        type="button"
        variant={variant}
        loading={saving === intent}
        disabled={busy}
        onClick={() => submitWith(intent)}
      >
        {saving === intent ? copy.busy : copy.label}
      </Button>
    );
  };
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

        <BasicInformationSection
          control={control}
          organizationId={organizationId}
          baseCurrency={baseCurrency}
          currency={currency}
          requisition={requisition}
          disabled={busy}
        />

        <LineItemsSection
          control={control}
          setValue={setValue}
          clearErrors={clearErrors}
          validate={(name) => void trigger(name)}
          revalidate={isSubmitted}
          currency={currency}
          budget={budget}
          error={lineItemsError}
          disabled={busy}
        />

        <Panel headingLevel={2} headingId="requisition-notes" title="Additional Notes">
          <FormTextArea
            control={control}
            name="notes"
            label="Notes"
            placeholder="Anything the approvers or the buyer should know"
            maxLength={2000}
            disabled={busy}
          />
        </Panel>

        {approvedEdit ? null : (
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
        )}

        <FormActionBar
          cancelHref={cancelHref}
          guard={guard}
          busy={busy}
          summary={<RunningTotal totals={totals} currency={currency} />}
          actions={
            approvedEdit ? (
              intentButton('draft')
            ) : (
              <>
                {intentButton('draft', 'outline')}
                {intentButton('submit')}
              </>
            )
          }
        />
      </Flex>
    </form>
  );
}
