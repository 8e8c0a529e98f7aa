import {
  approvalQueries,
  isApiError,
  type PendingApprovalFilters,
  type Schemas,
} from '@purchasing/api-client';
import {
  Button,
  Callout,
  DatePicker,
  DaysPendingBadge,
  EmptyState,
  type FilterDefinition,
  type FilterValues,
  formatDate,
  formatDateTime,
  formatMoney,
  Pager,
  SearchBar,
  Spinner,
} from '@purchasing/ui';
import {
  Badge,
  Box,
  Card,
  DataList,
  Flex,
  Grid,
  Heading,
  Button as RadixButton,
  SegmentedControl,
  Text,
  VisuallyHidden,
} from '@radix-ui/themes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CheckCircle2, ClipboardCheck, Eye } from 'lucide-react';
import { type ReactElement, type ReactNode, useEffect, useId, useState } from 'react';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import {
  APPROVAL_LEVELS,
  approvalActionBadges,
  approvalLevelTitle,
  categoryLabel,
  codeAndName,
  daysSince,
  fullName,
} from '../shared/display';

type PendingApproval = Schemas['PendingApproval'];
type QueueStatus = NonNullable<PendingApprovalFilters['status']>;

/** Product copy of the approval queue (document 1 §2 "Approval queue"). */
export const approvalQueueMessages = {
  title: 'Approval Queue',
  emptyTitle: 'No pending approvals',
  emptyDescription: "You're all caught up! No requisitions are waiting for your approval.",
  loadError: 'Failed to load approval queue. Please try again.',
  noOrganization: 'Please select an organization from the header to view your approval queue',
  noMatchesTitle: 'No approvals match your filters',
  noMatchesDescription: 'Try other filters or clear them to see the whole queue.',
  noCompletedTitle: 'No completed approvals',
  noCompletedDescription: 'Requisitions you approve, reject or return will be listed here.',
} as const;

/** Cards per page the reader can choose: multiples of 2, 3 and 4, so every grid row is full. */
export const APPROVAL_QUEUE_PAGE_SIZES = [12, 24, 48, 96] as const;

/** How long the search waits after the last keystroke before asking the server. */
export const APPROVAL_QUEUE_SEARCH_DEBOUNCE_MS = 300;

const levelFilter: FilterDefinition = {
  key: 'level',
  label: 'Approval level',
  type: 'multiselect',
  placeholder: 'All levels',
  options: APPROVAL_LEVELS.map((level) => ({ value: String(level), label: approvalLevelTitle(level) })),
};

/**
 * The approval queue (`/approvals`): the caller's open approval steps (or, under Completed, the steps
 * they decided) as cards, with the number awaiting approval in the title, a debounced search, filters
 * by approval level and step date, and paging. Each card links to the requisition and, while the step
 * is open, to its review.
 */
export function ApprovalQueueScreen(): ReactElement {
  const { currentOrganization, organizationsLoading } = useSession();

  if (organizationsLoading || !currentOrganization) {
    return (
      <Flex direction="column" gap="5" style={{ maxWidth: 1200 }}>
        <QueueHeading />
        {organizationsLoading ? (
          <Flex justify="center" py="9">
            <Spinner label="Loading organizations" />
          </Flex>
        ) : (
          <Callout variant="info">{approvalQueueMessages.noOrganization}</Callout>
        )}
      </Flex>
    );
  }
  return <ApprovalQueue organizationId={currentOrganization.id} />;
}

function QueueHeading({ count, status }: { count?: number; status?: QueueStatus }): ReactElement {
  return (
    <Box>
      <Flex asChild align="center" gap="3" wrap="wrap">
        <Heading as="h2" size={{ initial: '6', sm: '7' }}>
          {approvalQueueMessages.title}
          {count === undefined ? null : (
            // The space keeps the accessible name 'Approval Queue 3 awaiting approval' readable.
            <> </>
          )}
          {count === undefined ? null : (
            <Badge size="3" color="amber" variant="soft" highContrast radius="full">
              {count} <VisuallyHidden>awaiting approval</VisuallyHidden>
            </Badge>
          )}
        </Heading>
      </Flex>
      <Text as="p" color="gray" mt="1">
        {status === 'Completed'
          ? 'Requisitions you have decided, most recent first.'
          : 'Requisitions waiting for your decision, oldest first.'}
      </Text>
    </Box>
  );
}

