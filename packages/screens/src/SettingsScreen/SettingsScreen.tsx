import { organizationSettingsQueries } from '@purchasing/api-client';
import { Spinner } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { LoadFailed } from '../kit/LoadFailed';
import { OrganizationGate } from '../kit/OrganizationGate';
import { PageHead } from '../kit/PageHead';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { SettingsEntries, type SettingsEntry } from './SettingsEntries';
import { SettingsForm } from './SettingsForm';

export type { SettingsEntry } from './SettingsEntries';

/** Props of {@link SettingsScreen}. */
export interface SettingsScreenProps {
  /**
   * The other settings screens the host offers this person (exchange rates, budgets, departments,
   * roles, …), shown as links after the form; the host chooses them by the person's permissions.
   */
  entries?: readonly SettingsEntry[];
}

/** Product copy of the settings screen (issue 16 item 7). */
export const settingsScreenMessages = {
  title: 'Settings',
  description: "Your organization's details, addresses, fiscal year and base currency.",
  noOrganization: 'Please select an organization to see its settings.',
  loading: 'Loading settings',
  loadFailed: 'Failed to load the settings. Please try again.',
} as const;

/**
 * The organisation's settings (issue 16 item 7): its name and contact details, its registered,
 * billing and delivery addresses, the month its fiscal year starts and its base currency, then the
 * entries leading to the other settings screens. Every member may read them; those with
 * `org.settings` change them (the server enforces it too), others see them read-only. Leaving with
 * unsaved changes asks first; a change someone else saved first is refused and the form says so.
 */
export function SettingsScreen({ entries = [] }: SettingsScreenProps): ReactElement {
  const { navigation } = usePurchasing();
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: 1000 }}>
      <PageHead
        trail={[{ label: 'Dashboard', href: navigation.hrefs.dashboard() }]}
        title={settingsScreenMessages.title}
        description={settingsScreenMessages.description}
      />
      <OrganizationGate noOrganization={settingsScreenMessages.noOrganization}>
        {(organization) => (
          <OrganizationSettings key={organization.id} organizationId={organization.id} entries={entries} />
        )}
      </OrganizationGate>
    </Flex>
  );
}

function OrganizationSettings({
  organizationId,
  entries,
}: {
  organizationId: string;
  entries: readonly SettingsEntry[];
}): ReactElement {
  const { client } = usePurchasing();
  const { hasPermission } = useSession();
  const query = useQuery(organizationSettingsQueries.detail(client, organizationId));
  if (query.isPending) return <Spinner label={settingsScreenMessages.loading} />;
  if (query.isError) {
    return (
      <LoadFailed
        error={query.error}
        message={settingsScreenMessages.loadFailed}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { settings } = query.data;
  return (
    <SettingsForm
      // A new version (saved here or reloaded after a conflict) starts a fresh form.
      key={settings.version}
      organizationId={organizationId}
      settings={settings}
      canEdit={hasPermission('org.settings')}
      onReload={() => void query.refetch()}
    >
      <SettingsEntries entries={entries} />
    </SettingsForm>
  );
}
