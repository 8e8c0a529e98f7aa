import { budgetQueries, organizationQueries, type Schemas } from '@purchasing/api-client';
import { Button } from '@purchasing/ui';
import { Box, Flex } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { PiggyBank, Plus } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { ListScreen } from '../kit/list/ListScreen';
import { defineListResource, useListScreen } from '../kit/list/useListScreen';
import { useLocalListSearch } from '../kit/list/useLocalListSearch';
import { ScreenFrame } from '../kit/ScreenFrame';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { budgetPolicyMessages, LabelledSelect, PolicySelector } from './BudgetControls';
import { BudgetFormDialog } from './BudgetFormDialog';
import { BudgetCard, BudgetTable } from './BudgetTable';

type Budget = Schemas['Budget'];

/** Rows per page of the budget table. */
const BUDGET_PAGE_SIZE = 20;

/** Product copy of Budget Management (the screen's own wording). */
export const budgetManagementMessages = {
  title: 'Budget Management',
  description: 'Allocated, committed, spent and available amounts per cost center and fiscal year.',
  noOrganization: 'Please select an organization from the header to manage budgets',
  loadFailed: 'Failed to load budgets. Please try again.',
  empty: 'No budgets for this fiscal year',
  emptyHelp: 'Add a budget to control what a cost center may commit and spend.',
  ...budgetPolicyMessages,
} as const;

/** Props of {@link BudgetManagementScreen}. */
export interface BudgetManagementScreenProps {
  /**
   * The fiscal year shown, for a host that keeps it in its URL (read with
   * `budgetManagementSearchSchema`): a year, or `null` for the current fiscal year (the server's
   * default). Leave it undefined and the screen keeps the year itself, starting on the current one.
   */
  fiscalYear?: number | null;
  /**
   * Called with the fiscal year the user chooses. With `fiscalYear` given, write it to the URL (the
   * screen re-renders with it as `fiscalYear`); without, the screen has already moved to it.
   */
  onFiscalYearChange?(fiscalYear: number): void;
}

/** The list's state: the fiscal year (absent: the current one) is its view; the page belongs to it. */
interface BudgetSearch {
  fiscal_year?: number;
  page?: number;
}

const compactBudgetSearch = (search: BudgetSearch): BudgetSearch => ({
  ...(search.fiscal_year === undefined ? {} : { fiscal_year: search.fiscal_year }),
  ...(search.page !== undefined && search.page > 1 ? { page: search.page } : {}),
});

/** The budgets of a fiscal year (`GET /budgets`), by cost centre code, twenty a page. */
const budgetList = defineListResource({
  pageSize: BUDGET_PAGE_SIZE,
  viewKeys: ['fiscal_year'],
  parse: (value) => compactBudgetSearch(value as BudgetSearch),
  compact: compactBudgetSearch,
  query: (client, organizationId, { fiscal_year, page = 1 }: BudgetSearch) =>
    budgetQueries.list(client, organizationId, {
      ...(fiscal_year === undefined ? {} : { fiscal_year }),
      limit: BUDGET_PAGE_SIZE,
      offset: (page - 1) * BUDGET_PAGE_SIZE,
    }),
  page: ({ budgets, pagination }) => ({ rows: budgets, total: pagination.total }),
});

/**
 * Budget Management (issue 13, `/budgets`): the budgets of a fiscal year as a table (cost centre,
 * allocated, committed, spent, pending approval, available, utilisation), a fiscal year choice, and
 * the organisation's budget policy. Holders of `org.settings` add budgets, change allocations (in a
 * dialog) and change the policy; holders of `budget.view` read them. The server enforces both. The
 * fiscal year lives in the host's URL through `fiscalYear` and `onFiscalYearChange`, so a reload or a
 * shared link shows the same year; without them the screen keeps it in its own state.
 */
