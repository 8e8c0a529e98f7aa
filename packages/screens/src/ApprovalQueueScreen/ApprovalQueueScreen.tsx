import { approvalQueries } from '@purchasing/api-client';
import type { FilterDefinition } from '@purchasing/ui';
import { Button, Flex, Grid, SegmentedControl } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, ClipboardCheck, Keyboard } from 'lucide-react';
import { lazy, type ReactElement, Suspense, useCallback, useRef, useState } from 'react';
import { ListScreen } from '../kit/list/ListScreen';
import { SEARCH_DEBOUNCE_MS } from '../kit/list/useDebouncedSearchText';
import { type ListScreenProps, useListScreen } from '../kit/list/useListScreen';
import { useLocalListSearch } from '../kit/list/useLocalListSearch';
import { ScreenFrame } from '../kit/ScreenFrame';
import { usePurchasing } from '../PurchasingProvider';
import { APPROVAL_LEVELS, approvalLevelTitle } from '../shared/display';
import { ApprovalCard } from './ApprovalCard';
import { type ApprovalQueueSearch, approvalQueue, type QueueStatus } from './approvalQueue.resource';
import { BulkActionBar, useBulkDecisions } from './BulkDecisions';
import { QueueOrder } from './QueueOrder';
import { type QueueShortcut, useQueueKeyboard } from './useQueueKeyboard';

// The decision dialog and the shortcuts' help load when first opened: a portal that mounts only the
// queue does not pay for them up front (its size budget, scripts/pack-test.mjs).
const BulkDecisionDialog = lazy(() =>
  import('./BulkDecisionDialog').then((module) => ({ default: module.BulkDecisionDialog })),
);
const ShortcutsHelp = lazy(() =>
  import('./ShortcutsHelp').then((module) => ({ default: module.ShortcutsHelp })),
);

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

/** How long the search waits after the last keystroke before asking the server. */
export const APPROVAL_QUEUE_SEARCH_DEBOUNCE_MS = SEARCH_DEBOUNCE_MS;

const levelFilter: FilterDefinition = {
  key: 'level',
  label: 'Approval level',
  type: 'multiselect',
  placeholder: 'All levels',
  options: APPROVAL_LEVELS.map((level) => ({ value: String(level), label: approvalLevelTitle(level) })),
};

const dueFilter: FilterDefinition = {
  key: 'due',
  label: 'Due',
  type: 'select',
  placeholder: 'Any due time',
  options: [{ value: 'overdue', label: 'Overdue' }],
};

/** Props of {@link ApprovalQueueScreen}: the host's URL state, or none (the screen keeps its own). */
export type ApprovalQueueScreenProps = Partial<ListScreenProps<ApprovalQueueSearch>>;

/**
 * The approval queue (`/approvals`): the caller's open approval steps (or, under Completed, the steps
 * they decided) as cards, with the number awaiting approval in the title, a debounced search, filters
 * by approval level, step date and due time (overdue only), and paging. Each card links to the requisition and, while the step
 * is open, to its review. Open steps can be selected and approved or rejected together (one comment
 * for all), each with its own outcome; the keyboard moves (j/k), selects (x), acts (a/r/i) and lists
 * its shortcuts (?). The Pending queue is oldest first or, chosen, soonest due first.
 *
 * The state (view, order, search, filters, page) lives in the host's URL when the host gives it
 * (`search` validated with `approvalQueueSearchSchema`, and `onSearchChange`); without them the screen
 * keeps it itself.
 */
export function ApprovalQueueScreen(props: ApprovalQueueScreenProps = {}): ReactElement {
  return (
    <ScreenFrame
      title={approvalQueueMessages.title}
      noOrganization={approvalQueueMessages.noOrganization}
      maxWidth={1200}
    >
      {(organization) => <ApprovalQueue organizationId={organization.id} routed={props} />}
    </ScreenFrame>
  );
}

