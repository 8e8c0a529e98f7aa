import { Button, SelectDropdown } from '@purchasing/ui';
import { Card, Flex, Grid, Heading } from '@radix-ui/themes';
import { Trash2 } from 'lucide-react';
import type { ReactElement } from 'react';
import { type Control, Controller, useWatch } from 'react-hook-form';
import { FormChoice, FormNumberInput, FormSelect, FormTextField } from '../kit/form/FormFields';
import { APPROVER_KINDS, type ApprovalPolicyChoices, personName } from './approvalPolicyQueries';
import type { PolicyFormValues } from './policyFormValues';

/** Copy of a level's committee fields. */
export const levelWords = {
  required: 'Approvals needed',
  single:
    'Any one of the named users decides: everyone named (except the requestor and earlier approvers) is asked at once, and the first to act decides. More than 1 makes a committee.',
  committee: (n: number, of: number) =>
    `Committee: ${n} of ${of} must approve; one rejection rejects. Everyone named (except the requestor and earlier approvers) is asked at once.`,
  committeeApprovers: 'The committee members: each may approve or reject once.',
  anyApprovers: 'Each of them is asked; the first to approve or reject decides.',
} as const;

/** Props of {@link LevelCard}. */
export interface LevelCardProps {
  index: number;
  control: Control<PolicyFormValues>;
  choices: ApprovalPolicyChoices;
  disabled: boolean;
  /** Removes the level; absent when it cannot be removed (the last one). */
  onRemove?(): void;
  /** After the threshold's blur: the levels are put in threshold order. */
  onThresholdBlur(): void;
}

/**
 * One level of the policy as a card: its title, the threshold it applies from, who approves it (a
 * kind, then the role or the named users it needs) and the working days to decide. Cards stack at
 * every width, so a phone shows one level under the other.
 */
export function LevelCard({
  index,
  control,
  choices,
  disabled,
  onRemove,
  onThresholdBlur,
}: LevelCardProps): ReactElement {
  const approver = useWatch({ control, name: `levels.${index}.approver` });
  const title = useWatch({ control, name: `levels.${index}.title` });
  const named = useWatch({ control, name: `levels.${index}.user_ids` });
  const required = useWatch({ control, name: `levels.${index}.required_approvals` });
  const committee = approver === 'users' && (required ?? 1) > 1;
  const roles = choices.roles
    .filter((role) => role.approves)
    .map((role) => ({ value: role.name, label: role.name }));
  const people = choices.approvers.map((person) => ({ value: person.id, label: personName(person) }));
  return (
    <Card size="2" asChild>
      <section aria-label={`Level ${index + 1}: ${title || 'untitled'}`}>
        <Flex justify="between" align="center" gap="3" mb="3">
          <Heading as="h3" size="3">
            Level {index + 1}
          </Heading>
          {onRemove && !disabled ? (
            <Button
              type="button"
              variant="ghost"
              size="1"
              onClick={onRemove}
              aria-label={`Remove level ${index + 1}`}
            >
              <Trash2 size={14} aria-hidden="true" /> Remove
            </Button>
          ) : null}
        </Flex>
        <Grid columns={{ initial: '1', sm: '2' }} gap="3">
          <FormTextField
            control={control}
            name={`levels.${index}.title`}
            label="Title"
            required
            disabled={disabled}
          />
          <FormNumberInput
            control={control}
            name={`levels.${index}.min_total`}
            label="Applies from total"
            min={0}
            step={100}
            hint="The level applies when the requisition total is at least this."
            disabled={disabled}
            onBlurred={onThresholdBlur}
          />
          <FormChoice
            control={control}
            name={`levels.${index}.approver`}
            label="Approver"
            options={APPROVER_KINDS.map((kind) => ({ value: kind.value, label: kind.label }))}
            disabled={disabled}
            touchOnChange
          />
          {approver === 'role' ? (
            <FormSelect
              control={control}
              name={`levels.${index}.role_name`}
              label="Role"
              required
              options={roles}
              disabled={disabled}
              hint="Any active member of the role who can approve; the first to act decides."
            />
          ) : null}
          {approver === 'users' ? (
            <Controller
              control={control}
              name={`levels.${index}.user_ids`}
              render={({ field, fieldState }) => (
                <SelectDropdown
                  multiple
                  label="Approvers"
                  required
                  options={people}
                  value={field.value}
                  onChange={field.onChange}
                  disabled={disabled}
                  error={fieldState.error?.message}
                  hint={committee ? levelWords.committeeApprovers : levelWords.anyApprovers}
                />
              )}
            />
          ) : null}
          {approver === 'users' ? (
            <FormNumberInput
              control={control}
              name={`levels.${index}.required_approvals`}
              label={levelWords.required}
              min={1}
              max={Math.max(1, named?.length ?? 1)}
              step={1}
              hint={committee ? levelWords.committee(required ?? 1, named?.length ?? 0) : levelWords.single}
              disabled={disabled}
            />
          ) : null}
          <FormNumberInput
            control={control}
            name={`levels.${index}.due_in_working_days`}
            label="Due in (working days)"
            min={1}
            max={60}
            hint="Monday to Friday, from when the step opens. Empty: no due time."
            disabled={disabled}
          />
        </Grid>
      </section>
    </Card>
  );
}
