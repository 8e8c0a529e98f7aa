// @vitest-environment node
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { forgetDecidedStep } from './approval-cache';
import { requisitionKeys } from './purchasing-queries';

const ACME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

const step = (requisitionId: string) => ({ id: `step-${requisitionId}`, requisition: { id: requisitionId } });
const page = (ids: string[], total: number, capped = false) => ({
  pending_approvals: ids.map(step),
  pagination: { limit: 10, offset: 0, total, ...(capped ? { total_capped: true } : {}), cursor: 'c' },
});

describe('forgetDecidedStep', () => {
  it('takes the decided requisition out of every cached pending page and its total, and nothing else', () => {
    const queryClient = new QueryClient();
    const pending = requisitionKeys.pendingApprovals(ACME, { status: 'Pending', limit: 10, offset: 0 });
    const pendingByDefault = requisitionKeys.pendingApprovals(ACME, { search: 'office' });
    const capped = requisitionKeys.pendingApprovals(ACME, { limit: 10, offset: 10 });
    const completed = requisitionKeys.pendingApprovals(ACME, { status: 'Completed' });
    const otherOrganization = requisitionKeys.pendingApprovals(OTHER, { status: 'Pending' });
    queryClient.setQueryData(pending, page(['a', 'b', 'c'], 3));
    queryClient.setQueryData(pendingByDefault, page(['b'], 1));
    queryClient.setQueryData(capped, page(['b', 'd'], 10_000, true));
    queryClient.setQueryData(completed, page(['b'], 1));
    queryClient.setQueryData(otherOrganization, page(['b'], 1));

    forgetDecidedStep(queryClient, ACME, 'b');

    expect(queryClient.getQueryData(pending)).toEqual(page(['a', 'c'], 2));
    expect(queryClient.getQueryData(pendingByDefault)).toEqual(page([], 0));
    expect(queryClient.getQueryData(capped)).toEqual(page(['d'], 10_000, true));
    expect(queryClient.getQueryData(completed)).toEqual(page(['b'], 1));
    expect(queryClient.getQueryData(otherOrganization)).toEqual(page(['b'], 1));
  });

  it('leaves a page without the requisition as it was (the same object)', () => {
    const queryClient = new QueryClient();
    const key = requisitionKeys.pendingApprovals(ACME, {});
    const before = page(['a'], 1);
    queryClient.setQueryData(key, before);
    forgetDecidedStep(queryClient, ACME, 'z');
    expect(queryClient.getQueryData(key)).toBe(before);
  });
});
