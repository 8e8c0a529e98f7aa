import { adminKeys, roleQueries, type Schemas, unwrap } from '@purchasing/api-client';
import { Button, Callout, ConfirmDialog, EmptyState, Spinner, toast } from '@purchasing/ui';
import { Badge, Box, Card, Flex, Heading, Table, Text, VisuallyHidden } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, ShieldCheck, Trash2 } from 'lucide-react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { ActionsHeaderCell } from '../kit/ActionsHeaderCell';
import { LoadFailed } from '../kit/LoadFailed';
import { ListHeading } from '../kit/list/ListHeading';
import { pageMaxWidth } from '../kit/themeVariables';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { type PermissionChange, PermissionMatrix, usePermissionToggle } from './PermissionMatrix';
import { isSuperAdminRole } from './permissionAreas';
import { RoleFormDialog } from './RoleFormDialog';

type Role = Schemas['Role'];

/** Product copy of Roles & Permissions (the screen's own wording: the documents show no such screen). */
export const rolesMessages = {
  title: 'Roles & Permissions',
  noOrganization: 'Please select an organization from the header to manage roles',
  loadFailed: 'Failed to load roles. Please try again.',
  empty: 'No roles found',
  deleteTitle: 'Delete Role',
  deleteConfirm: (name: string) => `Delete the role ${name}? This cannot be undone.`,
  deleted: 'Role deleted successfully',
  deleteFailed: 'Failed to delete role',
  removePermissionTitle: 'Remove permission',
  /** Asked before a permission is taken from a role that members hold (issue 19 item 14). */
  removePermissionConfirm: (permission: string, role: string, holders: number) =>
    `Remove "${permission}" from ${role}? ${holders === 1 ? '1 user holds' : `${holders.toLocaleString('en-AU')} users hold`} this role.`,
  saving: 'Saving changes...',
  saved: 'Changes are saved as you make them.',
} as const;

function Page({ children }: { children: ReactNode }): ReactElement {
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: pageMaxWidth(1400) }}>
      {children}
    </Flex>
  );
}

/**
 * Roles & Permissions (/admin/roles, `role.manage`): the organisation's roles (system badge,
 * description, how many users hold each, permission count) with Add,
 * Edit (name and description; system roles keep their name) and Delete for custom roles (the server
 * refuses a role still held, with a message saying by how many, shown as it is), and a permission
 * matrix grouped by area whose checkboxes grant and revoke permissions at once, optimistically, undone
 * on failure. Taking a permission from a role that members hold asks first, saying how many hold it.
 * Super Admin always keeps every permission.
 */
export function RolesScreen(): ReactElement {
  const { currentOrganization, organizationsLoading } = useSession();

  if (organizationsLoading || !currentOrganization) {
    return (
      <Page>
        <ListHeading title={rolesMessages.title} />
        {organizationsLoading ? (
          <Flex justify="center" py="9">
            <Spinner label="Loading organizations" />
          </Flex>
        ) : (
          <Callout variant="info">{rolesMessages.noOrganization}</Callout>
        )}
      </Page>
    );
  }
  return (
    <Roles
      // Another organisation has other roles: start over (dialogs, changes in flight).
      key={currentOrganization.id}
      organizationId={currentOrganization.id}
      organizationName={currentOrganization.name}
    />
  );
}

