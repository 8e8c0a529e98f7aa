import {
  adminKeys,
  departmentQueries,
  isApiError,
  type Schemas,
  unwrap,
  userQueries,
} from '@purchasing/api-client';
import { Button, Callout, ConfirmDialog, EmptyState, SearchBar, Spinner, toast } from '@purchasing/ui';
import {
  Badge,
  Box,
  Card,
  Code,
  DataList,
  Flex,
  Grid,
  Heading,
  Button as RadixButton,
  SegmentedControl,
  Text,
  VisuallyHidden,
} from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2, Pencil, Plus, Power, RotateCcw, Users } from 'lucide-react';
import { type ReactElement, type ReactNode, useMemo, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { ListHeading } from '../kit/list/ListHeading';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { fullName } from '../shared/display';
import { DepartmentFormDialog } from './DepartmentFormDialog';
import { type DepartmentStatusFilter, filterDepartments, memberCounts } from './departmentChoices';

type Department = Schemas['Department'];

/** Product copy of Department Management (document 2 §2 and §8, and the screen's own wording). */
export const departmentManagementMessages = {
  title: 'Department Management',
  noOrganization: 'Please select an organization from the header to manage departments',
  loadFailed: 'Failed to load departments. Please try again.',
  empty: 'No departments found',
  deactivateFailed: 'Failed to deactivate department',
  deactivated: 'Department deactivated successfully',
  reactivateFailed: 'Failed to update department',
  reactivated: 'Department reactivated successfully',
  deactivateTitle: 'Deactivate Department',
  deactivateConfirm: (department: Pick<Department, 'name' | 'code'>) =>
    `Deactivate ${department.name} (${department.code})? It stays listed as inactive and its members keep it. You can reactivate it later.`,
} as const;

const STATUS_LABELS: Record<DepartmentStatusFilter, string> = {
  all: 'All',
  active: 'Active',
  inactive: 'Inactive',
};

function Page({ children }: { children: ReactNode }): ReactElement {
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: 1400 }}>
      {children}
    </Flex>
  );
}

/**
 * Department Management (document 2 §2, /admin/departments): the current organisation's departments
 * as cards (name, code, status, description, head, parent, member count when the member list is
 * available) with a search over name, code and description, an Active/Inactive switch, and Add, Edit
 * (in a dialog), Deactivate (after confirmation; 'delete' is a deactivation) and Reactivate. Each card
 * links to the department's users. Needs `org.settings` (the server enforces it).
 */
export function DepartmentManagementScreen(): ReactElement {
  const { currentOrganization, organizationsLoading } = useSession();

  if (organizationsLoading || !currentOrganization) {
    return (
      <Page>
        <ListHeading title={departmentManagementMessages.title} />
        {organizationsLoading ? (
          <Flex justify="center" py="9">
            <Spinner label="Loading organizations" />
          </Flex>
        ) : (
          <Callout variant="info">{departmentManagementMessages.noOrganization}</Callout>
        )}
      </Page>
    );
  }
  return (
    <DepartmentManagement
      // Another organisation has other departments: start over (search, dialogs).
      key={currentOrganization.id}
      organizationId={currentOrganization.id}
      organizationName={currentOrganization.name}
    />
  );
}