export function BudgetManagementScreen({
  fiscalYear,
  onFiscalYearChange,
}: BudgetManagementScreenProps = {}): ReactElement {
  return (
    <ScreenFrame
      title={budgetManagementMessages.title}
      noOrganization={budgetManagementMessages.noOrganization}
    >
      {(organization) => (
        <BudgetManagement
          organizationId={organization.id}
          currency={organization.currency}
          {...(fiscalYear === undefined ? {} : { fiscalYear })}
          {...(onFiscalYearChange ? { onFiscalYearChange } : {})}
        />
      )}
    </ScreenFrame>
  );
}

function BudgetManagement({
  organizationId,
  currency,
  fiscalYear: controlledYear,
  onFiscalYearChange,
}: BudgetManagementScreenProps & {
  organizationId: string;
  currency: string;
}): ReactElement {
  const { client } = usePurchasing();
  const { hasPermission } = useSession();
  const canManage = hasPermission('org.settings');
  // The year and page the screen keeps (the year only when the host does not).
  const own = useLocalListSearch<BudgetSearch>({});
  const fiscalYear = controlledYear === undefined ? own.search.fiscal_year : (controlledYear ?? undefined);
  // The page belongs to a year: another year (chosen here, or from the URL by Back) starts on page 1.
  const page = own.search.fiscal_year === fiscalYear ? own.search.page : undefined;
  const list = useListScreen(budgetList, {
    search: compactBudgetSearch({ fiscal_year: fiscalYear, page }),
    onSearchChange: own.onSearchChange,
    organizationId,
  });
  const [editing, setEditing] = useState<{ budget: Budget | null } | null>(null);
  const costCenters = useQuery({
    ...organizationQueries.costCenters(client, organizationId),
    enabled: canManage,
  });
  const shownYear = list.data?.fiscal_year ?? fiscalYear;
  const currentYear = new Date().getUTCFullYear();
  const years = [
    ...new Set([currentYear - 1, currentYear, currentYear + 1, ...(shownYear ? [shownYear] : [])]),
  ].sort();

  return (
    <ListScreen<Budget>
      state={list}
      title={budgetManagementMessages.title}
      description={budgetManagementMessages.description}
      actions={
        canManage ? (
          <Button onClick={() => setEditing({ budget: null })}>
            <Plus size={16} aria-hidden />
            Add Budget
          </Button>
        ) : null
      }
      toolbar={
        <Flex gap="4" wrap="wrap" align="start">
          <LabelledSelect
            label="Fiscal year"
            value={shownYear ? String(shownYear) : ''}
            options={years.map((year) => ({ value: String(year), label: `FY ${year}` }))}
            onChange={(value) => {
              const year = Number(value);
              if (controlledYear === undefined) own.onSearchChange({ fiscal_year: year });
              onFiscalYearChange?.(year);
            }}
          />
          <PolicySelector organizationId={organizationId} canManage={canManage} />
        </Flex>
      }
      renderRows={(budgets) => (
        <>
          {/* A table from the md breakpoint; a card per budget on a phone, where seven columns do not fit. */}
          <Box display={{ initial: 'none', md: 'block' }}>
            <BudgetTable
              budgets={budgets}
              canManage={canManage}
              onEdit={(budget) => setEditing({ budget })}
            />
          </Box>
          <Flex direction="column" gap="3" display={{ initial: 'flex', md: 'none' }}>
            {budgets.map((budget) => (
              <BudgetCard
                key={budget.id}
                budget={budget}
                canManage={canManage}
                onEdit={() => setEditing({ budget })}
              />
            ))}
          </Flex>
        </>
      )}
      empty={{
        icon: <PiggyBank size={32} aria-hidden />,
        title: budgetManagementMessages.empty,
        description: budgetManagementMessages.emptyHelp,
      }}
      messages={{
        loading: 'Loading budgets',
        loadFailed: budgetManagementMessages.loadFailed,
        pager: 'Pagination',
      }}
    >
      {editing ? (
        <BudgetFormDialog
          open
          onOpenChange={(open) => {
            if (!open) setEditing(null);
          }}
          organizationId={organizationId}
          currency={currency}
          budget={editing.budget}
          costCenters={costCenters.data?.cost_centers ?? []}
          fiscalYear={shownYear ?? currentYear}
        />
      ) : null}
    </ListScreen>
  );
}
