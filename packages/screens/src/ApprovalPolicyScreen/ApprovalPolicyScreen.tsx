import { Spinner } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { LoadFailed } from '../kit/LoadFailed';
import { PageHead } from '../kit/PageHead';
import { ScreenFrame } from '../kit/ScreenFrame';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { approvalPolicyQueries } from './approvalPolicyQueries';
import { PolicyForm } from './PolicyForm';
import { PolicyVersions } from './PolicyVersions';

/** Copy of the approval policy screen. */
export const approvalPolicyMessages = {
  title: 'Approval Policy',
  description: 'Who approves requisitions, from which amounts, and how fast.',
  noOrganization: 'Please select an organization from the header to see its approval policy',
  refused: "You don't have permission to view the approval policy",
  loading: 'Loading the approval policy',
  loadFailed: 'Failed to load the approval policy. Please try again.',
} as const;

/**
 * The approval policy (`/settings/approval-policy`, issue 15 item 8): the levels with their
 * thresholds, approvers and due times, auto-approval and the fallback roles, a preview on a sample
 * amount and the version history. Editable with `org.settings`, read-only for approvers.
 */
export function ApprovalPolicyScreen(): ReactElement {
  const { navigation } = usePurchasing();
  const { hasPermission } = useSession();
  return (
    <ScreenFrame
      title={approvalPolicyMessages.title}
      noOrganization={approvalPolicyMessages.noOrganization}
      maxWidth={1000}
      refusal={() =>
        hasPermission('org.settings') || hasPermission('approval.act')
          ? undefined
          : approvalPolicyMessages.refused
      }
    >
      {(organization) => (
        <Flex direction="column" gap="5">
          <PageHead
            trail={[
              { label: 'Dashboard', href: navigation.hrefs.dashboard() },
              { label: 'Settings', href: navigation.hrefs.settings() },
            ]}
            title={approvalPolicyMessages.title}
            description={approvalPolicyMessages.description}
          />
          <Policy organizationId={organization.id} canEdit={hasPermission('org.settings')} />
        </Flex>
      )}
    </ScreenFrame>
  );
}

function Policy({ organizationId, canEdit }: { organizationId: string; canEdit: boolean }): ReactElement {
  const { client } = usePurchasing();
  const query = useQuery(approvalPolicyQueries.current(client, organizationId));
  if (query.isPending) return <Spinner label={approvalPolicyMessages.loading} />;
  if (query.isError) {
    return (
      <LoadFailed
        error={query.error}
        message={approvalPolicyMessages.loadFailed}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { approval_policy: current, choices } = query.data;
  return (
    <Flex direction="column" gap="5">
      <PolicyForm
        // A new version (saved here or reloaded after a conflict) starts a fresh form.
        key={current.version}
        organizationId={organizationId}
        current={current}
        choices={choices}
        canEdit={canEdit}
        onReload={() => void query.refetch()}
      />
      <PolicyVersions organizationId={organizationId} />
    </Flex>
  );
}
