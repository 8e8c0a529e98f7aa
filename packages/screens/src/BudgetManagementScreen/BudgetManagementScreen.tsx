import {
  budgetKeys,
  budgetQueries,
  isApiError,
  organizationQueries,
  type Schemas,
  unwrap,
} from '@purchasing/api-client';
import { Button, Callout, EmptyState, Pager, Spinner, toast } from '@purchasing/ui';
import { Box, Card, Flex, Select, Text } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PiggyBank, Plus } from 'lucide-react';
import { type ReactElement, type ReactNode, useId, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { ListHeading } from '../kit/list/ListHeading';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { BudgetFormDialog } from './BudgetFormDialog';
import { BudgetCard, BudgetTable } from './BudgetTable';

type Budget = Schemas['Budget'];
type BudgetPolicy = Schemas['BudgetPolicy'];

/** Rows per page of the budget table. */
const BUDGET_PAGE_SIZE = 20;

/** The budget policies with their labels and what each does, as the screen offers them. */
const BUDGET_POLICY_OPTIONS: readonly {
  value: BudgetPolicy;
  label: string;
  description: string;
}[] = [
  {
    value: 'warn',
    label: 'Warn only',
    description: 'Requestors see the Budget Warning; over-budget requisitions are routed as usual.',
  },
  {
    value: 'require_finance',
    label: 'Require Finance approval',
    description:
      'An over-budget requisition always gets a Finance Manager Approval, and every approver sees the overrun.',
  },
  {
    value: 'block',
    label: 'Block',
    description: 'An over-budget requisition cannot be submitted or approved; the available amount is shown.',
  },
];

/** Product copy of Budget Management (the screen's own wording). */
export const budgetManagementMessages = {
  title: 'Budget Management',
  description: 'Allocated, committed, spent and available amounts per cost center and fiscal year.',
  noOrganization: 'Please select an organization from the header to manage budgets',
  loadFailed: 'Failed to load budgets. Please try again.',
  empty: 'No budgets for this fiscal year',
  emptyHelp: 'Add a budget to control what a cost center may commit and spend.',
  policyLabel: 'Budget policy',
  policyUpdated: 'Budget policy updated successfully',
  policyFailed: 'Failed to update budget policy',
} as const;

function Page({ children }: { children: ReactNode }): ReactElement {
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: 1400 }}>
      {children}
    </Flex>
  );
}

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
  const { currentOrganization, organizationsLoading } = useSession();
  if (organizationsLoading || !currentOrganization) {
    return (
      <Page>
        <ListHeading title={budgetManagementMessages.title} />
        {organizationsLoading ? (
          <Flex justify="center" py="9">
            <Spinner label="Loading organizations" />
          </Flex>
        ) : (
          <Callout variant="info">{budgetManagementMessages.noOrganization}</Callout>
        )}
      </Page>
    );
  }
  return (
    <BudgetManagement
      key={currentOrganization.id}
      organizationId={currentOrganization.id}
      currency={currentOrganization.currency}
      {...(fiscalYear === undefined ? {} : { fiscalYear })}
      {...(onFiscalYearChange ? { onFiscalYearChange } : {})}
    />
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
  // The year the screen keeps itself when the host does not (no router, e.g. an embedding page).
  const [ownYear, setOwnYear] = useState<number | null>(null);
  const fiscalYear = controlledYear === undefined ? ownYear : controlledYear;
  // The page belongs to a year: another year (chosen here, or from the URL by Back) starts on page 1.
  const [paging, setPaging] = useState({ fiscalYear, page: 1 });
  const page = paging.fiscalYear === fiscalYear ? paging.page : 1;
  const setPage = (next: number) => setPaging({ fiscalYear, page: next });
  const [editing, setEditing] = useState<{ budget: Budget | null } | null>(null);
  const list = useQuery(
    budgetQueries.list(client, organizationId, {
      ...(fiscalYear === null ? {} : { fiscal_year: fiscalYear }),
      limit: BUDGET_PAGE_SIZE,
      offset: (page - 1) * BUDGET_PAGE_SIZE,
    }),
  );
  const costCenters = useQuery({
    ...organizationQueries.costCenters(client, organizationId),
    enabled: canManage,
  });
  const shownYear = list.data?.fiscal_year ?? fiscalYear;
  const currentYear = new Date().getUTCFullYear();
  const years = [
    ...new Set([currentYear - 1, currentYear, currentYear + 1, ...(shownYear ? [shownYear] : [])]),
  ].sort();

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <Flex justify="center" py="9">
        <Spinner label="Loading budgets" />
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
          ? (serverMessage(list.error) ?? budgetManagementMessages.loadFailed)
          : budgetManagementMessages.loadFailed}
      </Callout>
    );
  } else if (list.data.budgets.length === 0) {
    body = (
      <Card size="3">
        <EmptyState
          icon={<PiggyBank size={32} aria-hidden />}
          title={budgetManagementMessages.empty}
          description={budgetManagementMessages.emptyHelp}
        />
      </Card>
    );
  } else {
    body = (
      <Flex direction="column" gap="3">
        {/* A table from the md breakpoint; a card per budget on a phone, where seven columns do not fit. */}
        <Box display={{ initial: 'none', md: 'block' }}>
          <BudgetTable
            budgets={list.data.budgets}
            canManage={canManage}
            onEdit={(budget) => setEditing({ budget })}
          />
        </Box>
        <Flex direction="column" gap="3" display={{ initial: 'flex', md: 'none' }}>
          {list.data.budgets.map((budget) => (
            <BudgetCard
              key={budget.id}
              budget={budget}
              canManage={canManage}
              onEdit={() => setEditing({ budget })}
            />
          ))}
        </Flex>
        <Pager
          page={page}
          pageSize={BUDGET_PAGE_SIZE}
          total={list.data.pagination.total}
          pageRowCount={list.data.budgets.length}
          onPageChange={setPage}
        />
      </Flex>
    );
  }

  return (
    <Page>
      <ListHeading
        title={budgetManagementMessages.title}
        {...(list.data ? { total: list.data.pagination.total } : {})}
        description={budgetManagementMessages.description}
        actions={
          canManage ? (
            <Button onClick={() => setEditing({ budget: null })}>
              <Plus size={16} aria-hidden />
              Add Budget
            </Button>
          ) : null
        }
      />
      <Flex gap="4" wrap="wrap" align="start">
        <LabelledSelect
          label="Fiscal year"
          value={shownYear ? String(shownYear) : ''}
          options={years.map((year) => ({ value: String(year), label: `FY ${year}` }))}
          onChange={(value) => {
            const year = Number(value);
            if (controlledYear === undefined) setOwnYear(year);
            onFiscalYearChange?.(year);
          }}
        />
        <PolicySelector organizationId={organizationId} canManage={canManage} />
      </Flex>
      {body}
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
    </Page>
  );
}

