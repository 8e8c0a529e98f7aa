import { requisitionQueries, type Schemas } from '@purchasing/api-client';
import { Theme } from '@radix-ui/themes';
import { screen, waitFor, within } from '@testing-library/react';
import { FileText } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { http, organizationsHandler } from '../../test/handlers';
import { pageCursor } from '../../test/paging';
import { renderScreen } from '../../test/render';
import { requisitionListErrorHandler, requisitionListLoadingHandler } from '../../test/requisitionHandlers';
import {
  buildRequisitionList,
  largeRequisitionListHandler,
  requisitionListHandler,
} from '../../test/requisitionListHandlers';
import { server } from '../../test/server';
import { asPhone } from '../../test/viewport';
import { ScreenFrame } from '../ScreenFrame';
import { ListScreen } from './ListScreen';
import { ListTable, listColumns } from './ListTable';
import { lenient, listOf, oneOf, pageNumber, searchText } from './listSearch';
import { defineListResource, type UseListScreenOptions, useListScreen } from './useListScreen';

// A list declared as a screen would, over the requisition handlers: the mechanics, not the resource,
// are under test here.
type Row = Schemas['RequisitionSummary'];
interface Search {
  search?: string;
  status?: Schemas['RequisitionStatus'][];
  page?: number;
}

const compact = (search: Search): Search => ({
  ...(search.search ? { search: search.search } : {}),
  ...(search.status?.length ? { status: search.status } : {}),
  ...(search.page && search.page > 1 ? { page: search.page } : {}),
});
const schema = z
  .object({
    search: lenient(searchText),
    status: listOf(oneOf(['draft', 'approved'] as const)),
    page: lenient(pageNumber),
  })
  .transform(compact);

const resource = defineListResource({
  pageSize: 10,
  parse: (value) => schema.parse(value),
  compact,
  query: (client, organizationId, search: Search, hint) => {
    const { page = 1, ...filters } = compact(search);
    return requisitionQueries.list(
      client,
      organizationId,
      { ...filters, limit: 10, offset: (page - 1) * 10 },
      hint,
    );
  },
  page: ({ requisitions, pagination }) => ({
    rows: requisitions,
    total: pagination.total,
    totalCapped: pagination.total_capped ?? false,
    ...(pagination.cursor ? { cursor: pagination.cursor } : {}),
  }),
});

const { features, column } = listColumns<Row, { onRemove(row: Row): void }>();
const columns = column.columns([
  column.accessor('requisition_number', { header: 'Number', meta: { rowHeader: true } }),
  column.accessor('status', { header: 'State', meta: { card: 'status' } }),
  column.accessor('category', { header: 'Kind', meta: { card: 'hidden' } }),
  column.accessor('total_amount', {
    header: 'Amount',
    cell: (info) => `${info.row.original.currency} ${info.getValue()}`,
    meta: { card: 'amount' },
  }),
  column.accessor((row) => row.requestor.first_name, { id: 'requestor', header: 'Requestor' }),
  column.accessor('created_at', {
    header: 'Created',
    cell: (info) => info.getValue().slice(0, 10),
    meta: { cardLabel: 'Raised' },
  }),
  column.display({
    id: 'actions',
    header: 'Actions',
    cell: (info) => (
      <button type="button" onClick={() => info.table.options.meta?.onRemove(info.row.original)}>
        Remove {info.row.original.requisition_number}
      </button>
    ),
  }),
]);

type OnSearchChange = (next: Search, options?: { replace?: boolean }) => void;

function Things({
  organizationId,
  search,
  onSearchChange,
  options,
}: {
  organizationId: string;
  search: Search;
  onSearchChange: OnSearchChange;
  options: UseListScreenOptions<Search, Row>;
}): ReactElement {
  const list = useListScreen(resource, { search, onSearchChange, organizationId }, options);
  return (
    <ListScreen
      state={list}
      title="Things"
      searchBox={{ label: 'Search things', placeholder: 'Search...' }}
      filters={[
        {
          key: 'status',
          label: 'Status',
          type: 'multiselect',
          options: [
            { value: 'draft', label: 'Draft' },
            { value: 'approved', label: 'Approved' },
          ],
        },
      ]}
      table={{
        features,
        columns,
        meta: { onRemove: (row) => list.confirm?.ask(row) },
        caption: 'Things',
        rowHeaderPlaceholder: 'REQ-2026-00000',
      }}
      empty={{ icon: <FileText />, title: 'No things yet' }}
      noMatch={{ title: 'No things match' }}
      messages={{ loading: 'Loading things', loadFailed: 'Things failed to load', pager: 'Thing pages' }}
      confirm={{
        title: 'Remove thing',
        message: (row) => `Remove ${row.requisition_number}?`,
        confirmLabel: 'Remove',
      }}
    />
  );
}

