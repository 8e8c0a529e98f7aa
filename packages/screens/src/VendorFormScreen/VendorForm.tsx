import { zodResolver } from '@hookform/resolvers/zod';
import { type Schemas, vendorMutations } from '@purchasing/api-client';
import { useMutation } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { ActivationPanel } from '../kit/form/ActivationPanel';
import { RecordFormFrame, useRecordForm } from '../kit/form/useRecordForm';
import { usePurchasing } from '../PurchasingProvider';
import { useVendorActivation, vendorMessages } from '../shared/vendors';
import { VendorAddressSection, VendorDetailsSection, VendorTermsSection } from './VendorFormFields';
import {
  acceptsVendorField,
  emptyVendorForm,
  toVendorInput,
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
  const form = useRecordForm({
    record: vendor,
    newRecordName: 'this vendor',
    defaultValues: () => (vendor ? vendorToFormValues(vendor) : emptyVendorForm()),
    resolver: zodResolver(vendorFormSchema),
    toInput: toVendorInput,
    create: useMutation(vendorMutations.create(client, organizationId)),
    update: useMutation(vendorMutations.update(client, organizationId)),
    acceptsField: acceptsVendorField,
    saved: ({ vendor: saved }) => ({
      message: vendor ? vendorMessages.updated(saved.name) : vendorMessages.created(saved.name),
      href: navigation.hrefs.vendorDetail(saved.id),
    }),
    failed: { create: vendorMessages.createFailed, update: vendorMessages.updateFailed },
  });
  const { control, busy } = form;

  return (
    <RecordFormFrame
      form={form}
      label={vendor ? `Edit ${vendor.name}` : 'New vendor'}
      cancelHref={vendor ? navigation.hrefs.vendorDetail(vendor.id) : navigation.hrefs.vendors()}
      createLabel="Create Vendor"
    >
      <VendorDetailsSection control={control} disabled={busy} />
      <VendorAddressSection control={control} disabled={busy} />
      <VendorTermsSection control={control} disabled={busy} baseCurrency={baseCurrency} />
      {vendor ? <VendorActivation vendor={vendor} organizationId={organizationId} disabled={busy} /> : null}
    </RecordFormFrame>
  );
}

/** Whether new orders may use the vendor: Deactivate (after a confirmation) or Reactivate. */
function VendorActivation({
  vendor,
  organizationId,
  disabled,
}: {
  vendor: Vendor;
  organizationId: string;
  disabled: boolean;
}): ReactElement {
  const activation = useVendorActivation(organizationId, vendor);
  return (
    <ActivationPanel
      isActive={vendor.is_active}
      explanation={{
        active: 'Active: new orders and products can use this vendor.',
        inactive: "Inactive: orders already raised keep this vendor; new orders can't use it.",
      }}
      confirm={{
        title: vendorMessages.deactivateTitle,
        message: vendorMessages.deactivateMessage(vendor.name),
      }}
      {...activation}
      disabled={disabled}
    />
  );
}
