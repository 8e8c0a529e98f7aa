import type { Schemas } from '@purchasing/api-client';
import { DaysPendingBadge, formatDate, formatDateTime, formatMoney } from '@purchasing/ui';
import {
  Badge,
  Box,
  Callout,
  Card,
  Checkbox,
  DataList,
  Flex,
  Heading,
  Button as RadixButton,
  Text,
  VisuallyHidden,
} from '@radix-ui/themes';
import { ClipboardCheck, Eye } from 'lucide-react';
import { type ReactElement, type ReactNode, type Ref, useId } from 'react';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { BaseAmountLine } from '../shared/BaseAmount';
import { BudgetOverrunBadge } from '../shared/BudgetOverrun';
import { DueBadge } from '../shared/DueBadge';
import { approvalActionBadges, categoryLabel, codeAndName, daysSince, fullName } from '../shared/display';

type PendingApproval = Schemas['PendingApproval'];

/**
 * A decided step as its card says it: the viewer's own decision (the Completed view lists only steps
 * they decided), so the badge cannot be read as the requisition's status, which may still be under
 * review at a higher level. `auto_approve` is never the viewer's; it keeps the action's label.
 */
export const yourDecisionLabels = {
  approve: 'You approved',
  reject: 'You rejected',
  request_info: 'You requested info',
  delegate: 'You delegated',
  auto_approve: approvalActionBadges.auto_approve.label,
} as const satisfies Record<Schemas['ApprovalAction'], string>;

/**
 * One step of the approval queue as a card: the requisition's number, level, amount, justification and
 * facts, how long the step has waited (or what the viewer decided, with the comment), and links to the
 * requisition and, while the step is open, to its review.
 */
export interface ApprovalCardProps {
  item: PendingApproval;
  /** For an open step of the Pending view: its checkbox for bulk decisions. */
  selection?: { checked: boolean; onToggle(): void };
  /** Why the last bulk decision did not decide it (shown on the card). */
  failure?: string;
  /** Whether the keyboard's cursor (j/k) is on this card: outlined, and focused by the queue. */
  current?: boolean;
  cardRef?: Ref<HTMLElement>;
  onFocus?(): void;
}

