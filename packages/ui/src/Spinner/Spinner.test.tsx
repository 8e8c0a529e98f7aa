import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FullPageSpinner, Spinner } from './Spinner';

describe('Spinner', () => {
  it('announces itself as a status named after what is loading', () => {
    render(<Spinner label="Loading requisitions" />);
    expect(screen.getByRole('status', { name: 'Loading requisitions' })).toBeInTheDocument();
  });

  it('defaults its accessible name to Loading...', () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading...' })).toBeInTheDocument();
  });
});

describe('FullPageSpinner', () => {
  it('centres a labelled spinner in a viewport-high box', () => {
    render(<FullPageSpinner label="Loading session" />);
    const status = screen.getByRole('status', { name: 'Loading session' });
    const box = status.parentElement as HTMLElement;
    expect(box.style.minHeight).toBe('100vh');
    expect(box.className).toMatch(/rt-r-ai-center/);
    expect(box.className).toMatch(/rt-r-jc-center/);
  });
});