function Roles({
  organizationId,
  organizationName,
}: {
  organizationId: string;
  organizationName: string;
}): ReactElement {
  const { client } = usePurchasing();
  const { hasPermission } = useSession();
  const queryClient = useQueryClient();
  const canManage = hasPermission('role.manage');
  const roles = useQuery(roleQueries.list(client, organizationId));
  const permissions = useQuery(roleQueries.permissions(client, organizationId));
  const { toggle, pending } = usePermissionToggle(organizationId);
  // A permission taken from a role that members hold waits for "Remove"; the rest applies at once.
  const [revoking, setRevoking] = useState<PermissionChange | null>(null);
  const change = (next: PermissionChange) => {
    if (!next.grant && next.role.user_count > 0) setRevoking(next);
    else toggle(next);
  };

  const [editing, setEditing] = useState<{ role: Role | null } | null>(null);
  const [deleting, setDeleting] = useState<Role | null>(null);

  const remove = useMutation({
    mutationFn: (role: Role) =>
      unwrap(
        client.api.DELETE('/roles/{id}', {
          params: { path: { id: role.id }, header: { 'X-Organization-Id': organizationId } },
        }),
      ),
    onSuccess: () => toast.success(rolesMessages.deleted),
    // A role still held (or a system role) answers 409 with a message saying why: shown as it is.
    onError: (error) => toast.error(serverMessage(error) ?? rolesMessages.deleteFailed),
    onSettled: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: adminKeys.roles(organizationId) });
    },
  });

  const addButton = canManage ? (
    <Button onClick={() => setEditing({ role: null })}>
      <Plus size={16} aria-hidden />
      Add Role
    </Button>
  ) : null;

  const list = roles.data?.data ?? [];
  const catalogue = permissions.data?.permissions ?? [];

  let body: ReactNode;
  if (roles.isPending || permissions.isPending) {
    body = (
      <Flex justify="center" py="9">
        <Spinner label="Loading roles" />
      </Flex>
    );
  } else if (roles.isError || permissions.isError) {
    const error = roles.error ?? permissions.error;
    body = (
      <LoadFailed
        error={error}
        message={rolesMessages.loadFailed}
        onRetry={() => {
          void roles.refetch();
          void permissions.refetch();
        }}
      />
    );
  } else if (list.length === 0) {
    body = (
      <Card size="3">
        <EmptyState
          icon={<ShieldCheck size={32} />}
          title={rolesMessages.empty}
          description={`${organizationName} has no roles yet.`}
          action={addButton}
        />
      </Card>
    );
  } else {
    body = (
      <>
        <Box asChild>
          <section aria-labelledby="roles-list-heading">
            <Heading as="h2" size="4" mb="3" id="roles-list-heading">
              Roles
            </Heading>
            <Table.Root variant="surface" size="2">
              <VisuallyHidden asChild>
                <caption>Roles</caption>
              </VisuallyHidden>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell style={{ minWidth: 220 }}>Role</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Users</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Permissions</Table.ColumnHeaderCell>
                  <ActionsHeaderCell show={canManage} justify="end" />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {list.map((role) => (
                  <Table.Row key={role.id} align="center">
                    <Table.RowHeaderCell>
                      <Flex align="center" gap="2" wrap="wrap">
                        <Text weight="bold">{role.name}</Text>
                        {role.is_system ? (
                          <Badge color="gray" variant="outline" highContrast>
                            <ShieldCheck size={12} aria-hidden />
                            System
                          </Badge>
                        ) : null}
                      </Flex>
                      <Text
                        as="p"
                        size="2"
                        color="gray"
                        mt="1"
                        weight="regular"
                        style={{ fontStyle: role.description ? undefined : 'italic' }}
                      >
                        {role.description || 'No description'}
                      </Text>
                    </Table.RowHeaderCell>
                    <Table.Cell justify="end">{role.user_count.toLocaleString('en-AU')}</Table.Cell>
                    <Table.Cell justify="end" style={{ whiteSpace: 'nowrap' }}>
                      {isSuperAdminRole(role) ? 'All' : `${role.permissions.length} of ${catalogue.length}`}
                    </Table.Cell>
                    {canManage ? (
                      <Table.Cell justify="end">
                        <Flex gap="2" justify="end" wrap="nowrap">
                          <Button
                            variant="ghost"
                            size="1"
                            onClick={() => setEditing({ role })}
                            aria-label={`Edit ${role.name}`}
                          >
                            <Pencil size={14} aria-hidden />
                            Edit
                          </Button>
                          {role.is_system ? null : (
                            <Button
                              variant="ghost"
                              color="red"
                              size="1"
                              onClick={() => setDeleting(role)}
                              aria-label={`Delete ${role.name}`}
                            >
                              <Trash2 size={14} aria-hidden />
                              Delete
                            </Button>
                          )}
                        </Flex>
                      </Table.Cell>
                    ) : null}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </section>
        </Box>
        <Box asChild>
          <section aria-labelledby="permission-matrix-heading">
            <Flex justify="between" align="end" gap="3" wrap="wrap" mb="3">
              <Box>
                <Heading as="h2" size="4" id="permission-matrix-heading">
                  Permission Matrix
                </Heading>
                <Text as="p" size="2" color="gray" mt="1">
                  {canManage
                    ? 'Tick a box to give a role the permission; untick it to take the permission away.'
                    : 'What each role may do.'}
                </Text>
              </Box>
              {canManage ? (
                <Text size="2" color="gray" role="status">
                  {pending.size > 0 ? rolesMessages.saving : rolesMessages.saved}
                </Text>
              ) : null}
            </Flex>
            <PermissionMatrix
              roles={list}
              permissions={catalogue}
              editable={canManage}
              pending={pending}
              onToggle={change}
            />
          </section>
        </Box>
      </>
    );
  }

  return (
    <Page>
      <ListHeading
        title={rolesMessages.title}
        total={roles.data ? list.length : undefined}
        description={`What people may do in ${organizationName}. System roles cannot be renamed or deleted.`}
        actions={addButton}
      />
      {body}
      <RoleFormDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        organizationId={organizationId}
        role={editing?.role ?? null}
        roles={list}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        variant="danger"
        title={rolesMessages.deleteTitle}
        message={deleting ? rolesMessages.deleteConfirm(deleting.name) : ''}
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) setRevoking(null);
        }}
        variant="warning"
        title={rolesMessages.removePermissionTitle}
        message={
          revoking
            ? rolesMessages.removePermissionConfirm(
                revoking.permission.description ?? revoking.permission.name,
                revoking.role.name,
                revoking.role.user_count,
              )
            : ''
        }
        confirmLabel="Remove"
        onConfirm={() => {
          if (revoking) toggle(revoking);
          setRevoking(null);
        }}
      />
    </Page>
  );
}