/** Keeps `value` until it has stopped changing for `ms`. */
function useDebouncedValue<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

function stringValue(values: FilterValues, key: string): string | undefined {
  const value = values[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function ApprovalQueue({ organizationId }: { organizationId: string }): ReactElement {
  const { client } = usePurchasing();
  const [status, setStatus] = useState<QueueStatus>('Pending');
  const [filterValues, setFilterValues] = useState<FilterValues>({});
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), APPROVAL_QUEUE_SEARCH_DEBOUNCE_MS);
  const [pageSize, setPageSize] = useState<number>(APPROVAL_QUEUE_PAGE_SIZES[0]);

  const levels = Array.isArray(filterValues.level)
    ? filterValues.level.map(Number).filter((level) => Number.isInteger(level))
    : [];
  const dateFrom = stringValue(filterValues, 'date_from');
  const dateTo = stringValue(filterValues, 'date_to');

  const criteria: PendingApprovalFilters = {
    status,
    ...(levels.length > 0 ? { level: levels } : {}),
    ...(dateFrom ? { date_from: dateFrom } : {}),
    ...(dateTo ? { date_to: dateTo } : {}),
    ...(search ? { search } : {}),
  };
  // The page belongs to the criteria it was chosen under: new criteria start again at page 1 without
  // first asking the server for a page that may no longer exist.
  const criteriaKey = JSON.stringify([criteria, pageSize]);
  const [paging, setPaging] = useState({ key: criteriaKey, page: 1 });
  const page = paging.key === criteriaKey ? paging.page : 1;

  const queue = useQuery({
    ...approvalQueries.pending(client, organizationId, {
      ...criteria,
      limit: pageSize,
      offset: (page - 1) * pageSize,
    }),
    // Keep the cards on screen while another page or filter loads, instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
  // The title counts what awaits approval whatever is filtered; with the default view this is the very
  // same query (same key), so it costs no second call.
  const awaiting = useQuery(
    approvalQueries.pending(client, organizationId, { status: 'Pending', limit: pageSize, offset: 0 }),
  );

  const filtered = levels.length > 0 || Boolean(dateFrom) || Boolean(dateTo) || Boolean(search);
  const total = queue.data?.pagination.total ?? 0;
  const items = queue.data?.pending_approvals ?? [];

  let body: ReactNode;
  if (queue.isPending) {
    body = (
      <Flex justify="center" py="9">
        <Spinner label="Loading approvals" />
      </Flex>
    );
  } else if (queue.isError && !queue.data) {
    const forbidden = isApiError(queue.error) && queue.error.status === 403;
    body = forbidden ? (
      <Callout variant="warning">{queue.error.message}</Callout>
    ) : (
      <Callout
        variant="error"
        action={
          <Button size="1" variant="secondary" onClick={() => void queue.refetch()}>
            Retry
          </Button>
        }
      >
        {approvalQueueMessages.loadError}
      </Callout>
    );
  } else if (items.length === 0) {
    body = (
      <Card size="3">
        {filtered ? (
          <EmptyState
            icon={<ClipboardCheck size={32} />}
            title={approvalQueueMessages.noMatchesTitle}
            description={approvalQueueMessages.noMatchesDescription}
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  setFilterValues({});
                  setSearchText('');
                }}
              >
                Clear filters
              </Button>
            }
          />
        ) : status === 'Completed' ? (
          <EmptyState
            icon={<ClipboardCheck size={32} />}
            title={approvalQueueMessages.noCompletedTitle}
            description={approvalQueueMessages.noCompletedDescription}
          />
        ) : (
          <EmptyState
            icon={<CheckCircle2 size={32} />}
            title={approvalQueueMessages.emptyTitle}
            description={approvalQueueMessages.emptyDescription}
          />
        )}
      </Card>
    );
  } else {
    body = (
      <Flex direction="column" gap="4">
        {queue.isError ? (
          <Callout
            variant="error"
            action={
              <Button size="1" variant="secondary" onClick={() => void queue.refetch()}>
                Retry
              </Button>
            }
          >
            {approvalQueueMessages.loadError}
          </Callout>
        ) : null}
        <Grid
          asChild
          columns={{ initial: '1', sm: '2', lg: '3' }}
          gap="4"
          aria-busy={queue.isPlaceholderData || undefined}
          style={{ opacity: queue.isPlaceholderData ? 0.6 : undefined, transition: 'opacity 120ms' }}
        >
          <ul
            aria-label={status === 'Pending' ? 'Approvals awaiting your decision' : 'Completed approvals'}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {items.map((item) => (
              <li key={item.id} style={{ display: 'flex' }}>
                <ApprovalCard item={item} />
              </li>
            ))}
          </ul>
        </Grid>
        {total > pageSize ? (
          <Pager
            page={page}
            pageSize={pageSize}
            total={total}
            onPageChange={(next) => setPaging({ key: criteriaKey, page: next })}
            onPageSizeChange={setPageSize}
            pageSizeOptions={APPROVAL_QUEUE_PAGE_SIZES}
            pageSizeLabel="Cards per page"
            label="Approval queue pages"
          />
        ) : null}
      </Flex>
    );
  }

  return (
    <Flex direction="column" gap="5" style={{ maxWidth: 1200 }}>
      <Flex justify="between" align={{ initial: 'start', sm: 'end' }} gap="4" wrap="wrap">
        <QueueHeading count={awaiting.data?.pagination.total} status={status} />
        <SegmentedControl.Root
          size="2"
          value={status}
          onValueChange={(value) => setStatus(value === 'Completed' ? 'Completed' : 'Pending')}
          aria-label="Approval status"
        >
          <SegmentedControl.Item value="Pending">Pending</SegmentedControl.Item>
          <SegmentedControl.Item value="Completed">Completed</SegmentedControl.Item>
        </SegmentedControl.Root>
      </Flex>
      <SearchBar
        label="Search approvals"
        placeholder="Search by requisition number, justification or requestor..."
        searchValue={searchText}
        onSearchChange={setSearchText}
        filters={[levelFilter]}
        values={filterValues}
        onChange={setFilterValues}
      >
        <DateFilter
          label="Date from"
          values={filterValues}
          field="date_from"
          onChange={setFilterValues}
          maxDate={dateTo}
        />
        <DateFilter
          label="Date to"
          values={filterValues}
          field="date_to"
          onChange={setFilterValues}
          minDate={dateFrom}
        />
      </SearchBar>
      {body}
    </Flex>
  );
}

