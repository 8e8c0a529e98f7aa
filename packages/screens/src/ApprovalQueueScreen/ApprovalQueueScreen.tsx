import { approvalQueries, isApiError, type PendingApprovalFilters } from '@purchasing/api-client';
import {
  Button,
  Callout,
  DatePicker,
  EmptyState,
  type FilterDefinition,
  type FilterValues,
  Pager,
  SearchBar,
  Spinner,
} from '@purchasing/ui';
import {
  Badge,
  Box,
  Card,
  Flex,
  Grid,
  Heading,
  SegmentedControl,
  Text,
  VisuallyHidden,
} from '@radix-ui/themes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CheckCircle2, ClipboardCheck } from 'lucide-react';
import { type ReactElement, type ReactNode, useEffect, useRef, useState } from 'react';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { APPROVAL_LEVELS, approvalLevelTitle, formatTotal } from '../shared/display';
import { ApprovalCard } from './ApprovalCard';

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

function QueueHeading({
  count,
  countCapped = false,
  status,
}: {
  count?: number;
  /** The server stopped counting at `count`: it reads '10,000+'. */
  countCapped?: boolean;
  status?: QueueStatus;
}): ReactElement {
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
              {formatTotal(count, countCapped)} <VisuallyHidden>awaiting approval</VisuallyHidden>
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

  // The cursor of the page on screen: the next page asked for is found by seeking from it, which
  // costs the server the same at any depth (issue 12). Read when that page is fetched, outside the key.
  const shownCursor = useRef<string | undefined>(undefined);
  const queue = useQuery({
    ...approvalQueries.pending(
      client,
      organizationId,
      { ...criteria, limit: pageSize, offset: (page - 1) * pageSize },
      { cursor: () => shownCursor.current },
    ),
    // Keep the cards on screen while another page or filter loads, instead of flashing a spinner.
    placeholderData: keepPreviousData,
  });
  useEffect(() => {
    shownCursor.current = queue.data?.pagination.cursor;
  }, [queue.data]);
  // The title counts what awaits approval whatever is filtered; with the default view this is the very
  // same query (same key), so it costs no second call.
  const awaiting = useQuery(
    approvalQueries.pending(client, organizationId, { status: 'Pending', limit: pageSize, offset: 0 }),
  );

  const filtered = levels.length > 0 || Boolean(dateFrom) || Boolean(dateTo) || Boolean(search);
  const total = queue.data?.pagination.total ?? 0;
  const totalCapped = queue.data?.pagination.total_capped ?? false;
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
            totalCapped={totalCapped}
            pageRowCount={items.length}
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
        <QueueHeading
          count={awaiting.data?.pagination.total}
          countCapped={awaiting.data?.pagination.total_capped ?? false}
          status={status}
        />
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
