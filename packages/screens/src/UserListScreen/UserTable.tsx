import type { Schemas } from '@purchasing/api-client';
import { formatDate, RoleBadge } from '@purchasing/ui';
import { Box, Flex, IconButton, Link, Table, Text, Tooltip, VisuallyHidden } from '@radix-ui/themes';
import { KeyRound, Pencil, UserX } from 'lucide-react';
import { type ReactElement, useRef } from 'react';
import { MemberStatusBadge, UserAvatar } from '../CreateUserScreen/UserFormParts';
import { firstMembership, isMemberActive } from '../CreateUserScreen/userChoices';
import { type ColumnLayout, cellStyle, useScrollableTable } from '../kit/list/tableLayout';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { fullName } from '../shared/display';

type User = Schemas['User'];

/** Props of {@link UserTable}. */
export interface UserTableProps {
  /** The users of the page shown. */
  users: readonly User[];
  /** Whether the row offers Deactivate (hides the button only; the server decides). */
  canDeactivate(user: User): boolean;
  /** Asks to deactivate a user (the screen confirms first). */
  onDeactivate(user: User): void;
  /** Asks to send a user a password reset email (the screen confirms first). */
  onResetPassword(user: User): void;
}

const columns: { id: string; header: string; layout: ColumnLayout }[] = [
  { id: 'user', header: 'User', layout: { rowHeader: true, minWidth: 240 } },
  { id: 'role', header: 'Role', layout: {} },
  { id: 'department', header: 'Department', layout: { minWidth: 140 } },
  { id: 'manager', header: 'Manager', layout: { minWidth: 130 } },
  { id: 'status', header: 'Status', layout: {} },
  { id: 'last_login', header: 'Last login', layout: {} },
  { id: 'actions', header: 'Actions', layout: { width: 120, stickyEnd: true } },
];

/**
 * One page of users as a table: the user (avatar, name linking to Edit User, email), role badge,
 * department and manager of the first membership (document 2 §1), status, last sign-in and the row
 * actions (edit, reset password, deactivate). The user cell is the row header.
 */
export function UserTable({
  users,
  canDeactivate,
  onDeactivate,
  onResetPassword,
}: UserTableProps): ReactElement {
  const rootRef = useRef<HTMLDivElement>(null);
  const overflowing = useScrollableTable(rootRef);
  return (
    <Table.Root ref={rootRef} variant="surface" style={{ backgroundColor: 'var(--color-panel-solid)' }}>
      <VisuallyHidden asChild>
        <caption>Users</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          {columns.map((column) => (
            <Table.ColumnHeaderCell
              key={column.id}
              style={{ ...cellStyle(column.layout, overflowing), whiteSpace: 'nowrap' }}
            >
              {column.header}
            </Table.ColumnHeaderCell>
          ))}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {users.map((user) => (
          <UserRow
            key={user.id}
            user={user}
            overflowing={overflowing}
            canDeactivate={canDeactivate(user)}
            onDeactivate={() => onDeactivate(user)}
            onResetPassword={() => onResetPassword(user)}
          />
        ))}
      </Table.Body>
    </Table.Root>
  );
}

const layoutOf = (id: string) => columns.find((column) => column.id === id)?.layout;

function UserRow({
  user,
  overflowing,
  canDeactivate,
  onDeactivate,
  onResetPassword,
}: {
  user: User;
  overflowing: boolean;
  canDeactivate: boolean;
  onDeactivate(): void;
  onResetPassword(): void;
}): ReactElement {
  const { navigation } = usePurchasing();
  const edit = useLinkProps(navigation.hrefs.userEdit(user.id));
  const membership = firstMembership(user);
  const name = fullName(user);
  const active = isMemberActive(user);
  const style = (id: string) => cellStyle(layoutOf(id), overflowing);

  return (
    <Table.Row align="center">
      <Table.RowHeaderCell style={style('user')}>
        <Flex gap="3" align="center" minWidth="0">
          <UserAvatar person={user} size="2" />
          <Box minWidth="0">
            <Link {...edit} weight="medium" style={{ whiteSpace: 'nowrap' }}>
              {name}
            </Link>
            <Text as="div" size="1" color="gray" weight="regular" style={{ overflowWrap: 'anywhere' }}>
              {user.email}
            </Text>
          </Box>
        </Flex>
      </Table.RowHeaderCell>
      <Table.Cell style={style('role')}>
        {membership ? <RoleBadge roleName={membership.role.name} /> : <Text color="gray">—</Text>}
      </Table.Cell>
      <Table.Cell style={style('department')}>
        {membership?.department?.name ?? <Text color="gray">—</Text>}
      </Table.Cell>
      <Table.Cell style={style('manager')}>
        {membership?.manager ? fullName(membership.manager) : <Text color="gray">—</Text>}
      </Table.Cell>
      <Table.Cell style={style('status')}>
        <MemberStatusBadge active={active} pending={membership?.is_pending === true} />
      </Table.Cell>
      <Table.Cell style={{ ...style('last_login'), whiteSpace: 'nowrap' }}>
        {user.last_login_at ? formatDate(user.last_login_at) : <Text color="gray">Never</Text>}
      </Table.Cell>
      <Table.Cell style={style('actions')}>
        <Flex gap="2" align="center">
          <Tooltip content="Edit">
            <IconButton asChild variant="ghost" color="gray" size="2" m="0">
              <a href={edit.href} onClick={edit.onClick} aria-label={`Edit ${name}`}>
                <Pencil size={16} aria-hidden />
              </a>
            </IconButton>
          </Tooltip>
          <Tooltip content="Reset password">
            <IconButton
              type="button"
              variant="ghost"
              color="gray"
              size="2"
              m="0"
              aria-label={`Reset password of ${name}`}
              onClick={onResetPassword}
            >
              <KeyRound size={16} aria-hidden />
            </IconButton>
          </Tooltip>
          {canDeactivate ? (
            <Tooltip content="Deactivate">
              <IconButton
                type="button"
                variant="ghost"
                color="red"
                size="2"
                m="0"
                aria-label={`Deactivate ${name}`}
                onClick={onDeactivate}
              >
                <UserX size={16} aria-hidden />
              </IconButton>
            </Tooltip>
          ) : null}
        </Flex>
      </Table.Cell>
    </Table.Row>
  );
}
