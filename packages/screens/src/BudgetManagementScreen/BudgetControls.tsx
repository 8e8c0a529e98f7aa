import { budgetKeys, budgetQueries, type Schemas, unwrap } from '@purchasing/api-client';
import { toast, usePortalContainer } from '@purchasing/ui';
import { Flex, Select, Text } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useId } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { usePurchasing } from '../PurchasingProvider';

type BudgetPolicy = Schemas['BudgetPolicy'];

/** Texts of the policy selector (the screen's own wording). */
export const budgetPolicyMessages = {
  policyLabel: 'Budget policy',
  policyUpdated: 'Budget policy updated successfully',
  policyFailed: 'Failed to update budget policy',
} as const;

/** The budget policies with their labels and what each does, as the screen offers them. */
const BUDGET_POLICY_OPTIONS: readonly {
  value: BudgetPolicy;
  label: string;
  description: string;
}[] = [
  {
    value: 'warn',
    label: 'Warn only',
    description: 'Requestors see the Budget Warning; over-budget requisitions are routed as usual.',
  },
  {
    value: 'require_finance',
    label: 'Require Finance approval',
    description:
      'An over-budget requisition always gets a Finance Manager Approval, and every approver sees the overrun.',
  },
  {
    value: 'block',
    label: 'Block',
    description: 'An over-budget requisition cannot be submitted or approved; the available amount is shown.',
  },
];

/** A labelled select of Budget Management (the fiscal year, the policy), with a hint under it. */
export function LabelledSelect({
  label,
  value,
  options,
  onChange,
  disabled = false,
  hint,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
  disabled?: boolean;
  hint?: string;
}): ReactElement {
  const portalContainer = usePortalContainer();
  const id = useId();
  return (
    <Flex direction="column" gap="1" style={{ minWidth: 200, maxWidth: '100%' }}>
      <Text as="label" size="2" weight="medium" id={`${id}-label`}>
        {label}
      </Text>
      <Select.Root value={value} onValueChange={onChange} disabled={disabled}>
        <Select.Trigger
          aria-labelledby={`${id}-label`}
          {...(hint ? { 'aria-describedby': `${id}-hint` } : {})}
        />
        <Select.Content container={portalContainer}>
          {options.map((option) => (
            <Select.Item key={option.value} value={option.value}>
              {option.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      {hint ? (
        <Text size="1" color="gray" id={`${id}-hint`} style={{ maxWidth: 420 }}>
          {hint}
        </Text>
      ) : null}
    </Flex>
  );
}

/** The organisation's budget policy: a choice for `org.settings` holders, read-only for the others. */
export function PolicySelector({
  organizationId,
  canManage,
}: {
  organizationId: string;
  canManage: boolean;
}) {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const policy = useQuery(budgetQueries.policy(client, organizationId));
  const change = useMutation({
    mutationFn: (budget_policy: BudgetPolicy) =>
      unwrap(
        client.api.PUT('/budgets/policy', {
          params: { header: { 'X-Organization-Id': organizationId } },
          body: { budget_policy },
        }),
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(budgetKeys.policy(organizationId), data);
      toast.success(budgetPolicyMessages.policyUpdated);
    },
    onError: (error) => toast.error(serverMessage(error) ?? budgetPolicyMessages.policyFailed),
  });
  if (!policy.data) return null;
  const current = BUDGET_POLICY_OPTIONS.find((option) => option.value === policy.data.budget_policy);
  return (
    <LabelledSelect
      label={budgetPolicyMessages.policyLabel}
      value={policy.data.budget_policy}
      options={BUDGET_POLICY_OPTIONS}
      onChange={(value) => change.mutate(value as BudgetPolicy)}
      disabled={!canManage || change.isPending}
      {...(current ? { hint: current.description } : {})}
    />
  );
}
