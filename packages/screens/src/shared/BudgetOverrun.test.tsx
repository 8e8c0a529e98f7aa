import { Theme } from '@radix-ui/themes';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApprovalWorkflowTimeline } from '../ApprovalWorkflowTimeline';
import { BudgetOverrunBadge, BudgetOverrunCallout } from './BudgetOverrun';

const exceeded = { overrun: 500, available: 1000, checked_at: '2026-11-25T10:00:00.000Z' };

describe('the budget overrun shown to approvers', () => {
  it('says by how much the requisition is over and what was available, in its currency', () => {
    render(
      <Theme>
        <BudgetOverrunCallout requisition={{ budget_exceeded: exceeded, currency: 'AUD' }} />
        <BudgetOverrunBadge requisition={{ budget_exceeded: exceeded, currency: 'AUD' }} />
      </Theme>,
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'Over budget: this requisition exceeds the available budget of its cost center by $500.00. $1,000.00 was available when it was checked on',
    );
    expect(screen.getByRole('status')).toHaveTextContent('so a Finance Manager Approval is required.');
    expect(screen.getByText('Over budget by $500.00')).toBeInTheDocument();
  });

  it('shows nothing for a requisition within budget', () => {
    const { container } = render(
      <Theme>
        <BudgetOverrunCallout requisition={{ budget_exceeded: null, currency: 'AUD' }} />
        <BudgetOverrunBadge requisition={{ currency: 'AUD' }} />
      </Theme>,
    );
    expect(container.textContent).toBe('');
  });

  it('marks the Finance level the overrun added in the workflow', () => {
    render(
      <Theme>
        <ApprovalWorkflowTimeline
          currency="AUD"
          steps={[
            {
              id: '00000000-0000-4000-8000-000000000001',
              approval_level: 3,
              level_title: 'Finance Manager Approval',
              approver: null,
              approver_group: 'Finance Manager',
              action: null,
              comments: null,
              actioned_at: null,
              delegated_from: null,
              required_for: 'budget_overrun',
              created_at: '2026-11-25T10:00:00.000Z',
            },
          ]}
        />
      </Theme>,
    );
    expect(screen.getByText('Added because the requisition exceeds its budget')).toBeInTheDocument();
  });
});
