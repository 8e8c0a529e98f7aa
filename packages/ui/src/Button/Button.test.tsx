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

  it("gives a secondary button in a colour of its own the colour's dark text, which keeps AA on a tinted page", () => {
    render(
      <>
        <Button variant="secondary" color="red">
          Cancel
        </Button>
        <Button variant="secondary">Back</Button>
        <Button variant="secondary" color="red" highContrast={false}>
          Remove
        </Button>
      </>,
    );
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel).toHaveAttribute('data-accent-color', 'red');
    expect(cancel.className).toMatch(/rt-variant-soft/);
    expect(cancel.className).toMatch(/rt-high-contrast/);
    expect(screen.getByRole('button', { name: 'Back' }).className).not.toMatch(/rt-high-contrast/);
    expect(screen.getByRole('button', { name: 'Remove' }).className).not.toMatch(/rt-high-contrast/);
  });
});
