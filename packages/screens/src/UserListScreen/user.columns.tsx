import type { Schemas } from '@purchasing/api-client';
import { formatDate, RoleBadge } from '@purchasing/ui';
import { Box, Flex, Link, Text } from '@radix-ui/themes';
import { KeyRound, Pencil, UserX } from 'lucide-react';
import type { ReactElement } from 'react';
import { MemberStatusBadge, UserAvatar } from '../CreateUserScreen/UserFormParts';
import { firstMembership, isMemberActive } from '../CreateUserScreen/userChoices';
import { listColumns } from '../kit/list/ListTable';
import { RowActionButton, RowActionGroup, RowActionLink } from '../kit/list/RowAction';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { fullName } from '../shared/display';

type User = Schemas['User'];

/** What the user table's cells need from the screen. */
export interface UserTableMeta {
  /** Whether the row offers Deactivate (hides the button only; the server decides). */
  canDeactivate(user: User): boolean;
  /** Asks to deactivate a user (the screen confirms first). */
  onDeactivate(user: User): void;
  /** Asks to send a user a password reset email (the screen confirms first). */
  onResetPassword(user: User): void;
}

const { features, column } = listColumns<User, UserTableMeta>();
const none = <Text color="gray">—</Text>;

/**
 * The user list's columns: the user (avatar, name linking to Edit User, email) as the row header, the
 * role badge, department and manager of the first membership (document 2 §1), status, last sign-in and
 * the row actions (edit, reset password, deactivate).
 */
export const userTable = {
  features,
  caption: 'Users',
  rowHeaderPlaceholder: 'Firstname Lastname',
  columns: column.columns([
    column.display({
      id: 'user',
      header: 'User',
      meta: { rowHeader: true, minWidth: 240 },
      cell: ({ row }) => <UserCell user={row.original} />,
    }),
    column.display({
      id: 'role',
      header: 'Role',
      cell: ({ row }) => {
        const membership = firstMembership(row.original);
        return membership ? <RoleBadge roleName={membership.role.name} /> : none;
      },
    }),
    column.display({
      id: 'department',
      header: 'Department',
      meta: { minWidth: 140 },
      cell: ({ row }) => firstMembership(row.original)?.department?.name ?? none,
    }),
    column.display({
      id: 'manager',
      header: 'Manager',
      meta: { minWidth: 130 },
      cell: ({ row }) => {
        const manager = firstMembership(row.original)?.manager;
        return manager ? fullName(manager) : none;
      },
    }),
    column.display({
      id: 'status',
      header: 'Status',
      meta: { card: 'status' },
      cell: ({ row }) => (
        <MemberStatusBadge
          active={isMemberActive(row.original)}
          pending={firstMembership(row.original)?.is_pending === true}
        />
      ),
    }),
    column.display({
      id: 'last_login',
      header: 'Last login',
      cell: ({ row }) =>
        row.original.last_login_at ? (
          <span style={{ whiteSpace: 'nowrap' }}>{formatDate(row.original.last_login_at)}</span>
        ) : (
          <Text color="gray">Never</Text>
        ),
    }),
    column.display({
      id: 'actions',
      header: 'Actions',
      meta: { width: 120, stickyEnd: true },
      cell: ({ row, table }) => <UserActions user={row.original} meta={table.options.meta} />,
    }),
  ]),
};

function UserCell({ user }: { user: User }): ReactElement {
  const { navigation } = usePurchasing();
  const edit = useLinkProps(navigation.hrefs.userEdit(user.id));
  return (
    <Flex gap="3" align="center" minWidth="0">
      <UserAvatar person={user} size="2" />
      <Box minWidth="0">
        <Link {...edit} weight="medium" style={{ whiteSpace: 'nowrap' }}>
          {fullName(user)}
        </Link>
        <Text as="div" size="1" color="gray" weight="regular" style={{ overflowWrap: 'anywhere' }}>
          {user.email}
        </Text>
      </Box>
    </Flex>
  );
}

function UserActions({ user, meta }: { user: User; meta: UserTableMeta | undefined }): ReactElement {
  const { navigation } = usePurchasing();
  const name = fullName(user);
  return (
    <RowActionGroup>
      <RowActionLink
        href={navigation.hrefs.userEdit(user.id)}
        tooltip="Edit"
        label={`Edit ${name}`}
        icon={<Pencil size={16} aria-hidden />}
      />
      <RowActionButton
        tooltip="Reset password"
        label={`Reset password of ${name}`}
        icon={<KeyRound size={16} aria-hidden />}
        color="gray"
        onClick={() => meta?.onResetPassword(user)}
      />
      {meta?.canDeactivate(user) ? (
        <RowActionButton
          tooltip="Deactivate"
          label={`Deactivate ${name}`}
          icon={<UserX size={16} aria-hidden />}
          color="red"
          onClick={() => meta.onDeactivate(user)}
        />
      ) : null}
    </RowActionGroup>
  );
}
