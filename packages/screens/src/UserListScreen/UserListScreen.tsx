import { adminKeys, roleQueries, type Schemas, unwrap, userQueries } from '@purchasing/api-client';
import {
  Button,
  Callout,
  ConfirmDialog,
  EmptyState,
  type FilterDefinition,
  type FilterValues,
  Pager,
  SearchBar,
  Spinner,
  toast,
} from '@purchasing/ui';
import { Card, Flex, Button as RadixButton, VisuallyHidden } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FileUp, Plus, RefreshCw, SearchX, Users } from 'lucide-react';
import { type ReactElement, type ReactNode, useMemo, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { firstMembership, isMemberActive } from '../CreateUserScreen/userChoices';
import { ListHeading } from '../kit/list/ListHeading';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { fullName } from '../shared/display';
import { BulkImportModal } from './BulkImportModal';
import { UserTable } from './UserTable';

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
  deactivated: 'User deactivated successfully',
  deactivateFailed: 'Failed to deactivate user',
  resetSent: 'Password reset email sent',
  resetFailed: 'Failed to send reset email',
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

/**
 * User Management (document 2 §2, /admin/users): the current organisation's members with their role,
 * department and manager (first membership), searched, filtered by role and status and paged on the
 * client (10 per page), with Refresh, Bulk Import (a CSV file, previewed and imported row by row) and
 * Add User (with `user.create`), and per row Edit, Reset Password and Deactivate (with `user.delete`;
 * never yourself). Needs a chosen organisation and `user.edit`.
 */
export function UserListScreen(): ReactElement {
  const { currentOrganization, organizationsLoading, hasPermission } = useSession();

  if (organizationsLoading || !currentOrganization || !hasPermission('user.edit')) {
    return (
      <ScreenLayout>
        <ListHeading title={userListMessages.title} />
        {organizationsLoading ? (
          <Flex justify="center" py="9">
            <Spinner label="Loading organizations" />
          </Flex>
        ) : (
          <Callout variant="info">
            {currentOrganization
              ? userListMessages.noPermission(currentOrganization.name)
              : userListMessages.noOrganization}
          </Callout>
        )}
      </ScreenLayout>
    );
  }
  return (
    <UserList
      key={currentOrganization.id}
      organizationId={currentOrganization.id}
      organizationName={currentOrganization.name}
    />
  );
}

function ScreenLayout({ children }: { children: ReactNode }): ReactElement {
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: 1400 }}>
      {children}
    </Flex>
  );
}

