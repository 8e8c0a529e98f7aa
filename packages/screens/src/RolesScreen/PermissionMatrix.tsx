import { adminKeys, roleQueries, type Schemas, unwrap } from '@purchasing/api-client';
import { toast, usePortalContainer } from '@purchasing/ui';
import { Checkbox, Code, Flex, Table, Text, Tooltip, VisuallyHidden } from '@radix-ui/themes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { type ReactElement, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { usePurchasing } from '../PurchasingProvider';
import { groupPermissions, isSuperAdminRole } from './permissionAreas';

type Role = Schemas['Role'];
type Permission = Schemas['Permission'];

/** Product copy of the permission matrix (the screen's own wording). */
export const permissionMatrixMessages = {
  updateFailed: 'Failed to update permissions',
  superAdminLocked: 'The Super Admin role always keeps every permission',
} as const;

/** One change of the matrix: grant (or revoke) `permission` to (from) `role`. */
export interface PermissionChange {
  role: Role;
  permission: Permission;
  grant: boolean;
}

const cellKey = (roleId: string, permissionId: string) => `${roleId}:${permissionId}`;

/**
 * Grants and revokes permissions optimistically: the cached role list changes at once, the call goes
 * out (`POST /roles/{id}/permissions`, `DELETE /roles/{id}/permissions/{permissionId}`), and a failure
 * undoes just that change and toasts the server's message (else 'Failed to update permissions'). The
 * list is refetched once no change is in flight, so one answer never overwrites another change still
 * on its way. `pending` holds the cells whose call is in flight.
 */
export function usePermissionToggle(organizationId: string): {
  toggle(change: PermissionChange): void;
  pending: ReadonlySet<string>;
} {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const { queryKey } = roleQueries.list(client, organizationId);
  const mutationKey = [...adminKeys.roles(organizationId), 'permission-change'];
  const [pending, setPending] = useState<ReadonlySet<string>>(() => new Set());

  const apply = ({ role, permission, grant }: PermissionChange) =>
    queryClient.setQueryData(queryKey, (current) =>
      current
        ? {
            ...current,
            data: current.data.map((entry) =>
              entry.id !== role.id
                ? entry
                : {
                    ...entry,
                    permissions: [
                      ...entry.permissions.filter((held) => held.id !== permission.id),
                      ...(grant ? [permission] : []),
                    ],
                  },
            ),
          }
        : current,
    );

  const mark = (change: PermissionChange, inFlight: boolean) =>
    setPending((current) => {
      const next = new Set(current);
      const key = cellKey(change.role.id, change.permission.id);
      if (inFlight) next.add(key);
      else next.delete(key);
      return next;
    });

  const mutation = useMutation({
    mutationKey,
    mutationFn: async ({ role, permission, grant }: PermissionChange) => {
      const header = { 'X-Organization-Id': organizationId };
      if (grant) {
        await unwrap(
          client.api.POST('/roles/{id}/permissions', {
            params: { path: { id: role.id }, header },
            body: { permission_ids: [permission.id] },
          }),
        );
      } else {
        await unwrap(
          client.api.DELETE('/roles/{id}/permissions/{permissionId}', {
            params: { path: { id: role.id, permissionId: permission.id }, header },
          }),
        );
      }
    },
    onMutate: async (change) => {
      mark(change, true);
      // A refetch already under way would bring back the state before this change.
      await queryClient.cancelQueries({ queryKey });
      apply(change);
    },
    onError: (error, change) => {
      apply({ ...change, grant: !change.grant });
      toast.error(serverMessage(error) ?? permissionMatrixMessages.updateFailed);
    },
    onSettled: (_data, _error, change) => {
      mark(change, false);
      // This change still counts as in flight here: refetch only after the last one.
      if (queryClient.isMutating({ mutationKey }) <= 1) {
        void queryClient.invalidateQueries({ queryKey: adminKeys.roles(organizationId) });
      }
    },
  });

  return { toggle: (change) => mutation.mutate(change), pending };
}

/** Props of {@link PermissionMatrix}. */
export interface PermissionMatrixProps {
  /** The roles, one column each, in this order. */
  roles: readonly Role[];
  /** The permission catalogue, one row each, grouped by area. */
  permissions: readonly Permission[];
  /** Whether the checkboxes may be changed (the user holds `role.manage`). */
  editable: boolean;
  /** Cells (`roleId:permissionId`) whose change is in flight; they cannot be changed again meanwhile. */
  pending: ReadonlySet<string>;
  /** Called when a checkbox is changed. */
  onToggle(change: PermissionChange): void;
}

