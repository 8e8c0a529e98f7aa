import { adminKeys, isApiError, type Schemas, unwrap } from '@purchasing/api-client';
import { Button, Modal, SelectDropdown, TextArea, TextField, toast } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactElement, useRef, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { usePurchasing } from '../PurchasingProvider';

type Role = Schemas['Role'];

/** Product copy of the role dialog (the screen's own wording; the contract's 'Role name is required'). */
export const roleFormMessages = {
  addTitle: 'Add Role',
  editTitle: 'Edit Role',
  nameRequired: 'Role name is required',
  createFailed: 'Failed to create role',
  updateFailed: 'Failed to update role',
  created: 'Role created successfully',
  updated: 'Role updated successfully',
  systemName: 'System roles keep their name.',
} as const;

type FieldName = 'name' | 'description';

/** Props of {@link RoleFormDialog}. */
export interface RoleFormDialogProps {
  /** Whether the dialog is open. */
  open: boolean;
  /** Called with false when the dialog closes (Cancel, Escape, saved). */
  onOpenChange(open: boolean): void;
  organizationId: string;
  /** The role being edited; null to add one. */
  role: Role | null;
  /** The organisation's roles, offered as a starting set of permissions for a new role. */
  roles: readonly Role[];
  /** Called with the saved role (e.g. to bring it into view). */
  onSaved?(role: Role): void;
}

/**
 * Adds a custom role (name, description, optionally the permissions of an existing role to start
 * from) or renames and re-describes one; a system role keeps its name. The server's field problems
 * (a name already used, whatever its case) show on the fields and its message (else the default) as a
 * toast; the dialog stays open.
 */
export function RoleFormDialog({
  open,
  onOpenChange,
  organizationId,
  role,
  roles,
  onSaved,
}: RoleFormDialogProps): ReactElement {
  const [saving, setSaving] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!saving) onOpenChange(next);
      }}
      title={role ? roleFormMessages.editTitle : roleFormMessages.addTitle}
      description={
        role
          ? `Change how ${role.name} is named and described. Its permissions are set in the matrix.`
          : 'A custom role starts with the permissions you copy, or none; set them in the matrix afterwards.'
      }
      closeOnEscape={!saving}
      closeOnOverlayClick={!saving}
    >
      {open ? (
        <RoleForm
          organizationId={organizationId}
          role={role}
          roles={roles}
          onSavingChange={setSaving}
          onSaved={onSaved}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </Modal>
  );
}

function RoleForm({
  organizationId,
  role,
  roles,
  onSavingChange,
  onSaved,
  onDone,
}: Omit<RoleFormDialogProps, 'open' | 'onOpenChange'> & {
  onSavingChange(saving: boolean): void;
  onDone(): void;
}): ReactElement {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [copyFrom, setCopyFrom] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  const focusFirstInvalid = () => {
    // After the render that marks the fields invalid.
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  };

  const save = useMutation({
    mutationFn: async (): Promise<Role> => {
      const header = { 'X-Organization-Id': organizationId };
      const fields = { name: name.trim(), description: description.trim() || null };
      if (role) {
        const answer = await unwrap(
          client.api.PUT('/roles/{id}', { params: { path: { id: role.id }, header }, body: fields }),
        );
        return answer.role;
      }
      const source = roles.find((entry) => entry.id === copyFrom);
      const permissionIds = source?.permissions.map((permission) => permission.id) ?? [];
      const answer = await unwrap(
        client.api.POST('/roles', {
          params: { header },
          body: permissionIds.length > 0 ? { ...fields, permission_ids: permissionIds } : fields,
        }),
      );
      return answer.role;
    },
    onMutate: () => onSavingChange(true),
    onSettled: () => onSavingChange(false),
    onSuccess: (saved) => {
      // Users show their role's name, so the users lists are stale too.
      void queryClient.invalidateQueries({ queryKey: adminKeys.all(organizationId) });
      toast.success(role ? roleFormMessages.updated : roleFormMessages.created);
      onSaved?.(saved);
      onDone();
    },
    onError: (error) => {
      const fieldErrors: Partial<Record<FieldName, string>> = {};
      if (isApiError(error)) {
        for (const detail of error.details) {
          if (detail.field === 'name' || detail.field === 'description')
            fieldErrors[detail.field] ??= detail.message;
        }
      }
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        focusFirstInvalid();
      }
      toast.error(
        serverMessage(error) ?? (role ? roleFormMessages.updateFailed : roleFormMessages.createFailed),
      );
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: roleFormMessages.nameRequired });
      focusFirstInvalid();
      return;
    }
    save.mutate();
  };

  const system = role?.is_system ?? false;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Role details">
      <Flex direction="column" gap="4">
        <TextField
          label="Name"
          required
          maxLength={100}
          autoComplete="off"
          placeholder="e.g. Procurement Officer"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
          // A system role's name is fixed (the server refuses a rename); read-only keeps it readable.
          readOnly={system}
          disabled={save.isPending}
          error={errors.name}
          hint={system ? roleFormMessages.systemName : undefined}
        />
        <TextArea
          label="Description"
          maxLength={500}
          rows={3}
          placeholder="Who holds this role and what it is for"
          value={description}
          onChange={(event) => {
            setDescription(event.target.value);
            setErrors((current) => ({ ...current, description: undefined }));
          }}
          disabled={save.isPending}
          error={errors.description}
        />
        {role ? null : (
          <SelectDropdown
            label="Copy permissions from"
            placeholder="Start with no permissions"
            searchPlaceholder="Search roles..."
            options={roles.map((entry) => ({
              value: entry.id,
              label: `${entry.name} (${entry.permissions.length} permissions)`,
            }))}
            value={copyFrom}
            onChange={setCopyFrom}
            disabled={save.isPending}
          />
        )}
        <Flex gap="3" justify="end" wrap="wrap" mt="2">
          <Button type="button" variant="secondary" disabled={save.isPending} onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {role ? 'Save Changes' : 'Create Role'}
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
