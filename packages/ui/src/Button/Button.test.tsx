import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './Button';

describe('Button', () => {
  it('calls onClick when pressed', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is disabled and busy while loading, and keeps its label visible', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick}>
        Signing in...
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Signing in...' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('maps the danger variant to a red solid Radix button in high contrast', () => {
    render(<Button variant="danger">Delete</Button>);
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('data-accent-color', 'red');
    expect(button.className).toMatch(/rt-variant-solid/);
    expect(button.className).toMatch(/rt-high-contrast/);
  });

  it('maps the success variant to a green solid Radix button in high contrast', () => {
    render(<Button variant="success">Approve</Button>);
    const button = screen.getByRole('button', { name: 'Approve' });
    expect(button).toHaveAttribute('data-accent-color', 'green');
    expect(button.className).toMatch(/rt-variant-solid/);
    expect(button.className).toMatch(/rt-high-contrast/);
  });
});
