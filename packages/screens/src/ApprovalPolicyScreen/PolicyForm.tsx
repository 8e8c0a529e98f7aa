import { Button, NumberInput, SelectDropdown } from '@purchasing/ui';
import { Flex, Grid } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { ReactElement } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { Panel } from '../kit/detail/Panel';
import { VersionedFormFrame } from '../kit/form/FormFrame';
import { useVersionedForm } from '../kit/form/useServerForm';
import { usePurchasing } from '../PurchasingProvider';
import {
  type ApprovalPolicyChoices,
  type ApprovalPolicyDocument,
  approvalPolicyKeys,
  approvalPolicyQueries,
} from './approvalPolicyQueries';
import { LevelCard } from './LevelCard';
import { PolicyPreviewPanel } from './PolicyPreviewPanel';
import {
  formFieldOf,
  newLevel,
  type PolicyFormValues,
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
  fallbackHint:
    'In this order, the first role with an eligible approver decides. A role removed and chosen again goes last.',
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
  const save = useMutation({
    mutationFn: (values: PolicyFormValues) =>
      approvalPolicyQueries.save(client, organizationId, {
        version: current.version,
        policy: toPolicy(values),
      }),
  });
  const form = useVersionedForm({
    defaultValues: () => toFormValues(current.policy),
    recordName: 'the approval policy',
    canEdit,
    pending: save.isPending,
    send: (values: PolicyFormValues) => save.mutateAsync(values),
    words: policyFormWords,
    fieldOf: formFieldOf,
    afterSave: async (answer, { reset }) => {
      reset(toFormValues(answer.approval_policy.policy));
      queryClient.setQueryData(approvalPolicyKeys.current(organizationId), answer);
      await queryClient.invalidateQueries({ queryKey: approvalPolicyKeys.versions(organizationId) });
    },
  });
  const { control, getValues } = form.methods;
  const levels = useFieldArray({ control, name: 'levels' });

  const keepOrder = () => {
    const sorted = sortedByThreshold(getValues('levels'));
    if (sorted) levels.replace(sorted);
  };
  const disabled = !canEdit || form.busy;
  const roleOptions = choices.roles.map((role) => ({ value: role.name, label: role.name }));
  return (
    <VersionedFormFrame
      form={form}
      label="Approval policy"
      words={policyFormWords}
      canEdit={canEdit}
      onReload={onReload}
      cancelHref={navigation.hrefs.settings()}
      submitLabel="Save Policy"
    >
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
                // The order is the order of trial: shown and kept as chosen, not alphabetical.
                chosenOrder
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
    </VersionedFormFrame>
  );
}
