import { z } from 'zod/mini';
import { calendarDay, lenient, listOf, oneOf, pageNumber, searchText } from '../kit/list/listSearch';
import { APPROVAL_LEVELS } from '../shared/display';

// The queue's URL state on its own (zod/mini and the list kit's parsers only): the host's route tree
// imports the schema, and the resource's list machinery would otherwise join the app's first load.

/** Cards per page the reader can choose: multiples of 2, 3 and 4, so every grid row is full. */
export const APPROVAL_QUEUE_PAGE_SIZES = [12, 24, 48, 96] as const;

const LEVELS = APPROVAL_LEVELS.map(String);

/** The Pending queue's orders: oldest step first (the default, absent from the URL) or soonest due first. */
export const APPROVAL_QUEUE_ORDERS = [
  { value: 'oldest', label: 'Oldest first' },
  { value: 'due', label: 'Due soonest' },
] as const;

/**
 * The queue's state (the host's URL: `approvalQueueSearchSchema`; the screen's own state where it is
 * given none). Absent keys mean "not filtered"; the Pending view, oldest first, the first page and 12
 * cards a page are the absent `status`, `sort`, `page` and `page_size`. Levels are held as the filter
 * panel holds them, as text.
 */
export interface ApprovalQueueSearch {
  status?: 'Completed';
  /** The Pending queue soonest due first (the Completed view is always the latest decision first). */
  sort?: 'due';
  /** Only these approval levels ('1' to '4'). */
  level?: string[];
  /** Steps opened on or after this day (`yyyy-MM-dd`). */
  date_from?: string;
  /** Steps opened on or before this day (`yyyy-MM-dd`). */
  date_to?: string;
  /** Only open steps past their due time. */
  due?: 'overdue';
  /** Number, justification or requestor. */
  search?: string;
  page?: number;
  page_size?: number;
}

export function compactQueueSearch(search: ApprovalQueueSearch): ApprovalQueueSearch {
  const compact: ApprovalQueueSearch = {};
  if (search.status === 'Completed') compact.status = 'Completed';
  if (search.sort === 'due') compact.sort = 'due';
  if (search.level?.length) compact.level = search.level;
  if (search.date_from) compact.date_from = search.date_from;
  if (search.date_to) compact.date_to = search.date_to;
  if (search.due === 'overdue') compact.due = 'overdue';
  if (search.search) compact.search = search.search;
  if (search.page !== undefined && search.page > 1) compact.page = search.page;
  if (search.page_size !== undefined && search.page_size !== APPROVAL_QUEUE_PAGE_SIZES[0]) {
    compact.page_size = search.page_size;
  }
  return compact;
}

const queueSearchFields = z.object({
  status: lenient((value) => (value === 'Completed' ? ('Completed' as const) : undefined)),
  sort: lenient((value) => (value === 'due' ? ('due' as const) : undefined)),
  level: listOf(oneOf(LEVELS)),
  date_from: lenient(calendarDay),
  date_to: lenient(calendarDay),
  due: lenient((value) => (value === 'overdue' ? ('overdue' as const) : undefined)),
  search: lenient(searchText),
  page: lenient(pageNumber),
  page_size: lenient((value) => APPROVAL_QUEUE_PAGE_SIZES.find((size) => size === Number(value))),
});

/**
 * The URL schema of `/approvals` (zod/mini, lenient: a value it does not know is dropped, never
 * refused), e.g. `createRoute({ path: 'approvals', validateSearch: approvalQueueSearchSchema, … })`.
 */
export const approvalQueueSearchSchema = z.pipe(
  queueSearchFields,
  z.transform((search: z.output<typeof queueSearchFields>) => compactQueueSearch(search)),
);
