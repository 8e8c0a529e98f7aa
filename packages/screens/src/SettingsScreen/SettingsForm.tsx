import { zodResolver } from '@hookform/resolvers/zod';
import { organizationSettingsQueries, type Schemas } from '@purchasing/api-client';
import { toast } from '@purchasing/ui';
import { Flex } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { type ReactElement, type ReactNode, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { FormActionBar } from '../kit/form/FormActionBar';
import { FormNotices } from '../kit/form/FormNotices';
import { useUnsavedChangesGuard } from '../kit/form/useUnsavedChangesGuard';
import { usePurchasing } from '../PurchasingProvider';
import { useFocusFirstInvalid } from '../shared/useFocusFirstInvalid';
import {
  AddressesSection,
  FiscalYearSection,
  OrganizationSection,
  ReapprovalSection,
} from './SettingsFormFields';
import {
  ADDRESS_FIELDS,
  isStaleVersion,
  placeSettingsErrors,
  type SettingsFormOutput,
  type SettingsFormValues,
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
  const formRef = useRef<HTMLFormElement>(null);
  const [defaultValues] = useState(() => settingsToFormValues(settings));
  const [problems, setProblems] = useState<string[]>([]);
  const [stale, setStale] = useState(false);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isDirty },
  } = useForm<SettingsFormValues, unknown, SettingsFormOutput>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const guard = useUnsavedChangesGuard({ dirty: canEdit && isDirty, recordName: 'the settings' });
  const update = useMutation(organizationSettingsQueries.update(client, organizationId));
  const busy = update.isPending;
  const focusFirstInvalid = useFocusFirstInvalid(formRef, busy);

  const save = handleSubmit(async (values) => {
    setProblems([]);
    try {
      await update.mutateAsync(toSettingsChange(values, settings.version));
      toast.success(settingsFormWords.saved);
    } catch (error) {
      if (isStaleVersion(error)) {
        setStale(true);
        return;
      }
      const { placed, unplaced } = placeSettingsErrors(error, setError);
      setProblems(unplaced);
      if (placed > 0) focusFirstInvalid();
      toast.error(serverMessage(error) ?? settingsFormWords.saveFailed);
    }
  }, focusFirstInvalid);

  const disabled = !canEdit || busy;
  return (
    <form
      ref={formRef}
      noValidate
      aria-label="Settings"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Flex direction="column" gap="5">
        <FormNotices
          words={settingsFormWords}
          canEdit={canEdit}
          stale={stale}
          onReload={onReload}
          problems={problems}
        />
        <OrganizationSection control={control} disabled={disabled} />
        <AddressesSection
          control={control}
          disabled={disabled}
          notSet={canEdit ? [] : ADDRESS_FIELDS.filter((field) => settings[field] === null)}
        />
        <FiscalYearSection control={control} disabled={disabled} currencyLocked={settings.currency_locked} />
        <ReapprovalSection control={control} disabled={disabled} currency={settings.currency} />
        {children}
        {canEdit ? (
          <FormActionBar
            cancelHref={navigation.hrefs.dashboard()}
            guard={guard}
            busy={busy}
            submitLabel="Save Changes"
            busyLabel="Saving..."
            submitDisabled={!isDirty}
            onSubmit={() => void save()}
          />
        ) : null}
      </Flex>
    </form>
  );
}
