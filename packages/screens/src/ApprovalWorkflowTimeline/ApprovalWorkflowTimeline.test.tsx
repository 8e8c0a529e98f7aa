import type { Schemas } from '@purchasing/api-client';
import { formatDateTime } from '@purchasing/ui';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { approverRef, financeRef } from '../test/requisitionHandlers';
import { ApprovalWorkflowTimeline } from './ApprovalWorkflowTimeline';

type ApprovalStep = Schemas['ApprovalStep'];

function step(n: number, overrides: Partial<ApprovalStep>): ApprovalStep {
  return {
    id: `00000000-0000-4000-8000-${String(9000 + n).padStart(12, '0')}`,
    approval_level: 1,
    level_title: 'Manager Approval',
    approver: approverRef,
    approver_group: null,
    action: null,
    comments: null,
    actioned_at: null,
    delegated_from: null,
    created_at: '2026-11-16T09:00:00.000Z',
    ...overrides,
  };
}

function entries() {
  return within(screen.getByRole('list', { name: 'Approval workflow' })).getAllByRole('listitem');
}

describe('ApprovalWorkflowTimeline', () => {
  it("shows an open step's due time and, once escalated, from whom; the escalation's words as a note", () => {
    const due = new Date(Date.now() - 2 * 3_600_000 - 60_000).toISOString();
    render(
      <ApprovalWorkflowTimeline
        steps={[
          step(1, {
            action: 'delegate',
            actioned_at: '2026-11-18T10:00:00.000Z',
            comments: 'Escalated to Fiona Chen: overdue since 2026-11-18 09:00 UTC.',
            due_at: due,
            overdue: false,
            escalated_at: '2026-11-18T10:00:00.000Z',
          }),
          step(2, {
            approver: financeRef,
            created_at: '2026-11-18T10:00:00.000Z',
            delegated_from: approverRef,
            due_at: due,
            overdue: true,
            escalated_at: '2026-11-18T10:00:00.000Z',
          }),
        ]}
      />,
    );
    const [closed, open] = entries();
    expect(within(closed as HTMLElement).queryByText(/^“/)).toBeNull();
    expect(
      within(closed as HTMLElement).getByText(/^Escalated to Fiona Chen: overdue since/),
    ).toBeInTheDocument();
    expect(within(closed as HTMLElement).queryByText(/^Overdue by/)).toBeNull();
    expect(within(open as HTMLElement).getByText('Overdue by 2 hours')).toBeInTheDocument();
    expect(within(open as HTMLElement).getByText(/^Escalated from/)).toBeInTheDocument();
    expect(within(open as HTMLElement).getByText(formatDateTime(due))).toBeInTheDocument();
  });

  it('says when an open step is due, and shows nothing for a step without a due time', () => {
    const due = new Date(Date.now() + 5 * 3_600_000 + 60_000).toISOString();
    render(
      <ApprovalWorkflowTimeline
        steps={[step(1, { due_at: due, overdue: false }), step(2, { approval_level: 2 })]}
      />,
    );
    const [first, second] = entries();
    expect(within(first as HTMLElement).getByText('Due in 5 hours')).toBeInTheDocument();
    expect(within(second as HTMLElement).queryByText(/^(Due|Overdue)/)).toBeNull();
  });

  it('says an approval was superseded by a change after approval', () => {
    render(
      <ApprovalWorkflowTimeline
        steps={[
          step(1, {
            action: 'approve',
            actioned_at: '2026-11-16T10:00:00.000Z',
            superseded_at: '2026-11-17T09:00:00.000Z',
          }),
          step(2, { created_at: '2026-11-17T09:00:00.000Z' }),
        ]}
      />,
    );
    const [first, second] = entries();
    expect(first).toHaveTextContent(
      'Superseded: the requisition changed after approval and went back for approval.',
    );
    expect(second).not.toHaveTextContent('Superseded');
  });

  it('lists the steps as an ordered list sorted by level, then by creation time', () => {
    render(
      <ApprovalWorkflowTimeline
        steps={[
          step(1, { approval_level: 3, level_title: 'Finance Manager Approval' }),
          step(2, {
            approval_level: 2,
            level_title: 'Department Head Approval',
            created_at: '2026-11-17T09:00:00.000Z',
            approver: financeRef,
          }),
          step(3, {
            approval_level: 2,
            level_title: 'Department Head Approval',
            created_at: '2026-11-16T09:00:00.000Z',
            action: 'delegate',
            actioned_at: '2026-11-16T10:00:00.000Z',
          }),
          step(4, { action: 'approve', actioned_at: '2026-11-15T10:00:00.000Z' }),
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Approval workflow' });
    expect(list.tagName).toBe('OL');
    expect(entries().map((entry) => entry.getAttribute('data-step-action'))).toEqual([
      'approve',
      'delegate',
      'pending',
      'pending',
    ]);
    expect(entries()[0]).toHaveTextContent('Manager Approval');
    expect(entries()[3]).toHaveTextContent('Finance Manager Approval');
  });

  it('shows each action as a human label', () => {
    render(
      <ApprovalWorkflowTimeline
        steps={[
          step(1, { action: 'approve', actioned_at: '2026-11-15T10:00:00.000Z' }),
          step(2, { approval_level: 2, action: 'auto_approve', actioned_at: '2026-11-15T10:00:00.000Z' }),
          step(3, { approval_level: 3, action: 'reject', actioned_at: '2026-11-15T10:00:00.000Z' }),
          step(4, { approval_level: 4, action: 'request_info', actioned_at: '2026-11-15T10:00:00.000Z' }),
          step(5, { approval_level: 5, action: 'delegate', actioned_at: '2026-11-15T10:00:00.000Z' }),
          step(6, { approval_level: 6 }),
        ]}
      />,
    );
    const labels = ['Approved', 'Auto-approved', 'Rejected', 'Info Requested', 'Delegated', 'Pending'];
    entries().forEach((entry, index) => {
      expect(within(entry).getByText(labels[index] ?? '')).toBeInTheDocument();
    });
  });

  it('shows the approver by name and email, and the decision time', () => {
    render(
      <ApprovalWorkflowTimeline
        steps={[step(1, { action: 'approve', actioned_at: '2026-11-15T10:00:00.000Z' })]}
      />,
    );
    const [entry] = entries();
    expect(entry).toHaveTextContent('Alex Morgan');
    expect(entry).toHaveTextContent('admin@acme.test');
    expect(entry).toHaveTextContent(formatDateTime('2026-11-15T10:00:00.000Z'));
  });

  it('names the group of an open group step and says since when it awaits a decision', () => {
    render(
      <ApprovalWorkflowTimeline
        steps={[
          step(1, {
            approval_level: 3,
            level_title: 'Finance Manager Approval',
            approver: null,
            approver_group: 'Finance Manager',
          }),
        ]}
      />,
    );
    const [entry] = entries();
    expect(entry).toHaveTextContent('Any Finance Manager');
    expect(entry).toHaveTextContent(`Awaiting decision since ${formatDateTime('2026-11-16T09:00:00.000Z')}`);
    expect(within(entry as HTMLElement).getByText('Pending')).toBeInTheDocument();
  });

  it('quotes the comments and says who delegated the step', () => {
    render(
      <ApprovalWorkflowTimeline
        steps={[
          step(1, {
            approver: financeRef,
            delegated_from: approverRef,
            action: 'approve',
            comments: 'Within budget.',
            actioned_at: '2026-11-15T10:00:00.000Z',
          }),
        ]}
      />,
    );
    const [entry] = entries();
    expect(within(entry as HTMLElement).getByText('“Within budget.”')).toBeInTheDocument();
    expect(entry).toHaveTextContent('Delegated by Alex Morgan');
  });

  it('says the requisition is not yet submitted when there are no steps', () => {
    render(<ApprovalWorkflowTimeline steps={[]} />);
    expect(screen.getByText('Not yet submitted for approval')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  describe('a committee level (N of M)', () => {
    const person = (n: number, first: string, last: string) => ({
      id: `00000000-0000-4000-8000-${String(9500 + n).padStart(12, '0')}`,
      first_name: first,
      last_name: last,
      email: `${first.toLowerCase()}@example.com`,
    });
    const [ana, ben, cleo, dev] = [
      person(1, 'Ana', 'Board'),
      person(2, 'Ben', 'Board'),
      person(3, 'Cleo', 'Board'),
      person(4, 'Dev', 'Board'),
    ];
    const member = (n: number, approver: ApprovalStep['approver'], change: Partial<ApprovalStep> = {}) =>
      step(20 + n, {
        approval_level: 2,
        level_title: 'Board Approval',
        approver,
        required_approvals: 3,
        created_at: '2026-11-17T09:00:00.000Z',
        ...change,
      });
    const approvedAt = { action: 'approve' as const, actioned_at: '2026-11-17T10:00:00.000Z' };

    it('is one entry saying who approved and who is awaited', () => {
      render(
        <ApprovalWorkflowTimeline
          steps={[
            step(1, { action: 'approve', actioned_at: '2026-11-16T10:00:00.000Z' }),
            member(1, ana, approvedAt),
            member(2, ben, approvedAt),
            member(3, cleo),
            member(4, dev),
          ]}
        />,
      );
      const list = screen.getByRole('list', { name: 'Approval workflow' });
      expect(list.querySelectorAll(':scope > li')).toHaveLength(2);
      expect(
        screen.getByText('2 of 3 approved: Ana Board, Ben Board; waiting for Cleo Board, Dev Board'),
      ).toBeInTheDocument();
      expect(screen.getByText(/Committee: 3 of 4/)).toBeInTheDocument();
      const decisions = within(screen.getByRole('list', { name: 'Decisions of Board Approval' }));
      expect(decisions.getAllByRole('listitem')).toHaveLength(4);
      expect(decisions.getAllByText('Approved')).toHaveLength(2);
      expect(decisions.getAllByText('Pending')).toHaveLength(2);
    });

    it('says who rejected it, with their comment', () => {
      render(
        <ApprovalWorkflowTimeline
          steps={[
            member(1, ana, approvedAt),
            member(2, ben, {
              action: 'reject',
              actioned_at: '2026-11-17T11:00:00.000Z',
              comments: 'Too dear',
            }),
          ]}
        />,
      );
      expect(screen.getByText('Rejected by Ben Board. 1 of 3 approved: Ana Board')).toBeInTheDocument();
      expect(screen.getByText('“Too dear”')).toBeInTheDocument();
    });

    describe('when any one of the named users decides (1 approval needed)', () => {
      const anyOne = (n: number, approver: ApprovalStep['approver'], change: Partial<ApprovalStep> = {}) =>
        member(n, approver, { required_approvals: 1, ...change });

      it('lists everyone asked while waiting', () => {
        render(<ApprovalWorkflowTimeline steps={[anyOne(1, ana), anyOne(2, ben), anyOne(3, cleo)]} />);
        expect(screen.getByText('Any of: Ana Board, Ben Board, Cleo Board')).toBeInTheDocument();
        expect(screen.getByText('Any one of 3')).toBeInTheDocument();
        expect(screen.queryByText(/Committee:/)).not.toBeInTheDocument();
        expect(screen.queryByText(/approved:/)).not.toBeInTheDocument();
      });

      it("says who decided once one of them has (the others' seats are closed and not listed)", () => {
        render(<ApprovalWorkflowTimeline steps={[anyOne(2, ben, approvedAt)]} />);
        expect(screen.getByText('Approved by Ben Board')).toBeInTheDocument();
        expect(screen.getByText('Any one of the named users')).toBeInTheDocument();
        expect(screen.queryByText('Pending')).not.toBeInTheDocument();
      });

      it('says who rejected or asked for information', () => {
        const { unmount } = render(
          <ApprovalWorkflowTimeline
            steps={[
              anyOne(1, ana, { action: 'reject', actioned_at: '2026-11-17T11:00:00.000Z', comments: 'No' }),
            ]}
          />,
        );
        expect(screen.getByText('Rejected by Ana Board')).toBeInTheDocument();
        unmount();
        render(
          <ApprovalWorkflowTimeline
            steps={[
              anyOne(1, ana, {
                action: 'request_info',
                actioned_at: '2026-11-17T11:00:00.000Z',
                comments: 'Which vendor?',
              }),
            ]}
          />,
        );
        expect(screen.getByText('Information requested by Ana Board')).toBeInTheDocument();
      });
    });
  });
});
