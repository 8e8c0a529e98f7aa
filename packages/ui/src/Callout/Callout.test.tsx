import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Callout } from './Callout';

describe('Callout', () => {
  it('announces an error as an alert with its action', () => {
    render(
      <Callout variant="error" action={<button type="button">Retry</button>}>
        Failed to load dashboard
      </Callout>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed to load dashboard');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('shows information as a polite status', () => {
    render(<Callout>Please select an organization</Callout>);
    expect(screen.getByRole('status')).toHaveTextContent('Please select an organization');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is drawn in high contrast so its text meets WCAG AA', () => {
    render(<Callout variant="warning">Budget Notice</Callout>);
    expect(screen.getByRole('status')).toHaveClass('rt-high-contrast');
  });
});
