import { adminKeys, type Schemas, unwrap } from '@purchasing/api-client';
import { SelectDropdown, TextArea, TextField } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import { type FormEvent, type ReactElement, useState } from 'react';
import { dialogTitle, dialogToasts } from '../kit/form/dialogWords';
import { FormDialog, FormDialogButtons, type FormDialogControls } from '../kit/form/FormDialog';
import { useDialogSave } from '../kit/form/useDialogSave';
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
export function RoleFormDialog({ open, onOpenChange, ...form }: RoleFormDialogProps): ReactElement {
  const { role } = form;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={dialogTitle(roleFormMessages, role !== null)}
      description={
        role
          ? `Change how ${role.name} is named and described. Its permissions are set in the matrix.`
          : 'A custom role starts with the permissions you copy, or none; set them in the matrix afterwards.'
      }
    >
      {(controls) => <RoleForm {...form} controls={controls} />}
    </FormDialog>
  );
}

/** The server's field names, the form's own. */
const SERVER_FIELDS: Record<string, FieldName> = { name: 'name', description: 'description' };

function RoleForm({
  organizationId,
  role,
  roles,
  onSaved,
  controls,
}: Omit<RoleFormDialogProps, 'open' | 'onOpenChange'> & { controls: FormDialogControls }): ReactElement {
  const { client } = usePurchasing();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [copyFrom, setCopyFrom] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  const { save, formRef, focusFirstInvalid } = useDialogSave({
    controls,
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
    // Users show their role's name, so the users lists are stale too.
    invalidate: adminKeys.all(organizationId),
    serverFields: SERVER_FIELDS,
    onFieldErrors: setErrors,
    ...dialogToasts(roleFormMessages, role !== null),
    onSaved,
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
        <FormDialogButtons
          submitLabel={role ? 'Save Changes' : 'Create Role'}
          pending={save.isPending}
          onCancel={controls.onDone}
        />
      </Flex>
    </form>
  );
}
