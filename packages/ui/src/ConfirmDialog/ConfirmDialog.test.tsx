import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, type ConfirmDialogProps, confirmDialogVariants } from './ConfirmDialog';

function overlay(): HTMLElement {
  const element = document.querySelector<HTMLElement>('.rt-BaseDialogOverlay');
  if (!element) throw new Error('no overlay');
  return element;
}

function Harness(props: Partial<ConfirmDialogProps>) {
  const [open, setOpen] = useState(true);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      onConfirm={() => {}}
      title="Cancel Purchase Order"
      message="This action cannot be undone."
      {...props}
    />
  );
}

describe('ConfirmDialog', () => {
  it('is an alert dialog named by its title and described by its message', () => {
    render(<Harness />);
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel Purchase Order' });
    expect(dialog).toHaveAccessibleDescription('This action cannot be undone.');
  });

  it('shows the confirm and cancel labels it is given, defaulting to Confirm and Cancel', () => {
    const { unmount } = render(<Harness />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    unmount();
    render(<Harness confirmLabel="Delete" cancelLabel="Keep" />);
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep' })).toBeInTheDocument();
  });

  it('starts with focus on the cancel button', () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('calls onConfirm when the confirm button is pressed', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} confirmLabel="Delete" />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('closes and calls onCancel when Cancel is pressed', async () => {
    const onCancel = vi.fn();
    render(<Harness onCancel={onCancel} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('closes on Escape when not loading', async () => {
    render(<Harness />);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('closes on an overlay click when not loading', async () => {
    const onCancel = vi.fn();
    render(<Harness onCancel={onCancel} />);
    await userEvent.click(overlay());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('does not close on a click inside the dialog', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByText('This action cannot be undone.'));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('cannot be closed by Escape while loading', async () => {
    const onOpenChange = vi.fn();
    render(<Harness loading onOpenChange={onOpenChange} />);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Cancel Purchase Order' })).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it('cannot be closed by an overlay click while loading', async () => {
    const onOpenChange = vi.fn();
    render(<Harness loading onOpenChange={onOpenChange} />);
    await userEvent.click(overlay());
    expect(screen.getByRole('alertdialog', { name: 'Cancel Purchase Order' })).toBeInTheDocument();
    expect(onOpenChange).not.toHaveBeenCalled();
  });

  it("shows 'Loading...' on the confirm button and disables both buttons while loading", async () => {
    const onConfirm = vi.fn();
    render(<Harness loading onConfirm={onConfirm} confirmLabel="Delete" />);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    const confirm = screen.getByRole('button', { name: 'Loading...' });
    expect(confirm).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.click(confirm);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('can be dismissed again once loading ends', async () => {
    const { rerender } = render(<Harness loading />);
    rerender(<Harness loading={false} />);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('offers the variants default, danger, warning, success and info, each with a colour and icon', () => {
    expect(Object.keys(confirmDialogVariants)).toEqual(['default', 'danger', 'warning', 'success', 'info']);
    for (const { color, Icon } of Object.values(confirmDialogVariants)) {
      expect(color).toEqual(expect.any(String));
      expect(Icon).toBeTruthy();
    }
  });

  it.each(Object.keys(confirmDialogVariants) as (keyof typeof confirmDialogVariants)[])(
    'colours the confirm button of the %s variant with its colour and contrast',
    (variant) => {
      render(<Harness variant={variant} confirmLabel="Go" />);
      const button = screen.getByRole('button', { name: 'Go' });
      expect(button).toHaveAttribute('data-accent-color', confirmDialogVariants[variant].color);
      expect(button.classList.contains('rt-high-contrast')).toBe(confirmDialogVariants[variant].highContrast);
    },
  );
});
