import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { pageCursor } from '../test/paging';
import { renderScreen } from '../test/render';
import { createRequisitionApi } from '../test/requisitionHandlers';
import {
  buildRequisitionList,
  largeRequisitionListHandler,
  requisitionListHandler,
} from '../test/requisitionListHandlers';
import { server } from '../test/server';
import { RequisitionListScreen } from './RequisitionListScreen';
import type { RequisitionListSearch } from './searchParams';

/** Holds the URL state like a host router would. */
function Harness({ initial = {} }: { initial?: RequisitionListSearch }) {
  const [search, setSearch] = useState(initial);
  return <RequisitionListScreen search={search} onSearchChange={setSearch} />;
}

/** The list's handlers, `list` first, recording the URL of every list call. */
function serve(list: (onRequest: (url: URL) => void) => Parameters<typeof server.use>[0]) {
  const urls: URL[] = [];
  server.use(
    list((url) => urls.push(url)),
    ...createRequisitionApi([]).handlers,
  );
  return urls;
}

const pager = () => screen.getByRole('navigation', { name: 'Requisition pages' });

describe('RequisitionListScreen in a very large organisation', () => {
  it("reads a capped count as '10,000+' in the heading and the pager, with Last disabled", async () => {
    serve((onRequest) => largeRequisitionListHandler(25_000, onRequest));
    renderScreen(<Harness />, { signedIn: true });
    expect(await screen.findByText('Showing 1 to 10 of 10,000+ results')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Requisitions 10,000+ in total' })).toBeInTheDocument();
    expect(within(pager()).getByRole('button', { name: 'Last page' })).toBeDisabled();
    expect(within(pager()).getByRole('button', { name: 'Next page' })).toBeEnabled();
  });

  it('asks for page 2 with offset 10 and the cursor of page 1, which the first request had none of', async () => {
    const urls = serve((onRequest) => requisitionListHandler(buildRequisitionList(25), onRequest));
    const { user } = renderScreen(<Harness />, { signedIn: true });
    await screen.findByText('Showing 1 to 10 of 25 results');
    expect(urls[0]?.searchParams.has('cursor')).toBe(false);
    await user.click(within(pager()).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 11 to 20 of 25 results')).toBeInTheDocument();
    expect(urls.at(-1)?.searchParams.get('offset')).toBe('10');
    expect(urls.at(-1)?.searchParams.get('cursor')).toBe(pageCursor(0));
    await user.click(within(pager()).getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 21 to 25 of 25 results')).toBeInTheDocument();
    expect(urls.at(-1)?.searchParams.get('cursor')).toBe(pageCursor(10));
  });

  it('stays on a bookmarked page past the counted rows and goes on from its cursor', async () => {
    const urls = serve((onRequest) => largeRequisitionListHandler(25_000, onRequest));
    const { user } = renderScreen(<Harness initial={{ page: 1001 }} />, { signedIn: true });
    expect(await screen.findByText('Showing 10,001 to 10,010 of 10,000+ results')).toBeInTheDocument();
    expect(within(pager()).getByRole('button', { name: 'Page 1001' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(pager()).getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 10,011 to 10,020 of 10,000+ results')).toBeInTheDocument();
    expect(urls.at(-1)?.searchParams.get('offset')).toBe('10010');
    expect(urls.at(-1)?.searchParams.get('cursor')).toBe(pageCursor(10_000));
  });
});