function UserList({
  organizationId,
  organizationName,
}: {
  organizationId: string;
  organizationName: string;
}): ReactElement {
  const { client, navigation } = usePurchasing();
  const { user: me, hasPermission } = useSession();
  const queryClient = useQueryClient();
  const createLink = useLinkProps(navigation.hrefs.userCreate());
  const canCreate = hasPermission('user.create');
  const canDelete = hasPermission('user.delete');

  const list = useQuery(userQueries.list(client, organizationId));
  // The role filter's choices; a failure leaves them empty (document 2 §7).
  const roles = useQuery(roleQueries.list(client, organizationId));

  const [text, setText] = useState('');
  const [filters, setFilters] = useState<FilterValues>({});
  const [page, setPage] = useState(1);
  const [importOpen, setImportOpen] = useState(false);
  const [pendingDeactivate, setPendingDeactivate] = useState<User | null>(null);
  const [pendingReset, setPendingReset] = useState<User | null>(null);

  const users = list.data?.users ?? [];
  const filtered = useMemo(
    () => filterUsers(list.data?.users ?? [], text, filters),
    [list.data, text, filters],
  );
  const lastPage = Math.max(1, Math.ceil(filtered.length / USER_LIST_PAGE_SIZE));
  // A page past the end (after deactivating or filtering) shows as the last page.
  const shownPage = Math.min(page, lastPage);
  const pageRows = filtered.slice((shownPage - 1) * USER_LIST_PAGE_SIZE, shownPage * USER_LIST_PAGE_SIZE);
  const header = { 'X-Organization-Id': organizationId };

  const deactivate = useMutation({
    mutationFn: (user: User) =>
      unwrap(client.api.DELETE('/users/{id}', { params: { path: { id: user.id }, header } })),
    onSuccess: () => toast.success(userListMessages.deactivated),
    onError: (error) => {
      const message = serverMessage(error);
      toast.error(
        message ? `${userListMessages.deactivateFailed}: ${message}` : userListMessages.deactivateFailed,
      );
    },
    onSettled: () => {
      setPendingDeactivate(null);
      void queryClient.invalidateQueries({ queryKey: adminKeys.all(organizationId) });
    },
  });

  const resetPassword = useMutation({
    mutationFn: (user: User) =>
      unwrap(client.api.POST('/users/{id}/reset-password', { params: { path: { id: user.id }, header } })),
    onSuccess: () => toast.success(userListMessages.resetSent),
    onError: (error) => toast.error(serverMessage(error) ?? userListMessages.resetFailed),
    onSettled: () => setPendingReset(null),
  });

  const filterDefinitions = useMemo<FilterDefinition[]>(
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

  const refreshing = list.isFetching && !list.isPending;
  const actions = (
    <>
      <Button
        variant="secondary"
        loading={refreshing}
        onClick={() => {
          void list.refetch();
          void roles.refetch();
        }}
      >
        {refreshing ? null : <RefreshCw size={16} aria-hidden />}
        Refresh
      </Button>
      {canCreate ? (
        <>
          <Button variant="outline" onClick={() => setImportOpen(true)} disabled={!list.isSuccess}>
            <FileUp size={16} aria-hidden />
            Bulk Import
          </Button>
          <RadixButton asChild style={{ whiteSpace: 'nowrap' }}>
            <a {...createLink}>
              <Plus size={16} aria-hidden />
              Add User
            </a>
          </RadixButton>
        </>
      ) : null}
    </>
  );

  let body: ReactNode;
  if (list.isError) {
    body = (
      <Callout
        variant="error"
        action={
          <Button size="1" variant="secondary" loading={list.isFetching} onClick={() => void list.refetch()}>
            Retry
          </Button>
        }
      >
        {userListMessages.loadFailed}
      </Callout>
    );
  } else if (list.isPending) {
    body = (
      <Card size="3">
        <Flex justify="center" py="8">
          <Spinner label="Loading users" />
        </Flex>
      </Card>
    );
  } else if (filtered.length === 0) {
    body = (
      <Card size="3">
        {users.length > 0 ? (
          <EmptyState
            icon={<SearchX size={32} />}
            title={userListMessages.noMatches}
            description="Try other words or fewer filters."
            action={
              <Button
                variant="secondary"
                onClick={() => {
                  setText('');
                  setFilters({});
                  setPage(1);
                }}
              >
                Clear search and filters
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<Users size={32} />}
            title={userListMessages.noUsers}
            description={`People you add to ${organizationName} appear here with their role and department.`}
            action={
              canCreate ? (
                <RadixButton asChild style={{ whiteSpace: 'nowrap' }}>
                  <a {...createLink}>
                    <Plus size={16} aria-hidden />
                    Add User
                  </a>
                </RadixButton>
              ) : undefined
            }
          />
        )}
      </Card>
    );
  } else {
    body = (
      <Flex direction="column" gap="3">
        <UserTable
          users={pageRows}
          canDeactivate={(user) => canDelete && user.id !== me?.id && isMemberActive(user)}
          onDeactivate={setPendingDeactivate}
          onResetPassword={setPendingReset}
        />
        <Pager
          page={shownPage}
          pageSize={USER_LIST_PAGE_SIZE}
          total={filtered.length}
          label="User pages"
          onPageChange={setPage}
        />
      </Flex>
    );
  }

  return (
    <ScreenLayout>
      <ListHeading
        title={userListMessages.title}
        total={list.isSuccess ? filtered.length : undefined}
        description={`Everyone with access to ${organizationName}, with their role, department and manager.`}
        actions={actions}
      />
      <SearchBar
        label="Search users"
        placeholder="Search by name, email, role or department..."
        searchValue={text}
        onSearchChange={(next) => {
          setText(next);
          setPage(1);
        }}
        filters={filterDefinitions}
        values={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {refreshing ? <VisuallyHidden role="status">Refreshing users</VisuallyHidden> : null}
      {body}
      <ConfirmDialog
        open={pendingDeactivate !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDeactivate(null);
        }}
        onConfirm={() => {
          if (pendingDeactivate) deactivate.mutate(pendingDeactivate);
        }}
        variant="danger"
        title="Deactivate user"
        message={
          pendingDeactivate
            ? `Deactivate ${fullName(pendingDeactivate)}? They lose access to ${organizationName} at once. Their history is kept, and you can reactivate them from Edit User.`
            : ''
        }
        confirmLabel="Deactivate"
        loading={deactivate.isPending}
      />
      <ConfirmDialog
        open={pendingReset !== null}
        onOpenChange={(open) => {
          if (!open) setPendingReset(null);
        }}
        onConfirm={() => {
          if (pendingReset) resetPassword.mutate(pendingReset);
        }}
        variant="warning"
        title="Reset password"
        message={
          pendingReset
            ? `Send a password reset email to ${pendingReset.email}? The link in it works once and expires; the current password keeps working until it is used.`
            : ''
        }
        confirmLabel="Send reset email"
        loading={resetPassword.isPending}
      />
      {canCreate ? (
        <BulkImportModal
          open={importOpen}
          onOpenChange={setImportOpen}
          organizationId={organizationId}
          organizationName={organizationName}
          users={users}
        />
      ) : null}
    </ScreenLayout>
  );
}
