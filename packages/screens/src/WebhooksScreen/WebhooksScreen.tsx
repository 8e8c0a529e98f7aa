import { unwrap, webhookKeys, webhookQueries } from '@purchasing/api-client';
import { Button, Callout, ConfirmDialog, EmptyState, Spinner, toast } from '@purchasing/ui';
import { Badge, Card, Code, Flex, Text } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Pencil, Plus, Send, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { type ReactElement, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { ListHeading } from '../kit/list/ListHeading';
import { ScreenFrame } from '../kit/ScreenFrame';
import { usePurchasing } from '../PurchasingProvider';
import { DeliveryLog } from './DeliveryLog';
import { SecretDialog } from './SecretDialog';
import { WebhookFormDialog } from './WebhookFormDialog';
import { eventLabel, type Webhook } from './webhookEvents';

/** Copy of the Webhooks screen. */
export const webhooksMessages = {
  title: 'Webhooks',
  description:
    'Send signed events to other systems when requisitions are decided and orders are sent, received or cancelled.',
  noOrganization: 'Please select an organization from the header to manage its webhooks',
  loadFailed: 'Failed to load webhooks. Please try again.',
  empty: 'No endpoints yet',
  emptyDescription: 'Add an endpoint to receive events from this organization.',
  testQueued: 'Test event queued',
  testFailed: 'Failed to send the test event',
  deleteTitle: 'Delete Endpoint',
  deleteConfirm: (webhook: Webhook) => `Delete ${webhook.url}? Its delivery log is deleted too.`,
  deleted: 'Endpoint deleted',
  deleteFailed: 'Failed to delete the endpoint',
  rotateTitle: 'Rotate Secret',
  rotateConfirm: 'The current secret stops working at once. Events from now on are signed with the new one.',
  rotateFailed: 'Failed to rotate the secret',
} as const;

/**
 * Webhooks (/settings/webhooks, `org.settings`): the organisation's endpoints, each with its events,
 * Send test, Edit, Rotate secret, Delete and its delivery log with Redeliver. A new secret (at
 * creation or rotation) is shown once, with a copy button.
 */
export function WebhooksScreen(): ReactElement {
  return (
    <ScreenFrame
      title={webhooksMessages.title}
      noOrganization={webhooksMessages.noOrganization}
      maxWidth={1100}
    >
      {(organization) => <Webhooks organizationId={organization.id} />}
    </ScreenFrame>
  );
}

type Confirming = { kind: 'delete' | 'rotate'; webhook: Webhook } | null;

function Webhooks({ organizationId }: { organizationId: string }): ReactElement {
  const { client, navigation } = usePurchasing();
  const queryClient = useQueryClient();
  const list = useQuery(webhookQueries.list(client, organizationId));
  const [editing, setEditing] = useState<{ webhook: Webhook | null } | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const header = { 'X-Organization-Id': organizationId };
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all(organizationId) });

  const test = useMutation({
    mutationFn: (webhook: Webhook) =>
      unwrap(client.api.POST('/webhooks/{id}/test', { params: { path: { id: webhook.id }, header } })),
    onSuccess: (_result, webhook) => {
      toast.success(webhooksMessages.testQueued);
      setOpen(webhook.id);
    },
    onError: (error) => toast.error(serverMessage(error) ?? webhooksMessages.testFailed),
    onSettled: refresh,
  });
  const change = useMutation({
    mutationFn: async ({ kind, webhook }: NonNullable<Confirming>) => {
      const params = { path: { id: webhook.id }, header };
      if (kind === 'delete') {
        await unwrap(client.api.DELETE('/webhooks/{id}', { params }));
        return null;
      }
      return (await unwrap(client.api.POST('/webhooks/{id}/rotate-secret', { params }))).secret;
    },
    onSuccess: (newSecret) => {
      setConfirming(null);
      if (newSecret) setSecret(newSecret);
      else toast.success(webhooksMessages.deleted);
    },
    onError: (error, { kind }) =>
      toast.error(
        serverMessage(error) ??
          (kind === 'delete' ? webhooksMessages.deleteFailed : webhooksMessages.rotateFailed),
      ),
    onSettled: refresh,
  });

  const webhooks = list.data?.webhooks ?? [];
  return (
    <Flex direction="column" gap="4">
      <ListHeading
        title={webhooksMessages.title}
        // One of the settings' screens: the way back is to the Settings page.
        trail={[
          { label: 'Dashboard', href: navigation.hrefs.dashboard() },
          { label: 'Settings', href: navigation.hrefs.settings() },
        ]}
        description={webhooksMessages.description}
        actions={
          <Button onClick={() => setEditing({ webhook: null })}>
            <Plus aria-hidden size={16} /> Add Endpoint
          </Button>
        }
      />
      {list.isPending ? (
        <Flex justify="center" py="9">
          <Spinner label="Loading webhooks" />
        </Flex>
      ) : list.isError ? (
        <Callout variant="error">{webhooksMessages.loadFailed}</Callout>
      ) : webhooks.length === 0 ? (
        <EmptyState
          icon={<WebhookIcon aria-hidden />}
          title={webhooksMessages.empty}
          description={webhooksMessages.emptyDescription}
        />
      ) : (
        <Flex direction="column" gap="3">
          {webhooks.map((webhook) => (
            <Card key={webhook.id} size="2" asChild>
              <article aria-label={webhook.description ?? webhook.url}>
                <Flex direction="column" gap="3">
                  <Flex justify="between" align="start" gap="3" wrap="wrap">
                    <Flex direction="column" gap="1" style={{ minWidth: 0, flex: '1 1 320px' }}>
                      <Flex gap="2" align="center" wrap="wrap">
                        <Text weight="bold">{webhook.description ?? 'Endpoint'}</Text>
                        <Badge color={webhook.is_active ? 'green' : 'gray'} variant="soft">
                          {webhook.is_active ? 'Active' : 'Inactive'}
                        </Badge>
                      </Flex>
                      <Text size="2" style={{ overflowWrap: 'anywhere' }}>
                        {webhook.url}
                      </Text>
                      <Text size="1" color="gray">
                        Secret ending <Code variant="ghost">{webhook.secret_hint.replace('…', '')}</Code>
                      </Text>
                    </Flex>
                    <Flex gap="2" wrap="wrap">
                      <Button
                        size="2"
                        variant="secondary"
                        loading={test.isPending && test.variables?.id === webhook.id}
                        onClick={() => test.mutate(webhook)}
                      >
                        <Send aria-hidden size={14} /> Send test
                      </Button>
                      <Button
                        size="2"
                        variant="secondary"
                        aria-label={`Edit ${webhook.url}`}
                        onClick={() => setEditing({ webhook })}
                      >
                        <Pencil aria-hidden size={14} /> Edit
                      </Button>
                      <Button
                        size="2"
                        variant="secondary"
                        aria-label={`Rotate secret of ${webhook.url}`}
                        onClick={() => setConfirming({ kind: 'rotate', webhook })}
                      >
                        <KeyRound aria-hidden size={14} /> Rotate secret
                      </Button>
                      <Button
                        size="2"
                        variant="secondary"
                        aria-label={`Delete ${webhook.url}`}
                        onClick={() => setConfirming({ kind: 'delete', webhook })}
                      >
                        <Trash2 aria-hidden size={14} /> Delete
                      </Button>
                    </Flex>
                  </Flex>
                  <Flex gap="2" wrap="wrap" aria-label="Events">
                    {webhook.events.map((event) => (
                      <Badge key={event} variant="outline" color="gray">
                        {eventLabel(event)}
                      </Badge>
                    ))}
                  </Flex>
                  <div>
                    <Button
                      size="1"
                      variant="ghost"
                      aria-expanded={open === webhook.id}
                      onClick={() => setOpen(open === webhook.id ? null : webhook.id)}
                    >
                      {open === webhook.id ? 'Hide deliveries' : 'Show deliveries'}
                    </Button>
                  </div>
                  {open === webhook.id ? (
                    <DeliveryLog organizationId={organizationId} webhook={webhook} />
                  ) : null}
                </Flex>
              </article>
            </Card>
          ))}
        </Flex>
      )}
      <WebhookFormDialog
        open={editing !== null}
        onOpenChange={(next) => {
          if (!next) setEditing(null);
        }}
        organizationId={organizationId}
        webhook={editing?.webhook ?? null}
        onCreated={setSecret}
      />
      <SecretDialog secret={secret} onClose={() => setSecret(null)} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(next) => {
          if (!next && !change.isPending) setConfirming(null);
        }}
        title={confirming?.kind === 'rotate' ? webhooksMessages.rotateTitle : webhooksMessages.deleteTitle}
        message={
          confirming?.kind === 'rotate'
            ? webhooksMessages.rotateConfirm
            : confirming
              ? webhooksMessages.deleteConfirm(confirming.webhook)
              : ''
        }
        confirmLabel={confirming?.kind === 'rotate' ? 'Rotate Secret' : 'Delete'}
        variant={confirming?.kind === 'rotate' ? 'default' : 'danger'}
        loading={change.isPending}
        onConfirm={() => {
          if (confirming) change.mutate(confirming);
        }}
      />
    </Flex>
  );
}
