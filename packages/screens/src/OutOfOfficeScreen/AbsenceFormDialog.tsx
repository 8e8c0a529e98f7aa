import { absenceQueries, queryKeys, type Schemas, unwrap } from '@purchasing/api-client';
import { Callout, DatePicker, SelectDropdown, TextField } from '@purchasing/ui';
import { Flex, Grid } from '@radix-ui/themes';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactElement, useState } from 'react';
import { FormDialog, FormDialogButtons, type FormDialogControls } from '../kit/form/FormDialog';
import { useDialogSave } from '../kit/form/useDialogSave';
import { usePurchasing } from '../PurchasingProvider';
import { endOf, localDay, startOf } from './absenceDays';

/** Copy of the absence dialog. */
export const absenceFormMessages = {
  title: 'Set Out of Office',
  description:
    'While you are away, approval steps that come to you go to your delegate. Steps still open come back when you return.',
  fromRequired: 'Choose your first day away',
  untilRequired: 'Choose your last day away',
  untilBeforeFrom: 'The last day must be on or after the first day',
  delegateRequired: 'Choose who approves for you',
  saved: 'Out of office set',
  failed: 'Failed to set out of office',
} as const;

type FieldName = 'from' | 'until' | 'delegate' | 'note';
type FieldErrors = Partial<Record<FieldName, string>>;

const SERVER_FIELDS: Record<string, FieldName> = {
  starts_at: 'from',
  ends_at: 'until',
  delegate_user_id: 'delegate',
  note: 'note',
};

/** Props of {@link AbsenceFormDialog}. */
export interface AbsenceFormDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  organizationId: string;
  /** The clock (stories and tests pin it). */
  now?: () => Date;
}

/**
 * Sets an absence in a dialog: the first and last days away, the delegate (members who can approve)
 * and a note. The server's field problems show on the fields (an overlap on the first day) and its
 * message as a toast; the dialog stays open.
 */
export function AbsenceFormDialog({ open, onOpenChange, ...form }: AbsenceFormDialogProps): ReactElement {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={absenceFormMessages.title}
      description={absenceFormMessages.description}
    >
      {(controls) => <AbsenceForm {...form} controls={controls} />}
    </FormDialog>
  );
}

function AbsenceForm({
  organizationId,
  now = () => new Date(),
  controls,
}: Omit<AbsenceFormDialogProps, 'open' | 'onOpenChange'> & { controls: FormDialogControls }): ReactElement {
  const { client } = usePurchasing();
  const today = localDay(now());
  const [from, setFrom] = useState<string | null>(today);
  const [until, setUntil] = useState<string | null>(null);
  const [delegate, setDelegate] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const delegates = useQuery(absenceQueries.delegates(client, organizationId));
  const options = (delegates.data?.users ?? []).map((user) => ({
    value: user.id,
    label: `${user.first_name} ${user.last_name}`,
  }));

  const { save, formRef, focusFirstInvalid } = useDialogSave({
    controls,
    mutationFn: (body: Schemas['AbsenceInput']) =>
      unwrap(
        client.api.POST('/users/me/absences', {
          params: { header: { 'X-Organization-Id': organizationId } },
          body,
        }),
      ),
    // The queue changes too when open steps move to the delegate.
    invalidate: queryKeys.organization(organizationId),
    serverFields: SERVER_FIELDS,
    onFieldErrors: setErrors,
    saved: absenceFormMessages.saved,
    failed: absenceFormMessages.failed,
  });

  const clear = (field: FieldName) => setErrors((current) => ({ ...current, [field]: undefined }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: FieldErrors = {};
    if (!from) found.from = absenceFormMessages.fromRequired;
    if (!until) found.until = absenceFormMessages.untilRequired;
    else if (from && until < from) found.until = absenceFormMessages.untilBeforeFrom;
    if (!delegate) found.delegate = absenceFormMessages.delegateRequired;
    setErrors(found);
    if (!from || !until || !delegate || Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    save.mutate({
      starts_at: startOf(from, now()).toISOString(),
      ends_at: endOf(until).toISOString(),
      delegate_user_id: delegate,
      note: note.trim() ? note.trim() : null,
    });
  };

  const problems = Object.values(errors).filter(Boolean);
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Out of office details">
      <Flex direction="column" gap="4">
        {problems.length > 1 ? <Callout variant="error">Check the marked fields.</Callout> : null}
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          <DatePicker
            label="First day away"
            required
            value={from}
            minDate={today}
            onChange={(next) => {
              setFrom(next);
              clear('from');
            }}
            disabled={save.isPending}
            error={errors.from}
          />
          <DatePicker
            label="Last day away"
            required
            value={until}
            minDate={from ?? today}
            onChange={(next) => {
              setUntil(next);
              clear('until');
            }}
            disabled={save.isPending}
            error={errors.until}
          />
        </Grid>
        <SelectDropdown
          label="Delegate"
          required
          placeholder={delegates.isLoading ? 'Loading approvers…' : 'Select who approves for you'}
          options={options}
          value={delegate}
          onChange={(next) => {
            setDelegate(next);
            clear('delegate');
          }}
          disabled={save.isPending}
          error={errors.delegate}
          hint="Someone who can approve. They receive your steps, except on requisitions they raised or already approved."
        />
        <TextField
          label="Note"
          placeholder="e.g. Annual leave"
          maxLength={500}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            clear('note');
          }}
          disabled={save.isPending}
          error={errors.note}
        />
        <FormDialogButtons
          submitLabel="Set Out of Office"
          pending={save.isPending}
          onCancel={controls.onDone}
        />
      </Flex>
    </form>
  );
}