/**
 * The permission matrix: a row per permission (grouped by area: requisitions, approvals, purchase
 * orders, users, organisation and roles, vendors and products, budgets and reports), a column per
 * role, a checkbox per cell named '<permission> for <role>'. Super Admin's column is locked: it always
 * holds every permission. The permission column stays in view while a narrow screen scrolls sideways.
 */
export function PermissionMatrix({
  roles,
  permissions,
  editable,
  pending,
  onToggle,
}: PermissionMatrixProps): ReactElement {
  const portalContainer = usePortalContainer();
  const groups = useMemo(() => groupPermissions(permissions), [permissions]);
  const held = useMemo(
    () =>
      new Map(roles.map((role) => [role.id, new Set(role.permissions.map((permission) => permission.id))])),
    [roles],
  );
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    // Radix clips the surface table with `overflow: hidden`, which would make the table the sticky
    // column's scroll container (so it never sticks); `clip` keeps the rounded corners without that.
    const table = root.current?.querySelector('table');
    if (table) table.style.overflow = 'clip';
  }, []);

  const sticky = {
    position: 'sticky',
    left: 0,
    zIndex: 1,
    background: 'var(--color-panel-solid)',
    boxShadow: 'inset -1px 0 0 var(--gray-a5)',
  } as const;

  return (
    <div ref={root}>
      <Table.Root variant="surface" size="1">
        <VisuallyHidden asChild>
          <caption>Permission matrix</caption>
        </VisuallyHidden>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell style={{ ...sticky, minWidth: 200, verticalAlign: 'bottom' }}>
              Permission
            </Table.ColumnHeaderCell>
            {roles.map((role) => (
              <Table.ColumnHeaderCell
                key={role.id}
                justify="center"
                style={{ minWidth: 76, width: 76, verticalAlign: 'bottom', lineHeight: 1.25 }}
              >
                <Flex direction="column" align="center" gap="1">
                  {isSuperAdminRole(role) ? (
                    <Tooltip container={portalContainer} content={permissionMatrixMessages.superAdminLocked}>
                      <Lock size={12} aria-hidden style={{ color: 'var(--gray-11)' }} />
                    </Tooltip>
                  ) : null}
                  <Text size="1" weight="bold">
                    {role.name}
                  </Text>
                </Flex>
              </Table.ColumnHeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        {groups.map(({ area, permissions: areaPermissions }) => (
          <Table.Body key={area.id}>
            <Table.Row style={{ background: 'var(--gray-a2)' }}>
              <Table.RowHeaderCell
                scope="rowgroup"
                colSpan={roles.length + 1}
                style={{ paddingTop: 'var(--space-2)', paddingBottom: 'var(--space-2)' }}
              >
                {/* Kept at the left edge while the row scrolls sideways. */}
                <Text
                  size="1"
                  weight="bold"
                  color="gray"
                  highContrast
                  style={{
                    position: 'sticky',
                    left: 'var(--space-3)',
                    display: 'inline-block',
                    textTransform: 'uppercase',
                    letterSpacing: '0.04em',
                  }}
                >
                  {area.label}
                </Text>
              </Table.RowHeaderCell>
            </Table.Row>
            {areaPermissions.map((permission) => (
              <Table.Row key={permission.id} align="center">
                <Table.RowHeaderCell style={sticky}>
                  <Flex direction="column" gap="1">
                    <Text size="2">{permission.description ?? permission.name}</Text>
                    <Code size="1" variant="ghost" color="gray">
                      {permission.name}
                    </Code>
                  </Flex>
                </Table.RowHeaderCell>
                {roles.map((role) => {
                  const locked = isSuperAdminRole(role);
                  const checked = locked || (held.get(role.id)?.has(permission.id) ?? false);
                  const inFlight = pending.has(cellKey(role.id, permission.id));
                  return (
                    <Table.Cell key={role.id} justify="center">
                      <Checkbox
                        size="2"
                        checked={checked}
                        disabled={!editable || locked || inFlight}
                        aria-label={`${permission.name} for ${role.name}`}
                        aria-busy={inFlight || undefined}
                        onCheckedChange={(next) => onToggle({ role, permission, grant: next === true })}
                      />
                    </Table.Cell>
                  );
                })}
              </Table.Row>
            ))}
          </Table.Body>
        ))}
      </Table.Root>
    </div>
  );
}