/**
 * A date bound of the queue. Each bound limits the other's calendar, so the server is never asked for
 * a range that ends before it starts.
 */
function DateFilter({
  label,
  field,
  values,
  onChange,
  minDate,
  maxDate,
}: {
  label: string;
  field: 'date_from' | 'date_to';
  values: FilterValues;
  onChange: (values: FilterValues) => void;
  minDate?: string;
  maxDate?: string;
}): ReactElement {
  return (
    <DatePicker
      label={label}
      value={stringValue(values, field) ?? null}
      minDate={minDate}
      maxDate={maxDate}
      onChange={(value) => {
        const next = { ...values };
        // A cleared filter's key is removed, as the filter panel does for its own fields.
        if (value) next[field] = value;
        else delete next[field];
        onChange(next);
      }}
    />
  );
}

function ApprovalCard({ item }: { item: PendingApproval }): ReactElement {
  const { navigation } = usePurchasing();
  const titleId = useId();
  const { requisition } = item;
  const detail = useLinkProps(navigation.hrefs.requisitionDetail(requisition.id));
  const review = useLinkProps(navigation.hrefs.approvalReview(requisition.id));
  const open = item.action === null;
  const decided = item.action ? approvalActionBadges[item.action] : null;
  const lines = requisition.line_item_count;

  return (
    <Card asChild size="2" style={{ width: '100%' }}>
      <article aria-labelledby={titleId}>
        <Flex direction="column" gap="3" height="100%">
          <Flex justify="between" align="start" gap="3">
            <Box minWidth="0">
              <Heading as="h3" size="4" id={titleId} style={{ overflowWrap: 'anywhere' }}>
                {requisition.requisition_number}
              </Heading>
              <Text as="p" size="2" color="gray">
                {item.level_title}
              </Text>
            </Box>
            {open ? (
              <Flex align="center" gap="1" flexShrink="0">
                <VisuallyHidden>Pending for</VisuallyHidden>
                <DaysPendingBadge days={daysSince(item.created_at)} />
              </Flex>
            ) : decided ? (
              <Badge color={decided.color} variant="soft" highContrast style={{ flexShrink: 0 }}>
                {decided.label}
              </Badge>
            ) : null}
          </Flex>

          <Text as="p" size="6" weight="bold">
            {formatMoney(requisition.total_amount, requisition.currency)}
          </Text>

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