function DepartmentManagement({
  organizationId,
  organizationName,
}: {
  organizationId: string;
  organizationName: string;
}): ReactElement {
  const { client } = usePurchasing();
  const { hasPermission } = useSession();
  const queryClient = useQueryClient();
  const canManage = hasPermission('org.settings');
  const list = useQuery(departmentQueries.list(client, organizationId));
  // The member list feeds the head choices and the member counts; without `user.edit` it is not
  // available, and a failed load leaves both empty (document 2 §7: such lists silently become empty).
  const members = useQuery({
    ...userQueries.list(client, organizationId),
    enabled: hasPermission('user.edit'),
  });
  const users = members.data?.users ?? [];
  const counts = useMemo(() => (members.data ? memberCounts(members.data.users) : null), [members.data]);

  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<DepartmentStatusFilter>('all');
  const [editing, setEditing] = useState<{ department: Department | null } | null>(null);
  const [deactivating, setDeactivating] = useState<Department | null>(null);

  const departments = list.data?.departments ?? [];
  const shown = useMemo(() => filterDepartments(departments, search, status), [departments, search, status]);

  const header = { 'X-Organization-Id': organizationId };
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all(organizationId) });

  const deactivate = useMutation({
    mutationFn: (department: Department) =>
      unwrap(client.api.DELETE('/departments/{id}', { params: { path: { id: department.id }, header } })),
    onSuccess: () => {
      toast.success(departmentManagementMessages.deactivated);
      setDeactivating(null);
    },
    onError: (error) => toast.error(serverMessage(error) ?? departmentManagementMessages.deactivateFailed),
    onSettled: refresh,
  });

  const reactivate = useMutation({
    // PUT replaces the editable fields, so the department's own values go back with `is_active`.
    mutationFn: (department: Department) =>
      unwrap(
        client.api.PUT('/departments/{id}', {
          params: { path: { id: department.id }, header },
          body: {
            name: department.name,
            code: department.code,
            description: department.description,
            department_head_id: department.department_head?.id ?? null,
            parent_department_id: department.parent_department?.id ?? null,
            is_active: true,
          },
        }),
      ),
    onSuccess: () => toast.success(departmentManagementMessages.reactivated),
    onError: (error) => toast.error(serverMessage(error) ?? departmentManagementMessages.reactivateFailed),
    onSettled: refresh,
  });

  const addButton = canManage ? (
    <Button onClick={() => setEditing({ department: null })}>
      <Plus size={16} aria-hidden />
      Add Department
    </Button>
  ) : null;

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Flex justify="center" py="9">
        <Spinner label="Loading departments" />
      </Flex>
    );
  } else if (list.isError) {
    const refused = isApiError(list.error) && list.error.status === 403;
    body = (
      <Callout
        variant="error"
        action={
          refused ? null : (
            <Button size="1" variant="secondary" onClick={() => void list.refetch()}>
              Retry
            </Button>
          )
        }
      >
        {refused
          ? (serverMessage(list.error) ?? departmentManagementMessages.loadFailed)
          : departmentManagementMessages.loadFailed}
      </Callout>
    );
  } else if (shown.length === 0) {
    const filtered = search.trim() !== '' || status !== 'all';
    body = (
      <Card size="3">
        <EmptyState
          icon={<Building2 size={32} />}
          title={departmentManagementMessages.empty}
          description={
            filtered
              ? 'No department matches this search. Try another name, code or description.'
              : `${organizationName} has no departments yet.`
          }
          action={filtered ? null : addButton}
        />
      </Card>
    );
  } else {
    body = (
      <Grid columns={{ initial: '1', sm: '2', lg: '3' }} gap="4" asChild>
        <ul aria-label="Departments" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {shown.map((department) => (
            <li key={department.id} style={{ display: 'flex' }}>
              <DepartmentCard
                department={department}
                memberCount={counts ? (counts.get(department.id) ?? 0) : undefined}
                canManage={canManage}
                reactivating={reactivate.isPending && reactivate.variables?.id === department.id}
                onEdit={() => setEditing({ department })}
                onDeactivate={() => setDeactivating(department)}
                onReactivate={() => reactivate.mutate(department)}
              />
            </li>
          ))}
        </ul>
      </Grid>
    );
  }

  return (
    <Page>
      <ListHeading
        title={departmentManagementMessages.title}
        total={list.data ? departments.length : undefined}
        description={`How ${organizationName} is organised: each department's head, parent and people.`}
        actions={addButton}
      />
      <Flex gap="3" align={{ initial: 'start', md: 'center' }} direction={{ initial: 'column', md: 'row' }}>
        <Box flexGrow="1" width={{ initial: '100%', md: 'auto' }}>
          <SearchBar
            label="Search departments"
            placeholder="Search by name, code or description"
            searchValue={search}
            onSearchChange={setSearch}
          />
        </Box>
        <SegmentedControl.Root
          size="3"
          value={status}
          onValueChange={(value) => setStatus(value as DepartmentStatusFilter)}
          aria-label="Status"
        >
          {(Object.keys(STATUS_LABELS) as DepartmentStatusFilter[]).map((key) => (
            <SegmentedControl.Item key={key} value={key}>
              {STATUS_LABELS[key]}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl.Root>
      </Flex>
      {body}
      <DepartmentFormDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        organizationId={organizationId}
        department={editing?.department ?? null}
        departments={departments}
        users={users}
      />
      <ConfirmDialog
        open={deactivating !== null}
        onOpenChange={(open) => {
          if (!open) setDeactivating(null);
        }}
        variant="danger"
        title={departmentManagementMessages.deactivateTitle}
        message={deactivating ? departmentManagementMessages.deactivateConfirm(deactivating) : ''}
        confirmLabel="Deactivate"
        loading={deactivate.isPending}
        onConfirm={() => {
          if (deactivating) deactivate.mutate(deactivating);
        }}
      />
    </Page>
  );
}

interface DepartmentCardProps {
  department: Department;
  /** Undefined when the member list is not available. */
  memberCount: number | undefined;
  canManage: boolean;
  reactivating: boolean;
  onEdit(): void;
  onDeactivate(): void;
  onReactivate(): void;
}

function DepartmentCard({
  department,
  memberCount,
  canManage,
  reactivating,
  onEdit,
  onDeactivate,
  onReactivate,
}: DepartmentCardProps): ReactElement {
  const { navigation } = usePurchasing();
  const usersLink = useLinkProps(navigation.hrefs.departmentUsers(department.id));
  const headingId = `department-${department.id}`;
  const muted = !department.is_active;

  return (
    <Card
      size={{ initial: '2', md: '3' }}
      asChild
      style={{ width: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <article aria-labelledby={headingId} data-active={department.is_active}>
        <Flex gap="3" align="center" minWidth="0">
          <Flex
            aria-hidden
            align="center"
            justify="center"
            flexShrink="0"
            style={{
              width: 40,
              height: 40,
              borderRadius: 'var(--radius-3)',
              background: muted ? 'var(--gray-a3)' : 'var(--accent-a3)',
              color: muted ? 'var(--gray-11)' : 'var(--accent-11)',
            }}
          >
            <Building2 size={20} />
          </Flex>
          <Box minWidth="0">
            <Heading as="h3" size="4" id={headingId} style={{ overflowWrap: 'break-word' }}>
              {department.name}
            </Heading>
            <Flex align="center" gap="2" mt="1" wrap="wrap">
              <Code size="2" variant="ghost" color="gray" highContrast>
                {department.code}
              </Code>
              <Badge color={department.is_active ? 'green' : 'gray'} variant="soft" highContrast>
                {department.is_active ? 'Active' : 'Inactive'}
              </Badge>
            </Flex>
          </Box>
        </Flex>

        <Text
          as="p"
          size="2"
          color="gray"
          mt="3"
          style={{ fontStyle: department.description ? undefined : 'italic', overflowWrap: 'anywhere' }}
        >
          {department.description || 'No description'}
        </Text>

        <DataList.Root size="2" mt="4" style={{ gap: 'var(--space-2)' }}>
          <DataList.Item>
            <DataList.Label minWidth="110px">Head</DataList.Label>
            <DataList.Value>
              {department.department_head ? (
                fullName(department.department_head)
              ) : (
                <Text color="gray">Not assigned</Text>
              )}
            </DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="110px">Parent</DataList.Label>
            <DataList.Value>
              {department.parent_department ? (
                department.parent_department.name
              ) : (
                <Text color="gray">None (top level)</Text>
              )}
            </DataList.Value>
          </DataList.Item>
          {memberCount === undefined ? null : (
            <DataList.Item>
              <DataList.Label minWidth="110px">Members</DataList.Label>
              <DataList.Value>{memberCount === 1 ? '1 member' : `${memberCount} members`}</DataList.Value>
            </DataList.Item>
          )}
        </DataList.Root>

        {/* The actions sit at the bottom of every card, so the cards of a row line up. */}
        <Box mt="auto" pt="4">
          <Flex
            justify="between"
            align="center"
            gap="2"
            wrap="wrap"
            pt="3"
            style={{ borderTop: '1px solid var(--gray-a5)' }}
          >
            <RadixButton asChild variant="soft" size="1">
              <a {...usersLink}>
                <Users size={14} aria-hidden />
                View Users <VisuallyHidden>of {department.name}</VisuallyHidden>
              </a>
            </RadixButton>
            {canManage ? (
              <Flex gap="1" align="center">
                <RadixButton
                  variant="ghost"
                  size="1"
                  onClick={onEdit}
                  aria-label={`Edit ${department.name}`}
                  mx="1"
                >
                  <Pencil size={14} aria-hidden />
                  Edit
                </RadixButton>
                {department.is_active ? (
                  <RadixButton
                    variant="ghost"
                    color="red"
                    highContrast
                    size="1"
                    mx="1"
                    onClick={onDeactivate}
                    aria-label={`Deactivate ${department.name}`}
                  >
                    <Power size={14} aria-hidden />
                    Deactivate
                  </RadixButton>
                ) : (
                  <Button
                    variant="ghost"
                    size="1"
                    mx="1"
                    loading={reactivating}
                    onClick={onReactivate}
                    aria-label={`Reactivate ${department.name}`}
                  >
                    {reactivating ? null : <RotateCcw size={14} aria-hidden />}
                    Reactivate
                  </Button>
                )}
              </Flex>
            ) : null}
          </Flex>
        </Box>
      </article>
    </Card>
  );
}
