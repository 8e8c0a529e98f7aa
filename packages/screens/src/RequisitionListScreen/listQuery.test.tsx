import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { createRequisitionApi } from '../test/requisitionHandlers';
import { buildRequisitionList, requisitionListHandler } from '../test/requisitionListHandlers';
import { server } from '../test/server';
import { requisitionListQuery } from './listQuery';
import { RequisitionListScreen } from './RequisitionListScreen';
import type { RequisitionListSearch } from './searchParams';

describe('requisitionListQuery', () => {
  it("is the screen's own query for a search: a host's loader fills the cache the screen reads", async () => {
    const urls: URL[] = [];
    server.use(
      requisitionListHandler(buildRequisitionList(25), (url) => urls.push(url)),
      ...createRequisitionApi([]).handlers,
    );
    const search: RequisitionListSearch = { page: 2 };
    const { client, store, queryClient } = renderScreen(
      <RequisitionListScreen search={search} onSearchChange={() => {}} />,
      { signedIn: true },
    );
    await screen.findByText(/^Showing 11 to/);
    const organizationId = store.getOrganizationId();
    expect(organizationId).not.toBeNull();

    const prefetched = requisitionListQuery(client, organizationId ?? '', search);
    expect(queryClient.getQueryData(prefetched.queryKey)).toBeDefined();
    await waitFor(() => expect(urls).toHaveLength(1));
    const [asked] = urls;
    expect(asked?.searchParams.get('offset')).toBe('10');
    expect(asked?.searchParams.get('limit')).toBe('10');
  });
});