/** Holds the URL state like a host router would, and reports every change. */
function Harness({
  initial,
  onChange,
  options,
}: {
  initial: Search;
  onChange: OnSearchChange;
  options: UseListScreenOptions<Search, Row>;
}): ReactElement {
  const [search, setSearch] = useState(initial);
  return (
    <ScreenFrame title="Things" noOrganization="Choose an organisation">
      {(organization) => (
        <Things
          organizationId={organization.id}
          search={search}
          onSearchChange={(next, change) => {
            onChange(next, change);
            setSearch(next);
          }}
          options={options}
        />
      )}
    </ScreenFrame>
  );
}

function renderList(initial: Search = {}, options: UseListScreenOptions<Search, Row> = {}) {
  const onChange = vi.fn<OnSearchChange>();
  const rendered = renderScreen(<Harness initial={initial} onChange={onChange} options={options} />, {
    signedIn: true,
  });
  return { ...rendered, onChange };
}

/** Serves `count` requisitions and records the URL of every list call. */
function serve(count: number) {
  const urls: URL[] = [];
  server.use(requisitionListHandler(buildRequisitionList(count), (url) => urls.push(url)));
  return urls;
}

describe('ListScreen with useListScreen', () => {
  it('shows placeholder rows, then the rows with the total, and pages with the cursor of the page shown', async () => {
    const urls = serve(25);
    const { user, onChange } = renderList();
    expect(await screen.findByText('Showing 1 to 10 of 25 results')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Things 25 in total' })).toBeInTheDocument();
    expect(urls[0]?.searchParams.has('cursor')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 2 }, undefined);
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    expect(urls.at(-1)?.searchParams.get('cursor')).toBe(pageCursor(0));
  });

  it('marks the table busy while the first page loads', async () => {
    server.use(requisitionListLoadingHandler());
    renderList();
    expect(await screen.findByText('Loading things')).toBeInTheDocument();
    expect(screen.getByRole('table').closest('[aria-busy="true"]')).not.toBeNull();
  });

  it("reads a capped count as '10,000+' and stays on a page past it", async () => {
    server.use(largeRequisitionListHandler(25_000));
    const { onChange } = renderList({ page: 1001 });
    expect(await screen.findByText('Showing 10,001 to 10,010 of 10,000+ results')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Things 10,000+ in total' })).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('moves a page past the end to the last page, replacing the history entry', async () => {
    serve(12);
    const { onChange } = renderList({ page: 9 });
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ page: 2 }, { replace: true }));
    expect(await screen.findByText('Showing 11 to 12 of 12 results')).toBeInTheDocument();
  });

  it('writes typed text once typing pauses, on page 1, replacing the history entry', async () => {
    serve(12);
    const { user, onChange } = renderList({ page: 2 });
    await screen.findByText('Showing 11 to 12 of 12 results');
    await user.type(screen.getByRole('searchbox', { name: 'Search things' }), 'conveyor');
    expect(onChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ search: 'conveyor' }, { replace: true }));
  });

  it('applies filters through the URL schema on page 1, keeping the search text', async () => {
    serve(25);
    const { user, onChange } = renderList({ search: 'REQ', page: 2 });
    await screen.findByText(/Showing/);
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Approved' }));
    expect(onChange).toHaveBeenLastCalledWith({ search: 'REQ', status: ['approved'] }, undefined);
  });

  it('tells an empty list from one that matches nothing, and clears the search and filters', async () => {
    serve(0);
    const { unmount } = renderList();
    expect(await screen.findByText('No things yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear search and filters' })).not.toBeInTheDocument();
    unmount();

    serve(3);
    const { user, onChange } = renderList({ search: 'nothing like this' });
    expect(await screen.findByText('No things match')).toBeInTheDocument();
    expect(screen.getByText('Try other words or fewer filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and filters' }));
    expect(onChange).toHaveBeenLastCalledWith({}, undefined);
    expect(await screen.findByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();
  });

  it('shows the load failure with a Retry that loads again', async () => {
    server.use(requisitionListErrorHandler());
    const { user } = renderList();
    expect(await screen.findByText('Things failed to load')).toBeInTheDocument();
    serve(3);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();
  });

  it("shows the server's refusal without Retry on a 403", async () => {
    server.use(
      http.get('/requisitions', ({ response }) =>
        response(403).json({ message: 'Not for you', code: 'FORBIDDEN', details: [] }),
      ),
    );
    renderList();
    expect(await screen.findByText('Not for you')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('keeps the rows on screen when a refresh fails, with the failure above them', async () => {
    serve(3);
    const { queryClient } = renderList();
    await screen.findByText('Showing 1 to 3 of 3 results');
    server.use(requisitionListErrorHandler());
    await queryClient.refetchQueries();
    expect(await screen.findByText('Things failed to load')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 3 of 3 results')).toBeInTheDocument();
  });

  describe('the confirmed row action', () => {
    it('runs once confirmed and closes', async () => {
      serve(3);
      const run = vi.fn(async () => {});
      const { user } = renderList({}, { confirm: { run } });
      await user.click(await screen.findByRole('button', { name: 'Remove REQ-2026-00003' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Remove thing' });
      expect(dialog).toHaveTextContent('Remove REQ-2026-00003?');
      await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
      expect(run).toHaveBeenCalledWith(expect.objectContaining({ requisition_number: 'REQ-2026-00003' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    });

    it('closes on failure, or stays open when asked to', async () => {
      serve(3);
      const run = vi.fn(async () => {
        throw new Error('Already submitted');
      });
      const first = renderList({}, { confirm: { run } });
      await first.user.click(await screen.findByRole('button', { name: 'Remove REQ-2026-00003' }));
      await first.user.click(screen.getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      first.unmount();

      const second = renderList({}, { confirm: { run, keepOpenOnError: true } });
      await second.user.click(await screen.findByRole('button', { name: 'Remove REQ-2026-00003' }));
      await second.user.click(screen.getByRole('button', { name: 'Remove' }));
      await waitFor(() => expect(run).toHaveBeenCalledTimes(2));
      expect(screen.getByRole('alertdialog')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Remove' })).toBeEnabled());
    });
  });

  describe('export (CSV or Excel)', () => {
    it('is offered only when declared, disabled while the list is empty', async () => {
      serve(0);
      const { unmount } = renderList();
      await screen.findByText('No things yet');
      expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
      unmount();

      renderList(
        {},
        { csv: { download: async () => new Blob([]), fileName: () => 'x.csv', failed: 'Oops' } },
      );
      await screen.findByText('No things yet');
      expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    });

    it('downloads the rows of the current search, and says when it fails', async () => {
      serve(3);
      URL.createObjectURL = vi.fn(() => 'blob:things');
      URL.revokeObjectURL = vi.fn();
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const download = vi.fn(async (_client: unknown, _org: string, search: Search) =>
        search.search ? Promise.reject(new Error('Boom')) : new Blob(['a,b']),
      );
      const fileName = vi.fn((format: string) => `things.${format}`);
      const csv = { download, fileName, failed: 'Export failed' };
      const { user, onChange } = renderList({}, { csv });
      await screen.findByText('Showing 1 to 3 of 3 results');
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(await screen.findByRole('menuitem', { name: 'CSV (.csv)' }));
      await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
      expect(download).toHaveBeenLastCalledWith(
        expect.anything(),
        expect.any(String),
        {},
        expect.any(AbortSignal),
        'csv',
      );
      expect(fileName).toHaveBeenLastCalledWith('csv');

      await user.type(screen.getByRole('searchbox', { name: 'Search things' }), 'REQ');
      await waitFor(() => expect(onChange).toHaveBeenCalledWith({ search: 'REQ' }, { replace: true }));
      await user.click(screen.getByRole('button', { name: 'Export' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Excel (.xlsx)' }));
      expect(download).toHaveBeenLastCalledWith(
        expect.anything(),
        expect.any(String),
        { search: 'REQ' },
        expect.any(AbortSignal),
        'xlsx',
      );
      expect(await screen.findByText('Export failed')).toBeInTheDocument();
      expect(logged).toHaveBeenCalledWith('Export failed', expect.any(Error));
      expect(click).toHaveBeenCalledTimes(1);
      vi.restoreAllMocks();
    });
  });

  it('asks to choose an organisation when the user has none', async () => {
    server.use(organizationsHandler([]));
    renderList();
    expect(await screen.findByText('Choose an organisation')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Things' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  describe('on a phone', () => {
    let phone: ReturnType<typeof asPhone>;
    beforeEach(() => {
      phone = asPhone();
    });
    afterEach(() => phone.restore());

    const card = (name: string) => screen.getByRole('article', { name });

    it('shows each row as a card instead of the table: title, status, amount, labelled fields, actions', async () => {
      serve(3);
      renderList();
      await screen.findByText('Showing 1 to 3 of 3 results');
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      const list = screen.getByRole('list', { name: 'Things' });
      expect(
        within(list)
          .getAllByRole('article')
          .map((item) => item.getAttribute('aria-label')),
      ).toEqual(['REQ-2026-00003', 'REQ-2026-00002', 'REQ-2026-00001']);
      const row = buildRequisitionList(3)[0]!;
      const first = card('REQ-2026-00003');
      expect(first).toHaveTextContent(row.requisition_number);
      expect(within(first).getByText(row.status)).toBeInTheDocument();
      expect(within(first).getByText(`${row.currency} ${row.total_amount}`)).toBeInTheDocument();
      // Fields are labelled with their header, or the card label the column gives.
      expect(within(first).getByText('Requestor')).toBeInTheDocument();
      expect(within(first).getByText(row.requestor.first_name)).toBeInTheDocument();
      expect(within(first).getByText('Raised')).toBeInTheDocument();
      expect(within(first).getByText(row.created_at.slice(0, 10))).toBeInTheDocument();
      expect(within(first).queryByText('Created')).not.toBeInTheDocument();
      // A hidden column stays on the table and the detail page.
      expect(within(first).queryByText('Kind')).not.toBeInTheDocument();
      expect(within(first).queryByText(row.category)).not.toBeInTheDocument();
      expect(within(first).getByRole('button', { name: 'Remove REQ-2026-00003' })).toBeInTheDocument();
    });

    it("renders a page's first three cards with it and the others after, in their place", async () => {
      // Outside act, so that the first commit can be seen before React renders the next batches.
      const environment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
      const actEnvironment = environment.IS_REACT_ACT_ENVIRONMENT;
      environment.IS_REACT_ACT_ENVIRONMENT = false;
      const container = document.body.appendChild(document.createElement('div'));
      const root = createRoot(container);
      try {
        flushSync(() =>
          root.render(
            <Theme>
              <ListTable
                features={features}
                columns={columns}
                meta={{ onRemove: () => {} }}
                rows={buildRequisitionList(10)}
                caption="Things"
                rowHeaderPlaceholder="REQ-2026-00000"
              />
            </Theme>,
          ),
        );
        const items = () => [...container.querySelectorAll('ul[aria-label="Things"] > li')];
        expect(items()).toHaveLength(10);
        expect(container.querySelectorAll('article')).toHaveLength(3);
        // The others keep a card's height, hidden from assistive technology, until they render.
        const pending = items().slice(3);
        expect(pending.every((item) => item.getAttribute('aria-hidden') === 'true')).toBe(true);
        expect(pending.every((item) => (item as HTMLElement).style.height === '244px')).toBe(true);
        await waitFor(() => expect(container.querySelectorAll('article')).toHaveLength(10));
        expect(
          [...container.querySelectorAll('article')].map((item) => item.getAttribute('aria-label')),
        ).toEqual(buildRequisitionList(10).map((row) => row.requisition_number));
      } finally {
        root.unmount();
        container.remove();
        environment.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
      }
    });

    it("runs a row's action from its card", async () => {
      serve(3);
      const run = vi.fn(async () => {});
      const { user } = renderList({}, { confirm: { run } });
      await screen.findByText('Showing 1 to 3 of 3 results');
      await user.click(within(card('REQ-2026-00002')).getByRole('button', { name: 'Remove REQ-2026-00002' }));
      await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
      expect(run).toHaveBeenCalledWith(expect.objectContaining({ requisition_number: 'REQ-2026-00002' }));
    });

    it('shows placeholder cards, hidden from assistive technology, while the first page loads', async () => {
      server.use(requisitionListLoadingHandler());
      renderList();
      expect(await screen.findByText('Loading things')).toBeInTheDocument();
      const list = screen.getByRole('list', { name: 'Things', hidden: true });
      expect(list.closest('[aria-busy="true"]')).not.toBeNull();
      expect(within(list).queryAllByRole('listitem')).toHaveLength(0);
      expect(list.querySelectorAll('li[aria-hidden="true"]')).toHaveLength(3);
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
    });

    it('turns back into the table when the screen widens, and into cards again when it narrows', async () => {
      serve(3);
      renderList();
      await screen.findByRole('article', { name: 'REQ-2026-00001' });
      phone.widen();
      expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
      expect(screen.getByRole('rowheader', { name: 'REQ-2026-00001' })).toBeInTheDocument();
      expect(screen.queryByRole('article')).not.toBeInTheDocument();
      phone.narrow();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(card('REQ-2026-00001')).toBeInTheDocument();
    });
  });
});
