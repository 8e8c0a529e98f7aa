import { isApiError } from '@purchasing/api-client';
import { Button, Callout, ConfirmDialog, EmptyState, SearchBar, Spinner } from '@purchasing/ui';
import { Box, Card, Flex, Grid, SegmentedControl } from '@radix-ui/themes';
import { Building2, Plus } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { ListHeading } from '../kit/list/ListHeading';
import { useSession } from '../SessionProvider';
import { DepartmentCard } from './DepartmentCard';
import { DepartmentFormDialog } from './DepartmentFormDialog';
import type { DepartmentStatusFilter } from './departmentChoices';
import { departmentManagementMessages } from './departmentManagementMessages';
import { useDepartmentManagement } from './useDepartmentManagement';

export { departmentManagementMessages };

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
  const {
    canManage,
    list,
    users,
    counts,
    search,
    setSearch,
    status,
    setStatus,
    editing,
    setEditing,
    deactivating,
    setDeactivating,
    departments,
    shown,
    deactivate,
    reactivate,
  } = useDepartmentManagement(organizationId);

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
