import { ApiError } from '@purchasing/api-client';
import { TextField } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import { screen, waitFor, within } from '@testing-library/react';
import { type ReactElement, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { FormDialog, FormDialogButtons, type FormDialogControls } from './FormDialog';
import { serverFieldErrors, useDialogSave } from './useDialogSave';

type Field = 'name';

/** A one-field form on the kit: it saves through `save`, which the test resolves or rejects. */
function NameForm({
  controls,
  save,
}: {
  controls: FormDialogControls;
  save(name: string): Promise<{ id: string }>;
}): ReactElement {
  const [name, setName] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { save: mutation, formRef } = useDialogSave({
    controls,
    mutationFn: save,
    invalidate: ['things'],
    serverFields: { display_name: 'name' },
    onFieldErrors: setErrors,
    saved: 'Thing saved',
    failed: 'Failed to save thing',
  });
  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Thing"
      onSubmit={(event) => {
        event.preventDefault();
        mutation.mutate(name);
      }}
    >
      <Flex direction="column" gap="4">
        <TextField
          label="Name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={errors.name}
          aria-invalid={errors.name ? true : undefined}
        />
        <FormDialogButtons submitLabel="Save Thing" pending={mutation.isPending} onCancel={controls.onDone} />
      </Flex>
    </form>
  );
}

function Harness({ save }: { save(name: string): Promise<{ id: string }> }): ReactElement {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <FormDialog open={open} onOpenChange={setOpen} title="Add Thing" description="A thing to keep.">
        {(controls) => <NameForm controls={controls} save={save} />}
      </FormDialog>
    </>
  );
}

describe('FormDialog and useDialogSave', () => {
  it('saves, toasts, refreshes and closes; the form starts afresh when opened again', async () => {
    const save = vi.fn(async () => ({ id: '1' }));
    const { user, queryClient } = renderScreen(<Harness save={save} />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const dialog = screen.getByRole('dialog', { name: 'Add Thing' });
    expect(dialog).toHaveTextContent('A thing to keep.');
    await user.type(within(dialog).getByLabelText('Name'), 'Desk');
    await user.click(within(dialog).getByRole('button', { name: 'Save Thing' }));
    expect(await screen.findByText('Thing saved')).toBeInTheDocument();
    expect(save).toHaveBeenCalledWith('Desk', expect.anything());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['things'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Open' }));
    expect(within(screen.getByRole('dialog')).getByLabelText('Name')).toHaveValue('');
  });

  it('marks and focuses the field the server refused, toasts its message and stays open', async () => {
    const refusal = new ApiError('Name already used', {
      code: 'VALIDATION_ERROR',
      status: 400,
      details: [{ field: 'display_name', message: 'Choose another name' }],
    });
    const { user } = renderScreen(<Harness save={() => Promise.reject(refusal)} />);
    await user.type(screen.getByLabelText('Name'), 'Desk');
    await user.click(screen.getByRole('button', { name: 'Save Thing' }));
    expect(await screen.findByText('Name already used')).toBeInTheDocument();
    expect(screen.getByText('Choose another name')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    expect(screen.getByRole('dialog', { name: 'Add Thing' })).toBeInTheDocument();
  });

  it('says the default failure when the server gives no message', async () => {
    const { user } = renderScreen(<Harness save={() => Promise.reject(new Error('network'))} />);
    await user.click(screen.getByRole('button', { name: 'Save Thing' }));
    expect(await screen.findByText('Failed to save thing')).toBeInTheDocument();
  });

  it('cannot be closed while a save runs: Cancel is disabled and Escape does nothing', async () => {
    let finish: (value: { id: string }) => void = () => undefined;
    const pending = new Promise<{ id: string }>((resolve) => {
      finish = resolve;
    });
    const { user } = renderScreen(<Harness save={() => pending} />);
    await user.click(screen.getByRole('button', { name: 'Save Thing' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled());
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Add Thing' })).toBeInTheDocument();
    finish({ id: '1' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on Cancel when nothing is saving', async () => {
    const { user } = renderScreen(<Harness save={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("maps the server's field names and keeps the first problem of each", () => {
    const error = new ApiError('Invalid', {
      code: 'VALIDATION_ERROR',
      status: 400,
      details: [
        { field: 'department_head_id', message: 'Unknown head' },
        { field: 'department_head_id', message: 'Second problem' },
        { field: 'other', message: 'Not a field of the form' },
      ],
    });
    expect(serverFieldErrors(error, { department_head_id: 'headId' })).toEqual({ headId: 'Unknown head' });
    expect(serverFieldErrors(new Error('x'), { name: 'name' })).toEqual({});
  });
});
