import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ToggleSwitch } from './ToggleSwitch';

describe('ToggleSwitch', () => {
  it('is a switch named by its label', () => {
    render(<ToggleSwitch label="Send invitation email" defaultChecked />);
    expect(screen.getByRole('switch', { name: 'Send invitation email' })).toBeChecked();
  });

  it('is described by its description', () => {
    render(<ToggleSwitch label="Account Active" description="Inactive users cannot sign in" />);
    expect(screen.getByRole('switch', { name: 'Account Active' })).toHaveAccessibleDescription(
      'Inactive users cannot sign in',
    );
  });

  it('has no description when none is given', () => {
    render(<ToggleSwitch label="Account Active" />);
    expect(screen.getByRole('switch', { name: 'Account Active' })).not.toHaveAttribute('aria-describedby');
  });

  it('toggles on click and reports the new state', async () => {
    const onCheckedChange = vi.fn();
    render(<ToggleSwitch label="Account Active" onCheckedChange={onCheckedChange} />);
    const control = screen.getByRole('switch', { name: 'Account Active' });
    await userEvent.click(control);
    expect(control).toBeChecked();
    expect(onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.click(control);
    expect(control).not.toBeChecked();
    expect(onCheckedChange).toHaveBeenLastCalledWith(false);
  });

  it('toggles when its label is clicked', async () => {
    render(<ToggleSwitch label="Account Active" />);
    await userEvent.click(screen.getByText('Account Active'));
    expect(screen.getByRole('switch', { name: 'Account Active' })).toBeChecked();
  });

  it('toggles from the keyboard with Space', async () => {
    render(<ToggleSwitch label="Account Active" />);
    await userEvent.tab();
    const control = screen.getByRole('switch', { name: 'Account Active' });
    expect(control).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(control).toBeChecked();
  });

  it('cannot be toggled when disabled', async () => {
    const onCheckedChange = vi.fn();
    render(<ToggleSwitch label="Account Active" disabled onCheckedChange={onCheckedChange} />);
    const control = screen.getByRole('switch', { name: 'Account Active' });
    expect(control).toBeDisabled();
    await userEvent.click(control);
    expect(onCheckedChange).not.toHaveBeenCalled();
  });
});
