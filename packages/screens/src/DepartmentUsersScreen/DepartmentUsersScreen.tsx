import { departmentQueries, type Schemas } from '@purchasing/api-client';
import { EmptyState, RoleBadge, Spinner } from '@purchasing/ui';
import {
  Avatar,
  Badge,
  Box,
  Card,
  Code,
  DataList,
  Flex,
  Heading,
  Link,
  Button as RadixButton,
  Table,
  Text,
  VisuallyHidden,
} from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Users } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { DepartmentFacts } from '../DepartmentManagementScreen/DepartmentFacts';
import { ActionsHeaderCell } from '../kit/ActionsHeaderCell';
import { DetailLayout, DetailScreen } from '../kit/detail/DetailScreen';
import { useDetailScreen } from '../kit/detail/useDetailScreen';
import { LoadFailed } from '../kit/LoadFailed';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { fullName } from '../shared/display';

type Department = Schemas['Department'];
type DepartmentUserEntry = Schemas['DepartmentUserEntry'];

/** Product copy of the department's users (document 2 §2 and §8, and the screen's own wording). */
export const departmentUsersMessages = {
  notFound: 'Department not found.',
  noOrganization: 'Please select an organization from the header to view departments',
  loadFailed: 'Failed to load the department. Please try again.',
  usersLoadFailed: "Failed to load the department's users. Please try again.",
  noUsers: 'No users are assigned to this department yet.',
  back: 'Back to Departments',
  title: 'Department Users',
} as const;

/** Props of {@link DepartmentUsersScreen}. */
export interface DepartmentUsersScreenProps {
  /** The department's id, from the route (`/admin/departments/{departmentId}/users`). */
  departmentId: string;
}

/**
 * The users of one department (document 2 §2, /admin/departments/{departmentId}/users), on the detail
 * kit: the department's name, code, status, head, parent and description, and its members with name,
 * email, role, manager, an Active or Inactive flag and an Edit button to the user's edit screen (shown
 * to holders of `user.edit`). A missing department says 'Department not found.' with a way back. Needs
 * `org.settings` (the server enforces it).
 */
export function DepartmentUsersScreen({ departmentId }: DepartmentUsersScreenProps): ReactElement {
  const { navigation } = usePurchasing();
  const state = useDetailScreen({
    query: departmentQueries.detail,
    pick: (body) => body.department,
    id: departmentId,
  });
  return (
    <DetailScreen
      state={state}
      backTo={{
        label: 'Departments',
        href: navigation.hrefs.departments(),
        backLabel: departmentUsersMessages.back,
        asButton: true,
      }}
      crumb={(department) => department.name}
      placeholder={departmentUsersMessages.title}
      notFoundIcon={<Users size={32} />}
      messages={{
        loading: 'Loading department',
        noOrganization: departmentUsersMessages.noOrganization,
        notFound: departmentUsersMessages.notFound,
        notFoundDescription: 'It may have been removed, or the link may be wrong.',
        loadFailed: departmentUsersMessages.loadFailed,
      }}
    >
      {(department, organizationId) => (
        <DepartmentUsers department={department} organizationId={organizationId} />
      )}
    </DetailScreen>
  );
}

function DepartmentUsers({
  department,
  organizationId,
}: {
  department: Department;
  organizationId: string;
}): ReactElement {
  const { client } = usePurchasing();
  const members = useQuery(departmentQueries.users(client, organizationId, department.id));
  let users: ReactNode;
  if (members.isPending) {
    users = (
      <Flex justify="center" py="6">
        <Spinner label="Loading users" />
      </Flex>
    );
  } else if (members.isError) {
    users = (
      <LoadFailed
        error={members.error}
        message={departmentUsersMessages.usersLoadFailed}
        onRetry={() => void members.refetch()}
      />
    );
  } else if (members.data.users.length === 0) {
    users = (
      <Card size="3">
        <EmptyState icon={<Users size={32} />} title={departmentUsersMessages.noUsers} />
      </Card>
    );
  } else {
    users = <UserTable entries={members.data.users} departmentName={department.name} />;
  }

  return (
    <DetailLayout
      title={department.name}
      status={
        <Badge color={department.is_active ? 'green' : 'gray'} variant="soft" highContrast size="2">
          {department.is_active ? 'Active' : 'Inactive'}
        </Badge>
      }
      subtitle={
        <span style={{ display: 'block', maxWidth: 640, overflowWrap: 'anywhere' }}>
          {department.description || 'No description'}
        </span>
      }
      main={
        <>
          <DepartmentSummary department={department} />
          <Box asChild>
            <section aria-labelledby="department-users-heading">
              <Flex asChild align="center" gap="2" mb="3">
                <Heading as="h2" size="4" id="department-users-heading">
                  Users{' '}
                  {members.data ? (
                    <Badge color="gray" variant="soft" highContrast radius="full">
                      {`${members.data.users.length} `}
                      <VisuallyHidden>in total</VisuallyHidden>
                    </Badge>
                  ) : null}
                </Heading>
              </Flex>
              {users}
            </section>
          </Box>
        </>
      }
    />
  );
}

