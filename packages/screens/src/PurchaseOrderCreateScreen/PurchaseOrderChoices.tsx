import { SelectDropdown } from '@purchasing/ui';
import { type Control, useController } from 'react-hook-form';
import type { PurchaseOrderFormOutput, PurchaseOrderFormValues } from '../shared/purchaseOrderForm';
import { purchaseOrderCreateMessages } from './purchaseOrderCreateMessages';

/** Props of the requisition and vendor choices. */
export interface ChoiceProps {
  control: Control<PurchaseOrderFormValues, unknown, PurchaseOrderFormOutput>;
  options: { value: string; label: string }[];
  loading: boolean;
  failed: boolean;
  disabled: boolean;
  onChosen(id: string): void;
}

/** The approved requisition the order fulfils. */
export function RequisitionChoice({ control, options, loading, failed, disabled, onChosen }: ChoiceProps) {
  const { field, fieldState } = useController({ control, name: 'requisition_id' });
  return (
    <SelectDropdown
      label="Approved Requisition"
      required
      clearable={false}
      options={options}
      placeholder={loading ? 'Loading...' : 'Select an approved requisition'}
      searchPlaceholder="Search by number or justification..."
      value={field.value || null}
      onChange={(value) => {
        field.onChange(value ?? '');
        if (value) onChosen(value);
      }}
      disabled={disabled}
      error={fieldState.error?.message}
      hint={failed ? purchaseOrderCreateMessages.requisitionsFailed : undefined}
    />
  );
}

/** The vendor the order goes to (active vendors only). */
export function VendorChoice({ control, options, loading, failed, disabled, onChosen }: ChoiceProps) {
  const { field, fieldState } = useController({ control, name: 'vendor_id' });
  return (
    <SelectDropdown
      label="Vendor"
      required
      clearable={false}
      options={options}
      placeholder={loading ? 'Loading...' : 'Select a vendor'}
      searchPlaceholder="Search vendors..."
      value={field.value || null}
      onChange={(value) => {
        field.onChange(value ?? '');
        if (value) onChosen(value);
      }}
      disabled={disabled}
      error={fieldState.error?.message}
      hint={failed ? purchaseOrderCreateMessages.vendorsFailed : undefined}
    />
  );
}
