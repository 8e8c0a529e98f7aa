import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../test/render';
import { ComingSoonScreen } from './ComingSoonScreen';

describe('ComingSoonScreen', () => {
  it('is headed with the feature name and says only that it is coming soon', () => {
    renderScreen(<ComingSoonScreen title="Vendors" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Vendors' })).toBeInTheDocument();
    expect(screen.getByText('This feature is coming soon.')).toBeInTheDocument();
  });

  it('has the page head of a screen of the sidebar: the breadcrumb from the dashboard (issue 19, item 12)', () => {
    renderScreen(<ComingSoonScreen title="Vendors" />);
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(trail).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(within(trail).getByText('Vendors')).toHaveAttribute('aria-current', 'page');
  });
});