function DepartmentSummary({ department }: { department: Department }): ReactElement {
  return (
    <Card size="3">
      <DataList.Root
        orientation={{ initial: 'vertical', sm: 'horizontal' }}
        style={{ gap: 'var(--space-3)' }}
      >
        <DataList.Item>
          <DataList.Label minWidth="140px">Code</DataList.Label>
          <DataList.Value>
            <Code variant="ghost" color="gray" highContrast>
              {department.code}
            </Code>
          </DataList.Value>
        </DataList.Item>
        <DepartmentFacts
          department={department}
          labels={{ head: 'Department Head', parent: 'Parent Department' }}
          labelWidth="140px"
        />
      </DataList.Root>
    </Card>
  );
}

function initials(person: { first_name: string; last_name: string }): string {
  return `${person.first_name.charAt(0)}${person.last_name.charAt(0)}`.toUpperCase() || '?';
}

function UserTable({
  entries,
  departmentName,
}: {
  entries: DepartmentUserEntry[];
  departmentName: string;
}): ReactElement {
  const { hasPermission } = useSession();
  const canEdit = hasPermission('user.edit');
  return (
    <Table.Root variant="surface" size="2">
      <VisuallyHidden asChild>
        <caption>Users of {departmentName}</caption>
      </VisuallyHidden>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell style={{ minWidth: 200 }}>Name</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell style={{ minWidth: 200 }}>Email</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Role</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell style={{ minWidth: 140 }}>Manager</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <ActionsHeaderCell show={canEdit} justify="end" />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {entries.map((entry) => (
          <UserRow key={entry.user.id} entry={entry} canEdit={canEdit} />
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function UserRow({ entry, canEdit }: { entry: DepartmentUserEntry; canEdit: boolean }): ReactElement {
  const { navigation } = usePurchasing();
  const edit = useLinkProps(navigation.hrefs.userEdit(entry.user.id));
  const name = fullName(entry.user);
  return (
    <Table.Row align="center">
      <Table.RowHeaderCell>
        <Flex align="center" gap="2">
          <Avatar
            size="2"
            radius="full"
            variant="soft"
            highContrast
            fallback={initials(entry.user)}
            aria-hidden
          />
          <Text weight="medium">{name}</Text>
        </Flex>
      </Table.RowHeaderCell>
      <Table.Cell>
        <Link href={`mailto:${entry.user.email}`} size="2" style={{ overflowWrap: 'anywhere' }}>
          {entry.user.email}
        </Link>
      </Table.Cell>
      <Table.Cell>
        <RoleBadge roleName={entry.role.name} />
      </Table.Cell>
      <Table.Cell>{entry.manager ? fullName(entry.manager) : <Text color="gray">None</Text>}</Table.Cell>
      <Table.Cell>
        <Badge color={entry.is_active ? 'green' : 'gray'} variant="soft" highContrast>
          {entry.is_active ? 'Active' : 'Inactive'}
        </Badge>
      </Table.Cell>
      {canEdit ? (
        <Table.Cell justify="end">
          <RadixButton asChild variant="soft" size="1">
            <a {...edit}>
              <Pencil size={14} aria-hidden />
              Edit <VisuallyHidden>{name}</VisuallyHidden>
            </a>
          </RadixButton>
        </Table.Cell>
      ) : null}
    </Table.Row>
  );
}
