import { Button, Callout, NumberInput, SelectDropdown } from '@purchasing/ui';
import { Badge, Flex, Text } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { Panel } from '../kit/detail/Panel';
import { usePurchasing } from '../PurchasingProvider';
import {
  type ApprovalPolicy,
  type ApprovalPolicyChoices,
  type ApprovalPolicyPreview,
  approvalPolicyQueries,
  personName,
} from './approvalPolicyQueries';

/** Copy of the preview panel. */
export const previewWords = {
  title: 'Preview',
  description:
    'See who would approve a requisition of a sample amount under the policy as edited (not saved).',
  amount: 'Sample amount',
  requestor: 'Raised by',
  me: 'Me',
  run: 'Preview',
  running: 'Previewing...',
  chain: 'Approval chain',
  autoApproved: 'Approved at once: the amount is below the auto-approval threshold.',
  noApprover: 'Nobody could approve this requisition: a submission would be refused.',
  noLevels: 'No level applies to this amount.',
  failed: 'Failed to preview the policy. Please try again.',
  anyOf: 'Any one of',
  committee: (n: number, of: number) =>
    n === 1 ? `Any one of these ${of} decides` : `${n} of these ${of} must approve`,
  passed: 'Passed',
  due: (days: number) => `Due in ${days} working day${days === 1 ? '' : 's'}`,
} as const;

/** Props of {@link PolicyPreviewPanel}. */
export interface PolicyPreviewPanelProps {
  organizationId: string;
  choices: ApprovalPolicyChoices;
  /** The policy as edited now. */
  policy(): ApprovalPolicy;
}

/** The preview: a sample amount (and who raises it) → the levels that would apply and who approves each. */
export function PolicyPreviewPanel({
  organizationId,
  choices,
  policy,
}: PolicyPreviewPanelProps): ReactElement {
  const { client } = usePurchasing();
  const [amount, setAmount] = useState<number | null>(10000);
  const [requestor, setRequestor] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: () =>
      approvalPolicyQueries.preview(client, organizationId, {
        amount: amount ?? 0,
        requestor_id: requestor,
        policy: policy(),
      }),
  });
  const people = choices.members.map((person) => ({ value: person.id, label: personName(person) }));
  return (
    <Panel title={previewWords.title} description={previewWords.description}>
      <Flex direction="column" gap="3">
        <Flex gap="3" wrap="wrap" align="end">
          <Flex direction="column" style={{ flex: '1 1 180px' }}>
            <NumberInput
              label={previewWords.amount}
              value={amount}
              onChange={setAmount}
              min={0}
              step={1000}
            />
          </Flex>
          <Flex direction="column" style={{ flex: '1 1 220px' }}>
            <SelectDropdown
              label={previewWords.requestor}
              options={people}
              value={requestor}
              onChange={setRequestor}
              placeholder={previewWords.me}
            />
          </Flex>
          <Button
            type="button"
            variant="secondary"
            // As tall as the fields beside it (size 3), so its foot and theirs line up.
            size="3"
            onClick={() => run.mutate()}
            disabled={run.isPending}
          >
            {run.isPending ? previewWords.running : previewWords.run}
          </Button>
        </Flex>
        {run.isError ? (
          <Callout variant="error">{serverMessage(run.error) ?? previewWords.failed}</Callout>
        ) : null}
        {run.data ? <Chain preview={run.data.preview} /> : null}
      </Flex>
    </Panel>
  );
}

function Chain({ preview }: { preview: ApprovalPolicyPreview }): ReactElement {
  if (preview.auto_approved) return <Callout variant="success">{previewWords.autoApproved}</Callout>;
  return (
    <Flex direction="column" gap="2">
      {preview.no_approver ? <Callout variant="warning">{previewWords.noApprover}</Callout> : null}
      {preview.levels.length === 0 ? <Text color="gray">{previewWords.noLevels}</Text> : null}
      <ol aria-label={previewWords.chain} style={{ margin: 0, paddingInlineStart: '1.25rem' }}>
        {preview.levels.map((level) => (
          <li
            key={`${level.level}-${level.outcome}-${level.group ?? level.title}`}
            style={{ marginBottom: 8 }}
          >
            <Flex direction="column" gap="1">
              <Flex gap="2" align="center" wrap="wrap">
                <Text weight="medium">{level.title}</Text>
                {level.outcome === 'passed' ? <Badge color="gray">{previewWords.passed}</Badge> : null}
                {level.due_in_working_days ? (
                  <Badge color="blue">{previewWords.due(level.due_in_working_days)}</Badge>
                ) : null}
              </Flex>
              <Text size="2" color="gray">
                {level.outcome === 'passed'
                  ? level.comment
                  : level.outcome === 'group'
                    ? `${previewWords.anyOf} ${level.group ?? ''}: ${level.approvers.map(personName).join(', ')}`
                    : level.outcome === 'committee'
                      ? `${previewWords.committee(level.required_approvals ?? 1, level.approvers.length)}: ${level.approvers.map(personName).join(', ')}`
                      : level.approvers.map(personName).join(', ')}
              </Text>
            </Flex>
          </li>
        ))}
      </ol>
    </Flex>
  );
}
