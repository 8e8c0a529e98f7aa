import { zodResolver } from '@hookform/resolvers/zod';
import { type Schemas, vendorMutations } from '@purchasing/api-client';
import { Button, Callout, ConfirmDialog, toast } from '@purchasing/ui';
import { Flex, Text } from '@radix-ui/themes';
import { useMutation } from '@tanstack/react-query';
import { type ReactElement, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { Panel } from '../kit/detail/Panel';
import { FormActionBar } from '../kit/form/FormActionBar';
import { useUnsavedChangesGuard } from '../kit/form/useUnsavedChangesGuard';
import { usePurchasing } from '../PurchasingProvider';
import { useFocusFirstInvalid } from '../shared/useFocusFirstInvalid';
import { useVendorActivation, vendorMessages } from '../shared/vendors';
import { VendorAddressSection, VendorDetailsSection, VendorTermsSection } from './VendorFormFields';
import {
  emptyVendorForm,
  placeVendorErrors,
  toVendorInput,
  type VendorFormOutput,
  type VendorFormValues,
  vendorFormSchema,
  vendorToFormValues,
} from './vendorFormSchema';

type Vendor = Schemas['Vendor'];

/** Props of {@link VendorForm}. */
export interface VendorFormProps {
  organizationId: string;
  /** The organisation's base currency, the vendor's when it has none of its own. */
  baseCurrency: string;
  /** The vendor edited; absent for a new one. */
  vendor?: Vendor;
}

/**
 * The vendor form's sections and action bar. A save opens the vendor's page; a refusal marks the
 * fields the server named (a taken name on Name), focuses the first and toasts the server's message.
 */
export function VendorForm({ organizationId, baseCurrency, vendor }: VendorFormProps): ReactElement {
  const { client, navigation } = usePurchasing();
  const formRef = useRef<HTMLFormElement>(null);
  const [defaultValues] = useState(() => (vendor ? vendorToFormValues(vendor) : emptyVendorForm()));
  const [problems, setProblems] = useState<string[]>([]);
  const {
    control,
    handleSubmit,
    setError,
    formState: { isDirty },
  } = useForm<VendorFormValues, unknown, VendorFormOutput>({
    resolver: zodResolver(vendorFormSchema),
    defaultValues,
    mode: 'onTouched',
    shouldFocusError: false,
  });
  const guard = useUnsavedChangesGuard({ dirty: isDirty, recordName: vendor ? vendor.name : 'this vendor' });
  const create = useMutation(vendorMutations.create(client, organizationId));
  const update = useMutation(vendorMutations.update(client, organizationId));
  const saving = create.isPending || update.isPending;
  const [saved, setSaved] = useState(false);
  const busy = saving || saved;
  const focusFirstInvalid = useFocusFirstInvalid(formRef, busy);

  const save = handleSubmit(async (values) => {
    setProblems([]);
    const input = toVendorInput(values);
    try {
      const answer = vendor
        ? await update.mutateAsync({ id: vendor.id, input })
        : await create.mutateAsync(input);
      setSaved(true);
      toast.success(
        vendor ? vendorMessages.updated(answer.vendor.name) : vendorMessages.created(answer.vendor.name),
      );
      guard.leave(navigation.hrefs.vendorDetail(answer.vendor.id), { replace: true });
    } catch (error) {
      const { placed, unplaced } = placeVendorErrors(error, setError);
      setProblems(unplaced);
      if (placed > 0) focusFirstInvalid();
      toast.error(
        serverMessage(error) ?? (vendor ? vendorMessages.updateFailed : vendorMessages.createFailed),
      );
    }
  }, focusFirstInvalid);

  return (
    <form
      ref={formRef}
      noValidate
      aria-label={vendor ? `Edit ${vendor.name}` : 'New vendor'}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Flex direction="column" gap="5">
        {problems.length > 0 ? <Callout variant="error">{problems.join(' · ')}</Callout> : null}
        <VendorDetailsSection control={control} disabled={busy} />
        <VendorAddressSection control={control} disabled={busy} />
        <VendorTermsSection control={control} disabled={busy} baseCurrency={baseCurrency} />
        {vendor ? <ActivationPanel vendor={vendor} organizationId={organizationId} disabled={busy} /> : null}
        <FormActionBar
          cancelHref={vendor ? navigation.hrefs.vendorDetail(vendor.id) : navigation.hrefs.vendors()}
          guard={guard}
          busy={busy}
          submitLabel={vendor ? 'Save Changes' : 'Create Vendor'}
          busyLabel={vendor ? 'Saving...' : 'Creating...'}
          submitDisabled={vendor !== undefined && !isDirty}
          onSubmit={() => void save()}
        />
      </Flex>
    </form>
  );
}

/** Whether new orders may use the vendor: Deactivate (after a confirmation) or Reactivate. */
function ActivationPanel({
  vendor,
  organizationId,
  disabled,
}: {
  vendor: Vendor;
  organizationId: string;
  disabled: boolean;
}): ReactElement {
  const activation = useVendorActivation(organizationId, vendor);
  const [asking, setAsking] = useState(false);
  return (
    <Panel title="Status">
      <Flex justify="between" align="center" gap="4" wrap="wrap">
        <Text as="p" size="2" color="gray" style={{ maxWidth: 560 }}>
          {vendor.is_active
            ? 'Active: new orders and products can use this vendor.'
            : "Inactive: orders already raised keep this vendor; new orders can't use it."}
        </Text>
        {vendor.is_active ? (
          <Button type="button" variant="danger" disabled={disabled} onClick={() => setAsking(true)}>
            Deactivate
          </Button>
        ) : (
          <Button
            type="button"
            variant="secondary"
            loading={activation.reactivating}
            disabled={disabled || activation.reactivating}
            onClick={activation.reactivate}
          >
            Reactivate
          </Button>
        )}
      </Flex>
      <ConfirmDialog
        open={asking}
        onOpenChange={setAsking}
        onConfirm={() => {
          activation.deactivate().then(
            () => setAsking(false),
            () => {
              // Toasted by the mutation; the dialog stays open to try again or cancel.
            },
          );
        }}
        variant="danger"
        title={vendorMessages.deactivateTitle}
        message={vendorMessages.deactivateMessage(vendor.name)}
        confirmLabel="Deactivate"
        loading={activation.deactivating}
      />
    </Panel>
  );
}
