import { departmentQueries, type Schemas } from '@purchasing/api-client';
import { Button } from '@purchasing/ui';
import { Grid, SegmentedControl } from '@radix-ui/themes';
import { Building2, Plus } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { ListScreen } from '../kit/list/ListScreen';
import { defineListResource, useListScreen } from '../kit/list/useListScreen';
import { useLocalListSearch } from '../kit/list/useLocalListSearch';
import { ScreenFrame } from '../kit/ScreenFrame';
import { DepartmentCard } from './DepartmentCard';
import { DepartmentFormDialog } from './DepartmentFormDialog';
import { type DepartmentStatusFilter, filterDepartments } from './departmentChoices';
import { departmentManagementMessages } from './departmentManagementMessages';
import { useDepartmentManagement } from './useDepartmentManagement';

export { departmentManagementMessages };

type Department = Schemas['Department'];

const STATUS_LABELS: Record<DepartmentStatusFilter, string> = {
  all: 'All',
  active: 'Active',
  inactive: 'Inactive',
};

/** The screen's own state: the search text and the status switch ('all' is absent). */
interface DepartmentSearch {
  search?: string;
  status?: 'active' | 'inactive';
}

const compactDepartmentSearch = ({ search, status }: DepartmentSearch): DepartmentSearch => ({
  ...(search ? { search } : {}),
  ...(status ? { status } : {}),
});

/**
 * The organisation's departments (`GET /departments`), loaded whole and searched in memory at each
 * keystroke; the status switch is a filter (a list it empties says no department matches).
 */
const departmentList = defineListResource({
  pageSize: Number.POSITIVE_INFINITY,
  searchWaitMs: 0,
  parse: (value) => {
    const { search, status } = value as Record<string, unknown>;
    return compactDepartmentSearch({
      search: typeof search === 'string' ? search : undefined,
      status: status === 'active' || status === 'inactive' ? status : undefined,
    });
  },
  compact: compactDepartmentSearch,
  query: (client, organizationId, _search: DepartmentSearch) =>
    departmentQueries.list(client, organizationId),
  page: ({ departments }, { search, status }) => {
    const rows = filterDepartments(departments, search ?? '', status ?? 'all');
    return { rows, total: rows.length };
  },
});

/**
 * Department Management (document 2 §2, /admin/departments): the current organisation's departments
 * as cards (name, code, status, description, head, parent, member count when the member list is
 * available) with a search over name, code and description, an Active/Inactive switch, and Add, Edit
 * (in a dialog), Deactivate (after confirmation; 'delete' is a deactivation) and Reactivate. Each card
 * links to the department's users. Needs `org.settings` (the server enforces it).
 */
export function DepartmentManagementScreen(): ReactElement {
  return (
    <ScreenFrame
      title={departmentManagementMessages.title}
      noOrganization={departmentManagementMessages.noOrganization}
    >
      {(organization) => (
        <DepartmentManagement organizationId={organization.id} organizationName={organization.name} />
      )}
    </ScreenFrame>
  );
}

function DepartmentManagement({
  organizationId,
  organizationName,
}: {
  organizationId: string;
  organizationName: string;
}): ReactElement {
  const { canManage, users, counts, deactivate, reactivate } = useDepartmentManagement(organizationId);
  const local = useLocalListSearch<DepartmentSearch>({});
  const list = useListScreen(
    departmentList,
    { ...local, organizationId },
    // A refused deactivation keeps the dialog open, to try again or cancel.
    { confirm: { run: deactivate.mutateAsync, keepOpenOnError: true } },
  );
  const [editing, setEditing] = useState<{ department: Department | null } | null>(null);
  const departments = list.data?.departments ?? [];
  const status = local.search.status ?? 'all';

  const addButton = canManage ? (
    <Button onClick={() => setEditing({ department: null })}>
      <Plus size={16} aria-hidden />
      Add Department
    </Button>
  ) : null;
  const filtered = list.status === 'no-match';

  return (
    <ListScreen<Department>
      state={list}
      title={departmentManagementMessages.title}
      count={{ value: list.data ? departments.length : undefined, label: { text: 'in total' } }}
      description={`How ${organizationName} is organised: each department's head, parent and people.`}
      actions={addButton}
      toolbar={
        <SegmentedControl.Root
          size="3"
          value={status}
          onValueChange={(value) =>
            local.onSearchChange(
              compactDepartmentSearch({
                ...local.search,
                status: value === 'all' ? undefined : (value as DepartmentSearch['status']),
              }),
            )
          }
          aria-label="Status"
          style={{ alignSelf: 'start' }}
        >
          {(Object.keys(STATUS_LABELS) as DepartmentStatusFilter[]).map((key) => (
            <SegmentedControl.Item key={key} value={key}>
              {STATUS_LABELS[key]}
            </SegmentedControl.Item>
          ))}
        </SegmentedControl.Root>
      }
      searchBox={{ label: 'Search departments', placeholder: 'Search by name, code or description' }}
      dateRange={false}
      renderRows={(shown) => (
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
                  onDeactivate={() => list.confirm?.ask(department)}
                  onReactivate={() => reactivate.mutate(department)}
                />
              </li>
            ))}
          </ul>
        </Grid>
      )}
      // The no-match state says so without a Clear: the search box and the switch are in view.
      empty={{
        icon: <Building2 size={32} />,
        title: departmentManagementMessages.empty,
        description: filtered
          ? 'No department matches this search. Try another name, code or description.'
          : `${organizationName} has no departments yet.`,
        action: filtered ? null : addButton,
      }}
      pagerOnlyWhenPaged
      messages={{
        loading: 'Loading departments',
        loadFailed: departmentManagementMessages.loadFailed,
        pager: 'Department pages',
      }}
      confirm={{
        title: departmentManagementMessages.deactivateTitle,
        message: departmentManagementMessages.deactivateConfirm,
        confirmLabel: 'Deactivate',
        variant: 'danger',
      }}
    >
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
    </ListScreen>
  );
}
