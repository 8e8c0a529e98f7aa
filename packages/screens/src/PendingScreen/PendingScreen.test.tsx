import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PendingScreen } from './PendingScreen';

describe('PendingScreen', () => {
  it('is headed with the page name and does not claim the feature is coming soon', () => {
    render(<PendingScreen title="Requisitions" />);
    expect(screen.getByRole('heading', { name: 'Requisitions' })).toBeInTheDocument();
    expect(screen.getByText('This page is not available yet.')).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
  });
});
