import { formatDateTime, Spinner } from '@purchasing/ui';
import { Badge, Flex, Text } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Panel } from '../kit/detail/Panel';
import { usePurchasing } from '../PurchasingProvider';
import { approvalPolicyQueries, personName } from './approvalPolicyQueries';

/** Copy of the version history. */
export const versionWords = {
  title: 'Version History',
  description: 'Each save is a new version. A requisition keeps the version it was submitted under.',
  loading: 'Loading versions',
  failed: 'Failed to load the versions.',
  current: 'Current',
  initial: 'Initial policy',
  version: (n: number) => `Version ${n}`,
  levels: (n: number) => `${n} level${n === 1 ? '' : 's'}`,
} as const;

/** The policy's versions, newest first: who saved each, when, and how many levels it has. */
export function PolicyVersions({ organizationId }: { organizationId: string }): ReactElement {
  const { client } = usePurchasing();
  const query = useQuery(approvalPolicyQueries.versions(client, organizationId));
  return (
    <Panel title={versionWords.title} description={versionWords.description}>
      {query.isPending ? (
        <Spinner label={versionWords.loading} />
      ) : query.isError ? (
        <Text color="red">{versionWords.failed}</Text>
      ) : (
        <ul aria-label={versionWords.title} style={{ margin: 0, padding: 0, listStyle: 'none' }}>
          {query.data.versions.map((version, i) => (
            <li
              key={version.version}
              style={{ padding: '8px 0', borderTop: i === 0 ? undefined : '1px solid var(--gray-a5)' }}
            >
              <Flex justify="between" gap="3" wrap="wrap">
                <Flex gap="2" align="center">
                  <Text weight="medium">{versionWords.version(version.version)}</Text>
                  {i === 0 ? <Badge color="green">{versionWords.current}</Badge> : null}
                </Flex>
                <Text size="2" color="gray">
                  {formatDateTime(version.saved_at)} ·{' '}
                  {version.saved_by ? personName(version.saved_by) : versionWords.initial} ·{' '}
                  {versionWords.levels(version.policy.levels.length)}
                </Text>
              </Flex>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
