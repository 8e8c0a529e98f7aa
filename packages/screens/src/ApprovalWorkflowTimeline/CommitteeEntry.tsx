import type { Schemas } from '@purchasing/api-client';
import { formatDateTime } from '@purchasing/ui';
import { Badge, Flex, Text } from '@radix-ui/themes';
import { Users } from 'lucide-react';
import type { ReactElement } from 'react';
import { fullName } from '../shared/display';
import { type ActionPresentation, actionPresentation, TimelineRow } from './TimelineRow';

type ApprovalStep = Schemas['ApprovalStep'];

/** An entry of the timeline: one step, or the member steps of one committee level (N of M). */
export type TimelineItem =
  | { kind: 'step'; step: ApprovalStep }
  | { kind: 'committee'; steps: ApprovalStep[] };

/**
 * Groups the member steps of a committee level (`required_approvals` set) into one entry. Members'
 * steps open together (one creation time); a member's delegated step joins its committee; a later
 * round of the same level (after a request for information) starts a new entry.
 */
export function groupCommittees(sorted: readonly ApprovalStep[]): TimelineItem[] {
  const items: TimelineItem[] = [];
  for (const step of sorted) {
    const previous = items.at(-1);
    if (step.required_approvals == null) {
      items.push({ kind: 'step', step });
      continue;
    }
    const first = previous?.kind === 'committee' ? previous.steps[0] : undefined;
    if (
      previous?.kind === 'committee' &&
      first?.approval_level === step.approval_level &&
      (step.created_at === first.created_at || step.delegated_from !== null)
    ) {
      previous.steps.push(step);
    } else {
      items.push({ kind: 'committee', steps: [step] });
    }
  }
  return items;
}

const names = (steps: readonly ApprovalStep[]) =>
  steps.map((step) => (step.approver ? fullName(step.approver) : 'Unknown')).join(', ');

/**
 * The committee's progress in one sentence: '2 of 3 approved: A, B; waiting for C, D'; a rejection or
 * a request for information is said first.
 */
export function committeeSummary(steps: readonly ApprovalStep[]): string {
  const required = steps[0]?.required_approvals ?? 0;
  const approved = steps.filter((step) => step.action === 'approve');
  const waiting = steps.filter((step) => step.action === null);
  if (required === 1) return anyOneSummary(steps);
  const parts = [
    `${approved.length} of ${required} approved${approved.length > 0 ? `: ${names(approved)}` : ''}`,
  ];
  if (waiting.length > 0) parts.push(`waiting for ${names(waiting)}`);
  const stopped = steps.find((step) => step.action === 'reject' || step.action === 'request_info');
  const prefix = stopped
    ? `${stopped.action === 'reject' ? 'Rejected' : 'Information requested'} by ${names([stopped])}. `
    : '';
  return `${prefix}${parts.join('; ')}`;
}

/**
 * A level any one of the named users decides (`required_approvals` 1): 'Any of: A, B, C' while
 * waiting, then 'Approved by A' (or 'Rejected by A', 'Information requested by A').
 */
function anyOneSummary(steps: readonly ApprovalStep[]): string {
  const decided = steps.find(
    (step) => step.action === 'approve' || step.action === 'reject' || step.action === 'request_info',
  );
  if (!decided) return `Any of: ${names(steps.filter((step) => step.action === null))}`;
  const verb = { approve: 'Approved', reject: 'Rejected', request_info: 'Information requested' } as const;
  return `${verb[decided.action as keyof typeof verb]} by ${names([decided])}`;
}

/** The badge of a committee level: 'Committee: 2 of 4', or 'Any one of 3' when one approval decides. */
function committeeBadge(steps: readonly ApprovalStep[]): string {
  const required = steps[0]?.required_approvals ?? 0;
  const members = steps.filter((step) => step.action !== 'delegate').length;
  if (required !== 1) return `Committee: ${required} of ${members}`;
  return steps.some((step) => step.action === null) ? `Any one of ${members}` : 'Any one of the named users';
}

function committeePresentation(steps: readonly ApprovalStep[]): ActionPresentation {
  const required = steps[0]?.required_approvals ?? 0;
  const stopped = steps.find((step) => step.action === 'reject' || step.action === 'request_info');
  if (stopped?.action) return actionPresentation[stopped.action];
  if (steps.filter((step) => step.action === 'approve').length >= required) return actionPresentation.approve;
  return actionPresentation.pending;
}

/**
 * A committee level on the timeline: its title, N of M (or 'Any one of M'), the progress sentence and
 * each member's decision.
 */
export function CommitteeEntry({ steps, last }: { steps: ApprovalStep[]; last: boolean }): ReactElement {
  const presentation = committeePresentation(steps);
  const first = steps[0];
  return (
    <TimelineRow
      presentation={presentation}
      last={last}
      action={`committee-${presentation.label.toLowerCase()}`}
    >
      <Flex align="center" gap="2" wrap="wrap" style={{ minHeight: 32 }}>
        <Text as="div" size="2" weight="bold">
          {first?.level_title}
        </Text>
        <Badge color="gray" variant="soft">
          <Users size={12} aria-hidden />
          {committeeBadge(steps)}
        </Badge>
      </Flex>
      <Text as="p" size="2" style={{ margin: 0, overflowWrap: 'anywhere' }}>
        {committeeSummary(steps)}
      </Text>
      <ul
        aria-label={`Decisions of ${first?.level_title ?? 'the committee'}`}
        style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}
      >
        {steps.map((step) => {
          const own = actionPresentation[step.action ?? 'pending'];
          return (
            <li key={step.id} style={{ marginTop: 'var(--space-1)' }}>
              <Flex align="center" gap="2" wrap="wrap">
                <Text size="2" style={{ overflowWrap: 'anywhere' }}>
                  {step.approver ? fullName(step.approver) : 'Unknown'}
                </Text>
                <Badge color={own.color} variant="soft" highContrast>
                  {own.label}
                </Badge>
                {step.actioned_at ? (
                  <Text size="1" color="gray">
                    <time dateTime={step.actioned_at}>{formatDateTime(step.actioned_at)}</time>
                  </Text>
                ) : null}
              </Flex>
              {step.comments ? (
                <Text
                  as="div"
                  size="1"
                  color="gray"
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  “{step.comments}”
                </Text>
              ) : null}
              {step.delegated_from ? (
                <Text as="div" size="1" color="gray">
                  Delegated by {fullName(step.delegated_from)}
                </Text>
              ) : null}
            </li>
          );
        })}
      </ul>
    </TimelineRow>
  );
}