function LabelledSelect({
  label,
  value,
  options,
  onChange,
  disabled = false,
  hint,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
  disabled?: boolean;
  hint?: string;
}): ReactElement {
  const id = useId();
  return (
    <Flex direction="column" gap="1" style={{ minWidth: 200, maxWidth: '100%' }}>
      <Text as="label" size="2" weight="medium" id={`${id}-label`}>
        {label}
      </Text>
      <Select.Root value={value} onValueChange={onChange} disabled={disabled}>
        <Select.Trigger
          aria-labelledby={`${id}-label`}
          {...(hint ? { 'aria-describedby': `${id}-hint` } : {})}
        />
        <Select.Content>
          {options.map((option) => (
            <Select.Item key={option.value} value={option.value}>
              {option.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
      {hint ? (
        <Text size="1" color="gray" id={`${id}-hint`} style={{ maxWidth: 420 }}>
          {hint}
        </Text>
      ) : null}
    </Flex>
  );
}

/** The organisation's budget policy: a choice for `org.settings` holders, read-only for the others. */
function PolicySelector({ organizationId, canManage }: { organizationId: string; canManage: boolean }) {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const policy = useQuery(budgetQueries.policy(client, organizationId));
  const change = useMutation({
    mutationFn: (budget_policy: BudgetPolicy) =>
      unwrap(
        client.api.PUT('/budgets/policy', {
          params: { header: { 'X-Organization-Id': organizationId } },
          body: { budget_policy },
        }),
      ),
    onSuccess: (data) => {
      queryClient.setQueryData(budgetKeys.policy(organizationId), data);
      toast.success(budgetManagementMessages.policyUpdated);
    },
    onError: (error) => toast.error(serverMessage(error) ?? budgetManagementMessages.policyFailed),
  });
  if (!policy.data) return null;
  const current = BUDGET_POLICY_OPTIONS.find((option) => option.value === policy.data.budget_policy);
  return (
    <LabelledSelect
      label={budgetManagementMessages.policyLabel}
      value={policy.data.budget_policy}
      options={BUDGET_POLICY_OPTIONS}
      onChange={(value) => change.mutate(value as BudgetPolicy)}
      disabled={!canManage || change.isPending}
      {...(current ? { hint: current.description } : {})}
    />
  );
}
