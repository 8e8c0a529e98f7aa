import { roleQueries, type Schemas, userQueries } from '@purchasing/api-client';
import { Button, type FilterDefinition, type FilterValues } from '@purchasing/ui';
import { Button as RadixButton, VisuallyHidden } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { FileUp, Plus, RefreshCw, Users } from 'lucide-react';
import { type ReactElement, useMemo, useState } from 'react';
import { z } from 'zod/mini';
import { firstMembership, isMemberActive } from '../CreateUserScreen/userChoices';
import { ListScreen, RowConfirmDialog } from '../kit/list/ListScreen';
import { lenient, pageNumber, searchText } from '../kit/list/listSearch';
import { defineListResource, useConfirmedAction, useListScreen } from '../kit/list/useListScreen';
import { useLocalListSearch } from '../kit/list/useLocalListSearch';
import { ScreenFrame } from '../kit/ScreenFrame';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { fullName } from '../shared/display';
import { BulkImportModal } from './BulkImportModal';
import { userTable } from './user.columns';
import { userActionMessages, useUserRowActions } from './userActions';

type User = Schemas['User'];

/** Users per page, filtered and paged on the client (document 2 §9). */
export const USER_LIST_PAGE_SIZE = 10;

/** Product copy of the user list (document 2 §2 and §8, and the screen's own wording). */
export const userListMessages = {
  title: 'Users',
  noOrganization: 'Please select an organization from the header to manage users',
  noPermission: (organization: string) => `You don't have permission to manage users in ${organization}.`,
  loadFailed: 'Failed to load users. Please try again.',
  noUsers: 'No users yet',
  noMatches: 'No users match your search or filters.',
  ...userActionMessages,
} as const;

const statusOptions = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

/** The users matching a search text (name, email, phone, role, department, manager) and the filters. */
export function filterUsers(users: readonly User[], text: string, filters: FilterValues): User[] {
  const needle = text.trim().toLowerCase();
  const roleId = typeof filters.role === 'string' ? filters.role : '';
  const status = typeof filters.status === 'string' ? filters.status : '';
  return users.filter((user) => {
    const membership = firstMembership(user);
    if (roleId && membership?.role.id !== roleId) return false;
    if (status && (status === 'active') !== isMemberActive(user)) return false;
    if (!needle) return true;
    return [
      fullName(user),
      user.email,
      user.phone ?? '',
      membership?.role.name ?? '',
      membership?.department?.name ?? '',
      membership?.manager ? fullName(membership.manager) : '',
    ].some((field) => field.toLowerCase().includes(needle));
  });
}

