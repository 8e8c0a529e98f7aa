import { Button, NumberInput, SelectDropdown, toast } from '@purchasing/ui';
import { Flex, Grid } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { type ReactElement, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { Panel } from '../kit/detail/Panel';
import { FormActionBar } from '../kit/form/FormActionBar';
import { FormNotices } from '../kit/form/FormNotices';
import { useUnsavedChangesGuard } from '../kit/form/useUnsavedChangesGuard';
import { usePurchasing } from '../PurchasingProvider';
import { useFocusFirstInvalid } from '../shared/useFocusFirstInvalid';
import {
  type ApprovalPolicyChoices,
  type ApprovalPolicyDocument,
  approvalPolicyKeys,
  approvalPolicyQueries,
} from './approvalPolicyQueries';
import { LevelCard } from './LevelCard';
import { PolicyPreviewPanel } from './PolicyPreviewPanel';
import {
  isStaleVersion,
  newLevel,
  type PolicyFormValues,
  placePolicyErrors,
  sortedByThreshold,
  toFormValues,
  toPolicy,
} from './policyFormValues';

/** Copy of the policy form. */
export const policyFormWords = {
  levels: 'Approval Levels',
  levelsDescription:
    'Levels run in order of their threshold; each applies when the total reaches it. Nobody approves their own requisition or two levels of one.',
  addLevel: 'Add Level',
  maxLevels: 'A policy has at most 10 levels.',
  general: 'Auto-Approval and Fallback',
  generalDescription: 'What needs no approver, and who decides when no level finds one.',
  autoApprove: 'Auto-approve below',
  autoApproveHint: 'Totals below this are approved at once. 0 turns auto-approval off.',
  fallback: 'Fallback approver roles',
  fallbackHint: 'In this order, the first role with an eligible approver decides.',
  saved: 'Approval policy saved',
  saveFailed: 'Failed to save the approval policy. Please try again.',
  conflict: 'Someone else changed the approval policy after you opened it. Reload to see their changes.',
  reload: 'Reload',
  readOnly: 'Only people who manage settings can change the approval policy.',
} as const;

const MAX_LEVELS = 10;

/** Props of {@link PolicyForm}. */
export interface PolicyFormProps {
  organizationId: string;
  current: ApprovalPolicyDocument;
  choices: ApprovalPolicyChoices;
  canEdit: boolean;
  onReload(): void;
}

/**
 * The policy editor: the levels as cards (add, remove, kept in threshold order), auto-approval and
 * the fallback roles, the preview of the policy as edited, and Save from the version it was opened
 * at (a save someone made first is refused and the form says so, keeping what was typed).
 */
export function PolicyForm({
  organizationId,
  current,
  choices,
  canEdit,
  onReload,
}: PolicyFormProps): ReactElement {
  const { client, navigation } = usePurchasing();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [defaultValues] = useState(() => toFormValues(current.policy));
  const [problems, setProblems] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const {
    control,
    handleSubmit,
    setError,
    getValues,
    reset,
    formState: { isDirty },
  } = useForm<PolicyFormValues>({ defaultValues, mode: 'onTouched', shouldFocusError: false });
  const levels = useFieldArray({ control, name: 'levels' });
  const guard = useUnsavedChangesGuard({ dirty: canEdit && isDirty, recordName: 'the approval policy' });
  const save = useMutation({
    mutationFn: (values: PolicyFormValues) =>
      approvalPolicyQueries.save(client, organizationId, {
        version: current.version,
        policy: toPolicy(values),
      }),
  });
  const busy = save.isPending;
  const focusFirstInvalid = useFocusFirstInvalid(formRef, busy);

  const submit = handleSubmit(async (values) => {
    setProblems([]);
    try {
      const answer = await save.mutateAsync(values);
      reset(toFormValues(answer.approval_policy.policy));
      queryClient.setQueryData(approvalPolicyKeys.current(organizationId), answer);
      await queryClient.invalidateQueries({ queryKey: approvalPolicyKeys.versions(organizationId) });
      toast.success(policyFormWords.saved);
    } catch (error) {
      if (isStaleVersion(error)) {
        setStale(true);
        return;
      }
      const { placed, unplaced } = placePolicyErrors(error, setError);
      setProblems(unplaced);
      if (placed > 0) focusFirstInvalid();
      toast.error(serverMessage(error) ?? policyFormWords.saveFailed);
    }
  }, focusFirstInvalid);

  const keepOrder = () => {
    const sorted = sortedByThreshold(getValues('levels'));
    if (sorted) levels.replace(sorted);
  };
  const disabled = !canEdit || busy;
  const roleOptions = choices.roles.map((role) => ({ value: role.name, label: role.name }));
  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Approval policy"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Flex direction="column" gap="5">
        <FormNotices
          words={policyFormWords}
          canEdit={canEdit}
          stale={stale}
          onReload={onReload}
          problems={problems}
        />
        <Panel
          title={policyFormWords.levels}
          description={policyFormWords.levelsDescription}
          action={
            canEdit ? (
              <Button
                type="button"
                variant="secondary"
                size="1"
                disabled={disabled || levels.fields.length >= MAX_LEVELS}
                onClick={() => {
                  const all = getValues('levels');
                  levels.append(newLevel(all.at(-1), all.length));
                }}
              >
                <Plus size={14} aria-hidden="true" /> {policyFormWords.addLevel}
              </Button>
            ) : null
          }
        >
          <Flex direction="column" gap="3">
            {levels.fields.map((field, index) => (
              <LevelCard
                key={field.id}
                index={index}
                control={control}
                choices={choices}
                disabled={disabled}
                onRemove={levels.fields.length > 1 ? () => levels.remove(index) : undefined}
                onThresholdBlur={keepOrder}
              />
            ))}
          </Flex>
        </Panel>
        <Panel title={policyFormWords.general} description={policyFormWords.generalDescription}>
          <Grid columns={{ initial: '1', sm: '2' }} gap="3">
            <Controller
              control={control}
              name="auto_approve_below"
              render={({ field, fieldState }) => (
                <NumberInput
                  label={policyFormWords.autoApprove}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  min={0}
                  step={100}
                  disabled={disabled}
                  hint={policyFormWords.autoApproveHint}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name="fallback_approver_roles"
              render={({ field, fieldState }) => (
                <SelectDropdown
                  multiple
                  label={policyFormWords.fallback}
                  options={roleOptions}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={disabled}
                  hint={policyFormWords.fallbackHint}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Grid>
        </Panel>
        <PolicyPreviewPanel
          organizationId={organizationId}
          choices={choices}
          policy={() => toPolicy(getValues())}
        />
        {canEdit ? (
          <FormActionBar
            cancelHref={navigation.hrefs.settings()}
            guard={guard}
            busy={busy}
            submitLabel="Save Policy"
            busyLabel="Saving..."
            submitDisabled={!isDirty}
            onSubmit={() => void submit()}
          />
        ) : null}
      </Flex>
    </form>
  );
}
