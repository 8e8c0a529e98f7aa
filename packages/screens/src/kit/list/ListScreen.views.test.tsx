import { requisitionQueries, type Schemas } from '@purchasing/api-client';
import { screen, waitFor, within } from '@testing-library/react';
import { FileText, Inbox } from 'lucide-react';
import type { ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { renderScreen } from '../../test/render';
import { requisitionListLoadingHandler } from '../../test/requisitionHandlers';
import { buildListRequisition, requisitionListHandler } from '../../test/requisitionListHandlers';
import { server } from '../../test/server';
import { ScreenFrame } from '../ScreenFrame';
import { ListScreen } from './ListScreen';
import { lenient, listOf, oneOf, pageNumber, searchText } from './listSearch';
import { defineListResource, useListScreen } from './useListScreen';
import { useLocalListSearch } from './useLocalListSearch';

// The kit's slots for lists that are not a plain table (see ListScreen.test.tsx for the mechanics every
// list shares): a view that is not a filter, a choice of page sizes, rows drawn by the screen, a
// heading that counts something else, state kept by the screen, and a list filtered in memory.
interface Search {
  /** The view: drafts only, or (absent) everything. */
  view?: 'drafts';
  category?: Schemas['RequisitionCategory'][];
  search?: string;
  page?: number;
  page_size?: number;
}

const compact = (search: Search): Search =>
  Object.fromEntries(
    Object.entries(search).filter(
      ([key, value]) =>
        value !== undefined &&
        !(Array.isArray(value) && value.length === 0) &&
        !(key === 'page' && value === 1) &&
        !(key === 'page_size' && value === 10),
    ),
  );
const schema = z
  .object({
    view: lenient((value) => (value === 'drafts' ? ('drafts' as const) : undefined)),
    category: listOf(oneOf(['standard', 'services'] as const)),
    search: lenient(searchText),
    page: lenient(pageNumber),
    page_size: lenient((value) => [10, 20].find((size) => size === Number(value))),
  })
  .transform(compact);

const served = defineListResource({
  pageSize: 10,
  pageSizes: [10, 20],
  viewKeys: ['view'],
  parse: (value) => schema.parse(value),
  compact,
  query: (client, organizationId, search: Search) => {
    const { view, page = 1, page_size: size = 10, ...filters } = compact(search);
    return requisitionQueries.list(client, organizationId, {
      ...filters,
      ...(view ? { status: ['draft' as const] } : {}),
      limit: size,
      offset: (page - 1) * size,
    });
  },
  page: ({ requisitions, pagination }) => ({ rows: requisitions, total: pagination.total }),
});

// The same rows loaded whole and searched here, at each keystroke.
const inMemory = defineListResource({
  ...served,
  searchWaitMs: 0,
  query: (client, organizationId, _search: Search) =>
    requisitionQueries.list(client, organizationId, { limit: 100, offset: 0 }),
  page: ({ requisitions }, { search = '', page = 1 }) => {
    const rows = requisitions.filter((row) => row.requisition_number.includes(search));
    return {
      rows: rows.slice((page - 1) * 10, page * 10),
      total: rows.length,
      empty: requisitions.length === 0,
    };
  },
});

function Things({
  organizationId,
  resource,
  onChange,
}: {
  organizationId: string;
  resource: typeof served;
  onChange(next: Search): void;
}): ReactElement {
  const local = useLocalListSearch<Search>({});
  const onSearchChange = (next: Search) => {
    onChange(next);
    local.onSearchChange(next);
  };
  const list = useListScreen(resource, { search: local.search, onSearchChange, organizationId });
  return (
    <ListScreen
      state={list}
      title="Things"
      count={{ value: 7, label: { text: 'waiting', visible: true, color: 'amber' } }}
      actions={
        <button type="button" onClick={() => onSearchChange({ ...local.search, view: 'drafts' })}>
          Drafts only
        </button>
      }
      searchBox={{ label: 'Search things', placeholder: 'Search...' }}
      filters={[
        {
          key: 'category',
          label: 'Category',
          type: 'multiselect',
          options: [
            { value: 'standard', label: 'Standard' },
            { value: 'services', label: 'Services' },
          ],
        },
      ]}
      dateRange={false}
      renderRows={(rows, { busy }) => (
        <ul aria-label="Thing cards" aria-busy={busy || undefined}>
          {rows.map((row) => (
            <li key={row.id}>{row.requisition_number}</li>
          ))}
        </ul>
      )}
      empty={{ icon: <FileText />, title: local.search.view ? 'No drafts' : 'No things yet' }}
      noMatch={{ title: 'No things match', icon: <Inbox />, clearLabel: 'Clear filters' }}
      pagerOnlyWhenPaged
      messages={{
        loading: 'Loading things',
        loadFailed: 'Things failed to load',
        pager: 'Thing pages',
        pageSize: 'Things per page',
      }}
    />
  );
}

function renderThings(resource = served) {
  const onChange = vi.fn<(next: Search) => void>();
  const rendered = renderScreen(
    <ScreenFrame title="Things" noOrganization="Choose an organisation">
      {(organization) => <Things organizationId={organization.id} resource={resource} onChange={onChange} />}
    </ScreenFrame>,
    { signedIn: true },
  );
  return { ...rendered, onChange };
}

/** `count` requisitions, none of them drafts, every other one standard; records each list call. */
function serve(count: number) {
  const urls: URL[] = [];
  const rows = Array.from({ length: count }, (_, index) => ({
    ...buildListRequisition(index + 1),
    status: 'approved' as const,
    category: index % 2 === 0 ? ('standard' as const) : ('services' as const),
  }));
  server.use(requisitionListHandler(rows, (url) => urls.push(url)));
  return urls;
}

const cards = () => within(screen.getByRole('list', { name: 'Thing cards' })).getAllByRole('listitem');

describe('ListScreen slots', () => {
  it('loads the first page under a spinner named by the loading message when the screen draws its rows', async () => {
    server.use(requisitionListLoadingHandler());
    renderThings();
    expect(await screen.findByRole('status', { name: 'Loading things' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('draws the rows with renderRows and counts in the heading what `count` says, in words', async () => {
    serve(3);
    renderThings();
    await waitFor(() => expect(cards()).toHaveLength(3));
    const heading = screen.getByRole('heading', { name: 'Things 7 waiting', level: 1 });
    expect(within(heading).getByText('7 waiting')).toHaveAttribute('data-accent-color', 'amber');
    // Everything fits on one page: no pager.
    expect(screen.queryByRole('navigation', { name: 'Thing pages' })).not.toBeInTheDocument();
  });

  it("heads the list with the page's one h1 under a breadcrumb from the dashboard (issue 19, item 12)", async () => {
    serve(3);
    renderThings();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(trail).getByText('Things')).toHaveAttribute('aria-current', 'page');
  });

  it('changes the page size from the pager, back on the first page', async () => {
    const urls = serve(25);
    const { user, onChange } = renderThings();
    const pages = await screen.findByRole('navigation', { name: 'Thing pages' });
    await user.click(within(pages).getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Showing 11 to 20 of 25 results');
    await user.click(screen.getByRole('combobox', { name: 'Things per page' }));
    await user.click(await screen.findByRole('option', { name: '20' }));
    // The pager asks for the size, then for page 1: the second change builds on the first.
    expect(onChange).toHaveBeenLastCalledWith({ page_size: 20 });
    expect(await screen.findByText('Showing 1 to 20 of 25 results')).toBeInTheDocument();
    expect(urls.at(-1)?.searchParams.get('limit')).toBe('20');
    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Standard' }));
    expect(onChange).toHaveBeenLastCalledWith({ category: ['standard'], page_size: 20 });
  });

  it('keeps the view through filters and Clear, and does not count the view as a filter', async () => {
    serve(3);
    const { user, onChange } = renderThings();
    await waitFor(() => expect(cards()).toHaveLength(3));
    await user.click(screen.getByRole('button', { name: 'Drafts only' }));
    // No drafts: the view is empty, not a filter that matches nothing.
    expect(await screen.findByText('No drafts')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Filters/ }));
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Standard' }));
    expect(onChange).toHaveBeenLastCalledWith({ view: 'drafts', category: ['standard'] });
    expect(await screen.findByText('No things match')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onChange).toHaveBeenLastCalledWith({ view: 'drafts' });
    expect(await screen.findByText('No drafts')).toBeInTheDocument();
  });

  it('filters a list loaded whole at each keystroke, and tells an empty list from no match', async () => {
    const urls = serve(12);
    const { user, onChange } = renderThings(inMemory);
    await waitFor(() => expect(cards()).toHaveLength(10));
    await user.type(screen.getByRole('searchbox', { name: 'Search things' }), '00012');
    // Written at each keystroke, not after a pause: the cards follow at once.
    expect(onChange).toHaveBeenLastCalledWith({ search: '00012' });
    expect(cards().map((card) => card.textContent)).toEqual(['REQ-2026-00012']);
    await user.type(screen.getByRole('searchbox', { name: 'Search things' }), '9');
    expect(screen.getByText('No things match')).toBeInTheDocument();
    expect(urls).toHaveLength(1);
  });

  it('says a list loaded whole is empty, whatever is searched, when it holds nothing', async () => {
    serve(0);
    const { user } = renderThings(inMemory);
    expect(await screen.findByText('No things yet')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search things' }), 'REQ');
    expect(screen.getByText('No things yet')).toBeInTheDocument();
    expect(screen.queryByText('No things match')).not.toBeInTheDocument();
  });
});
