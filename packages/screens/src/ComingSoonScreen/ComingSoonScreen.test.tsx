import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ComingSoonScreen } from './ComingSoonScreen';

describe('ComingSoonScreen', () => {
  it('is headed with the feature name and says only that it is coming soon', () => {
    render(<ComingSoonScreen title="Vendors" />);
    expect(screen.getByRole('heading', { name: 'Vendors' })).toBeInTheDocument();
    expect(screen.getByText('This feature is coming soon.')).toBeInTheDocument();
  });
});
