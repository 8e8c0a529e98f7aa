import { zodResolver } from '@hookform/resolvers/zod';
import { organizationSettingsQueries, type Schemas } from '@purchasing/api-client';
import { useMutation } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { VersionedFormFrame } from '../kit/form/FormFrame';
import { useVersionedForm } from '../kit/form/useServerForm';
import { usePurchasing } from '../PurchasingProvider';
import {
  AddressesSection,
  FiscalYearSection,
  OrganizationSection,
  ReapprovalSection,
} from './SettingsFormFields';
import {
  ADDRESS_FIELDS,
  type SettingsFormOutput,
  settingsFormFieldOf,
  settingsFormSchema,
  settingsToFormValues,
  toSettingsChange,
} from './settingsFormSchema';

/** Product copy of the settings form. */
export const settingsFormWords = {
  saved: 'Settings saved',
  saveFailed: 'Failed to save the settings. Please try again.',
  conflict: 'Someone else changed these settings after you opened them. Reload to see their changes.',
  reload: 'Reload',
  readOnly: 'Only people who manage settings can change these.',
} as const;

/** Props of {@link SettingsForm}. */
export interface SettingsFormProps {
  organizationId: string;
  settings: Schemas['GeneralSettings'];
  /** The person may change the settings (`org.settings`); otherwise they are shown read-only. */
  canEdit: boolean;
  /** Reads the settings again (after a conflict), which starts a fresh form. */
  onReload(): void;
  /** Shown after the form's own sections (the entries leading to the other settings screens). */
  children?: ReactNode;
}

/**
 * The settings' sections and action bar. A save sends the form from the version it was opened at;
 * when someone else saved first the server refuses it and the form says so, keeping what was typed,
 * with Reload. Field errors land on their fields.
 */
export function SettingsForm({
  organizationId,
  settings,
  canEdit,
  onReload,
  children,
}: SettingsFormProps): ReactElement {
  const { client, navigation } = usePurchasing();
  const update = useMutation(organizationSettingsQueries.update(client, organizationId));
  const form = useVersionedForm({
    defaultValues: () => settingsToFormValues(settings),
    resolver: zodResolver(settingsFormSchema),
    recordName: 'the settings',
    canEdit,
    pending: update.isPending,
    send: (values: SettingsFormOutput) => update.mutateAsync(toSettingsChange(values, settings.version)),
    words: settingsFormWords,
    fieldOf: settingsFormFieldOf,
  });
  const { control } = form;
  const disabled = !canEdit || form.busy;
  return (
    <VersionedFormFrame
      form={form}
      label="Settings"
      words={settingsFormWords}
      canEdit={canEdit}
      onReload={onReload}
      cancelHref={navigation.hrefs.dashboard()}
      submitLabel="Save Changes"
    >
      <OrganizationSection control={control} disabled={disabled} />
      <AddressesSection
        control={control}
        disabled={disabled}
        notSet={canEdit ? [] : ADDRESS_FIELDS.filter((field) => settings[field] === null)}
      />
      <FiscalYearSection control={control} disabled={disabled} currencyLocked={settings.currency_locked} />
      <ReapprovalSection control={control} disabled={disabled} currency={settings.currency} />
      {children}
    </VersionedFormFrame>
  );
}