function ApprovalQueue({
  organizationId,
  routed,
}: {
  organizationId: string;
  routed: ApprovalQueueScreenProps;
}): ReactElement {
  const { client } = usePurchasing();
  const local = useLocalListSearch<ApprovalQueueSearch>({});
  const { search, onSearchChange } =
    routed.search && routed.onSearchChange
      ? { search: routed.search, onSearchChange: routed.onSearchChange }
      : local;
  const list = useListScreen(approvalQueue, { search, onSearchChange, organizationId });
  const status: QueueStatus = search.status ?? 'Pending';
  // The title counts what awaits approval whatever is shown; with the default view this is the very
  // same query (same key), so it costs no second call.
  const awaiting = useQuery(
    approvalQueries.pending(client, organizationId, { status: 'Pending', limit: list.pageSize, offset: 0 }),
  );
  const pending = status === 'Pending';
  const bulk = useBulkDecisions();
  const [help, setHelp] = useState(false);
  const [cursor, setCursorState] = useState<string | null>(null);
  // The shortcuts read the cursor from a ref: keys typed fast arrive before React renders again.
  const cursorRef = useRef<string | null>(null);
  const setCursor = useCallback((id: string | null) => {
    cursorRef.current = id;
    setCursorState(id);
  }, []);
  const container = useRef<HTMLDivElement>(null);
  const cards = useRef(new Map<string, HTMLElement>());
  const numbers = new Map(
    list.rows.map((item) => [item.requisition.id, item.requisition.requisition_number]),
  );
  const ids = list.rows.map((item) => item.requisition.id);
  const current = cursor && ids.includes(cursor) ? cursor : null;
  const onShortcut = useCallback(
    (shortcut: QueueShortcut) => {
      const at = cursorRef.current && ids.includes(cursorRef.current) ? cursorRef.current : null;
      if (shortcut === 'help') return setHelp(true);
      if (shortcut === 'next' || shortcut === 'previous') {
        const index = at ? ids.indexOf(at) : -1;
        const next = ids[shortcut === 'next' ? Math.min(index + 1, ids.length - 1) : Math.max(index - 1, 0)];
        if (next) {
          setCursor(next);
          cards.current.get(next)?.focus();
        }
        return;
      }
      if (shortcut === 'select') return at ? bulk.toggle(at) : undefined;
      if (shortcut === 'info') return at ? bulk.open('request_info', [at]) : undefined;
      const chosen = bulk.selected.size > 0 ? undefined : at ? [at] : [];
      bulk.open(shortcut === 'approve' ? 'approve' : 'reject', chosen);
    },
    [bulk, ids, setCursor],
  );
  useQueueKeyboard(container, pending && !bulk.dialog && !help, onShortcut);

  return (
    <ListScreen
      state={list}
      title={approvalQueueMessages.title}
      count={{
        value: awaiting.data?.pagination.total,
        capped: awaiting.data?.pagination.total_capped ?? false,
        label: { text: 'awaiting approval', visible: true, color: 'amber' },
      }}
      description={
        status === 'Completed'
          ? 'Requisitions you have decided, most recent first.'
          : search.sort === 'due'
            ? 'Requisitions waiting for your decision, soonest due first.'
            : 'Requisitions waiting for your decision, oldest first.'
      }
      toolbar={
        pending ? (
          <QueueOrder
            value={search.sort ?? 'oldest'}
            onChange={(sort) =>
              onSearchChange({ ...search, sort: sort === 'due' ? 'due' : undefined, page: undefined })
            }
          />
        ) : null
      }
      actions={
        <Flex gap="3" align="center" wrap="wrap">
          {pending ? (
            <Button variant="ghost" color="gray" onClick={() => setHelp(true)}>
              <Keyboard size={16} aria-hidden />
              Keyboard shortcuts
            </Button>
          ) : null}
          <SegmentedControl.Root
            size="2"
            value={status}
            onValueChange={(value) =>
              onSearchChange({
                ...search,
                status: value === 'Completed' ? 'Completed' : undefined,
                page: undefined,
              })
            }
            aria-label="Approval status"
          >
            <SegmentedControl.Item value="Pending">Pending</SegmentedControl.Item>
            <SegmentedControl.Item value="Completed">Completed</SegmentedControl.Item>
          </SegmentedControl.Root>
        </Flex>
      }
      searchBox={{
        label: 'Search approvals',
        placeholder: 'Search by requisition number, justification or requestor...',
      }}
      filters={[levelFilter, dueFilter]}
      renderRows={(rows, { busy }) => (
        <Flex direction="column" gap="4" ref={container}>
          {pending ? <BulkActionBar state={bulk} /> : null}
          <Grid
            asChild
            columns={{ initial: '1', sm: '2', lg: '3' }}
            gap="4"
            aria-busy={busy || undefined}
            style={{ opacity: busy ? 0.6 : undefined, transition: 'opacity 120ms' }}
          >
            <ul
              aria-label={status === 'Pending' ? 'Approvals awaiting your decision' : 'Completed approvals'}
              style={{ listStyle: 'none', margin: 0, padding: 0 }}
            >
              {rows.map((item) => (
                <li key={item.id} style={{ display: 'flex' }}>
                  <ApprovalCard
                    item={item}
                    {...(pending && item.action === null
                      ? {
                          selection: {
                            checked: bulk.selected.has(item.requisition.id),
                            onToggle: () => bulk.toggle(item.requisition.id),
                          },
                          failure: bulk.failures.get(item.requisition.id),
                          current: current === item.requisition.id,
                          cardRef: (node: HTMLElement | null) => {
                            if (node) cards.current.set(item.requisition.id, node);
                            else cards.current.delete(item.requisition.id);
                          },
                          onFocus: () => setCursor(item.requisition.id),
                        }
                      : {})}
                  />
                </li>
              ))}
            </ul>
          </Grid>
        </Flex>
      )}
      empty={
        status === 'Completed'
          ? {
              icon: <ClipboardCheck size={32} />,
              title: approvalQueueMessages.noCompletedTitle,
              description: approvalQueueMessages.noCompletedDescription,
            }
          : {
              icon: <CheckCircle2 size={32} />,
              title: approvalQueueMessages.emptyTitle,
              description: approvalQueueMessages.emptyDescription,
            }
      }
      noMatch={{
        title: approvalQueueMessages.noMatchesTitle,
        description: approvalQueueMessages.noMatchesDescription,
        icon: <ClipboardCheck size={32} />,
        clearLabel: 'Clear filters',
      }}
      pagerOnlyWhenPaged
      messages={{
        loading: 'Loading approvals',
        loadFailed: approvalQueueMessages.loadError,
        pager: 'Approval queue pages',
        pageSize: 'Cards per page',
      }}
    >
      <Suspense fallback={null}>
        {bulk.dialog ? (
          <BulkDecisionDialog state={bulk} organizationId={organizationId} numbers={numbers} />
        ) : null}
        {help ? <ShortcutsHelp open onOpenChange={setHelp} /> : null}
      </Suspense>
    </ListScreen>
  );
}
