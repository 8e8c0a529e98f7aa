import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatTile } from './StatTile';

describe('StatTile', () => {
  it('shows its label and value inside a group named after the label', () => {
    render(<StatTile label="Monthly Spend" value="$12,345.50" icon={<svg />} />);
    const tile = screen.getByRole('group', { name: 'Monthly Spend' });
    expect(within(tile).getByText('$12,345.50')).toBeInTheDocument();
  });

  it('hides the value and marks the tile busy while loading', () => {
    render(<StatTile label="Pending Approvals" value="7" loading />);
    const tile = screen.getByRole('group', { name: 'Pending Approvals' });
    expect(tile).toHaveAttribute('aria-busy', 'true');
    expect(within(tile).queryByText('7')).not.toBeInTheDocument();
  });
});
