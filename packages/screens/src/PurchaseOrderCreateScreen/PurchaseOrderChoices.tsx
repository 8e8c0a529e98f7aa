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

/** What tells one required choice of the order form from the other: its field and its words. */
interface ChoiceText {
  name: 'requisition_id' | 'vendor_id';
  label: string;
  placeholder: string;
  searchPlaceholder: string;
  failedHint: string;
}

/** A required, searchable choice of one id field; `onChosen` hears each id picked. */
function Choice({
  control,
  options,
  loading,
  failed,
  disabled,
  onChosen,
  ...text
}: ChoiceProps & ChoiceText) {
  const { field, fieldState } = useController({ control, name: text.name });
  return (
    <SelectDropdown
      label={text.label}
      required
      clearable={false}
      options={options}
      placeholder={loading ? 'Loading...' : text.placeholder}
      searchPlaceholder={text.searchPlaceholder}
      value={field.value || null}
      onChange={(value) => {
        field.onChange(value ?? '');
        if (value) onChosen(value);
      }}
      disabled={disabled}
      error={fieldState.error?.message}
      hint={failed ? text.failedHint : undefined}
    />
  );
}

/** The approved requisition the order fulfils. */
export function RequisitionChoice(props: ChoiceProps) {
  return (
    <Choice
      {...props}
      name="requisition_id"
      label="Approved Requisition"
      placeholder="Select an approved requisition"
      searchPlaceholder="Search by number or justification..."
      failedHint={purchaseOrderCreateMessages.requisitionsFailed}
    />
  );
}

/** The vendor the order goes to (active vendors only). */
export function VendorChoice(props: ChoiceProps) {
  return (
    <Choice
      {...props}
      name="vendor_id"
      label="Vendor"
      placeholder="Select a vendor"
      searchPlaceholder="Search vendors..."
      failedHint={purchaseOrderCreateMessages.vendorsFailed}
    />
  );
}
