import { unwrap, webhookKeys } from '@purchasing/api-client';
import { Callout, TextField, ToggleSwitch } from '@purchasing/ui';
import { Checkbox, Flex, Text } from '@radix-ui/themes';
import { type FormEvent, type ReactElement, useState } from 'react';
import { dialogTitle, dialogToasts } from '../kit/form/dialogWords';
import { FormDialog, FormDialogButtons, type FormDialogControls } from '../kit/form/FormDialog';
import { useDialogSave } from '../kit/form/useDialogSave';
import { usePurchasing } from '../PurchasingProvider';
import { WEBHOOK_EVENTS, type Webhook, type WebhookEventType } from './webhookEvents';

/** Copy of the endpoint dialog. */
export const webhookFormMessages = {
  addTitle: 'Add Endpoint',
  editTitle: 'Edit Endpoint',
  urlRequired: 'Enter the URL that receives the events',
  eventsRequired: 'Choose at least one event',
  created: 'Endpoint added',
  updated: 'Endpoint updated',
  createFailed: 'Failed to add the endpoint',
  updateFailed: 'Failed to update the endpoint',
} as const;

type FieldName = 'url' | 'events' | 'description';
const SERVER_FIELDS: Record<string, FieldName> = { url: 'url', events: 'events', description: 'description' };

/** Props of {@link WebhookFormDialog}. */
export interface WebhookFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  organizationId: string;
  /** The endpoint being edited; null to add one. */
  webhook: Webhook | null;
  /** Called with the new secret after an endpoint is added (shown once). */
  onCreated(secret: string): void;
}

/** Adds or edits an endpoint: its URL, a description and the events it receives. */
export function WebhookFormDialog({ open, onOpenChange, ...form }: WebhookFormDialogProps): ReactElement {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={dialogTitle(webhookFormMessages, form.webhook !== null)}
      description="Events are sent as signed JSON POST requests to this URL."
    >
      {(controls) => <WebhookForm {...form} controls={controls} />}
    </FormDialog>
  );
}

function WebhookForm({
  organizationId,
  webhook,
  onCreated,
  controls,
}: Omit<WebhookFormDialogProps, 'open' | 'onOpenChange'> & { controls: FormDialogControls }): ReactElement {
  const { client } = usePurchasing();
  const [url, setUrl] = useState(webhook?.url ?? '');
  const [description, setDescription] = useState(webhook?.description ?? '');
  const [events, setEvents] = useState<WebhookEventType[]>(webhook?.events ?? []);
  const [active, setActive] = useState(webhook?.is_active ?? true);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  const { save, formRef, focusFirstInvalid } = useDialogSave({
    controls,
    mutationFn: async (body: {
      url: string;
      description: string | null;
      events: WebhookEventType[];
    }): Promise<{ secret: string | null }> => {
      const header = { 'X-Organization-Id': organizationId };
      if (webhook) {
        await unwrap(
          client.api.PUT('/webhooks/{id}', {
            params: { path: { id: webhook.id }, header },
            body: { ...body, is_active: active },
          }),
        );
        return { secret: null };
      }
      return unwrap(client.api.POST('/webhooks', { params: { header }, body }));
    },
    invalidate: webhookKeys.all(organizationId),
    serverFields: SERVER_FIELDS,
    onFieldErrors: setErrors,
    onSaved: (result) => {
      if (result.secret) onCreated(result.secret);
    },
    ...dialogToasts(webhookFormMessages, webhook !== null),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<FieldName, string>> = {};
    if (!url.trim()) found.url = webhookFormMessages.urlRequired;
    if (events.length === 0) found.events = webhookFormMessages.eventsRequired;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    save.mutate({ url: url.trim(), description: description.trim() || null, events });
  };

  const toggle = (value: WebhookEventType, checked: boolean) => {
    setEvents((current) =>
      checked
        ? WEBHOOK_EVENTS.map((e) => e.value).filter((v) => v === value || current.includes(v))
        : current.filter((v) => v !== value),
    );
    setErrors((current) => ({ ...current, events: undefined }));
  };

  const problems = Object.values(errors).filter(Boolean);
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Endpoint details">
      <Flex direction="column" gap="4">
        {problems.length > 1 ? <Callout variant="error">Check the marked fields.</Callout> : null}
        <TextField
          label="URL"
          required
          type="url"
          autoComplete="off"
          placeholder="https://example.com/hooks/purchasing"
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            setErrors((current) => ({ ...current, url: undefined }));
          }}
          disabled={save.isPending}
          error={errors.url}
          aria-invalid={errors.url ? true : undefined}
        />
        <TextField
          label="Description"
          autoComplete="off"
          placeholder="e.g. ERP"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          disabled={save.isPending}
          error={errors.description}
        />
        <fieldset
          style={{ border: 0, margin: 0, padding: 0 }}
          aria-invalid={errors.events ? true : undefined}
        >
          <Text as="div" size="2" weight="medium" mb="2">
            <legend>Events</legend>
          </Text>
          <Flex direction="column" gap="2">
            {WEBHOOK_EVENTS.map((option) => (
              <Text as="label" size="2" key={option.value}>
                <Flex gap="2" align="center">
                  <Checkbox
                    checked={events.includes(option.value)}
                    onCheckedChange={(checked) => toggle(option.value, checked === true)}
                    disabled={save.isPending}
                  />
                  {option.label}
                </Flex>
              </Text>
            ))}
          </Flex>
          {errors.events ? (
            <Text as="p" size="1" color="red" mt="2" role="alert">
              {errors.events}
            </Text>
          ) : null}
        </fieldset>
        {webhook ? (
          <ToggleSwitch
            label="Active"
            checked={active}
            onCheckedChange={setActive}
            disabled={save.isPending}
          />
        ) : null}
        <FormDialogButtons
          submitLabel={webhook ? 'Save Changes' : 'Add Endpoint'}
          pending={save.isPending}
          onCancel={controls.onDone}
        />
      </Flex>
    </form>
  );
}
