import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './EmptyState';

describe('EmptyState', () => {
  it('shows its title as a heading with the description and action', () => {
    render(
      <EmptyState
        title="No recent activity"
        description="Your activity will appear here."
        action={<button type="button">Create your first requisition</button>}
      />,
    );
    expect(screen.getByRole('heading', { name: 'No recent activity' })).toBeInTheDocument();
    expect(screen.getByText('Your activity will appear here.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create your first requisition' })).toBeInTheDocument();
  });
});
