import type { Schemas } from '@purchasing/api-client';
import { EmptyState, formatDateTime } from '@purchasing/ui';
import { Badge, Box, Flex, Text } from '@radix-ui/themes';
import { AlarmClock, Forward, Workflow } from 'lucide-react';
import type { ReactElement } from 'react';
import { scaled } from '../kit/themeVariables';
import { budgetOverrunMessages } from '../shared/BudgetOverrun';
import { DueBadge } from '../shared/DueBadge';
import { fullName } from '../shared/display';
import { CommitteeEntry, groupCommittees } from './CommitteeEntry';
import { actionPresentation, ICON_SIZE, TimelineRow } from './TimelineRow';

type ApprovalStep = Schemas['ApprovalStep'];

/** Props of {@link ApprovalWorkflowTimeline}. */
export interface ApprovalWorkflowTimelineProps {
  /** The requisition's `approval_workflow`, in any order: the timeline sorts by level, then by creation. */
  steps: Schemas['ApprovalStep'][];
  /**
   * The requisition's currency. Steps carry no amounts today; screens pass it so amounts added to steps
   * later are shown in the record's currency.
   */
  currency?: string;
}

/** Message shown when a requisition has no approval steps yet. */
export const NO_WORKFLOW_MESSAGE = 'Not yet submitted for approval';

/** Orders steps by approval level, then by when they were opened (a delegated level shows its history in order). */
function sortSteps(steps: readonly ApprovalStep[]): ApprovalStep[] {
  return [...steps].sort(
    (a, b) =>
      a.approval_level - b.approval_level ||
      new Date(a.created_at).getTime() - new Date(b.created_at).getTime(),
  );
}

/**
 * A requisition's approval workflow as a vertical timeline (an ordered list), one entry per step, by
 * approval level and then creation time. Each entry shows the level title, the approver (or 'Any
 * Finance Manager' while a group step is open), the action as a coloured label ('Pending' while open),
 * when it was decided (or 'Awaiting decision since …'), an open step's due time ('Due in 2 days',
 * 'Overdue by 3 hours') and escalation, the comments, and who delegated or escalated the step.
 * A committee level (N of M) is one entry: '2 of 3 approved: A, B; waiting for C, D', then each
 * member's decision. Without steps it says 'Not yet submitted for approval'.
 */
export function ApprovalWorkflowTimeline({ steps }: ApprovalWorkflowTimelineProps): ReactElement {
  if (steps.length === 0) {
    return <EmptyState icon={<Workflow size={28} />} title={NO_WORKFLOW_MESSAGE} />;
  }
  const items = groupCommittees(sortSteps(steps));
  return (
    <ol aria-label="Approval workflow" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {items.map((item, index) =>
        item.kind === 'committee' ? (
          <CommitteeEntry key={item.steps[0]?.id} steps={item.steps} last={index === items.length - 1} />
        ) : (
          <TimelineEntry key={item.step.id} step={item.step} last={index === items.length - 1} />
        ),
      )}
    </ol>
  );
}

function approverText(step: ApprovalStep): { name: string; email: string | null } {
  if (step.approver) return { name: fullName(step.approver), email: step.approver.email };
  if (step.approver_group) return { name: `Any ${step.approver_group}`, email: null };
  if (step.action === 'auto_approve') return { name: 'Approved automatically', email: null };
  return { name: 'Approver not assigned', email: null };
}

function TimelineEntry({ step, last }: { step: ApprovalStep; last: boolean }): ReactElement {
  const presentation = actionPresentation[step.action ?? 'pending'];
  const approver = approverText(step);
  const open = step.action === null;
  // An automatic pass or an escalation records its reason, not a person's words: a note, not a quotation.
  const escalated = Boolean(step.escalated_at);
  const quoted =
    step.comments && step.action !== 'auto_approve' && !(escalated && step.action === 'delegate');

  return (
    <TimelineRow presentation={presentation} last={last} action={step.action ?? 'pending'}>
      <Flex align="center" style={{ minHeight: scaled(ICON_SIZE) }}>
        <Text as="div" size="2" weight="bold">
          {step.level_title}
        </Text>
      </Flex>
      <Flex direction="column" minWidth="0">
        <Text as="div" size="2" style={{ overflowWrap: 'anywhere' }}>
          {approver.name}
        </Text>
        {approver.email ? (
          <Text as="div" size="1" color="gray" style={{ overflowWrap: 'anywhere' }}>
            {approver.email}
          </Text>
        ) : null}
      </Flex>
      <Flex align="center" gap="2" wrap="wrap">
        <Badge color={presentation.color} variant="soft" highContrast>
          {presentation.label}
        </Badge>
        <Text size="1" color="gray">
          {open ? (
            <>
              Awaiting decision since{' '}
              <time dateTime={step.created_at}>{formatDateTime(step.created_at)}</time>
            </>
          ) : (
            <time dateTime={step.actioned_at ?? step.created_at}>
              {formatDateTime(step.actioned_at ?? step.created_at)}
            </time>
          )}
        </Text>
      </Flex>
      {step.superseded_at ? (
        <Text as="div" size="1" color="gray" weight="medium">
          Superseded: the requisition changed after approval and went back for approval.
        </Text>
      ) : null}
      {step.required_for === 'budget_overrun' ? (
        <Text as="div" size="1" color="amber" weight="medium">
          {budgetOverrunMessages.stepReason}
        </Text>
      ) : null}
      {open && step.due_at ? (
        <Flex align="center" gap="2" wrap="wrap">
          <DueBadge dueAt={step.due_at} overdue={step.overdue ?? false} />
          <Text size="1" color="gray">
            Due <time dateTime={step.due_at}>{formatDateTime(step.due_at)}</time>
          </Text>
        </Flex>
      ) : null}
      {step.delegated_from ? (
        <Flex align="center" gap="1">
          <Forward size={12} aria-hidden style={{ color: 'var(--gray-11)', flexShrink: 0 }} />
          <Text size="1" color="gray">
            {open && escalated ? 'Escalated from' : 'Delegated by'} {fullName(step.delegated_from)}
          </Text>
        </Flex>
      ) : null}
      {open && step.escalated_at && !step.delegated_from ? (
        <Flex align="center" gap="1">
          <AlarmClock size={12} aria-hidden style={{ color: 'var(--red-11)', flexShrink: 0 }} />
          <Text size="1" color="red">
            Overdue: escalated <time dateTime={step.escalated_at}>{formatDateTime(step.escalated_at)}</time>
          </Text>
        </Flex>
      ) : null}
      {step.comments ? (
        quoted ? (
          <Box
            asChild
            mt="1"
            py="2"
            px="3"
            style={{
              margin: 0,
              marginTop: 'var(--space-1)',
              borderLeft: `3px solid var(--${presentation.color}-a7)`,
              background: 'var(--gray-a2)',
              borderRadius: '0 var(--radius-2) var(--radius-2) 0',
            }}
          >
            <blockquote>
              <Text size="2" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                “{step.comments}”
              </Text>
            </blockquote>
          </Box>
        ) : (
          <Text as="div" size="1" color="gray" style={{ overflowWrap: 'anywhere' }}>
            {step.comments}
          </Text>
        )
      ) : null}
    </TimelineRow>
  );
}