/** The user list's state, kept by the screen: search text, role and status filters, page. */
interface UserListSearch {
  search?: string;
  role?: string;
  status?: 'active' | 'inactive';
  page?: number;
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

const userSearchSchema = z.object({
  search: lenient(searchText),
  role: lenient(text),
  status: lenient((value) => (value === 'active' || value === 'inactive' ? value : undefined)),
  page: lenient(pageNumber),
});

function compactUserSearch(search: UserListSearch): UserListSearch {
  return Object.fromEntries(Object.entries(search).filter(([, value]) => value !== undefined));
}

/**
 * The organisation's members (`GET /users`), loaded whole and searched, filtered and paged here, ten a
 * page: each keystroke filters at once.
 */
const userList = defineListResource({
  pageSize: USER_LIST_PAGE_SIZE,
  searchWaitMs: 0,
  parse: (value) => compactUserSearch(userSearchSchema.parse(value)),
  compact: compactUserSearch,
  query: (client, organizationId, _search: UserListSearch) => userQueries.list(client, organizationId),
  page: ({ users }, { search, page = 1, ...filters }) => {
    const matching = filterUsers(users, search ?? '', filters);
    // A page past the end (after deactivating or filtering) shows as the last page until it moves.
    const shown = Math.min(page, Math.max(1, Math.ceil(matching.length / USER_LIST_PAGE_SIZE)));
    return {
      rows: matching.slice((shown - 1) * USER_LIST_PAGE_SIZE, shown * USER_LIST_PAGE_SIZE),
      total: matching.length,
      empty: users.length === 0,
    };
  },
});

/**
 * User Management (document 2 §2, /admin/users): the current organisation's members with their role,
 * department and manager (first membership), searched, filtered by role and status and paged on the
 * client (10 per page), with Refresh, Bulk Import (a CSV file, previewed and imported row by row) and
 * Add User (with `user.create`), and per row Edit, Reset Password and Deactivate (with `user.delete`;
 * never yourself). Needs a chosen organisation and `user.edit`.
 */
export function UserListScreen(): ReactElement {
  const { hasPermission } = useSession();
  return (
    <ScreenFrame
      title={userListMessages.title}
      noOrganization={userListMessages.noOrganization}
      refusal={(organization) =>
        hasPermission('user.edit') ? undefined : userListMessages.noPermission(organization.name)
      }
    >
      {(organization) => <UserList organization={organization} />}
    </ScreenFrame>
  );
}

function UserList({ organization }: { organization: Schemas['Organization'] }): ReactElement {
  const { id: organizationId, name: organizationName } = organization;
  const { client, navigation } = usePurchasing();
  const { user: me, hasPermission } = useSession();
  const createLink = useLinkProps(navigation.hrefs.userCreate());
  const canCreate = hasPermission('user.create');
  const canDelete = hasPermission('user.delete');
  const { deactivate, resetPassword } = useUserRowActions(organizationId);
  const list = useListScreen(
    userList,
    { ...useLocalListSearch<UserListSearch>({}), organizationId },
    { confirm: { run: deactivate.mutateAsync } },
  );
  const reset = useConfirmedAction({ run: resetPassword.mutateAsync });
  // The role filter's choices; a failure leaves them empty (document 2 §7).
  const roles = useQuery(roleQueries.list(client, organizationId));
  const [importOpen, setImportOpen] = useState(false);

  const filters = useMemo<FilterDefinition[]>(
    () => [
      {
        key: 'role',
        label: 'Role',
        type: 'select',
        placeholder: roles.isPending ? 'Loading...' : 'Any role',
        options: (roles.data?.data ?? []).map((role) => ({ value: role.id, label: role.name })),
      },
      { key: 'status', label: 'Status', type: 'select', placeholder: 'Any status', options: statusOptions },
    ],
    [roles.isPending, roles.data],
  );

  const loaded = list.data !== undefined && !list.error;
  const refreshing = list.retrying && list.status !== 'pending';
  const addUser = canCreate ? (
    <RadixButton asChild style={{ whiteSpace: 'nowrap' }}>
      <a {...createLink}>
        <Plus size={16} aria-hidden />
        Add User
      </a>
    </RadixButton>
  ) : undefined;

  return (
    <ListScreen
      state={list}
      title={userListMessages.title}
      description={`Everyone with access to ${organizationName}, with their role, department and manager.`}
      actions={
        <>
          <Button
            variant="secondary"
            loading={refreshing}
            onClick={() => {
              list.retry();
              void roles.refetch();
            }}
          >
            {refreshing ? null : <RefreshCw size={16} aria-hidden />}
            Refresh
          </Button>
          {canCreate ? (
            <Button variant="outline" onClick={() => setImportOpen(true)} disabled={!loaded}>
              <FileUp size={16} aria-hidden />
              Bulk Import
            </Button>
          ) : null}
          {addUser}
        </>
      }
      searchBox={{ label: 'Search users', placeholder: 'Search by name, email, role or department...' }}
      filters={filters}
      dateRange={false}
      table={{
        ...userTable,
        meta: {
          canDeactivate: (user) => canDelete && user.id !== me?.id && isMemberActive(user),
          onDeactivate: (user) => list.confirm?.ask(user),
          onResetPassword: reset?.ask ?? (() => {}),
        },
      }}
      empty={{
        icon: <Users size={32} />,
        title: userListMessages.noUsers,
        description: `People you add to ${organizationName} appear here with their role and department.`,
        action: addUser,
      }}
      noMatch={{ title: userListMessages.noMatches }}
      messages={{ loading: 'Loading users', loadFailed: userListMessages.loadFailed, pager: 'User pages' }}
      confirm={{
        title: 'Deactivate user',
        message: (user) =>
          `Deactivate ${fullName(user)}? They lose access to ${organizationName} at once. Their history is kept, and you can reactivate them from Edit User.`,
        confirmLabel: 'Deactivate',
        variant: 'danger',
      }}
    >
      {refreshing ? <VisuallyHidden role="status">Refreshing users</VisuallyHidden> : null}
      {reset ? (
        <RowConfirmDialog
          state={reset}
          dialog={{
            title: 'Reset password',
            message: (user) =>
              `Send a password reset email to ${user.email}? The link in it works once and expires; the current password keeps working until it is used.`,
            confirmLabel: 'Send reset email',
            variant: 'warning',
          }}
        />
      ) : null}
      {canCreate ? (
        <BulkImportModal
          open={importOpen}
          onOpenChange={setImportOpen}
          organizationId={organizationId}
          organizationName={organizationName}
          users={list.data?.users ?? []}
        />
      ) : null}
    </ListScreen>
  );
}
