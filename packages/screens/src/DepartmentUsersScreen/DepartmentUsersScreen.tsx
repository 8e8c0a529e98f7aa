import { departmentQueries, type Schemas } from '@purchasing/api-client';
import { Breadcrumb, Button, Callout, EmptyState, RoleBadge, Spinner } from '@purchasing/ui';
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
import { ArrowLeft, Pencil, Users } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { DepartmentFacts } from '../DepartmentManagementScreen/DepartmentFacts';
import { ActionsHeaderCell } from '../kit/ActionsHeaderCell';
import { LoadFailed } from '../kit/LoadFailed';
import { PageHead } from '../kit/PageHead';
import { pageMaxWidth } from '../kit/themeVariables';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { fullName } from '../shared/display';
import { isMissingRecord } from '../shared/missingRecord';

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

function Page({ children }: { children: ReactNode }): ReactElement {
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: pageMaxWidth(1200) }}>
      {children}
    </Flex>
  );
}

/**
 * The breadcrumb back to the departments while the department is not loaded (it names the screen
 * 'Department Users' until the department's name is known).
 */
function PendingHead(): ReactElement {
  const { navigation } = usePurchasing();
  const trail = [{ label: 'Departments', href: navigation.hrefs.departments() }];
  return (
    <Box>
      <Breadcrumb
        items={[...trail, { label: departmentUsersMessages.title }]}
        onNavigate={(href) => navigation.navigate(href)}
      />
    </Box>
  );
}

/**
 * The users of one department (document 2 §2, /admin/departments/{departmentId}/users): the
 * department's name, code, status, head, parent and description, and its members with name, email,
 * role, manager, an Active or Inactive flag and an Edit button to the user's edit screen (shown to
 * holders of `user.edit`). A missing department says 'Department not found.' with a way back. Needs
 * `org.settings` (the server enforces it).
 */
export function DepartmentUsersScreen({ departmentId }: DepartmentUsersScreenProps): ReactElement {
  const { currentOrganization, organizationsLoading } = useSession();

  if (organizationsLoading || !currentOrganization) {
    return (
      <Page>
        <PendingHead />
        {organizationsLoading ? (
          <Flex justify="center" py="9">
            <Spinner label="Loading organizations" />
          </Flex>
        ) : (
          <Callout variant="info">{departmentUsersMessages.noOrganization}</Callout>
        )}
      </Page>
    );
  }
  return (
    <DepartmentUsers
      key={`${currentOrganization.id}:${departmentId}`}
      organizationId={currentOrganization.id}
      departmentId={departmentId}
    />
  );
}

function DepartmentUsers({
  organizationId,
  departmentId,
}: {
  organizationId: string;
  departmentId: string;
}): ReactElement {
  const { client, navigation } = usePurchasing();
  const detail = useQuery(departmentQueries.detail(client, organizationId, departmentId));
  const members = useQuery(departmentQueries.users(client, organizationId, departmentId));

  if (detail.isPending) {
    return (
      <Page>
        <PendingHead />
        <Flex justify="center" py="9">
          <Spinner label="Loading department" />
        </Flex>
      </Page>
    );
  }

  if (detail.isError) {
    const missing = isMissingRecord(detail.error);
    return (
      <Page>
        <PendingHead />
        {missing ? (
          <Card size="3">
            <EmptyState
              icon={<Users size={32} />}
              title={departmentUsersMessages.notFound}
              description="It may have been removed, or the link may be wrong."
              action={
                <Button
                  variant="secondary"
                  onClick={() => navigation.navigate(navigation.hrefs.departments())}
                >
                  <ArrowLeft size={16} aria-hidden />
                  {departmentUsersMessages.back}
                </Button>
              }
            />
          </Card>
        ) : (
          <LoadFailed
            error={detail.error}
            message={departmentUsersMessages.loadFailed}
            onRetry={() => {
              void detail.refetch();
              void members.refetch();
            }}
          />
        )}
      </Page>
    );
  }

  const { department } = detail.data;
  let users: ReactNode;
  if (members.isPending) {
    users = (
      <Flex justify="center" py="6">
        <Spinner label="Loading users" />
      </Flex>
    );
  } else if (members.isError) {
    users = (
      <Callout
        variant="error"
        action={
          <Button size="1" variant="secondary" onClick={() => void members.refetch()}>
            Retry
          </Button>
        }
      >
        {departmentUsersMessages.usersLoadFailed}
      </Callout>
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
    <Page>
      <PageHead
        trail={[{ label: 'Departments', href: navigation.hrefs.departments() }]}
        title={department.name}
        badge={
          <Badge color={department.is_active ? 'green' : 'gray'} variant="soft" highContrast size="2">
            {department.is_active ? 'Active' : 'Inactive'}
          </Badge>
        }
        description={
          <span style={{ display: 'block', maxWidth: 640, overflowWrap: 'anywhere' }}>
            {department.description || 'No description'}
          </span>
        }
      />
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
    </Page>
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