export function ApprovalCard({
  item,
  selection,
  failure,
  current,
  cardRef,
  onFocus,
}: ApprovalCardProps): ReactElement {
  const { navigation } = usePurchasing();
  const titleId = useId();
  const { requisition } = item;
  const detail = useLinkProps(navigation.hrefs.requisitionDetail(requisition.id));
  const review = useLinkProps(navigation.hrefs.approvalReview(requisition.id));
  const open = item.action === null;
  const decided = item.action ? approvalActionBadges[item.action] : null;
  const lines = requisition.line_item_count;

  return (
    <Card
      asChild
      size="2"
      style={{
        width: '100%',
        outline: current ? '2px solid var(--focus-8)' : undefined,
        outlineOffset: current ? 2 : undefined,
      }}
    >
      <article
        aria-labelledby={titleId}
        ref={cardRef}
        tabIndex={selection ? -1 : undefined}
        onFocus={onFocus}
      >
        <Flex direction="column" gap="3" height="100%">
          <Flex justify="between" align="start" gap="3">
            {selection ? (
              <Checkbox
                size="3"
                mt="1"
                checked={selection.checked}
                onCheckedChange={selection.onToggle}
                aria-label={`Select ${requisition.requisition_number}`}
              />
            ) : null}
            <Box minWidth="0" flexGrow="1">
              <Heading as="h2" size="4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                {requisition.requisition_number}
              </Heading>
              <Text as="p" size="2" color="gray">
                {item.level_title}
              </Text>
              {open && item.due_at ? (
                <Box mt="1">
                  <DueBadge dueAt={item.due_at} overdue={item.overdue ?? false} />
                </Box>
              ) : null}
              {open && item.out_of_office_from ? (
                <Text as="p" size="2" color="blue">
                  {`Delegated from ${item.out_of_office_from.first_name} ${item.out_of_office_from.last_name} (out of office)`}
                </Text>
              ) : null}
            </Box>
            {open ? (
              <Flex align="center" gap="1" flexShrink="0">
                <VisuallyHidden>Pending for</VisuallyHidden>
                <DaysPendingBadge days={daysSince(item.created_at)} />
              </Flex>
            ) : decided ? (
              <Badge color={decided.color} variant="soft" highContrast style={{ flexShrink: 0 }}>
                {item.action ? yourDecisionLabels[item.action] : decided.label}
              </Badge>
            ) : null}
          </Flex>

          {failure ? (
            <Callout.Root color="red" size="1" role="status">
              <Callout.Text>
                <Text weight="medium">Not decided:</Text> {failure}
              </Callout.Text>
            </Callout.Root>
          ) : null}

          <Box>
            <Text as="p" size="6" weight="bold">
              {formatMoney(requisition.total_amount, requisition.currency)}
            </Text>
            <BaseAmountLine requisition={requisition} />
          </Box>
          <BudgetOverrunBadge requisition={requisition} />
          {open && item.budget_position ? <BudgetPositionLine position={item.budget_position} /> : null}

          {requisition.justification ? (
            <Text
              as="p"
              size="2"
              style={{
                display: '-webkit-box',
                WebkitLineClamp: 3,
                WebkitBoxOrient: 'vertical',
                overflow: 'hidden',
              }}
              title={requisition.justification}
            >
              {requisition.justification}
            </Text>
          ) : (
            <Text as="p" size="2" color="gray">
              No justification given
            </Text>
          )}

          <DataList.Root size="2" orientation="horizontal" style={{ gap: 'var(--space-2)' }}>
            <QueueField label="Requestor">{fullName(requisition.requestor)}</QueueField>
            <QueueField label="Submitted">
              {formatDate(requisition.submitted_at ?? requisition.created_at)}
            </QueueField>
            <QueueField label="Category">{categoryLabel(requisition.category)}</QueueField>
            <QueueField label="Cost center">{codeAndName(requisition.cost_center)}</QueueField>
            <QueueField label="Line items">{lines}</QueueField>
            {!open && item.actioned_at ? (
              <QueueField label="Decided">{formatDateTime(item.actioned_at)}</QueueField>
            ) : null}
          </DataList.Root>

          {!open && item.comments ? (
            <Text as="p" size="2" color="gray" style={{ fontStyle: 'italic' }}>
              “{item.comments}”
            </Text>
          ) : null}

          <Flex gap="2" wrap="wrap" mt="auto" pt="2">
            <RadixButton asChild variant="soft" color="gray">
              <a {...detail} aria-describedby={titleId}>
                <Eye size={16} aria-hidden />
                View Details
              </a>
            </RadixButton>
            {open ? (
              <RadixButton asChild>
                <a {...review} aria-describedby={titleId}>
                  <ClipboardCheck size={16} aria-hidden />
                  Review &amp; Approve
                </a>
              </RadixButton>
            ) : null}
          </Flex>
        </Flex>
      </article>
    </Card>
  );
}

function QueueField({ label, children }: { label: string; children: ReactNode }): ReactElement {
  return (
    <DataList.Item align="start">
      <DataList.Label minWidth="96px">{label}</DataList.Label>
      <DataList.Value style={{ overflowWrap: 'anywhere' }}>{children}</DataList.Value>
    </DataList.Item>
  );
}

/**
 * Where the requisition leaves its cost centre's budget if approved now (the server's figures): what is
 * available, and what would be left; in red when this requisition goes past it.
 */
function BudgetPositionLine({ position }: { position: Schemas['BudgetPosition'] }): ReactElement {
  const over = position.available_after_amount < 0;
  return (
    <Text as="p" size="2" color={over ? 'red' : 'gray'}>
      Budget {position.fiscal_year}: {formatMoney(position.available_amount, position.currency)} available,{' '}
      <Text weight="medium" color={over ? 'red' : undefined}>
        {formatMoney(position.available_after_amount, position.currency)} after this one
      </Text>
    </Text>
  );
}
