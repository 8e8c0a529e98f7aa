import { notificationKeys, notificationQueries, type Schemas, unwrap } from '@purchasing/api-client';
import { Button, ToggleSwitch, toast } from '@purchasing/ui';
import { Card, Checkbox, Flex, Heading, Table, Text } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useEffect, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { LoadFailed } from '../kit/LoadFailed';
import { PageHead } from '../kit/PageHead';
import { ScreenFrame } from '../kit/ScreenFrame';
import { notificationsHref } from '../NotificationBell/notificationLinks';
import { usePurchasing } from '../PurchasingProvider';

type Preferences = Schemas['NotificationPreferences'];
type Kind = keyof Preferences['kinds'];

/** Copy of the notification settings screen. */
export const notificationSettingsMessages = {
  title: 'Notification Settings',
  description: 'Choose what you are told about, in the app (the bell) and by email.',
  noOrganization: 'Please select an organization from the header to change your notification settings',
  loadFailed: 'Failed to load your notification settings. Please try again.',
  kindsCaption: 'Notifications by kind',
  digest: 'Daily digest',
  digestDescription: 'Once a day, an email summing up your unread notifications of the last day.',
  save: 'Save Settings',
  saved: 'Notification settings saved',
  saveFailed: 'Failed to save your notification settings',
} as const;

/** Each kind as the screen names it, in order. */
export const NOTIFICATION_KIND_LABELS: Record<Kind, string> = {
  approval_requested: 'A requisition awaits my decision',
  step_delegated: 'An approval is delegated to me',
  requisition_approved: 'My requisition is approved',
  requisition_rejected: 'My requisition is rejected',
  requisition_info_requested: 'More information is asked on my requisition',
  order_received: 'An order of my requisition is received',
  reminder: 'An approval I hold is nearly due',
  escalation: 'An overdue approval is escalated to me',
};

const KINDS = Object.keys(NOTIFICATION_KIND_LABELS) as Kind[];

/**
 * Notification settings (/settings/notifications): per kind, in the app and by email (a checkbox grid),
 * and the daily digest. Any member; the choice is per organisation.
 */
export function NotificationSettingsScreen(): ReactElement {
  return (
    <ScreenFrame
      title={notificationSettingsMessages.title}
      noOrganization={notificationSettingsMessages.noOrganization}
      maxWidth={900}
    >
      {(organization) => <NotificationSettings organizationId={organization.id} />}
    </ScreenFrame>
  );
}

function NotificationSettings({ organizationId }: { organizationId: string }): ReactElement {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const { navigation } = usePurchasing();
  const stored = useQuery(notificationQueries.preferences(client, organizationId));
  const [draft, setDraft] = useState<Preferences | null>(null);
  useEffect(() => {
    if (stored.data) setDraft(stored.data);
  }, [stored.data]);
  const save = useMutation({
    mutationFn: (preferences: Preferences) =>
      unwrap(
        client.api.PUT('/users/me/notification-preferences', {
          params: { header: { 'X-Organization-Id': organizationId } },
          body: preferences,
        }),
      ),
    onSuccess: (saved) => {
      queryClient.setQueryData(notificationKeys.preferences(organizationId), saved);
      toast.success(notificationSettingsMessages.saved);
    },
    onError: (error) => toast.error(serverMessage(error) ?? notificationSettingsMessages.saveFailed),
  });
  const head = (
    <PageHead
      trail={[{ label: 'Notifications', href: notificationsHref(navigation.hrefs) }]}
      title={notificationSettingsMessages.title}
      description={notificationSettingsMessages.description}
    />
  );
  if (stored.isError) {
    return (
      <Flex direction="column" gap="5">
        {head}
        <LoadFailed
          error={stored.error}
          message={notificationSettingsMessages.loadFailed}
          onRetry={() => void stored.refetch()}
        />
      </Flex>
    );
  }
  if (!draft) {
    return (
      <Flex direction="column" gap="5">
        {head}
        <Text as="p" color="gray" aria-busy="true">
          Loading your notification settings
        </Text>
      </Flex>
    );
  }
  const setChannel = (kind: Kind, channel: 'in_app' | 'email', on: boolean) =>
    setDraft({
      ...draft,
      kinds: { ...draft.kinds, [kind]: { in_app: true, email: true, ...draft.kinds[kind], [channel]: on } },
    });
  return (
    <Flex direction="column" gap="5">
      {head}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate(draft);
        }}
      >
        <Flex direction="column" gap="4">
          <Card size="2">
            <Table.Root size="2" aria-label={notificationSettingsMessages.kindsCaption}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Notification</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="center" style={{ width: 84, whiteSpace: 'nowrap' }}>
                    In app
                  </Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="center" style={{ width: 84, whiteSpace: 'nowrap' }}>
                    Email
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {KINDS.map((kind) => (
                  <Table.Row key={kind} align="center">
                    <Table.RowHeaderCell>
                      <Text size="2">{NOTIFICATION_KIND_LABELS[kind]}</Text>
                    </Table.RowHeaderCell>
                    {(['in_app', 'email'] as const).map((channel) => (
                      <Table.Cell key={channel} justify="center">
                        <Checkbox
                          aria-label={`${NOTIFICATION_KIND_LABELS[kind]}: ${channel === 'in_app' ? 'in app' : 'email'}`}
                          checked={draft.kinds[kind]?.[channel] ?? true}
                          onCheckedChange={(checked) => setChannel(kind, channel, checked === true)}
                        />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Card>
          <Card size="2">
            <Flex direction="column" gap="2">
              <Heading as="h2" size="3">
                Email summary
              </Heading>
              <ToggleSwitch
                label={notificationSettingsMessages.digest}
                description={notificationSettingsMessages.digestDescription}
                checked={draft.daily_digest}
                onCheckedChange={(checked) => setDraft({ ...draft, daily_digest: checked })}
              />
            </Flex>
          </Card>
          <Flex justify="end">
            <Button type="submit" loading={save.isPending}>
              {notificationSettingsMessages.save}
            </Button>
          </Flex>
        </Flex>
      </form>
    </Flex>
  );
}
