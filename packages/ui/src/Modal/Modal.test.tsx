import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal, type ModalProps, modalSizes } from './Modal';

/** The dimmed overlay around the dialog (it has no role, so it is found by Radix Themes' class). */
function overlay(): HTMLElement {
  const element = document.querySelector<HTMLElement>('.rt-BaseDialogOverlay');
  if (!element) throw new Error('no overlay');
  return element;
}

function ControlledModal(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(true);
  return (
    <Modal title="Bulk Import" open={open} onOpenChange={setOpen} {...props}>
      <p>Upload a CSV file.</p>
    </Modal>
  );
}

describe('Modal', () => {
  it('is a dialog named by its title and described by its description', () => {
    render(<ControlledModal description="Columns: email, first_name, last_name, phone, role_name" />);
    const dialog = screen.getByRole('dialog', { name: 'Bulk Import' });
    expect(dialog).toHaveAccessibleDescription('Columns: email, first_name, last_name, phone, role_name');
    expect(dialog).toHaveTextContent('Upload a CSV file.');
  });

  it('renders without a description and without warning about it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<ControlledModal />);
    expect(screen.getByRole('dialog', { name: 'Bulk Import' })).not.toHaveAttribute('aria-describedby');
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    warn.mockRestore();
    error.mockRestore();
  });

  it('opens from its trigger and moves focus into the dialog', async () => {
    render(<Modal title="Bulk Import" trigger={<button type="button">Bulk Import</button>} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bulk Import' }));
    const dialog = screen.getByRole('dialog', { name: 'Bulk Import' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('closes on Escape by default', async () => {
    render(<ControlledModal />);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stays open on Escape when closeOnEscape is false', async () => {
    render(<ControlledModal closeOnEscape={false} />);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Bulk Import' })).toBeInTheDocument();
  });

  it('closes on an overlay click by default', async () => {
    render(<ControlledModal />);
    await userEvent.click(overlay());
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('stays open on an overlay click when closeOnOverlayClick is false', async () => {
    render(<ControlledModal closeOnOverlayClick={false} />);
    await userEvent.click(overlay());
    expect(screen.getByRole('dialog', { name: 'Bulk Import' })).toBeInTheDocument();
  });

  it('does not close on a click inside the dialog', async () => {
    render(<ControlledModal />);
    await userEvent.click(screen.getByText('Upload a CSV file.'));
    expect(screen.getByRole('dialog', { name: 'Bulk Import' })).toBeInTheDocument();
  });

  it('closes with its labelled close button, even when Escape and overlay are switched off', async () => {
    const onOpenChange = vi.fn();
    render(
      <Modal
        title="Bulk Import"
        open
        onOpenChange={onOpenChange}
        closeOnEscape={false}
        closeOnOverlayClick={false}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('offers the sizes sm, md, lg, xl and full, each with its own width', () => {
    expect(Object.keys(modalSizes)).toEqual(['sm', 'md', 'lg', 'xl', 'full']);
    const widths = Object.values(modalSizes).map((size) => size.maxWidth);
    expect(new Set(widths).size).toBe(widths.length);
  });

  it.each(Object.keys(modalSizes) as (keyof typeof modalSizes)[])(
    'applies the %s width to the dialog',
    (size) => {
      render(<Modal title="Sized" open size={size} />);
      const dialog = screen.getByRole('dialog', { name: 'Sized' });
      expect(dialog).toHaveAttribute('data-size', size);
      expect(dialog.style.getPropertyValue('--max-width')).toBe(modalSizes[size].maxWidth);
    },
  );

  it('uses the md size by default', () => {
    render(<Modal title="Default" open />);
    expect(screen.getByRole('dialog', { name: 'Default' }).style.getPropertyValue('--max-width')).toBe(
      modalSizes.md.maxWidth,
    );
  });

  it('shows the footer actions', () => {
    render(<Modal title="Edit" open footer={<button type="button">Save</button>} />);
    expect(screen.getByRole('dialog', { name: 'Edit' })).toContainElement(
      screen.getByRole('button', { name: 'Save' }),
    );
  });
});
