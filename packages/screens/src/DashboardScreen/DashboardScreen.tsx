import { organizationQueries, type Schemas } from '@purchasing/api-client';
import { Button, Callout, Card, formatMoney, formatPercent, StatTile } from '@purchasing/ui';
import { Box, Flex, Grid, Heading } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import {
  BarChart3,
  CheckSquare,
  Clock,
  DollarSign,
  FilePlus,
  FileText,
  PieChart,
  ShoppingCart,
  Users,
  Wallet,
} from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { OrganizationGate } from '../kit/OrganizationGate';
import { PageHead } from '../kit/PageHead';
import { pageMaxWidth } from '../kit/themeVariables';
import { type Hrefs, useLinkProps, usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { RecentActivity } from './RecentActivity';

/** Message shown when no organisation is chosen (document 1 §2). */
export const NO_ORGANIZATION_MESSAGE = 'Please select an organization from the header to view your dashboard';

/** A card of the dashboard's Quick Actions. */
export interface QuickAction {
  id: string;
  title: string;
  description: string;
  href(hrefs: Hrefs): string;
  icon: ReactNode;
  /** Shown only to holders of this permission: a quick action never leads to a refusal. */
  permission?: Schemas['PermissionName'];
}

/**
 * The dashboard's quick actions, in order. Each leads to a real screen of the host (its route table is
 * tested against this list in host-app), or to a "coming soon" page until the screen exists.
 */
export const dashboardQuickActions: readonly QuickAction[] = [
  {
    id: 'new-requisition',
    title: 'New Requisition',
    description: 'Raise a purchase request for approval',
    href: (h) => h.requisitionCreate(),
    icon: <FilePlus size={20} />,
    permission: 'requisition.create',
  },
  {
    id: 'approvals',
    title: 'Review Approvals',
    description: 'Act on requisitions waiting for you',
    href: (h) => h.approvals(),
    icon: <CheckSquare size={20} />,
    permission: 'approval.act',
  },
  {
    id: 'purchase-orders',
    title: 'Purchase Orders',
    description: 'Track orders sent to vendors',
    href: (h) => h.purchaseOrders(),
    icon: <ShoppingCart size={20} />,
    permission: 'purchase_order.view',
  },
  {
    id: 'budgets',
    title: 'Budgets',
    description: 'See allocations and what is left',
    href: (h) => h.budgets(),
    icon: <Wallet size={20} />,
    permission: 'budget.view',
  },
  {
    id: 'reports',
    title: 'Reports',
    description: 'Spending and approval reports',
    href: (h) => h.reports(),
    icon: <BarChart3 size={20} />,
    permission: 'report.view',
  },
  {
    id: 'users',
    title: 'Manage Users',
    description: 'Invite people and assign roles',
    href: (h) => h.users(),
    icon: <Users size={20} />,
    permission: 'user.edit',
  },
];

/**
 * The dashboard: greets the user by first name and, for the current organisation, shows the four
 * summary tiles, quick actions and the Recent Activity panel.
 */
export function DashboardScreen(): ReactElement {
  const { user, currentOrganization, hasPermission } = useSession();

  return (
    <Flex direction="column" gap="6" style={{ maxWidth: pageMaxWidth(1200) }}>
      <PageHead
        trail={[]}
        title="Dashboard"
        heading={`Welcome back, ${user?.first_name ?? ''}!`}
        description={
          currentOrganization
            ? `Here's what's happening at ${currentOrganization.name}.`
            : "Here's your purchasing overview."
        }
      />
      <OrganizationGate noOrganization={NO_ORGANIZATION_MESSAGE}>
        {(currentOrganization) => (
          <>
            <SummaryTiles organizationId={currentOrganization.id} currency={currentOrganization.currency} />
            <Box asChild>
              <section aria-labelledby="dashboard-quick-actions">
                <Heading as="h2" size="4" mb="3" id="dashboard-quick-actions">
                  Quick Actions
                </Heading>
                <Grid columns={{ initial: '1', sm: '2', lg: '3' }} gap="3">
                  {dashboardQuickActions
                    .filter((action) => !action.permission || hasPermission(action.permission))
                    .map((action) => (
                      <QuickActionCard key={action.id} action={action} />
                    ))}
                </Grid>
              </section>
            </Box>
            <RecentActivity organizationId={currentOrganization.id} />
          </>
        )}
      </OrganizationGate>
    </Flex>
  );
}

function SummaryTiles({
  organizationId,
  currency,
}: {
  organizationId: string;
  currency: string;
}): ReactElement {
  const { client } = usePurchasing();
  const summary = useQuery(organizationQueries.summary(client, organizationId));

  if (summary.isError) {
    return (
      <Callout
        variant="error"
        action={
          <Button size="1" variant="secondary" onClick={() => void summary.refetch()}>
            Retry
          </Button>
        }
      >
        Failed to load the dashboard summary. Please try again.
      </Callout>
    );
  }

  const data = summary.data?.summary;
  const loading = summary.isPending;
  return (
    <Grid columns={{ initial: '1', sm: '2', lg: '4' }} gap="4">
      <StatTile
        label="Pending Approvals"
        value={data?.pending_approvals ?? 0}
        icon={<Clock size={20} />}
        color="amber"
        loading={loading}
      />
      <StatTile
        label="My Requisitions"
        value={data?.my_requisitions ?? 0}
        icon={<FileText size={20} />}
        color="blue"
        loading={loading}
      />
      <StatTile
        label="Monthly Spend"
        value={formatMoney(data?.total_spend_this_month ?? 0, currency)}
        icon={<DollarSign size={20} />}
        color="green"
        loading={loading}
      />
      <StatTile
        label="Budget Utilization"
        value={formatPercent(data?.budget_utilization ?? 0)}
        icon={<PieChart size={20} />}
        color="purple"
        loading={loading}
      />
    </Grid>
  );
}

function QuickActionCard({ action }: { action: QuickAction }): ReactElement {
  const { navigation } = usePurchasing();
  const link = useLinkProps(action.href(navigation.hrefs));
  return <Card title={action.title} description={action.description} icon={action.icon} {...link} />;
}
