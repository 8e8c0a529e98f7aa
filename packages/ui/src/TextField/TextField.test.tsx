import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextField } from './TextField';

describe('TextField', () => {
  it('ties its visible label to the input', async () => {
    render(<TextField label="Email" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.type(input, 'uma@acme.test');
    expect(input).toHaveValue('uma@acme.test');
  });

  it('shows the error text, marks the input invalid and describes it with the error', () => {
    render(<TextField label="Email" error="Please enter a valid email address" />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
  });

  it('shows a hint as the description when there is no error', () => {
    render(<TextField label="Phone" hint="Include the area code" />);
    expect(screen.getByRole('textbox', { name: 'Phone' })).toHaveAccessibleDescription(
      'Include the area code',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('hides a password until the labelled toggle is pressed, then hides it again', async () => {
    render(<TextField label="Password" type="password" defaultValue="Password123!" />);
    const input = screen.getByLabelText('Password', { selector: 'input' });
    expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(hide);
    expect(input).toHaveAttribute('type', 'password');
  });

  it('disables the password toggle together with the input', () => {
    render(<TextField label="Password" type="password" disabled />);
    expect(screen.getByLabelText('Password', { selector: 'input' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Show password' })).toBeDisabled();
  });
});
