import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { PendingScreen } from './PendingScreen';

describe('PendingScreen', () => {
  it('is headed with the page name and does not claim the feature is coming soon', () => {
    renderScreen(<PendingScreen title="Requisitions" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Requisitions' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('DashboardRequisitions');
    expect(screen.getByText('This page is not available yet.')).toBeInTheDocument();
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();
  });
});
