import { organizationQueries } from '@purchasing/api-client';
import { EmptyState } from '@purchasing/ui';
import { Heading, Button as RadixButton, Card as RadixCard } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { Activity, FileText } from 'lucide-react';
import type { ReactElement } from 'react';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';

/**
 * The Recent Activity panel (document 1 §2: always empty, 'No recent activity', with a button to
 * create a first requisition). Its copy fits the reader (issue 19, item 13): someone who has not
 * raised a requisition is asked to create their first; someone who has is not told to, and is
 * pointed at where their requisitions are.
 */
export function RecentActivity({ organizationId }: { organizationId: string }): ReactElement {
  const { client, navigation } = usePurchasing();
  const createRequisition = useLinkProps(navigation.hrefs.requisitionCreate());
  // The summary tiles' query: one call for both.
  const summary = useQuery(organizationQueries.summary(client, organizationId));
  const hasRequisitions = (summary.data?.summary.my_requisitions ?? 0) > 0;
  return (
    <RadixCard asChild size="3">
      <section aria-labelledby="dashboard-recent-activity">
        <Heading as="h2" size="4" id="dashboard-recent-activity">
          Recent Activity
        </Heading>
        <EmptyState
          icon={<Activity size={32} />}
          title="No recent activity"
          description={
            hasRequisitions
              ? 'Changes to your requisitions and approvals are not listed here yet: open Requisitions to follow them.'
              : 'Requisitions you raise and approvals you act on will appear here.'
          }
          action={
            <RadixButton asChild style={{ whiteSpace: 'nowrap' }}>
              <a {...createRequisition}>
                <FileText size={16} aria-hidden />
                {hasRequisitions ? 'Create a requisition' : 'Create your first requisition'}
              </a>
            </RadixButton>
          }
        />
      </section>
    </RadixCard>
  );
}
